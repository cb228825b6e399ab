"""The public picture: the console mat, the architecture of the turn (or of the last turn) with lines
joining the combo pairs, and every player's score zone and card counts. Drawn from the public view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engines.aws_builder_cards.models import ABView, CardFace, TurnView
from renderers.aws_builder_cards.card import INK, MAT, MAT_EDGE, ORANGE, draw_card, draw_deck, short
from renderers.aws_builder_cards.labels import gives, t
from renderers.aws_builder_cards.missions import needs_text
from renderers.common import (
    PALETTE,
    badge,
    badge_size,
    draw_text,
    new_canvas,
    rounded_rect,
    seat_panel,
)

WIDTH = 1320
PAD = 24
LINE_COLOURS = {"credits": ORANGE, "draw": (66, 146, 214), "adopt": (46, 180, 110)}


def key_of(card: str) -> str:
    return card.split("#")[0]


def face_of(view: ABView, card: str) -> CardFace:
    return view.cards[key_of(card)]


Names = Mapping[str, str] | None


def who(seat: str, names: Names) -> str:
    """A seat as the players know it: their display name when the bot passed the names."""
    return (names or {}).get(seat) or seat


def header(img: Image.Image, view: ABView, lang: str, title: str, names: Names = None) -> int:
    draw_text(
        img, (PAD, 16, WIDTH // 2, 60), title, max_size=32, min_size=18, bold=True, fill=ORANGE, wrap=False
    )
    items: list[tuple[str, tuple[int, int, int]]] = []
    if view.finished:
        items.append((t("phase_over", lang), PALETTE.danger))
    else:
        items.append((t("turn_of", lang, seat=who(view.current, names)), PALETTE.highlight))
        items.append((t(f"phase_{view.phase}", lang), PALETTE.info))
        if view.ending:
            items.append((t("last_round", lang), PALETTE.danger))
    x = WIDTH - PAD
    for text, colour in reversed(items):
        w, _ = badge_size(text, size=18)
        x -= w
        badge(img, (x, 20), text, colour=colour, size=18)
        x -= 10
    return 70


def panel(img: Image.Image, box: tuple[int, int, int, int], title: str | None = None) -> None:
    rounded_rect(img, box, 18, fill=MAT, outline=MAT_EDGE, width=2)
    if title:
        draw_text(
            img,
            (box[0] + 18, box[1] + 8, box[2] - 18, box[1] + 38),
            title,
            max_size=20,
            min_size=12,
            bold=True,
            fill=PALETTE.text_light,
            wrap=False,
        )


def console_block(img: Image.Image, view: ABView, lang: str, top: int) -> int:
    c = view.console
    height = 330
    panel(img, (PAD, top, WIDTH - PAD, top + height), t("console", lang))
    cw, ch = 150, 212
    dw = 112
    y = top + 66
    x = PAD + 20
    label_y = top + 40
    draw_deck(img, (x, y + 20, x + dw, y + 20 + 160), t("free_deck", lang), c.free_deck, paid=False)
    x += dw + 22
    draw_text(
        img,
        (x, label_y, x + 4 * cw + 3 * 14, label_y + 22),
        t("free_slots", lang),
        max_size=16,
        min_size=10,
        fill=PALETTE.text_muted_light,
        bold=True,
        wrap=False,
    )
    for slot in c.free_slots:
        box = (x, y, x + cw, y + ch)
        if slot is None:
            rounded_rect(img, box, 12, outline=MAT_EDGE, width=2)
            draw_text(
                img,
                box,
                t("empty", lang),
                max_size=18,
                fill=PALETTE.text_muted_light,
                align="center",
                valign="middle",
            )
        else:
            draw_card(img, box, view.cards[slot.key], lang, count=slot.count)
        x += cw + 14
    x += 10
    draw_text(
        img,
        (x, label_y, x + cw, label_y + 22),
        t("paid_slot", lang),
        max_size=16,
        min_size=10,
        fill=ORANGE,
        bold=True,
        wrap=False,
    )
    if c.paid_slot is None:
        rounded_rect(img, (x, y, x + cw, y + ch), 12, outline=ORANGE, width=2)
    else:
        draw_card(
            img,
            (x, y, x + cw, y + ch),
            view.cards[c.paid_slot.key],
            lang,
            count=c.paid_slot.count,
            highlight=ORANGE,
        )
    x += cw + 18
    draw_deck(img, (x, y + 20, x + dw, y + 20 + 160), t("paid_deck", lang), c.paid_deck, paid=True)
    x += dw + 22
    # The W-A pile: the top card and how many of each value remain.
    right = WIDTH - PAD - 18
    draw_text(
        img,
        (x, label_y, right, label_y + 22),
        t("wa_pile", lang),
        max_size=16,
        min_size=10,
        fill=PALETTE.highlight,
        bold=True,
        wrap=False,
    )
    wa_w = min(cw, right - x)
    if c.wa_top is not None:
        draw_card(img, (x, y, x + wa_w, y + ch - 40), face_of(view, c.wa_top), lang, count=len(c.wa_pile))
    else:
        rounded_rect(img, (x, y, x + wa_w, y + ch - 40), 12, outline=MAT_EDGE, width=2)
    ly = y + ch - 32
    lines = [
        t("wa_left", lang, pts=pts, n=n, cost=c.wa_costs.get(pts, "-"))
        for pts, n in sorted(c.wa_remaining.items())
    ] or [t("wa_empty", lang)]
    for line in lines:
        draw_text(
            img,
            (x - 20, ly, right + 10, ly + 24),
            line,
            max_size=16,
            min_size=10,
            fill=PALETTE.text_light,
            wrap=False,
            align="center",
        )
        ly += 24
    return top + height + 16


def _levels(lines: list[dict[str, Any]]) -> list[int]:
    """Arc heights: an arc sits above every arc it spans, so nested pairs never cross their labels."""
    spans = [(min(ln["at"], *ln["partners_at"]), max(ln["at"], *ln["partners_at"])) for ln in lines]
    levels: list[int] = []
    for i, (a, b) in enumerate(spans):
        inside = [levels[j] for j in range(i) if spans[j][0] >= a and spans[j][1] <= b and spans[j] != (a, b)]
        overlapping = [levels[j] for j in range(i) if not (spans[j][1] < a or spans[j][0] > b)]
        level = max([*inside, -1]) + 1
        while level in overlapping:
            level += 1
        levels.append(level)
    return levels


def colour_of(line: dict[str, Any]) -> tuple[int, int, int]:
    if line["credits"]:
        return LINE_COLOURS["credits"]
    if line["draw"]:
        return LINE_COLOURS["draw"]
    return LINE_COLOURS["adopt"]


def architecture_block(
    img: Image.Image, view: ABView, turn: TurnView, lang: str, top: int, last: bool, names: Names = None
) -> int:
    pairs = sorted(
        (ln for ln in turn.lines if ln["kind"] == "with"),
        key=lambda ln: max(ln["partners_at"] + [ln["at"]]) - min(ln["partners_at"] + [ln["at"]]),
    )
    levels = _levels(pairs)
    arc_room = 34 + 30 * (max(levels) + 1 if levels else 0)
    n = len(turn.deployed)
    cw = 132 if n <= 8 else max(84, (WIDTH - 2 * PAD - 40 - (n - 1) * 10) // n)
    ch = round(cw * 1.4)
    notes_h = 50
    acq_h = 196 if turn.acquired else 0
    height = 56 + arc_room + ch + notes_h + acq_h + (34 if turn.retired else 0) + 20
    if not turn.deployed:
        height = 56 + 70 + acq_h + (34 if turn.retired else 0) + 10
    title_key = "last_architecture" if last else "architecture"
    panel(img, (PAD, top, WIDTH - PAD, top + height), t(title_key, lang, seat=who(turn.seat, names)))
    # Totals as chips on the title line.
    chips = [
        (t("credits_left", lang, left=turn.credits_left, n=turn.credits), ORANGE),
        (t("draws", lang, n=turn.draws), LINE_COLOURS["draw"]),
        (t("adoptions", lang, n=turn.adoptions), LINE_COLOURS["adopt"]),
        (t("acquisitions", lang, used=len(turn.acquired), n=turn.acquisitions), PALETTE.neutral),
    ]
    x = WIDTH - PAD - 16
    for text, colour in reversed(chips):
        w, _ = badge_size(text, size=16)
        x -= w
        badge(img, (x, top + 10), text, colour=colour, size=16)
        x -= 8
    y = top + 50
    if turn.wa_costs:
        costs = "/".join(str(turn.wa_costs[k]) for k in sorted(turn.wa_costs))
        draw_text(
            img,
            (PAD + 18, y, WIDTH // 2, y + 22),
            t("wa_cost_now", lang, costs=costs),
            max_size=15,
            min_size=10,
            fill=PALETTE.highlight,
            wrap=False,
        )
    if not turn.deployed:
        draw_text(
            img,
            (PAD + 18, y + 10, WIDTH - PAD - 18, y + 60),
            t("nothing_deployed", lang),
            max_size=20,
            fill=PALETTE.text_muted_light,
            valign="middle",
        )
        y += 70
    else:
        total_w = n * cw + (n - 1) * 10
        x0 = (WIDTH - total_w) // 2
        row_top = y + arc_room
        centres = [x0 + i * (cw + 10) + cw // 2 for i in range(n)]
        draw = ImageDraw.Draw(img)
        labels: list[tuple[int, int, str, tuple[int, int, int]]] = []
        # A card in several pairs gets one riser per pair, side by side, so the lines stay apart.
        touching: dict[int, list[int]] = {}
        for k, ln in enumerate(pairs):
            for end in [ln["at"], *ln["partners_at"]]:
                touching.setdefault(end, []).append(k)
        for k, (ln, level) in enumerate(zip(pairs, levels, strict=True)):
            colour = colour_of(ln)
            peak = row_top - 22 - level * 30
            ends = [ln["at"], *ln["partners_at"]]
            xs = []
            for end in ends:
                users = touching[end]
                x = centres[end] + round((users.index(k) - (len(users) - 1) / 2) * min(14, cw // 8))
                xs.append(x)
                draw.line((x, row_top + 4, x, peak), fill=colour, width=4)
            draw.line((min(xs), peak, max(xs), peak), fill=colour, width=4)
            labels.append(
                (
                    (min(xs) + max(xs)) // 2,
                    peak,
                    gives(ln["credits"], ln["draw"], ln["adopt"], lang),
                    colour,
                )
            )
        for i, card in enumerate(turn.deployed):
            box = (x0 + i * (cw + 10), row_top, x0 + i * (cw + 10) + cw, row_top + ch)
            draw_card(img, box, face_of(view, card), lang, combo=cw >= 110, dim=card in turn.declined)
        for cx, peak, text, colour in labels:
            w, h = badge_size(text, size=15)
            badge(img, (cx - w // 2, peak - h // 2), text, colour=colour, size=15)
        # Under each card: what its "for each", stacking and own effects produced.
        notes: dict[int, list[tuple[str, tuple[int, int, int]]]] = {}
        for ln in turn.lines:
            if ln["kind"] == "with":
                continue
            kind = {"per": t("per", lang), "stack": t("stack", lang), "effect": t("own", lang)}[ln["kind"]]
            count = len(ln["partners"]) + (1 if ln["kind"] == "stack" else 0)
            times = f" ×{count}" if ln["kind"] != "effect" else ""
            text = f"{kind}{times}: {gives(ln['credits'], ln['draw'], ln['adopt'], lang)}"
            notes.setdefault(ln["at"], []).append((text, colour_of(ln)))
        for at, items in notes.items():
            ny = row_top + ch + 6
            for text, colour in items[:2]:
                draw_text(
                    img,
                    (centres[at] - cw // 2 - 4, ny, centres[at] + cw // 2 + 4, ny + 20),
                    text,
                    max_size=14,
                    min_size=9,
                    fill=colour,
                    bold=True,
                    align="center",
                    wrap=False,
                )
                ny += 20
        if not turn.unlocked:
            draw_text(
                img,
                (PAD + 18, row_top + ch + 6, WIDTH - PAD - 18, row_top + ch + 30),
                t("not_unlocked", lang),
                max_size=15,
                min_size=10,
                fill=PALETTE.text_muted_light,
                align="center",
                wrap=False,
            )
        y = row_top + ch + notes_h
    if turn.retired:
        name = face_of(view, turn.retired).name.get(lang)
        draw_text(
            img,
            (PAD + 18, y, WIDTH - PAD - 18, y + 28),
            t("retired", lang, card=name),
            max_size=16,
            min_size=10,
            fill=PALETTE.warning,
            wrap=False,
        )
        y += 34
    if turn.acquired:
        draw_text(
            img,
            (PAD + 18, y, WIDTH // 2, y + 24),
            t("acquired", lang),
            max_size=17,
            min_size=10,
            bold=True,
            fill=PALETTE.text_light,
            wrap=False,
        )
        x = PAD + 18
        aw, ah = 116, 162
        for a in turn.acquired:
            box = (x, y + 26, x + aw, y + 26 + ah)
            draw_card(img, box, face_of(view, a.card), lang, combo=False)
            src = t(f"src_{a.source}", lang, cost=a.cost)
            draw_text(
                img,
                (x + aw + 8, y + 26, x + aw + 150, y + 26 + ah),
                src,
                max_size=18,
                min_size=11,
                fill=PALETTE.text_muted_light,
                valign="middle",
            )
            x += aw + 160
    return top + height + 16


def players_block(
    img: Image.Image,
    view: ABView,
    lang: str,
    top: int,
    names: Names = None,
    ai_seats: frozenset[str] = frozenset(),
) -> int:
    n = len(view.table)
    cols = 2
    gap = 14
    w = (WIDTH - 2 * PAD - (cols - 1) * gap) // cols
    h = 130
    rows = (n + cols - 1) // cols
    for i, p in enumerate(view.table):
        r, c = divmod(i, cols)
        x = PAD + c * (w + gap)
        y = top + r * (h + gap)
        wa = [face_of(view, card).points for card in p.score_cards if not card.startswith("mission-")]
        lines = [
            t("p_wa", lang, n=sum(wa), m=len(p.missions_solved)),
            t("p_counts", lang, d=p.deck, h=p.hand, x=p.discard),
            t("p_builders", lang, b=p.builder_cards, r=len(p.retired)),
        ]
        active = p.seat == view.current and not view.finished
        seat_panel(
            img,
            (x, y, x + w, y + h),
            name=who(p.seat, names),
            colour=PALETTE.seat(view.players.index(p.seat)),
            lines=lines,
            active=active,
            robot=p.seat in ai_seats,
            mark=t("pt_one" if p.points == 1 else "pts", lang, n=p.points),
        )
    return top + rows * (h + gap) + 4


def status_lines(view: ABView, lang: str, names: Names = None) -> list[str]:
    """The pending decision (who must answer), then each revealed mission with the cards it needs (AB-11)."""
    lines: list[str] = []
    if view.pending is not None and view.pending.kind == "vote":
        lines.append(t("vote", lang, seats=", ".join(who(s, names) for s in view.pending.waiting)))
    elif view.pending is not None:
        lines.append(t("cdk_wait", lang, seat=who(view.pending.seat, names)))
    for m in view.missions_revealed:
        lines.append(t("mission_needs", lang, name=m.name.get(lang), needs=needs_text(view, m, lang)))
    return lines


def status_block(img: Image.Image, view: ABView, lang: str, top: int, names: Names = None) -> int:
    for line in status_lines(view, lang, names):
        block = draw_text(
            img,
            (PAD, top, WIDTH - PAD, top + 56),
            line,
            max_size=18,
            min_size=11,
            fill=PALETTE.highlight,
            max_lines=2,
        )
        top = block.box[3] + 8
    return top


def draw_table(
    view: ABView, lang: str, names: Names = None, ai_seats: frozenset[str] = frozenset()
) -> Image.Image:
    turn = view.turn
    last = False
    if not turn.deployed and not turn.acquired and not turn.retired and view.last_turn is not None:
        turn, last = view.last_turn, True
    img = new_canvas(WIDTH, 2400, background=INK, vignette=False)
    y = header(img, view, lang, t("title", lang), names)
    y = console_block(img, view, lang, y)
    y = architecture_block(img, view, turn, lang, y, last, names)
    y = status_block(img, view, lang, y, names)
    y = players_block(img, view, lang, y, names, ai_seats)
    return img.crop((0, 0, WIDTH, y + 10))


__all__ = ["Names", "draw_table", "short", "who"]
