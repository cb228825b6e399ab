"""The public picture: the marketplace (five face-up cards, one per row), the W-A pile with what is left of
each value, the revealed hand of the turn with the two credit pools, and every player's score and piles.
Drawn from the public view only, so it cannot show a hidden card."""

from __future__ import annotations

from PIL import Image

from engines.aws_deckbuilding.views import ADView
from renderers.common import PALETTE, new_canvas, rounded_rect

from .parts import (
    BLACK,
    INK,
    MIN_PX,
    ORANGE,
    PAD,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    Names,
    chip,
    chip_width,
    coin,
    face_of,
    header,
    hex_rgb,
    player_rows,
    section,
    text,
    who,
)
from .tile import draw_tile, statuses_of, tile_height
from .words import t

GREEN_EDGE = (46, 190, 110)


def draw_table(view: ADView, lang: str, names: Names, ai_seats: frozenset[str]) -> Image.Image:
    # A bound on the height (cropped after): five tiles, the pile, a chip row per revealed card, players.
    revealed = len(view.turn.revealed) if view.turn is not None else 0
    img = new_canvas(
        WIDTH,
        1000 + 5 * 200 + 48 * revealed + 140 * len(view.table),
        background=INK,
        vignette=False,
        mode="RGB",
    )
    y = header(img, view, lang, names)
    y = marketplace(img, y, view, lang)
    y = wa_pile(img, y + 6, view, lang)
    if view.turn is not None and not view.finished:
        y = turn_strip(img, y + 6, view, lang, names)
    y = section(img, y + 10, t(lang, "players"))
    y = player_rows(img, y, view, lang, names, ai_seats)
    y = last_turn(img, y, view, lang, names)
    return img.crop((0, 0, WIDTH, y + PAD))


def marketplace(img: Image.Image, y: int, view: ADView, lang: str) -> int:
    y = section(img, y, t(lang, "marketplace"), t(lang, "deck_left", n=view.market.deck))
    d = view.decision
    pickable = set(d.cards) if d is not None and d.kind in ("draft", "buy") else set()
    for card in view.market.slots:
        if card is None:
            rounded_rect(img, (PAD, y, WIDTH - PAD, y + 60), 14, outline=PANEL_EDGE, width=2)
            text(
                img,
                (PAD, y, WIDTH - PAD, y + 60),
                t(lang, "empty_slot"),
                MIN_PX,
                fill=PALETTE.text_muted_light,
                align="center",
                valign="middle",
            )
            y += 72
            continue
        face = face_of(view, card)
        h = tile_height(face)
        tag = None
        outline = None
        dim = False
        if card in pickable:
            tag = (
                t(lang, "tag_pickable" if d is not None and d.kind == "draft" else "tag_buyable"),
                (24, 120, 70),
            )
            outline = GREEN_EDGE
        elif view.phase == "draft" and face.currency == "awsome":
            tag = (t(lang, "tag_not_draftable"), (110, 112, 120))
            dim = True
        draw_tile(img, (PAD, y, WIDTH - PAD, y + h), face, lang, tag=tag, outline=outline, dim=dim)
        y += h + 14
    return y


