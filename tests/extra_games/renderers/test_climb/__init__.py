"""Climb's pictures: the pile, each seat's card count, and the seat's own hand. Small, but a real renderer,
so the generic picture tests run on a game that plugs in from outside the repository's game folders."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from engines.test_climb.engine import ClimbView

from renderers.common import card_size, draw_text, new_canvas, playing_card, to_png

WIDTH = 400
MIN_TEXT_PX = {"table": 18, "hand": 18, "final": 18}
_TEXT = {
    "pile": {"en": "Pile", "ja": "場"},
    "hand": {"en": "Your hand", "ja": "あなたの手札"},
    "over": {"en": "Game over", "ja": "ゲーム終了"},
    "cards": {"en": "{n} cards", "ja": "{n}枚"},
    "ai": {"en": " (AI)", "ja": "（AI）"},
}


def _t(key: str, lang: str, **params: object) -> str:
    return _TEXT[key]["ja" if lang == "ja" else "en"].format(**params)


def _seats(view: ClimbView, lang: str, names: Mapping[str, str], ai_seats: Collection[str]) -> str:
    rows = []
    for seat in view.players:
        mark = "▶ " if seat in view.to_move else "  "
        ai = _t("ai", lang) if seat in ai_seats else ""
        rows.append(
            f"{mark}{names.get(seat, seat)}{ai}: {_t('cards', lang, n=view.hand_counts.get(seat, 0))}"
        )
    return "\n".join(rows)


def _picture(
    view: ClimbView, lang: str, title: str, cards: list[str], names: Mapping[str, str], ai: Collection[str]
) -> bytes:
    img = new_canvas(WIDTH, 420)
    draw_text(img, (16, 12, WIDTH - 16, 44), title, size=22, bold=True)
    for i, card in enumerate(cards[-4:]):
        playing_card(img, (16 + i * 92, 60), card_size(84), rank_label=card.removeprefix("c"), suit="spade")
    draw_text(img, (16, 250, WIDTH - 16, 410), _seats(view, lang, names, ai), size=MIN_TEXT_PX["table"])
    return to_png(img)


def render_table(
    view: ClimbView,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    return _picture(view, lang, _t("pile", lang), view.pile, names or {}, ai_seats)


def render_hand(
    view: ClimbView,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    return _picture(view, lang, _t("hand", lang), view.hand or [], names or {}, ai_seats)


def render_final(
    view: ClimbView,
    lang: str,
    *,
    names: Mapping[str, str] | None = None,
    ai_seats: Collection[str] = frozenset(),
) -> bytes:
    return _picture(view, lang, _t("over", lang), view.pile, names or {}, ai_seats)
