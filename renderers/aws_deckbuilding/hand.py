"""A seat's hand. On the seat's own turn (or for the public view, the player to move): the revealed
architecture, every card with its effects shaded by what happened to them (applied, offered, declined,
unmet), drawn cards tagged, and the two credit pools totalled. Otherwise: the private hand with the
effects that would fire if it were revealed now; during the draft, the cards drafted so far."""

from __future__ import annotations

from PIL import Image

from engines.aws_deckbuilding.views import ADView, EffectStatus
from renderers.common import PALETTE, new_canvas, rounded_rect

from .parts import (
    BLACK,
    GOLD,
    INK,
    MIN_PX,
    ORANGE,
    PAD,
    PANEL_EDGE,
    WIDTH,
    Names,
    face_of,
    header,
    section,
    text,
    who,
)
from .tile import draw_tile, statuses_of, tile_height
from .words import t


def draw_hand(view: ADView, lang: str, names: Names) -> Image.Image:
    # A bound on the height (cropped after): every tile this picture may show, and the owned cards' line.
    d = view.decision
    tiles = (
        len(view.hand or [])
        + (len(view.turn.revealed) if view.turn is not None else 0)
        + (len(d.cards) if d is not None else 0)
        + max((len(p.drafted) for p in view.table), default=0)
    )
    img = new_canvas(WIDTH, 1200 + 200 * tiles, background=INK, vignette=False, mode="RGB")
    y = header(img, view, lang, names)
    turn = view.turn
    own_turn = turn is not None and (view.seat is None or view.seat == turn.seat) and view.phase != "draft"
    if own_turn:
        assert turn is not None
        y = section(img, y, t(lang, "architecture", seat=who(turn.seat, names)))
        y = pools(img, y, view, lang)
        y = cards(img, y, view, lang, turn.revealed, turn.effects, drawn=set(turn.drawn))
        d = view.decision
        if d is not None and d.kind == "retire" and d.aws is not None and d.onprem is not None:
            y = (
                text(
                    img,
                    (PAD, y, WIDTH - PAD, y + 60),
                    t(lang, "retire_hint", aws=d.aws, onprem=d.onprem),
                    20,
                    fill=PALETTE.highlight,
                    bold=True,
                    max_lines=2,
                )
                + 10
            )
    elif view.phase == "draft":
        d = view.decision
        if d is not None and d.kind == "draft" and view.seat in d.seats and d.cards:
            # Its own pick: the free cards right here, so a phone need not scroll back to the table.
            y = section(img, y, t(lang, "pick_free"))
            y = offers(img, y, view, lang, d.cards)
        y = section(img, y, t(lang, "your_picks"))
        picks = next((p.drafted for p in view.table if p.seat == view.seat), [])
        y = cards(img, y, view, lang, picks, [])
        y = (
            text(
                img,
                (PAD, y, WIDTH - PAD, y + 56),
                t(lang, "hand_after_draft"),
                MIN_PX,
                fill=PALETTE.text_muted_light,
                max_lines=2,
            )
            + 10
        )
    else:
        y = section(img, y, t(lang, "your_hand", seat=who(view.seat, names)))
        hand = view.hand or []
        if not hand:
            y = (
                text(
                    img,
                    (PAD, y, WIDTH - PAD, y + 30),
                    t(lang, "empty_hand"),
                    MIN_PX,
                    fill=PALETTE.text_muted_light,
                )
                + 10
            )
        y = cards(img, y, view, lang, hand, view.hand_preview or [], preview=True)
    y = owned(img, y, view, lang)
    return img.crop((0, 0, WIDTH, y + PAD))


def pools(img: Image.Image, y: int, view: ADView, lang: str) -> int:
    """TCO (black), AWSome (orange) and buys: earned in large type, what is left beside it."""
    turn = view.turn
    assert turn is not None
    boxes = [
        (t(lang, "pool_tco"), turn.tco.earned, turn.tco.left, BLACK, (255, 255, 255)),
        (t(lang, "pool_awsome"), turn.awsome.earned, turn.awsome.left, ORANGE, BLACK),
        (t(lang, "pool_buys"), turn.buys, turn.buys_left, GOLD, BLACK),
    ]
    gap = 12
    w = (WIDTH - 2 * PAD - 2 * gap) // 3
    for i, (label, total, left, fill, ink) in enumerate(boxes):
        x = PAD + i * (w + gap)
        rounded_rect(img, (x, y, x + w, y + 84), 14, fill=fill, outline=PANEL_EDGE, width=2)
        text(img, (x + 12, y + 6, x + w - 10, y + 30), label, 20, fill=ink, bold=True, wrap=False)
        text(img, (x + 12, y + 30, x + w // 2, y + 78), str(total), 40, fill=ink, bold=True, wrap=False)
        text(
            img,
            (x + w // 2 - 20, y + 46, x + w - 10, y + 72),
            t(lang, "pool_left", n=left),
            MIN_PX,
            fill=ink,
            align="right",
            wrap=False,
        )
    return y + 84 + 14


def cards(
    img: Image.Image,
    y: int,
    view: ADView,
    lang: str,
    ids: list[str],
    effects: list[EffectStatus],
    *,
    drawn: set[str] | None = None,
    preview: bool = False,
) -> int:
    for card in ids:
        face = face_of(view, card)
        h = tile_height(face)
        status = statuses_of(effects, card, preview=preview)
        fired = any(s == "applied" for s in status.values())
        tag = (t(lang, "drawn"), (66, 146, 214)) if drawn and card in drawn else None
        draw_tile(
            img,
            (PAD, y, WIDTH - PAD, y + h),
            face,
            lang,
            statuses=status,
            tag=tag,
            outline=PALETTE.highlight if fired or (preview and "would" in status.values()) else None,
        )
        y += h + 14
    return y


PICK = (24, 120, 70)  # the marketplace's "free pick" tag


def offers(img: Image.Image, y: int, view: ADView, lang: str, ids: list[str]) -> int:
    """Face-up cards the seat may take now, tagged as in the marketplace."""
    tag = (t(lang, "tag_pickable"), PICK)
    for card in ids:
        face = face_of(view, card)
        h = tile_height(face)
        draw_tile(img, (PAD, y, WIDTH - PAD, y + h), face, lang, tag=tag)
        y += h + 14
    return y


def owned(img: Image.Image, y: int, view: ADView, lang: str) -> int:
    """The seat's own cards by kind (it knows what it owns, not the order of its deck)."""
    if not view.owned:
        return y
    faces = {k: face_of(view, k) for k in view.owned}
    onprem = sum(n for k, n in view.owned.items() if faces[k].kind == "onprem")
    services = sorted(
        ((k, n) for k, n in view.owned.items() if faces[k].kind == "service"),
        key=lambda kn: faces[kn[0]].short.get(lang),
    )
    words = [t(lang, "onprem_short", n=onprem)] if onprem else []
    words += [f"{faces[k].short.get(lang)} ×{n}" for k, n in services]
    body = " · ".join(words)
    y = section(img, y + 10, t(lang, "your_cards"))
    bottom = text(img, (PAD + 4, y, WIDTH - PAD, y + 400), body, MIN_PX, fill=PALETTE.text_muted_light)
    return bottom + 8
