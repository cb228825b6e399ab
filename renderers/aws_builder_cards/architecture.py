"""The architecture of the turn, or of the last turn when the current one has not started (AB-5): the cards
deployed (declined Sunset cards dimmed), what every combo gave in words, the turn's totals, a retired card
and the cards acquired with where they came from (AB-6)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PIL import Image

from engines.aws_builder_cards.models import ABView, TurnView
from renderers.common import PALETTE, badge, badge_size, draw_text, ellipse, layout_text

from .card import ORANGE, draw_chip, short
from .frame import BADGE_PX, BODY_PX, PAD, TEXT_MIN, WIDTH, Names, badges_layout, face_of, panel, who
from .words import gives, t

LINE_COLOURS = {"credits": ORANGE, "draw": (66, 146, 214), "adopt": (46, 180, 110)}
INNER = WIDTH - 2 * PAD - 24
PER_ROW = 3
GAP = 8
CHIP_W = (INNER - (PER_ROW - 1) * GAP) // PER_ROW
CHIP_H = 58


def colour_of(line: dict[str, Any]) -> tuple[int, int, int]:
    if line["credits"]:
        return LINE_COLOURS["credits"]
    if line["draw"]:
        return LINE_COLOURS["draw"]
    return LINE_COLOURS["adopt"]


def combo_text(view: ABView, line: dict[str, Any], lang: str) -> str:
    """One combo in words: "Lambda + SQS: +2 Cr", "API Gateway (for each ×4): +4 Cr"."""
    card = short(face_of(view, line["card"]).name.get(lang))
    what = gives(line["credits"], line["draw"], line["adopt"], lang)
    if line["kind"] == "with":
        partners = " + ".join(short(face_of(view, p).name.get(lang)) for p in line["partners"])
        return f"{card} + {partners}: {what}"
    if line["kind"] == "effect":
        return f"{card} ({t(lang, 'own')}): {what}"
    count = len(line["partners"]) + (1 if line["kind"] == "stack" else 0)
    kind = t(lang, "per" if line["kind"] == "per" else "stack")
    return f"{card} ({kind} ×{count}): {what}"


def _chips(turn: TurnView, lang: str) -> list[tuple[str, tuple[int, int, int]]]:
    return [
        (t(lang, "credits_left", left=turn.credits_left, n=turn.credits), ORANGE),
        (t(lang, "draws", n=turn.draws), LINE_COLOURS["draw"]),
        (t(lang, "adoptions", n=turn.adoptions), LINE_COLOURS["adopt"]),
        (t(lang, "acquisitions", used=len(turn.acquired), n=turn.acquisitions), PALETTE.neutral),
    ]


def _text_h(text: str, width: int, size: int = BODY_PX) -> int:
    block, _ = layout_text((0, 0, width, 10_000), text, size=size, phrases=True)
    return block.box[3]


def architecture_height(view: ABView, turn: TurnView, lang: str) -> int:
    """At least the height :func:`architecture_block` takes (the table is cut to what was drawn)."""
    height = 42 + 3 * (badge_size("X", size=BADGE_PX)[1] + 6) + 8 + 24 + 30 + 24
    height += -(-len(turn.deployed) // PER_ROW) * (CHIP_H + GAP) + 2
    height += sum(_text_h(combo_text(view, ln, lang), INNER - 18) + 4 for ln in turn.lines)
    height += 28 + 28 + -(-len(turn.acquired) // PER_ROW) * (CHIP_H + 26 + GAP)
    return height + 22


def architecture_block(
    img: Image.Image, view: ABView, turn: TurnView, lang: str, top: int, last: bool, names: Names = None
) -> int:
    """Lay the block out, draw its panel exactly that tall, then paint what it holds; returns the y below."""
    left = PAD + 12
    paint: list[Callable[[], object]] = []
    chips = _chips(turn, lang)
    spots, y = badges_layout(chips, left, top + 42, left + INNER)
    for (text, colour), xy in zip(chips, spots, strict=True):
        paint.append(partial(badge, img, xy, text, colour=colour, size=BADGE_PX))
    y += 8
    if turn.wa_costs:
        costs = "/".join(str(turn.wa_costs[k]) for k in sorted(turn.wa_costs))
        text = t(lang, "wa_cost_now", costs=costs)
        paint.append(partial(_line, img, (left, y), text, TEXT_MIN, PALETTE.highlight))
        y += 24
    if not turn.deployed:
        paint.append(
            partial(_line, img, (left, y), t(lang, "nothing_deployed"), BODY_PX + 2, PALETTE.text_muted_light)
        )
        y += 30
    for i, card in enumerate(turn.deployed):
        r, c = divmod(i, PER_ROW)
        box = (left + c * (CHIP_W + GAP), y + r * (CHIP_H + GAP))
        chip = (*box, box[0] + CHIP_W, box[1] + CHIP_H)
        face = face_of(view, card)
        paint.append(partial(draw_chip, img, chip, face, lang, dim=card in turn.declined, text_min=TEXT_MIN))
    if turn.deployed:
        y += -(-len(turn.deployed) // PER_ROW) * (CHIP_H + GAP) + 2
        if not turn.unlocked:
            paint.append(
                partial(_line, img, (left, y), t(lang, "not_unlocked"), TEXT_MIN, PALETTE.text_muted_light)
            )
            y += 24
    # Every combo in words, coloured by what it gave.
    for ln in turn.lines:
        colour = colour_of(ln)
        text = combo_text(view, ln, lang)
        paint.append(partial(ellipse, img, (left, y + 5, left + 10, y + 15), fill=colour))
        paint.append(partial(_para, img, (left + 18, y, left + INNER), text, colour))
        y += _text_h(text, INNER - 18) + 4
    if turn.retired:
        name = face_of(view, turn.retired).name.get(lang)
        paint.append(
            partial(_line, img, (left, y + 4), t(lang, "retired", card=name), BODY_PX, PALETTE.warning)
        )
        y += 28
    if turn.acquired:
        paint.append(
            partial(_line, img, (left, y + 4), t(lang, "acquired"), BODY_PX, PALETTE.text_light, True)
        )
        y += 28
        for i, a in enumerate(turn.acquired):
            r, c = divmod(i, PER_ROW)
            x, cy = left + c * (CHIP_W + GAP), y + r * (CHIP_H + 26 + GAP)
            chip = (x, cy, x + CHIP_W, cy + CHIP_H)
            paint.append(partial(draw_chip, img, chip, face_of(view, a.card), lang, text_min=TEXT_MIN))
            src = t(lang, f"src_{a.source}", cost=a.cost)
            paint.append(partial(_line, img, (x, cy + CHIP_H + 2), src, TEXT_MIN, PALETTE.text_muted_light))
        y += -(-len(turn.acquired) // PER_ROW) * (CHIP_H + 26 + GAP) - GAP
    bottom = y + 10
    title = t(lang, "last_architecture" if last else "architecture", seat=who(turn.seat, names))
    panel(img, (PAD, top, WIDTH - PAD, bottom), title)
    for step in paint:
        step()
    return bottom + 12


def _line(
    img: Image.Image,
    xy: tuple[int, int],
    text: str,
    size: int,
    colour: tuple[int, int, int],
    bold: bool = False,
) -> None:
    draw_text(
        img,
        (xy[0], xy[1], xy[0] + INNER, xy[1] + size + 8),
        text,
        size=size,
        fill=colour,
        bold=bold,
        wrap=False,
    )


def _para(img: Image.Image, box: tuple[int, int, int], text: str, colour: tuple[int, int, int]) -> None:
    draw_text(img, (box[0], box[1], box[2], box[1] + 10_000), text, size=BODY_PX, fill=colour, phrases=True)