def wa_pile(img: Image.Image, y: int, view: ADView, lang: str) -> int:
    """The pile is face up (AD-7): its top card and how many cards of each value are left, with costs."""
    m = view.market
    rows = sorted(m.wa_left.items(), key=lambda kv: int(kv[0]))
    height = 56 + max(1, len(rows)) * 30 + 16
    d = view.decision
    buyable = d is not None and d.kind == "buy" and m.wa_top is not None and m.wa_top in d.cards
    if buyable:
        rounded_rect(img, (PAD - 4, y - 4, WIDTH - PAD + 4, y + height + 4), 20, fill=GREEN_EDGE)
    rounded_rect(img, (PAD, y, WIDTH - PAD, y + height), 16, fill=PANEL, outline=PANEL_EDGE, width=2)
    if buyable:
        words = t(lang, "tag_buyable")
        chip(img, (WIDTH - PAD - 12 - chip_width(words), y + 10), words, (24, 120, 70))
    text(
        img,
        (PAD + 16, y + 10, WIDTH - PAD - 16, y + 42),
        t(lang, "wa_pile"),
        22,
        fill=ORANGE,
        bold=True,
        wrap=False,
    )
    top = y + 52
    if m.wa_top is None:
        text(img, (PAD + 16, top, WIDTH - PAD, top + 28), t(lang, "wa_empty"), MIN_PX, fill=(255, 255, 255))
        return y + height + 8
    face = face_of(view, m.wa_top)
    # The top card: a small orange card with its cost coin and points.
    cx = PAD + 16
    card_h = max(1, len(rows)) * 30 + 4
    rounded_rect(
        img, (cx, top - 4, cx + 150, top + card_h), 10, fill=(255, 244, 222), outline=ORANGE, width=3
    )
    coin(
        img,
        (cx + 8, top + (card_h - 4 - 44) // 2, cx + 52, top + (card_h - 4 - 44) // 2 + 44),
        str(face.cost),
        "awsome",
    )
    text(
        img,
        (cx + 58, top - 4, cx + 146, top + card_h),
        t(lang, "wa_card", pts=face.points),
        22,
        fill=BLACK,
        bold=True,
        valign="middle",
        wrap=False,
    )
    ty = top
    for pts, n in rows:  # 1-point cards lie on top
        cost = m.wa_cost.get(pts, 0)
        text(
            img,
            (cx + 170, ty, WIDTH - PAD - 12, ty + 28),
            t(lang, "wa_left", pts=pts, n=n, cost=cost),
            20,
            fill=(255, 255, 255),
            wrap=False,
        )
        ty += 30
    return y + height + 8


def turn_strip(img: Image.Image, y: int, view: ADView, lang: str, names: Names) -> int:
    """The revealed hand of the turn as chips in category colours (effects that fired ticked), and the
    two pools; the full architecture is in the hand picture."""
    turn = view.turn
    assert turn is not None
    y = section(img, y, t(lang, "turn_title", seat=who(turn.seat, names)))
    x = PAD
    for card in turn.revealed:
        face = face_of(view, card)
        fired = any(s == "applied" for s in statuses_of(turn.effects, card).values())
        words = ("✓ " if fired else "") + face.short.get(lang)
        w = chip_width(words)
        if x + w > WIDTH - PAD:
            x = PAD
            y += 40
        chip(img, (x, y), words, hex_rgb(face.colour))
        x += w + 8
    y += 44
    pools = t(
        lang,
        "pools",
        tco=turn.tco.earned,
        tl=turn.tco.left,
        aw=turn.awsome.earned,
        al=turn.awsome.left,
        bl=turn.buys_left,
        b=turn.buys,
    )
    y = (
        text(img, (PAD, y, WIDTH - PAD, y + 60), pools, 20, fill=PALETTE.highlight, bold=True, max_lines=2)
        + 6
    )
    if turn.gave_up and view.phase == "play":
        y = (
            text(
                img,
                (PAD, y, WIDTH - PAD, y + 56),
                t(lang, "nothing_affordable"),
                MIN_PX,
                fill=PALETTE.text_muted_light,
                max_lines=2,
            )
            + 6
        )
    return y


def last_turn(img: Image.Image, y: int, view: ADView, lang: str, names: Names) -> int:
    last = view.last_turn
    if last is None:
        return y
    parts = [t(lang, "last_turn", seat=who(last.seat, names))]
    bought = [face_of(view, k).short.get(lang) for k in last.bought]
    parts.append(t(lang, "bought_list", cards=", ".join(bought)) if bought else t(lang, "bought_nothing"))
    if last.retired:
        parts.append(t(lang, "retired_card", card=face_of(view, last.retired).name.get(lang)))
    words = " · ".join(parts)
    return text(img, (PAD, y, WIDTH - PAD, y + 84), words, MIN_PX, fill=PALETTE.text_muted_light, max_lines=3)
