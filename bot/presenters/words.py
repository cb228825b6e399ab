"""Words every message of the table shares: a seat by name or by mention, a length of time, the clock
line, and a text cut to Discord's content limit."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord

from bot.store import GameRecord
from i18n import t

#: A message's controls for a game (its number, the language): the bot's buttons, built in ``bot.table``.
ViewFor = Callable[[int, str], discord.ui.View]
#: Discord's limit of a message's content.
CONTENT_LIMIT = 2000


def seat_name(rec: GameRecord, seat: str, lang: str) -> str:
    """A seat by name, never a mention: lines about the game must not ping anyone."""
    info = rec.seat_info(seat)
    return t(lang, "table.ai_name", name=info.name) if info.is_ai else info.name


def seat_label(rec: GameRecord, seat: str, lang: str) -> str:
    """A seat by mention (an AI by its name): for the players a message asks to act."""
    info = rec.seat_info(seat)
    if info.is_ai:
        return t(lang, "table.ai_name", name=info.name)
    return f"<@{info.user_id}>"


def fit(lines: Sequence[str], limit: int = CONTENT_LIMIT) -> str:
    """Lines joined within Discord's content limit, dropping the oldest event lines first."""
    lines = list(lines)
    text = "\n".join(lines)
    while len(text) > limit and len(lines) > 1:
        lines = lines[1:]
        text = "\n".join(lines)
    return text[:limit]


def span(lang: str, seconds: float) -> str:
    """A length of time in words (``"1 hour 30 minutes"``, ``"1 時間 30 分"``), to the minute below."""
    minutes = int(seconds // 60)
    hours, rest = divmod(minutes, 60)
    if not minutes:
        return t(lang, "clock.span_seconds")
    if not hours:
        return t(lang, "clock.span_minutes", n=rest)
    if not rest:
        return t(lang, "clock.span_hours", n=hours)
    return t(
        lang,
        "clock.span_hours_minutes",
        h=t(lang, "clock.span_hours", n=hours),
        m=t(lang, "clock.span_minutes", n=rest),
    )


def time_left(rec: GameRecord, movers: Sequence[str], lang: str, now: float) -> str:
    """The time of each player to act, the turn's own time apart from the reserve: "⏳ Turn time ends
    <t:…:R> · reserve: 5 minutes (runs out <t:…:R>)" (a relative timestamp counts down by itself). A
    turn the AI plays because its time ran out is not shown. ``now``: Unix seconds."""
    parts: list[tuple[str, str, str]] = []
    for m in movers:
        turn = rec.clock_state.turns.get(m)
        deadline = turn.deadline if turn is not None else None
        if not deadline or turn is None or turn.expired:
            continue
        mine = rec.clock_state.seats.get(m)
        bank = mine.bank if mine is not None else 0.0
        turn_end = deadline - bank
        end = f"<t:{int(deadline)}:R>"
        if turn_end <= now:  # the turn's own time is over: only the reserve is left
            parts.append((m, "", t(lang, "clock.reserve_only", end=end)))
            continue
        reserve = (
            t(lang, "clock.reserve", span=span(lang, bank), end=end)
            if bank >= 1
            else t(lang, "clock.no_reserve")
        )
        parts.append((m, f"<t:{int(turn_end)}:R>", reserve))
    if not parts:
        return ""

    def one(turn_end: str, reserve: str) -> str:
        return t(lang, "clock.turn_time", turn=turn_end, reserve=reserve) if turn_end else reserve

    if len(parts) == 1:
        return t(lang, "clock.time_left", left=one(*parts[0][1:]))
    # One line each: several players deciding at once (a vote) each have their own clock.
    return "\n".join(
        t(lang, "clock.time_left_one", name=seat_name(rec, m, lang), left=one(e, r)) for m, e, r in parts
    )
