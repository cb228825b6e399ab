"""A seat's hand: its cards drawn large, each with its play effect and what the seat may do with it right now,
above a compact strip of the board (die, tokens, workplaces, goal progress) to decide by. During a die-3
resolution the revealed cards are shown the same way, with the action each one requires."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from engines.project_chaos.views import CardFace, PCView, face
from renderers.common import (
    PALETTE,
    RGB,
    badge,
    badge_size,
    composite,
    draw_text,
    mix,
    new_canvas,
    rounded_card,
    rounded_rect,
)
from renderers.common.cache import bounded_cache
from renderers.common.card_sheet import PAD as SHEET_PAD
from renderers.common.card_sheet import SHEET_WIDTH, Paragraph, card_sheet

from .parts import (
    CATEGORY_COLOUR,
    HEADER_H,
    INNER,
    NEUTRAL,
    PAD,
    TEXT_MIN,
    WIDTH,
    category_name,
    draw_die,
    draw_tokens,
    header,
    progress_chips,
    text_height,
    value_colour,
    value_kind,
    value_label,
)
from .tiles import category_band, value_disc
from .words import Namer, namer, t

NAME_PX = 21
EFFECT_PX = 17
FLAVOUR_PX = 16
ACTION_PX = 16
BAND = 30
TEXT_W = INNER - 24
STRIP_H = 136
LOOKUP_TITLE_PX = 24
LOOKUP_TEXT_PX = 16


@dataclass(frozen=True)
class Shown:
    face: CardFace
    actions: list[tuple[str, RGB]]
    #: draw the row of actions (a hand card); a ``/card`` picture has none
    with_actions: bool = True


def _actions(view: PCView, lang: str) -> list[Shown]:
    shown = []
    for card in view.hand or []:
        acts: list[tuple[str, RGB]] = []
        if card.playable:
            acts.append((t(lang, "act_play"), PALETTE.info))
        for cat in card.places:
            acts.append((t(lang, "act_place", where=category_name(cat, lang)), CATEGORY_COLOUR[cat]))
        if card.discardable:
            acts.append((t(lang, "act_discard"), NEUTRAL))
        shown.append(Shown(view.cards[card.id], acts))
    return shown


def _forced(view: PCView, lang: str) -> list[Shown]:
    """Revealed die-3 cards when this seat resolves them: a card with a play effect must be played (PC-9)."""
    p = view.pending
    if p is None or p.kind != "forced" or p.seat != view.seat:
        return []
    out = []
    for card in view.revealed:
        face = view.cards[card]
        if face.effect is not None:
            acts = [(t(lang, "act_play"), PALETTE.info)]
        else:
            acts = [
                (t(lang, "act_place", where=category_name(c, lang)), CATEGORY_COLOUR[c])
                for c in face.categories
            ]
        out.append(Shown(face, acts))
    return out


def _status(view: PCView, lang: str, name: Namer) -> str:
    p = view.pending
    seat = view.seat or ""
    if view.finished:
        return t(lang, "over")
    if p is None:
        return (
            t(lang, "your_turn") if view.current == seat else t(lang, "wait", seat=name(view.current or ""))
        )
    if seat in p.seats:
        if p.kind == "chaos_discard":
            return t(lang, "your_discard")
        if p.kind == "forced":
            return t(lang, "your_forced")
        if p.kind in ("vote", "claim"):
            return t(lang, "you_answer", what=t(lang, "vote_word" if p.kind == "vote" else "claim_word"))
        return t(lang, "your_decision")
    return t(lang, "wait", seat=", ".join(name(s) for s in p.seats))


def _card_height(shown: Shown, lang: str, width: int = WIDTH) -> int:
    text_w = width - 2 * PAD - 24
    face = shown.face
    effect = face.effect.get(lang) if face.effect else t(lang, "no_effect")
    h = (
        BAND
        + 12
        + max(64, text_height(face.name.get(lang), NAME_PX, text_w - 76, bold=True, max_lines=2) + 26)
    )
    h += 8 + text_height(
        ("▶ " if face.effect else "") + effect, EFFECT_PX, text_w, bold=face.effect is not None
    )
    h += 6 + text_height(face.flavour.get(lang), FLAVOUR_PX, text_w, max_lines=3)
    if shown.with_actions:
        h += 12 + _action_rows(shown.actions, lang) * (badge_size("X", size=ACTION_PX)[1] + 6)
    return h + 8


def _action_rows(actions: list[tuple[str, RGB]], lang: str) -> int:
    if not actions:
        return 1
    rows, x = 1, 0
    for text, _ in actions:
        w = badge_size(text, size=ACTION_PX)[0] + 8
        if x + w > TEXT_W and x > 0:
            rows, x = rows + 1, 0
        x += w
    return rows


def draw_card(img: Image.Image, shown: Shown, lang: str, top: int, *, width: int = WIDTH) -> int:
    """One card, ``width`` wide with its margins (the hand's width, or the ``/card`` sheet's face)."""
    face = shown.face
    h = _card_height(shown, lang, width)
    text_w = width - 2 * PAD - 24
    left, right = PAD, width - PAD
    rounded_card(img, (left, top, right, top + h), radius=14)
    category_band(img, (left + 5, top + 5, right - 5, top + BAND), face.categories)
    cats = ("・" if lang == "ja" else " / ").join(category_name(c, lang) for c in face.categories)
    draw_text(
        img,
        (left + 12, top + 5, right - 12, top + BAND),
        cats,
        size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_dark,
        valign="middle",
        wrap=False,
    )
    y = top + BAND + 12
    radius = 30
    value_disc(img, (left + 12 + radius, y + radius), radius, face.value)
    name_x = left + 24 + 2 * radius
    nh = text_height(face.name.get(lang), NAME_PX, right - 12 - name_x, bold=True, max_lines=2)
    draw_text(
        img,
        (name_x, y, right - 12, y + nh),
        face.name.get(lang),
        size=NAME_PX,
        bold=True,
        fill=PALETTE.text_dark,
        max_lines=2,
    )
    draw_text(
        img,
        (name_x, y + nh + 2, right - 12, y + nh + 24),
        f"{value_kind(face.value, lang)} {value_label(face.value)}",
        size=TEXT_MIN,
        bold=True,
        fill=value_colour(face.value),
        wrap=False,
    )
    y += max(64, nh + 26) + 8
    effect = ("▶ " + face.effect.get(lang)) if face.effect else t(lang, "no_effect")
    eh = text_height(effect, EFFECT_PX, text_w, bold=face.effect is not None)
    draw_text(
        img,
        (left + 12, y, right - 12, y + eh),
        effect,
        size=EFFECT_PX,
        bold=face.effect is not None,
        fill=PALETTE.text_dark if face.effect else PALETTE.text_muted,
    )
    y += eh + 6
    fh = text_height(face.flavour.get(lang), FLAVOUR_PX, text_w, max_lines=3)
    draw_text(
        img,
        (left + 12, y, right - 12, y + fh),
        face.flavour.get(lang),
        size=FLAVOUR_PX,
        fill=PALETTE.text_muted,
        max_lines=3,
    )
    y += fh + 12
    if not shown.with_actions:
        return top + h
    x = left + 12
    bh = badge_size("X", size=ACTION_PX)[1]
    if not shown.actions:
        draw_text(
            img,
            (x, y, right - 12, y + bh),
            t(lang, "act_none"),
            size=ACTION_PX,
            fill=PALETTE.text_muted,
            valign="middle",
            wrap=False,
        )
    for text, colour in shown.actions:
        w = badge_size(text, size=ACTION_PX)[0]
        if x + w > right - 12 and x > left + 12:
            x, y = left + 12, y + bh + 6
        badge(img, (x, y), text, colour=colour, size=ACTION_PX)
        x += w + 8
    return top + h


@bounded_cache(maxsize=256, max_mb=16)
def _card_sprite(
    card: str, lang: str, actions: tuple[tuple[str, RGB], ...], with_actions: bool, width: int
) -> Image.Image:
    """A card drawn once on a transparent sprite (with room for its shadow), shared by every picture that
    shows it again: a hand is the same few cards turn after turn."""
    shown = Shown(face(card), list(actions), with_actions)
    sprite = Image.new("RGBA", (width, _card_height(shown, lang, width) + 2 * PAD), (0, 0, 0, 0))
    draw_card(sprite, shown, lang, PAD, width=width)
    return sprite


def place_card(img: Image.Image, shown: Shown, lang: str, top: int, *, width: int = WIDTH) -> int:
    """``draw_card`` from the sprite cache; returns the card's bottom."""
    sprite = _card_sprite(shown.face.id, lang, tuple(shown.actions), shown.with_actions, width)
    composite(img, sprite, (0, top - PAD))
    return top + sprite.height - 2 * PAD


