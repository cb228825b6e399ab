"""The public table: the scenario and its progress, the chaos die, the tokens and piles, the three workplaces,
the revealed die-3 cards, the decision the game waits for, the completed-product lane and the team. Drawn from
the public view only, so it cannot show a hidden card."""

from __future__ import annotations

from PIL import Image

from engines.project_chaos.views import PCView, PendingView
from renderers.common import PALETTE, draw_text, mix, new_canvas, rounded_rect

from .parts import (
    CATEGORY_COLOUR,
    HEADER_H,
    INNER,
    PAD,
    STATUS_H,
    TEXT_MIN,
    WIDTH,
    category_name,
    goal_panel,
    goal_panel_height,
    header,
    status_row,
    team_block,
    team_height,
    text_height,
)
from .tiles import card_tile, empty_slot, lane_block, lane_height
from .words import Namer, namer, t

SLOT_GAP = 10
SLOT_W = (INNER - 2 * SLOT_GAP) // 3
SLOT_H = 168
LABEL_H = 28
BANNER_PX = 17
DETAIL_PX = 16


def card_name(view: PCView, card: str | None, lang: str) -> str:
    if card is None:
        return ""
    face = view.cards.get(card)
    return face.name.get(lang) if face is not None else card


def status_text(view: PCView, lang: str, name: Namer) -> str:
    if view.finished:
        return t(lang, "over")
    return t(lang, "turn", seat=name(view.current or view.players[0]))


def _answers(view: PCView, p: PendingView, lang: str, name: Namer) -> str:
    parts = []
    for seat in view.players:
        if p.kind == "vote":
            mark = "✓" if p.votes.get(seat) is True else "✗" if seat in p.votes else "…"
        else:
            mark = t(lang, "passed") if seat in p.passed else "…"
        parts.append(f"{name(seat)} {mark}")
    return t(lang, "answers", answers=" · ".join(parts))


def banner_lines(view: PCView, lang: str, name: Namer) -> list[tuple[str, int, bool]]:
    """The pending decision as (text, size, bold) lines: who decides what, and what each answer does."""
    p = view.pending
    if p is None or view.finished:
        return []
    seat = name(p.seat)
    card = card_name(view, p.card, lang)
    if p.kind == "push_out":
        where = {"lane": t(lang, "lane_word"), "discard": t(lang, "discard_word")}
        text = t(
            lang,
            "pending_push_out",
            seat=seat,
            cost=p.cost,
            card=card,
            pay_to=where[p.pay_to or "lane"],
            free_to=where[p.free_to or "discard"],
        )
        return [(text, BANNER_PX, True)]
    if p.kind == "target":
        return [(t(lang, f"pending_target_{p.effect}", seat=seat, card=card), BANNER_PX, True)]
    if p.kind in ("chaos_discard", "forced"):
        return [(t(lang, f"pending_{p.kind}", seat=seat), BANNER_PX, True)]
    question = p.question.get(lang) if p.question else ""
    lines = [(t(lang, f"pending_{p.kind}", card=card, question=question), BANNER_PX, True)]
    yes_key, no_key = ("on_yes", "on_no") if p.kind == "vote" else ("on_claim", "on_unclaimed")
    if p.outcome_yes is not None:
        lines.append((t(lang, yes_key, text=p.outcome_yes.get(lang)), DETAIL_PX, False))
    if p.outcome_no is not None:
        lines.append((t(lang, no_key, text=p.outcome_no.get(lang)), DETAIL_PX, False))
    lines.append((_answers(view, p, lang, name), DETAIL_PX, True))
    return lines


def banner_height(lines: list[tuple[str, int, bool]]) -> int:
    if not lines:
        return 0
    return 20 + sum(text_height(text, size, INNER - 28, bold=bold) + 6 for text, size, bold in lines)


