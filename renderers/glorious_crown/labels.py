"""Every word the Glorious Crown pictures print, in English and Japanese, and the players' display names."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from renderers.common.labels import Labels

T: dict[str, dict[str, str]] = {
    "title": {"en": "Glorious Crown", "ja": "グローリアスクラウン"},
    "normal": {"en": "Normal", "ja": "平常"},
    "revolution": {"en": "Revolution", "ja": "革命"},
    "eleven": {"en": "11-back", "ja": "11バック"},
    "plays_as": {"en": "plays as", "ja": "実際は"},
    "lock": {"en": "Lock", "ja": "縛り"},
    "played": {"en": "{seat} played", "ja": "{seat} が出した札"},
    "empty": {"en": "The field is empty: {seat} leads", "ja": "場は空です：{seat} が親"},
    "field_count": {"en": "{n} card(s) on the field", "ja": "場に {n} 枚"},
    "cleared": {"en": "Last clear: {seat} +{pts}", "ja": "前回の場流し：{seat} +{pts}点"},
    "cards": {"en": "{n} card(s)", "ja": "手札 {n}枚"},
    "points": {"en": "{n} pts", "ja": "{n}点"},
    "count": {"en": "{n} card(s)", "ja": "{n}枚"},
    "turn": {"en": "TURN", "ja": "手番"},
    "pass": {"en": "PASS", "ja": "パス"},
    "out": {"en": "OUT #{n}", "ja": "{n}位上がり"},
    "foul": {"en": "FOUL", "ja": "反則"},
    "discard": {"en": "Discard {n} · Blind {b}", "ja": "捨て札 {n}枚・ブラインド {b}枚"},
    "seven_give": {
        "en": "{seat} may trade up to {n} card(s) with {other} (7)",
        "ja": "{seat} が {other} と最大{n}枚交換できます（7）",
    },
    "seven_answer": {
        "en": "Waiting for {seat}: return {n} card(s) to {other} (7)",
        "ja": "{seat} の選択待ち：{other} に {n}枚返す（7）",
    },
    "ten_discard": {"en": "{seat} may discard 1 card (10)", "ja": "{seat} は1枚捨てられます（10）"},
    "hand_title": {"en": "Your hand", "ja": "あなたの手札"},
    "to_beat": {"en": "To beat: {cards} by {seat}", "ja": "{seat} の {cards} より強い札を"},
    "lead_now": {"en": "Empty field", "ja": "場は空"},
    "waiting": {"en": "{seat}'s turn", "ja": "{seat} の手番"},
    "field_now": {"en": "field now: {cards} by {seat}", "ja": "いまの場：{seat} の {cards}"},
    "playable": {"en": "Gold = playable now", "ja": "金色＝今出せる札"},
    "give_now": {
        "en": "Choose up to {n} card(s) to give to {other}",
        "ja": "{other} に渡す札を最大{n}枚選んでください",
    },
    "answer_now": {
        "en": "Choose {n} card(s) to give back to {other}",
        "ja": "{other} に返す札を{n}枚選んでください",
    },
    "discard_now": {"en": "You may discard 1 card", "ja": "1枚捨てられます"},
    "given": {"en": "Offered: {cards}", "ja": "渡す札：{cards}"},
    "final": {"en": "Final standings", "ja": "最終結果"},
    "col_field": {"en": "Field", "ja": "場"},
    "col_bonus": {"en": "Bonus", "ja": "ボーナス"},
    "finish_n": {"en": "out #{n}", "ja": "{n}番目に上がり"},
    "finish_foul": {"en": "illegal finish", "ja": "反則上がり"},
    "finish_last": {"en": "last holder", "ja": "最後まで残った"},
    "blind": {"en": "Blind cards", "ja": "ブラインドカード"},
    "blind_hidden": {"en": "Blind cards: {n}, kept face down", "ja": "ブラインドカード {n}枚（非公開）"},
}


t = Labels(T)


Namer = Callable[[str], str]


def namer(names: Mapping[str, str] | None) -> Namer:
    """Seat id -> the player's display name (the bot passes them; tests and fallbacks use the seat id)."""
    table = dict(names or {})
    return lambda seat: table.get(seat) or seat