def _strip(img: Image.Image, view: PCView, lang: str, top: int) -> int:
    """The board in brief: die, tokens, each workplace's value, and the goal's progress."""
    rounded_rect(
        img, (PAD, top, WIDTH - PAD, top + STRIP_H), 14, fill=PALETTE.panel, outline=PALETTE.panel_edge
    )
    draw_die(img, (PAD + 10, top + 10), 54, view.die)
    x = PAD + 72
    draw_text(
        img,
        (x, top + 8, x + 116, top + 30),
        t(lang, "tokens", n=view.tokens),
        size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    draw_tokens(img, (x, top + 34), view.tokens, diameter=22)
    x2 = x + 116  # room for "Resources 2/3"; each workplace then fits "Management" at 16 px
    slot_w = (WIDTH - PAD - 10 - x2 - 2 * 6) // 3
    for i, (cat, card) in enumerate(view.workplaces.items()):
        sx = x2 + i * (slot_w + 6)
        colour = CATEGORY_COLOUR[cat]
        rounded_rect(img, (sx, top + 10, sx + slot_w, top + 62), 8, fill=mix(colour, PALETTE.panel, 0.35))
        draw_text(
            img,
            (sx + 2, top + 12, sx + slot_w - 2, top + 34),
            category_name(cat, lang),
            max_size=16,
            min_size=TEXT_MIN,
            bold=True,
            fill=PALETTE.text_dark,
            align="center",
            wrap=False,
        )
        value = "—" if card is None else value_label(view.cards[card].value)
        draw_text(
            img,
            (sx + 2, top + 34, sx + slot_w - 2, top + 60),
            value,
            size=20,
            bold=True,
            fill=PALETTE.text_dark
            if card is None
            else mix(value_colour(view.cards[card].value), PALETTE.shadow, 0.2),
            align="center",
            valign="middle",
            wrap=False,
        )
    y = top + 76
    draw_text(
        img,
        (PAD + 12, y, WIDTH - PAD - 12, y + 22),
        view.goal.name.get(lang),
        size=TEXT_MIN,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    x = PAD + 12
    for text, colour, done in progress_chips(view.goal, lang):
        w, _ = badge_size(text, size=TEXT_MIN)
        if x + w > WIDTH - PAD - 12:
            break
        badge(
            img, (x, y + 24), text, colour=colour if done else mix(colour, PALETTE.panel, 0.55), size=TEXT_MIN
        )
        x += w + 6
    return top + STRIP_H


def draw_hand(view: PCView, lang: str, names: dict[str, str] | None = None) -> Image.Image:
    name = namer(names)
    cards = _actions(view, lang)
    forced = _forced(view, lang)
    gap = 12
    height = HEADER_H + STRIP_H + gap
    height += sum(_card_height(c, lang) + gap for c in cards)
    if forced:
        height += 30 + sum(_card_height(c, lang) + gap for c in forced)
    height += 8
    img = new_canvas(WIDTH, height)
    header(
        img, view, lang, _status(view, lang, name), title=t(lang, "hand_title", seat=name(view.seat or ""))
    )
    y = _strip(img, view, lang, HEADER_H) + gap
    if forced:
        draw_text(
            img,
            (PAD + 4, y, WIDTH - PAD, y + 24),
            t(lang, "revealed"),
            max_size=18,
            min_size=TEXT_MIN,
            bold=True,
            fill=PALETTE.danger,
            wrap=False,
        )
        y += 30
        for c in forced:
            y = place_card(img, c, lang, y) + gap
    for c in cards:
        y = place_card(img, c, lang, y) + gap
    return img


def draw_lookup(card: str, lang: str) -> Image.Image:
    """One card as printed, for ``/card``: on the shared card sheet (its name above, phone-sized), the face
    drawn as in the hand, and the name in the other language below for a table that mixes both."""
    shown = Shown(face(card), [], with_actions=False)
    width = SHEET_WIDTH - 2 * SHEET_PAD
    sprite = Image.new("RGBA", (width, _card_height(shown, lang, width) + 2 * PAD), (0, 0, 0, 0))
    draw_card(sprite, shown, lang, PAD, width=width)
    other = "ja" if lang == "en" else "en"
    return card_sheet(
        sprite,
        [
            Paragraph(shown.face.name.get(lang), LOOKUP_TITLE_PX, bold=True, align="center"),
            Paragraph(t(lang, "other_name", name=shown.face.name.get(other)), LOOKUP_TEXT_PX, align="center"),
        ],
    )