def draw_banner(img: Image.Image, lines: list[tuple[str, int, bool]], top: int) -> int:
    h = banner_height(lines)
    rounded_rect(
        img,
        (PAD, top, WIDTH - PAD, top + h),
        14,
        fill=mix(PALETTE.panel, PALETTE.highlight, 0.12),
        outline=PALETTE.highlight,
        width=2,
    )
    y = top + 10
    for i, (text, size, bold) in enumerate(lines):
        th = text_height(text, size, INNER - 28, bold=bold)
        fill = PALETTE.highlight if i == 0 else PALETTE.text_light
        draw_text(img, (PAD + 14, y, WIDTH - PAD - 14, y + th), text, size=size, bold=bold, fill=fill)
        y += th + 6
    return top + h


def workplaces_height() -> int:
    return LABEL_H + 6 + SLOT_H


def draw_workplaces(img: Image.Image, view: PCView, lang: str, top: int) -> int:
    for i, (cat, card) in enumerate(view.workplaces.items()):
        x = PAD + i * (SLOT_W + SLOT_GAP)
        colour = CATEGORY_COLOUR[cat]
        rounded_rect(img, (x, top, x + SLOT_W, top + LABEL_H), 8, fill=colour)
        draw_text(
            img,
            (x + 4, top, x + SLOT_W - 4, top + LABEL_H),
            category_name(cat, lang),
            max_size=17,
            min_size=TEXT_MIN,
            bold=True,
            fill=PALETTE.text_dark,
            align="center",
            valign="middle",
            wrap=False,
        )
        box = (x, top + LABEL_H + 6, x + SLOT_W, top + LABEL_H + 6 + SLOT_H)
        if card is None:
            empty_slot(img, box, lang)
        else:
            card_tile(img, box, view.cards[card], lang)
    return top + workplaces_height()


def revealed_height(view: PCView) -> int:
    return 0 if not view.revealed else 30 + SLOT_H + 8


def draw_revealed(img: Image.Image, view: PCView, lang: str, top: int) -> int:
    draw_text(
        img,
        (PAD + 4, top, WIDTH - PAD, top + 24),
        t(lang, "revealed"),
        max_size=17,
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.danger,
        wrap=False,
    )
    for i, card in enumerate(view.revealed):
        x = PAD + i * (SLOT_W + SLOT_GAP)
        card_tile(img, (x, top + 30, x + SLOT_W, top + 30 + SLOT_H), view.cards[card], lang, highlight=True)
    return top + revealed_height(view)


def draw_table(
    view: PCView, lang: str, names: dict[str, str] | None = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    name = namer(names)
    lines = banner_lines(view, lang, name)
    discard_line = (
        t(lang, "discard_top", card=card_name(view, view.discard[-1], lang)) if view.discard else ""
    )
    gap = 12
    height = (
        HEADER_H
        + goal_panel_height(view.goal, lang)
        + gap
        + STATUS_H
        + gap
        + workplaces_height()
        + gap
        + (revealed_height(view) + gap if view.revealed else 0)
        + (banner_height(lines) + gap if lines else 0)
        + lane_height(view, lang)
        + gap
        + team_height(view)
        + (30 if discard_line else 0)
        + 10
    )
    img = new_canvas(WIDTH, height)
    y = header(img, view, lang, status_text(view, lang, name))
    y = goal_panel(img, view, lang, y) + gap
    y = status_row(img, view, lang, y) + gap
    y = draw_workplaces(img, view, lang, y) + gap
    if view.revealed:
        y = draw_revealed(img, view, lang, y) + gap
    if lines:
        y = draw_banner(img, lines, y) + gap
    y = lane_block(img, view, lang, y, t(lang, "lane", n=len(view.lane))) + gap
    y = team_block(img, view, lang, y, name, ai_seats)
    if discard_line:
        draw_text(
            img,
            (PAD + 4, y + 4, WIDTH - PAD, y + 28),
            discard_line,
            size=TEXT_MIN,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
    return img
