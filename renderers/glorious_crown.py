"""Glorious Crown pictures: the table (public view), a seat's hand and the final standings.

Drawn at 960 px wide with large type so the picture stays readable when Discord shrinks it on a phone.
The table is drawn from the public view only, so it cannot show a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image

from engines.glorious_crown.cards import CARDS
from renderers.common import (
    PALETTE,
    Suit,
    badge,
    badge_size,
    draw_text,
    hstack,
    initials_of,
    new_canvas,
    playing_card,
    rounded_rect,
    seat_panel,
    to_png,
)
from renderers.common.labels import Labels

WIDTH = 960
PAD = 28
SUITS: dict[str, Suit] = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

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
    "to_beat": {"en": "To beat: {cards} by {seat}", "ja": "場：{seat} の {cards}"},
    "lead_now": {"en": "Empty field", "ja": "場は空"},
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
    "col_place": {"en": "#", "ja": "順位"},
    "col_player": {"en": "Player", "ja": "プレイヤー"},
    "col_field": {"en": "Field", "ja": "場"},
    "col_bonus": {"en": "Bonus", "ja": "ボーナス"},
    "col_total": {"en": "Total", "ja": "合計"},
    "finish_n": {"en": "out #{n}", "ja": "{n}番目に上がり"},
    "finish_foul": {"en": "illegal finish", "ja": "反則上がり"},
    "finish_last": {"en": "last holder", "ja": "最後まで残った"},
    "blind": {"en": "Blind cards", "ja": "ブラインドカード"},
    "none": {"en": "none", "ja": "なし"},
}


t = Labels(T)


Namer = Callable[[str], str]


def namer(names: Mapping[str, str] | None) -> Namer:
    """Seat id -> the player's display name (the bot passes them; tests and fallbacks use the seat id)."""
    table = dict(names or {})
    return lambda seat: table.get(seat, seat)


def card_label(card: str) -> str:
    info = CARDS[card]
    if info.is_joker:
        return "JOKER"
    return f"{info.rank}{SYMBOL[info.suit]}"


def draw_card(
    img: Image.Image,
    xy: tuple[int, int],
    card: str,
    lang: str,
    width: int,
    *,
    highlight: bool = False,
    dimmed: bool = False,
) -> None:
    info = CARDS[card]
    title = info.title.get(lang) if width >= 100 else None
    if info.is_joker:
        playing_card(
            img,
            xy,
            (width, round(width * 1.4)),
            rank_label="JOKER",
            suit=None,
            symbol="★",
            title=title,
            highlight=highlight,
            dimmed=dimmed,
        )
    else:
        playing_card(
            img,
            xy,
            (width, round(width * 1.4)),
            rank_label=str(info.rank),
            suit=SUITS[info.suit],
            title=title,
            highlight=highlight,
            dimmed=dimmed,
        )


def state_badges(img: Image.Image, view: Any, lang: str, right: int, y: int, size: int = 20) -> int:
    """Board state, 11-back and lock as badges, laid out right-aligned ending at ``right``; returns the
    left edge of the row."""
    items: list[tuple[str, tuple[int, int, int]]] = []
    board = t("revolution" if view.revolution else "normal", lang)
    items.append((board, PALETTE.danger if view.revolution else PALETTE.info))
    if view.eleven_back:
        eff = t("revolution" if view.effective_revolution else "normal", lang)
        items.append((f"{t('eleven', lang)} → {eff}", PALETTE.warning))
    if view.lock:
        items.append((f"{t('lock', lang)} {''.join(SYMBOL[s] for s in view.lock)}", PALETTE.success))
    x = right
    for text, colour in reversed(items):
        w, _ = badge_size(text, size=size)
        x -= w
        badge(img, (x, y), text, colour=colour, size=size)
        x -= 10
    return x


