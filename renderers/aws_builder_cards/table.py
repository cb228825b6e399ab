"""The public picture: the console mat, the architecture of the turn (or of the last turn) with every combo
in words, the pending decision and revealed missions, and every player's points and card counts. Drawn from
the public view, so it cannot show a hidden card."""

from __future__ import annotations

from PIL import Image

from engines.aws_builder_cards.models import ABView
from renderers.common import PALETTE, draw_text, layout_text, new_canvas

from .architecture import architecture_block, architecture_height
from .card import INK
from .console import console_block, console_height
from .frame import BODY_PX, PAD, WIDTH, Names, header, who
from .missions import needs_text
from .players import players_block, players_height
from .words import t


def status_lines(view: ABView, lang: str, names: Names = None) -> list[str]:
    """The pending decision (who must answer), then each revealed mission with the cards it needs (AB-11)."""
    lines: list[str] = []
    if view.pending is not None and view.pending.kind == "vote":
        lines.append(t(lang, "vote", seats=", ".join(who(s, names) for s in view.pending.waiting)))
    elif view.pending is not None:
        lines.append(t(lang, "cdk_wait", seat=who(view.pending.seat, names)))
    for m in view.missions_revealed:
        lines.append(t(lang, "mission_needs", name=m.name.get(lang), needs=needs_text(view, m, lang)))
    return lines


def _status_height(lines: list[str]) -> int:
    return sum(
        layout_text((0, 0, WIDTH - 2 * PAD, 10_000), line, size=BODY_PX)[0].box[3] + 6 for line in lines
    )


def status_block(img: Image.Image, view: ABView, lang: str, top: int, names: Names = None) -> int:
    for line in status_lines(view, lang, names):
        block = draw_text(
            img, (PAD, top, WIDTH - PAD, top + 10_000), line, size=BODY_PX, fill=PALETTE.highlight
        )
        top = block.box[3] + 6
    return top + 4


def draw_table(
    view: ABView, lang: str, names: Names = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    turn = view.turn
    last = False
    if not turn.deployed and not turn.acquired and not turn.retired and view.last_turn is not None:
        turn, last = view.last_turn, True
    status = status_lines(view, lang, names)
    # Every block's height is known (or bounded) before drawing: the canvas is cut to what was drawn.
    bound = (
        120
        + console_height(view, lang)
        + architecture_height(view, turn, lang)
        + _status_height(status)
        + players_height(view)
        + 40
    )
    img = new_canvas(WIDTH, bound, background=INK, vignette=False, mode="RGB")
    y = header(img, view, lang, t(lang, "title"), names)
    y = console_block(img, view, lang, y)
    y = architecture_block(img, view, turn, lang, y, last, names)
    y = status_block(img, view, lang, y, names) if status else y
    y = players_block(img, view, lang, y, names, ai_seats)
    return img.crop((0, 0, WIDTH, y + 4))


__all__ = ["draw_table", "status_lines"]
