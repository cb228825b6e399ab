"""Words on the AWS Deckbuilding pictures, in English and Japanese."""

from __future__ import annotations

from engines.aws_deckbuilding.views import ConditionFace, EffectFace
from renderers.common.labels import Labels

T: dict[str, dict[str, str]] = {
    "title": {"en": "AWS Deckbuilding", "ja": "AWS デッキ構築"},
    "round_turn": {"en": "Round {round} · {seat}'s turn", "ja": "第{round}ラウンド・{seat} の手番"},
    "draft_pick": {
        "en": "Welcome to the cloud: {seat} picks ({pick}/{picks})",
        "ja": "ようこそクラウドへ：{seat} が選択（{pick}/{picks}）",
    },
    "game_over": {"en": "Game over", "ja": "ゲーム終了"},
    "vote": {
        "en": "{seat} proposes a reshuffle · waiting for {waiting}",
        "ja": "{seat} がリシャッフルを提案・{waiting} の投票待ち",
    },
    "marketplace": {"en": "Marketplace", "ja": "マーケットプレイス"},
    "deck_left": {"en": "deck {n}", "ja": "山札 {n}枚"},
    "empty_slot": {"en": "empty", "ja": "空き"},
    "tco": {"en": "TCO", "ja": "TCO"},
    "awsome": {"en": "AWSome", "ja": "AWSome"},
    "gives_tco": {"en": "TCO {n}", "ja": "TCO {n}"},
    "gives_awsome": {"en": "AWSome {n}", "ja": "AWSome {n}"},
    "primary": {"en": "1st", "ja": "主"},
    "secondary": {"en": "2nd", "ja": "副"},
    "primary_long": {"en": "Primary: {text}", "ja": "主効果：{text}"},
    "secondary_long": {"en": "Secondary: {text}", "ja": "副効果：{text}"},
    "eff_awsome": {"en": "+{n} AWSome", "ja": "AWSome +{n}"},
    "eff_draw": {"en": "Draw {n}", "ja": "{n}枚ドロー"},
    "eff_buy": {"en": "+{n} Buy", "ja": "購入 +{n}"},
    "cond_any": {"en": "if {x}", "ja": "{x}があれば"},
    "cond_none": {"en": "always", "ja": "無条件"},
    "cond_no_onprem": {"en": "if no on-premises card", "ja": "オンプレミスがなければ"},
    "cond_categories": {"en": "if {n}+ other categories", "ja": "他のカテゴリーが{n}種以上なら"},
    "tag_buyable": {"en": "can buy", "ja": "購入可"},
    "tag_pickable": {"en": "free pick", "ja": "無料で選べる"},
    "tag_not_draftable": {"en": "not in the draft", "ja": "ドラフト対象外"},
    "st_applied": {"en": "✓ applied", "ja": "✓ 適用"},
    "st_offered": {"en": "offered", "ja": "選択待ち"},
    "st_declined": {"en": "declined", "ja": "辞退"},
    "st_would": {"en": "would fire", "ja": "発動可"},
    "drawn": {"en": "drawn", "ja": "ドロー"},
    "wa_pile": {"en": "Well-Architected pile", "ja": "Well-Architected の山"},
    "wa_left": {"en": "{pts} pt × {n} · {cost} AWSome", "ja": "{pts}点 × {n}枚・AWSome {cost}"},
    "wa_empty": {"en": "All W-A cards bought", "ja": "W-A カードは売り切れ"},
    "wa_card": {"en": "{pts} pt", "ja": "{pts}点"},
    "top": {"en": "top", "ja": "一番上"},
    "players": {"en": "Players", "ja": "プレイヤー"},
    "points": {"en": "{n} pt(s)", "ja": "{n}点"},
    "counts": {
        "en": "Deck {d} · Hand {h} · Discard {x}",
        "ja": "山札 {d}・手札 {h}・捨て札 {x}",
    },
    "counts2": {"en": "On-prem {o}/10 · AWS {s}", "ja": "オンプレ {o}/10・AWS {s}"},
    "counts_one_line": {
        "en": "Deck {d} · Hand {h} · Discard {x} · On-prem {o}/10 · AWS {s}",
        "ja": "山札 {d}・手札 {h}・捨て札 {x}・オンプレ {o}/10・AWS {s}",
    },
    "turn_title": {"en": "{seat} revealed", "ja": "{seat} の公開カード"},
    "pools": {
        "en": "TCO {tco} (left {tl}) · AWSome {aw} (left {al}) · Buys {bl}/{b}",
        "ja": "TCO {tco}（残り{tl}）・AWSome {aw}（残り{al}）・購入 {bl}/{b}",
    },
    "last_turn": {"en": "Last turn: {seat}", "ja": "前の手番：{seat}"},
    "bought_list": {"en": "bought {cards}", "ja": "購入 {cards}"},
    "bought_nothing": {"en": "bought nothing", "ja": "購入なし"},
    "retired_card": {"en": "retired {card}", "ja": "撤去 {card}"},
    "nothing_affordable": {
        "en": "Nothing affordable: only ending the turn is left",
        "ja": "買えるカードなし：手番の終了のみ",
    },
    "architecture": {"en": "{seat}'s architecture", "ja": "{seat} のアーキテクチャ"},
    "your_hand": {"en": "{seat}'s hand", "ja": "{seat} の手札"},
    "hand_after_draft": {"en": "Your hand is dealt after the draft", "ja": "手札はドラフトの後に配られます"},
    "pick_free": {"en": "Your pick: take one for free", "ja": "あなたの番：1枚を無料で選ぶ"},
    "your_picks": {"en": "Drafted so far", "ja": "ドラフトで取ったカード"},
    "empty_hand": {"en": "No cards in hand", "ja": "手札はありません"},
    "pool_tco": {"en": "TCO", "ja": "TCO"},
    "pool_awsome": {"en": "AWSome", "ja": "AWSome"},
    "pool_buys": {"en": "Buys", "ja": "購入"},
    "pool_left": {"en": "left {n}", "ja": "残り {n}"},
    "of_total": {"en": "of {n}", "ja": "/ {n}"},
    "retire_hint": {
        "en": "You may retire an on-premises card ({aws} AWS ≥ {onprem} on-prem)",
        "ja": "オンプレミスカードを1枚撤去できます（AWS {aws} ≥ オンプレ {onprem}）",
    },
    "your_cards": {"en": "Your cards", "ja": "あなたのカード"},
    "onprem_short": {"en": "On-prem ×{n}", "ja": "オンプレ ×{n}"},
    "final": {"en": "Final standings", "ja": "最終結果"},
    "winner": {"en": "WINNER", "ja": "勝者"},
    "wa_breakdown": {"en": "3 pt ×{t} · 1 pt ×{o}", "ja": "3点 ×{t}・1点 ×{o}"},
    "final_detail": {"en": "AWS cards {s} · on-prem left {o}", "ja": "AWS {s}枚・オンプレ残り {o}"},
    "tie_note": {"en": "Equal totals share the win.", "ja": "同点なら勝利を分け合います。"},
    "place": {"en": "#{n}", "ja": "{n}位"},
}

t = Labels(T)


def gives(eff: EffectFace, lang: str) -> str:
    return t(f"eff_{eff.type}", lang, n=eff.amount)


def condition(cond: ConditionFace | None, lang: str) -> str:
    if cond is None:
        return t("cond_none", lang)
    if cond.type == "no_onprem":
        return t("cond_no_onprem", lang)
    if cond.type == "categories":
        return t("cond_categories", lang, n=cond.at_least or 0)
    x = cond.text.get(lang)
    if lang == "ja" and x[-1].isascii():
        x += " "  # "S3 があれば", as AWS Japan spaces Latin names in Japanese text
    return t("cond_any", lang, x=x)