def header(img: Image.Image, view: Any, lang: str, title: str, badges: bool = True) -> int:
    right = WIDTH - PAD
    if badges:  # badges first: the title takes the room they leave
        right = max(WIDTH // 3, state_badges(img, view, lang, WIDTH - PAD, 16, size=24) - 12)
    draw_text(
        img,
        (PAD, 18, right, 62),
        title,
        max_size=32,
        min_size=18,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    return 76


def seat_mark(s: Any, lang: str) -> tuple[str | None, tuple[int, int, int]]:
    if s.foul:
        return t("foul", lang), PALETTE.danger
    if s.place is not None:
        return t("out", lang, n=s.place), PALETTE.success
    if s.is_turn:
        return t("turn", lang), PALETTE.highlight
    if s.passed:
        return t("pass", lang), PALETTE.neutral
    return None, PALETTE.highlight


def seat_box(
    img: Image.Image, box: tuple[int, int, int, int], view: Any, s: Any, lang: str, name: Namer
) -> None:
    """A player's panel. The shared panel draws the frame, seat colour and avatar; the name, card count and
    points are drawn here at sizes that stay readable when Discord shrinks the picture to a phone's width
    (about 0.4x: 28 px here is 11 px there)."""
    left, top, right, bottom = box
    who = name(s.seat)
    seat_panel(
        img,
        box,
        name="",
        colour=PALETTE.seat(view.players.index(s.seat)),
        lines=[],
        active=s.is_turn,
        initials=initials_of(who),
    )
    text_left = left + 14 + max(4, (right - left) // 60) + 60 + 14
    mark, mark_colour = seat_mark(s, lang)
    name_right = right - 14
    if mark:
        mw, _ = badge_size(mark, size=22)
        badge(img, (right - 12 - mw, top + 12), mark, colour=mark_colour, size=22)
        name_right = right - 12 - mw - 8
    draw_text(
        img,
        (text_left, top + 10, name_right, top + 52),
        who,
        max_size=32,
        min_size=18,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    draw_text(
        img,
        (text_left, top + 58, right - 14, bottom - 12),
        f"{t('cards', lang, n=s.hand_count)} · {t('points', lang, n=s.points)}",
        max_size=30,
        min_size=16,
        fill=PALETTE.text_light,
        wrap=False,
    )


def seats_block(img: Image.Image, view: Any, lang: str, top: int, name: Namer) -> int:
    seats = view.seats
    cols = 2  # two wide panels a row even for five: names and counts stay large enough for a phone
    gap = 14
    w = (WIDTH - 2 * PAD - (cols - 1) * gap) // cols
    h = 112
    for i, s in enumerate(seats):
        r, c = divmod(i, cols)
        x = PAD + c * (w + gap)
        y = top + r * (h + gap)
        seat_box(img, (x, y, x + w, y + h), view, s, lang, name)
    rows = (len(seats) + cols - 1) // cols
    return top + rows * (h + gap)


def render_table(view: Any, lang: str, names: Mapping[str, str] | None = None) -> bytes:
    name = namer(names)
    rows = (len(view.seats) + 1) // 2
    height = 76 + 372 + 18 + rows * 126 + (70 if view.pending is not None else 0) + 60
    img = new_canvas(WIDTH, height)
    y = header(img, view, lang, t("title", lang))
    # The field.
    field_box = (PAD, y, WIDTH - PAD, y + 372)
    rounded_rect(img, field_box, 22, fill=PALETTE.felt_dark, outline=PALETTE.panel_edge, width=2)
    top = view.top
    if top is not None:
        draw_text(
            img,
            (PAD + 24, y + 12, WIDTH - PAD - 24, y + 52),
            t("played", lang, seat=name(top.seat)),
            max_size=28,
            min_size=18,
            bold=True,
            fill=PALETTE.text_light,
            wrap=False,
        )
        cw = 180
        xs = hstack(len(top.cards), cw, WIDTH - 2 * PAD - 48, gap=18, start=PAD + 24)
        for x, card in zip(xs, top.cards, strict=True):
            draw_card(img, (x, y + 58), card, lang, cw)
    else:
        lead = name(view.turn) if view.turn else ""
        draw_text(
            img,
            (PAD + 24, y + 130, WIDTH - PAD - 24, y + 200),
            t("empty", lang, seat=lead),
            max_size=32,
            min_size=20,
            bold=True,
            fill=PALETTE.text_muted_light,
            align="center",
            valign="middle",
            wrap=False,
        )
    info = [t("field_count", lang, n=view.field_count)] if view.field_count else []
    if view.last_clear is not None:
        info.append(t("cleared", lang, seat=name(view.last_clear.seat), pts=view.last_clear.points))
    draw_text(
        img,
        (PAD + 24, y + 322, WIDTH - PAD - 24, y + 364),
        "   ·   ".join(info),
        max_size=28,
        min_size=14,
        fill=PALETTE.text_muted_light,
        wrap=False,
    )
    y = seats_block(img, view, lang, y + 390, name)
    # The pending decision as a banner (who and what, never the cards), then the piles.
    p = view.pending
    if p is not None:
        rounded_rect(img, (PAD, y, WIDTH - PAD, y + 56), 16, fill=PALETTE.warning)
        text = t(p.kind, lang, seat=name(p.seat), other=name(p.other) if p.other else "", n=p.count)
        draw_text(
            img,
            (PAD + 20, y + 6, WIDTH - PAD - 20, y + 50),
            text,
            max_size=26,
            min_size=14,
            bold=True,
            fill=PALETTE.text_dark,
            valign="middle",
            wrap=False,
        )
        y += 70
    piles = t("discard", lang, n=len(view.discard), b=view.blind_count)
    draw_text(
        img,
        (PAD, y, WIDTH - PAD, y + 40),
        piles,
        max_size=28,
        min_size=14,
        fill=PALETTE.text_muted_light,
        wrap=False,
    )
    return to_png(img)


def render_hand(view: Any, lang: str, names: Mapping[str, str] | None = None) -> bytes:
    name = namer(names)
    hand = view.hand or []
    cw = 136  # six a row: the corner number stays readable on a phone
    rows = max(1, (len(hand) + 5) // 6)
    per_row = max(1, (len(hand) + rows - 1) // rows)  # rows of even length read better than 6 + 1
    row_h = round(cw * 1.4) + 18
    height = 200 + rows * row_h + 20
    img = new_canvas(WIDTH, height)
    me = next((s for s in view.seats if s.seat == view.seat), None)
    title = t("hand_title", lang)
    if me is not None:
        title = f"{title} · {t('count', lang, n=me.hand_count)} · {t('points', lang, n=me.points)}"
    y = header(img, view, lang, title)
    p = view.pending
    if p is not None and p.seat == view.seat:
        key = {"seven_give": "give_now", "seven_answer": "answer_now", "ten_discard": "discard_now"}[p.kind]
        line = t(key, lang, n=p.count, other=name(p.other) if p.other else "")
    elif view.top is not None:
        line = t(
            "to_beat", lang, cards=" ".join(card_label(c) for c in view.top.cards), seat=name(view.top.seat)
        )
    else:
        line = t("lead_now", lang)
    if p is not None and p.given:
        line += "   " + t("given", lang, cards=" ".join(card_label(c) for c in p.given))
    draw_text(
        img,
        (PAD, y, WIDTH - PAD, y + 40),
        line,
        max_size=26,
        min_size=16,
        bold=True,
        fill=PALETTE.text_light,
        wrap=False,
    )
    draw_text(
        img,
        (PAD, y + 44, WIDTH - PAD, y + 76),
        t("playable", lang),
        max_size=24,
        min_size=14,
        fill=PALETTE.text_muted_light,
        wrap=False,
    )
    y += 96
    for r in range(rows):
        row = hand[r * per_row : (r + 1) * per_row]
        xs = hstack(len(row), cw, WIDTH - 2 * PAD, gap=12, start=PAD)
        for x, c in zip(xs, row, strict=True):
            draw_card(img, (x, y), c.id, lang, cw, highlight=c.playable, dimmed=not c.playable)
        y += row_h
    return to_png(img)


def render_final(view: Any, lang: str, names: Mapping[str, str] | None = None) -> bytes:
    name = namer(names)
    rows = view.standings or []
    height = 76 + 42 + 84 * len(rows) + 16 + 42 + 150
    img = new_canvas(WIDTH, height)
    y = header(img, view, lang, f"{t('title', lang)} · {t('final', lang)}", badges=False)
    cols = [
        (PAD + 10, "col_place"),
        (PAD + 90, "col_player"),
        (560, "col_field"),
        (680, "col_bonus"),
        (810, "col_total"),
    ]
    for x, key in cols:
        draw_text(
            img,
            (x, y, x + 240, y + 34),
            t(key, lang),
            max_size=24,
            min_size=14,
            bold=True,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
    y += 42
    for r in rows:
        winner = r.place == 1
        box = (PAD, y, WIDTH - PAD, y + 74)
        rounded_rect(
            img,
            box,
            16,
            fill=PALETTE.panel,
            outline=PALETTE.highlight if winner else PALETTE.panel_edge,
            width=3 if winner else 1,
        )
        colour = PALETTE.seat(view.players.index(r.seat))
        rounded_rect(img, (PAD + 4, y + 12, PAD + 12, y + 62), 4, fill=colour)
        draw_text(
            img,
            (PAD + 20, y + 8, PAD + 80, y + 66),
            f"{r.place}",
            max_size=36,
            min_size=18,
            bold=True,
            fill=PALETTE.highlight if winner else PALETTE.text_light,
            valign="middle",
            wrap=False,
        )
        if r.foul:
            how = t("finish_foul", lang)
        elif r.finish is not None:
            how = t("finish_n", lang, n=r.finish)
        else:
            how = t("finish_last", lang)
        draw_text(
            img,
            (PAD + 90, y + 6, 540, y + 40),
            name(r.seat),
            max_size=28,
            min_size=16,
            bold=True,
            fill=PALETTE.text_light,
            wrap=False,
        )
        draw_text(
            img,
            (PAD + 90, y + 40, 540, y + 72),
            how,
            max_size=24,
            min_size=14,
            fill=PALETTE.danger if r.foul else PALETTE.text_muted_light,
            wrap=False,
        )
        draw_text(
            img,
            (560, y + 8, 660, y + 66),
            str(r.field_points),
            max_size=32,
            min_size=16,
            fill=PALETTE.text_light,
            valign="middle",
            wrap=False,
        )
        draw_text(
            img,
            (680, y + 8, 790, y + 66),
            f"+{r.bonus}",
            max_size=32,
            min_size=16,
            fill=PALETTE.danger if r.foul else PALETTE.text_light,
            valign="middle",
            wrap=False,
        )
        draw_text(
            img,
            (810, y + 8, WIDTH - PAD - 8, y + 66),
            str(r.total),
            max_size=36,
            min_size=16,
            bold=True,
            fill=PALETTE.highlight if winner else PALETTE.text_light,
            valign="middle",
            wrap=False,
        )
        y += 84
    y += 16
    draw_text(
        img,
        (PAD, y, WIDTH - PAD, y + 34),
        t("blind", lang),
        max_size=24,
        min_size=14,
        bold=True,
        fill=PALETTE.text_muted_light,
        wrap=False,
    )
    y += 42
    blind = view.blind
    if blind:
        xs = hstack(len(blind), 90, WIDTH - 2 * PAD, gap=12, start=PAD)
        for x, c in zip(xs, blind, strict=True):
            draw_card(img, (x, y), c, lang, 90)
    else:
        draw_text(
            img,
            (PAD, y, WIDTH - PAD, y + 34),
            t("none", lang),
            max_size=22,
            min_size=14,
            fill=PALETTE.text_muted_light,
            wrap=False,
        )
    return to_png(img)
