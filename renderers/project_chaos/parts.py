"""What the three pictures share: sizes, the category and value colours, the header, the chaos die, the
tokens, the scenario panel with its progress and the team (a card tile and the lane: ``tiles``).

Phone first: a picture :data:`WIDTH` px wide is shown at 400 / 560 of its size on a phone, so text drawn at
:data:`TEXT_MIN` (16 px) reads at 11.4 px there, Discord's own smallest size. Every size below is at least
that.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.project_chaos.cards import CATEGORY_NAMES
from engines.project_chaos.views import GoalView, PCView
from renderers.common import (
    PALETTE,
    RGB,
    badge,
    badge_size,
    bounded_cache,
    draw_text,
    ellipse,
    layout_text,
    mix,
    rounded_rect,
    seat_row,
)

from .words import Namer, t

WIDTH = 560
PAD = 16
INNER = WIDTH - 2 * PAD
TEXT_MIN = 16
MIN_TEXT_PX: dict[str, int] = {"table": TEXT_MIN, "hand": TEXT_MIN, "final": TEXT_MIN, "card": TEXT_MIN}
"""The smallest text each picture draws (every size used is at least this)."""

CATEGORY_COLOUR: dict[str, RGB] = {
    "tech": (84, 154, 230),
    "user": (236, 168, 40),
    "mgmt": (176, 120, 214),
}
RESOURCE: RGB = (46, 160, 100)
TROUBLE: RGB = (214, 60, 70)
NEUTRAL: RGB = (120, 128, 136)
DIE_COLOUR: tuple[RGB, ...] = ((70, 170, 120), (84, 154, 230), (240, 171, 40), (214, 60, 70))
TOKEN_GOLD: RGB = (255, 208, 70)


def value_colour(value: int) -> RGB:
    return RESOURCE if value > 0 else TROUBLE if value < 0 else NEUTRAL


def value_label(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def value_kind(value: int, lang: str) -> str:
    return t(lang, "resource" if value > 0 else "trouble" if value < 0 else "neutral")


def category_name(cat: str, lang: str) -> str:
    return CATEGORY_NAMES[cat].get(lang)  # type: ignore[index]


def text_height(text: str, size: int, width: int, *, bold: bool = False, max_lines: int | None = None) -> int:
    """Height of ``text`` wrapped at ``size`` in ``width`` (0 for no text)."""
    if not text:
        return 0
    block, _ = layout_text((0, 0, width, 10_000), text, size=size, bold=bold, max_lines=max_lines)
    return block.box[3]


# --- header -----------------------------------------------------------------------------------------------

HEADER_H = 84


def header(img: Image.Image, view: PCView, lang: str, status: str, title: str | None = None) -> int:
    """Title (the game's name unless given), the round badge and a status line; returns the y below."""
    right = WIDTH - PAD
    badges = [t(lang, "coop"), t(lang, "round", n=view.round)]
    for text in reversed(badges):
        w, _ = badge_size(text, size=16)
        badge(img, (right - w, 14), text, colour=PALETTE.felt_light, size=16)
        right -= w + 6
    draw_text(
        img,
        (PAD, 10, right - 8, 46),
        title or t(lang, "title"),
        max_size=26,
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    draw_text(
        img,
        (PAD, 48, WIDTH - PAD, 78),
        status,
        max_size=19,
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.highlight,
        wrap=False,
    )
    return HEADER_H


# --- the chaos die ----------------------------------------------------------------------------------------

_SS = 4


@bounded_cache(maxsize=16)
def _tetrahedron(size: int, colour: RGB) -> Image.Image:
    """A four-sided die seen from above a face: the front triangle and a shaded side, anti-aliased."""
    s = size * _SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    top = (s * 0.5, s * 0.04)
    left = (s * 0.04, s * 0.9)
    right = (s * 0.96, s * 0.9)
    back = (s * 0.72, s * 0.62)
    edge = (*mix(colour, PALETTE.shadow, 0.55), 255)
    draw.polygon([top, back, right], fill=(*mix(colour, PALETTE.shadow, 0.3), 255), outline=edge)
    draw.polygon([top, left, back], fill=(*colour, 255), outline=edge)
    draw.polygon([left, right, back], fill=(*mix(colour, PALETTE.card_face, 0.25), 255), outline=edge)
    w = max(_SS, s // 40)
    draw.line([top, left, right, top], fill=edge, width=w, joint="curve")
    draw.line([top, back, left], fill=edge, width=w)
    draw.line([back, right], fill=edge, width=w)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def draw_die(img: Image.Image, xy: tuple[int, int], size: int, face: int) -> None:
    """The die showing ``face`` (danger red at 3): the number sits on the front face."""
    colour = DIE_COLOUR[face]
    sprite = _tetrahedron(size, colour)
    img.alpha_composite(sprite, xy)
    x, y = xy
    # The front face's centroid is left of the middle: the number is drawn there, large and outlined.
    box = (x + round(size * 0.18), y + round(size * 0.38), x + round(size * 0.62), y + round(size * 0.84))
    draw_text(
        img,
        box,
        str(face),
        max_size=round(size * 0.42),
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_dark if face == 2 else PALETTE.text_light,
        align="center",
        valign="middle",
        wrap=False,
        shadow=None if face == 2 else PALETTE.shadow,
    )


def draw_tokens(img: Image.Image, xy: tuple[int, int], n: int, diameter: int = 26) -> int:
    """Three token slots, ``n`` of them filled; returns the width used."""
    x, y = xy
    for i in range(3):
        box = (x + i * (diameter + 8), y, x + i * (diameter + 8) + diameter, y + diameter)
        if i < n:
            ellipse(img, box, fill=TOKEN_GOLD, outline=mix(TOKEN_GOLD, PALETTE.shadow, 0.4), width=2)
            inner = diameter // 4
            ellipse(
                img,
                (box[0] + inner, box[1] + inner, box[2] - inner, box[3] - inner),
                outline=mix(TOKEN_GOLD, PALETTE.shadow, 0.25),
                width=2,
            )
        else:
            ellipse(img, box, outline=PALETTE.panel_edge, width=2)
    return 3 * diameter + 16


STATUS_H = 150


def status_row(img: Image.Image, view: PCView, lang: str, top: int) -> int:
    """The die, the tokens, the piles and the stagnation warning (PC-10); returns the y below."""
    rounded_rect(
        img, (PAD, top, WIDTH - PAD, top + STATUS_H), 16, fill=PALETTE.panel, outline=PALETTE.panel_edge
    )
    die = 84
    draw_die(img, (PAD + 12, top + 8), die, view.die)
    mid = PAD + 12 + die + 10
    col = 186
    draw_text(
        img,
        (mid, top + 12, mid + col, top + 36),
        t(lang, "die"),
        max_size=17,
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    draw_text(
        img,
        (mid, top + 38, mid + col, top + 88),
        t(lang, f"die_{view.die}"),
        max_size=17,
        min_size=TEXT_MIN,
        bold=view.die >= 2,
        fill=DIE_COLOUR[view.die] if view.die >= 2 else PALETTE.text_muted_light,
        max_lines=2,
    )
    right = mid + col + 8
    draw_text(
        img,
        (right, top + 12, WIDTH - PAD - 10, top + 36),
        t(lang, "tokens", n=view.tokens),
        max_size=17,
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    draw_tokens(img, (right, top + 40), view.tokens)
    piles = f"{t(lang, 'deck', n=view.deck_count)} · {t(lang, 'discard', n=len(view.discard))}"
    draw_text(
        img,
        (right, top + 72, WIDTH - PAD - 10, top + 96),
        piles,
        max_size=16,
        min_size=TEXT_MIN,
        fill=PALETTE.text_light,
        wrap=False,
    )
    if view.set_aside_count:
        draw_text(
            img,
            (right, top + 96, WIDTH - PAD - 10, top + 118),
            t(lang, "set_aside", n=view.set_aside_count),
            size=TEXT_MIN,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
    if not view.finished:
        safe = view.die_touched
        draw_text(
            img,
            (PAD + 12, top + STATUS_H - 30, WIDTH - PAD - 12, top + STATUS_H - 6),
            ("✓ " if safe else "⚠ ") + t(lang, "stagnation_safe" if safe else "stagnation_risk"),
            size=TEXT_MIN,
            fill=PALETTE.text_muted_light if safe else PALETTE.warning,
            wrap=False,
        )
    return top + STATUS_H


# --- the scenario and its progress ------------------------------------------------------------------------


def part_label(key: str, lang: str) -> str:
    if key in CATEGORY_COLOUR:
        return category_name(key, lang)
    return t(lang, f"part_{key}") if key in ("value_3", "die", "total") else key


def progress_chips(goal: GoalView, lang: str) -> list[tuple[str, RGB, bool]]:
    """One chip per measure of the goal: "User 2/2", "Die 2 → 0", with a tick once it is done."""
    chips = []
    for part in goal.parts:
        colour = CATEGORY_COLOUR.get(part.key, PALETTE.info)
        if part.key == "die":
            text = f"{part_label(part.key, lang)} {part.have} → {part.need}"
        else:
            text = f"{part_label(part.key, lang)} {part.have}/{part.need}"
        chips.append((("✓ " + text) if part.done else text, colour, part.done))
    return chips


GOAL_TEXT_PX = 16
CHIP_PX = 16


def goal_panel_height(goal: GoalView, lang: str) -> int:
    return 12 + 28 + text_height(goal.text.get(lang), GOAL_TEXT_PX, INNER - 24) + 10 + 32 + 12


def goal_panel(img: Image.Image, view: PCView, lang: str, top: int) -> int:
    """The scenario card: its name, the goal, and progress chips at a glance; returns the y below."""
    goal = view.goal
    h = goal_panel_height(goal, lang)
    rounded_rect(
        img, (PAD, top, WIDTH - PAD, top + h), 16, fill=PALETTE.felt_dark, outline=PALETTE.panel_edge
    )
    label = t(lang, "goal")
    lw, _ = badge_size(label, size=TEXT_MIN)
    badge(img, (PAD + 12, top + 12), label, colour=PALETTE.highlight, size=TEXT_MIN)
    draw_text(
        img,
        (PAD + 20 + lw, top + 10, WIDTH - PAD - 12, top + 38),
        goal.name.get(lang),
        max_size=20,
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    y = top + 40
    body = goal.text.get(lang)
    bh = text_height(body, GOAL_TEXT_PX, INNER - 24)
    draw_text(
        img, (PAD + 12, y, WIDTH - PAD - 12, y + bh), body, size=GOAL_TEXT_PX, fill=PALETTE.text_muted_light
    )
    y += bh + 10
    x = PAD + 12
    for text, colour, done in progress_chips(goal, lang):
        w, _ = badge_size(text, size=CHIP_PX)
        if x + w > WIDTH - PAD - 12:
            break
        badge(img, (x, y), text, colour=colour if done else mix(colour, PALETTE.panel, 0.55), size=CHIP_PX)
        x += w + 8
    return top + h


# --- the team ---------------------------------------------------------------------------------------------

SEAT_H = 48
SEAT_GAP = 6


def team_height(view: PCView) -> int:
    return 30 + len(view.players) * (SEAT_H + SEAT_GAP)


def team_block(
    img: Image.Image,
    view: PCView,
    lang: str,
    top: int,
    name: Namer,
    ai_seats: frozenset[str],
    final_mark: str | None = None,
) -> int:
    """One row per seat: hand size and whose turn (once over, ``final_mark`` for everyone: all win or
    none)."""
    draw_text(
        img,
        (PAD + 4, top, WIDTH - PAD, top + 24),
        t(lang, "team"),
        max_size=17,
        min_size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    y = top + 30
    for i, seat in enumerate(view.players):
        active = seat in view.to_move and not view.finished
        seat_row(
            img,
            (PAD, y, WIDTH - PAD, y + SEAT_H),
            name=name(seat),
            colour=PALETTE.seat(i),
            detail=t(lang, "cards", n=view.hand_counts.get(seat, 0)),
            mark=final_mark if view.finished else t(lang, "turn_mark") if view.current == seat else None,
            mark_colour=PALETTE.success if view.finished else PALETTE.highlight,
            active=active,
            robot=seat in ai_seats,
            name_size=20,  # the turn mark is set 4 px smaller: 16 px
            detail_size=17,
        )
        y += SEAT_H + SEAT_GAP
    return y
