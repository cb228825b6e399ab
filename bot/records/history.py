"""``/game history``: a game's events in words, move by move, paged, and only what the reader may see.

Everyone sees the public events; a player also sees the private events of their own seat (the cards they
drew, what they gave and got), marked 🔒, and never another seat's — and of a seat only the moves made while
they held it: a member who left sees its private events up to the leave and again from when they took it
back, a member given a seat from when they got it. The events come from replaying the log
(:mod:`bot.records.replay`), worded by the game's UI exactly as the table messages word them, with the names
of who held each seat and who decided each move at the time (the log records both, migration 0004).
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.games import manifest, ui_for
from bot.records.replay import Move, Replayed
from bot.store import GameRecord, SeatInfo
from i18n import t

#: Characters of moves per page: under Discord's 4096 for an embed's description, with room to spare.
PAGE_CHARS = 3600
COLOUR = discord.Colour(0x2E7D5B)


def viewer_seat(rec: GameRecord, user_id: int) -> str | None:
    """The seat whose private events ``user_id`` may read in moves logged without who held the seats:
    the one they sit in, or the one they left to the AI (they may take it back, and they knew its cards
    until then)."""
    for s in rec.seats:
        if s.seat and (s.user_id == user_id or s.left_by == user_id):
            return s.seat
    return None


def seat_at(rec: GameRecord, move: Move, user_id: int | None) -> str | None:
    """The seat whose private events ``user_id`` may read in ``move``: the one they held when it was made
    (not one they had left, nor one they were given later)."""
    if user_id is None:
        return None
    if move.holders is None:
        return viewer_seat(rec, user_id)
    return next((s.seat for s in move.holders if s.seat and s.user_id == user_id), None)


def holders_at(rec: GameRecord, move: Move | None) -> list[SeatInfo]:
    """Who held the seats when ``move`` was made (the current seats for moves logged without them)."""
    if move is None or move.holders is None:
        return rec.seats
    return move.holders


def player_label(rec: GameRecord, seat: str, lang: str, seats: list[SeatInfo] | None = None) -> str:
    info = next((s for s in (seats if seats is not None else rec.seats) if s.seat == seat), None)
    if info is None:
        return seat
    return t(lang, "table.ai_name", name=info.name) if info.is_ai else info.name


def _member_name(rec: GameRecord, user_id: int) -> str:
    info = next((s for s in rec.seats if user_id in (s.user_id, s.left_by)), None)
    # A member no longer at the table: Discord shows the mention as their name, and pings nobody in an embed.
    return info.name if info is not None else f"<@{user_id}>"


def decider_label(rec: GameRecord, move: Move, lang: str) -> str:
    """Who decided ``move``: the member, the AI of its own seat, or the AI for a member and why."""
    holder = next((s for s in holders_at(rec, move) if s.seat == move.seat), None)
    name = holder.name if holder is not None else move.seat
    kind = move.decided_by
    if kind == "member":
        return name
    if kind == "ai":
        return t(lang, "table.ai_name", name=name)
    if kind is not None:
        return t(lang, f"history.ai_{kind}", name=name)
    # Logged before the log said who decided: the member who made it, or the AI (named when the seat is
    # the AI's own now; a member's seat may have been played by the AI for them).
    if move.user_id is not None:
        return _member_name(rec, move.user_id)
    if holder is not None and holder.is_ai and holder.left_by is None:
        return t(lang, "table.ai_name", name=name)
    return t(lang, "history.ai_unknown")


def event_lines(rec: GameRecord, move: Move, user_id: int | None, lang: str) -> list[str]:
    """The move's events ``user_id`` may see, worded: "• …" public, "🔒 …" the private ones of the seat
    they held then."""
    ui = ui_for(rec.game_id)
    viewer = seat_at(rec, move, user_id)
    names = {s.seat: s.name for s in holders_at(rec, move) if s.seat}
    names[move.seat] = decider_label(rec, move, lang)
    lines = []
    for event in move.events:
        if not event.visible_for(viewer):
            continue
        text = ui.describe_event(event, lang, names)
        if text:
            lines.append(("🔒 " if event.visible_to else "• ") + text)
    return lines


def move_block(rec: GameRecord, move: Move, user_id: int | None, lang: str) -> str:
    head = t(lang, "history.move", n=move.seq, player=decider_label(rec, move, lang))
    lines = event_lines(rec, move, user_id, lang) or [t(lang, "history.nothing_seen")]
    return "\n".join([head, *lines])


def ever_seated(replayed: Replayed, user_id: int) -> bool:
    """Whether ``user_id`` may read some seat's private events in this game."""
    rec = replayed.rec
    return any(seat_at(rec, m, user_id) for m in replayed.moves) or viewer_seat(rec, user_id) is not None


def blocks(replayed: Replayed, user_id: int | None, lang: str) -> list[str]:
    """The start, one block per move, then how it ended (or where the log stopped replaying)."""
    rec = replayed.rec
    first = holders_at(rec, replayed.moves[0] if replayed.moves else None)
    order = " → ".join(player_label(rec, s.seat, lang, first) for s in first if s.seat)
    out = [t(lang, "history.started", order=order)]
    out += [move_block(rec, m, user_id, lang) for m in replayed.moves]
    outcome = replayed.engine.outcome(replayed.final)
    if outcome is not None and manifest(rec.game_id).cooperative:  # one shared result (PC-11a)
        out.append(t(lang, "history.team_over", result=ui_for(rec.game_id).team_result(outcome, lang)))
    elif outcome is not None:
        winners = ", ".join(player_label(rec, s, lang) for s in outcome.winners)
        out.append(t(lang, "history.won", players=winners) if winners else t(lang, "history.no_winner"))
    if replayed.broken_at is not None:
        out.append(t(lang, "history.broken", n=replayed.broken_at))
    return out


def paginate(parts: list[str], budget: int = PAGE_CHARS) -> list[str]:
    """Whole blocks per page, as many as fit ``budget`` characters (a longer block is cut, not split)."""
    pages: list[list[str]] = [[]]
    used = 0
    for part in parts:
        part = part if len(part) <= budget else part[: budget - 1] + "…"
        if pages[-1] and used + len(part) + 1 > budget:
            pages.append([])
            used = 0
        pages[-1].append(part)
        used += len(part) + 1
    return ["\n".join(p) for p in pages]


@dataclass
class HistoryPage:
    embed: discord.Embed
    page: int
    pages: int


def history_page(
    replayed: Replayed, user_id: int, lang: str, page: int | None = None, budget: int = PAGE_CHARS
) -> HistoryPage:
    """Page ``page`` (0-based; ``None``: the newest) of the history as ``user_id`` may read it."""
    rec = replayed.rec
    pages = paginate(blocks(replayed, user_id, lang), budget)
    index = len(pages) - 1 if page is None else min(max(page, 0), len(pages) - 1)
    game = ui_for(rec.game_id).game_name(lang)
    embed = discord.Embed(
        title=t(lang, "history.title", game=game, number=rec.id)[:256],
        description=pages[index],
        colour=COLOUR,
    )
    seen = t(lang, "history.as_player") if ever_seated(replayed, user_id) else t(lang, "history.as_spectator")
    embed.set_footer(
        text=t(
            lang,
            "history.footer",
            page=index + 1,
            pages=len(pages),
            moves=t(lang, "history.moves", n=len(replayed.moves)),
            seen=seen,
        )
    )
    return HistoryPage(embed=embed, page=index, pages=len(pages))
