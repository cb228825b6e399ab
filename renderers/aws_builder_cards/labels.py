"""Words on the pictures, in English and Japanese."""

from __future__ import annotations

from engines.aws_builder_cards.text import gives_text
from renderers.common.labels import Labels

T: dict[str, dict[str, str]] = {
    "title": {"en": "AWS Builder Cards", "ja": "AWS Builder Cards"},
    "turn_of": {"en": "{seat}'s turn", "ja": "{seat} の手番"},
    "phase_build": {"en": "Build phase", "ja": "ビルドフェーズ"},
    "phase_acquire": {"en": "Acquire phase", "ja": "獲得フェーズ"},
    "phase_over": {"en": "Game over", "ja": "ゲーム終了"},
    "last_round": {"en": "Last W-A card taken: final turn", "ja": "最後の W-A 獲得：最終ターン"},
    "console": {"en": "Console", "ja": "コンソール"},
    "free_deck": {"en": "Free deck", "ja": "無料デッキ"},
    "paid_deck": {"en": "Paid deck", "ja": "有料デッキ"},
    "free_slots": {"en": "Free slots", "ja": "無料スロット"},
    "paid_slot": {"en": "Paid slot", "ja": "有料スロット"},
    "wa_pile": {"en": "Well-Architected", "ja": "Well-Architected"},
    "wa_left": {"en": "{pts} pt × {n}  (cost {cost})", "ja": "{pts}点 × {n}枚（{cost}クレジット）"},
    "wa_empty": {"en": "All W-A cards taken", "ja": "W-A カードはもうありません"},
    "cards_n": {"en": "{n} cards", "ja": "{n}枚"},
    "empty": {"en": "empty", "ja": "空"},
    "architecture": {"en": "{seat}'s architecture", "ja": "{seat} のアーキテクチャ"},
    "last_architecture": {
        "en": "Last turn: {seat}'s architecture",
        "ja": "前のターン：{seat} のアーキテクチャ",
    },
    "nothing_deployed": {"en": "Nothing deployed yet", "ja": "まだ何もデプロイしていません"},
    "not_unlocked": {
        "en": "Combos unlock with 2 Builder cards",
        "ja": "Builder カード2枚でコンボが有効になります",
    },
    "credits": {"en": "Credits {n}", "ja": "クレジット {n}"},
    "credits_left": {"en": "Credits {left}/{n}", "ja": "クレジット 残り{left}/{n}"},
    "draws": {"en": "Draws {n}", "ja": "ドロー {n}"},
    "adoptions": {"en": "Adoptions {n}", "ja": "クラウド導入 {n}"},
    "acquisitions": {"en": "Acquisitions {used}/{n}", "ja": "獲得 {used}/{n}"},
    "acquired": {"en": "Acquired", "ja": "獲得したカード"},
    "src_free": {"en": "free slot", "ja": "無料スロット"},
    "src_paid": {"en": "paid · {cost}", "ja": "有料・{cost}"},
    "src_wa": {"en": "W-A · {cost}", "ja": "W-A・{cost}"},
    "src_blind": {"en": "blind draw", "ja": "ブラインド"},
    "retired": {"en": "Retired {card} (hand shown)", "ja": "{card} をリタイア（手札公開）"},
    "sunset": {"en": "Sunset", "ja": "サンセット"},
    "stack": {"en": "stack", "ja": "スタック"},
    "per": {"en": "for each", "ja": "1枚ごと"},
    "own": {"en": "effect", "ja": "効果"},
    "wa_cost_now": {"en": "W-A now costs {costs}", "ja": "W-A のコスト {costs}"},
    "pts": {"en": "{n} pts", "ja": "{n}点"},
    "pt_one": {"en": "1 pt", "ja": "1点"},
    "p_wa": {"en": "W-A points {n} · missions {m}", "ja": "W-A {n}点・ミッション {m}"},
    "p_wa_only": {"en": "W-A cards: {cards}", "ja": "W-A カード：{cards}"},
    "p_counts": {"en": "Deck {d} · Hand {h} · Discard {x}", "ja": "山札 {d}・手札 {h}・捨て札 {x}"},
    "p_builders": {"en": "Builder cards {b} · Retired {r}", "ja": "Builder {b}枚・リタイア {r}枚"},
    "turn_badge": {"en": "TURN", "ja": "手番"},
    "vote": {"en": "Reshuffle vote: waiting for {seats}", "ja": "リシャッフル投票：{seats} の回答待ち"},
    "cdk_wait": {"en": "{seat} is choosing a card for AWS CDK", "ja": "{seat} が AWS CDK のカードを選択中"},
    "mission_needs": {"en": "Mission {name} needs {needs}", "ja": "公開ミッション {name}：{needs}"},
    "hand_title": {"en": "{seat}'s hand", "ja": "{seat} の手札"},
    "combos_with": {"en": "Combos with", "ja": "コンボ相手"},
    "no_combo": {"en": "No combo", "ja": "コンボなし"},
    "in_hand": {"en": "in hand", "ja": "手札にあり"},
    "your_missions": {"en": "Your secret mission", "ja": "あなたの秘密ミッション"},
    "discard_pile": {"en": "Discard pile {n}", "ja": "捨て札 {n}枚"},
    "empty_hand": {"en": "Your hand is empty", "ja": "手札はありません"},
    "final": {"en": "Final standings", "ja": "最終結果"},
    "col_place": {"en": "#", "ja": "順位"},
    "col_player": {"en": "Player", "ja": "プレイヤー"},
    "col_points": {"en": "Points", "ja": "得点"},
    "col_wa": {"en": "W-A", "ja": "W-A"},
    "col_missions": {"en": "Missions", "ja": "ミッション"},
    "col_builders": {"en": "Builder cards", "ja": "Builder 枚数"},
    "tie_break": {
        "en": "Ties go to more Builder cards owned; still tied, the win is shared.",
        "ja": "同点なら Builder カードの多い人、それでも同点なら勝利を分け合います。",
    },
    "winner": {"en": "WINNER", "ja": "勝者"},
    "final_detail": {
        "en": "W-A {wa} · missions {m} · Builder cards {b}",
        "ja": "W-A {wa}点・ミッション {m}・Builder {b}枚",
    },
    "final_detail_no_missions": {
        "en": "W-A {wa} · Builder cards {b}",
        "ja": "W-A {wa}点・Builder {b}枚",
    },
}


t = Labels(T)


def gives(credits: int, draw: int, adopt: int, lang: str) -> str:
    return gives_text(credits, draw, adopt, lang, compact=True)
