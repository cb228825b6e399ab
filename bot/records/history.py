"""``/game history``: a game's events in words, move by move, paged, and only what the reader may see.

Everyone sees the public events; a player also sees the private events of their own seat (the cards they
drew, what they gave and got), marked 🔒, and never another seat's. The events come from replaying the log
(:mod:`bot.records.replay`), worded by the game's UI exactly as the table messages word them.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.games import ui_for
from bot.i18n import t
from bot.records.replay import Move, Replayed
from bot.store import GameRecord

#: Characters of moves per page: under Discord's 4096 for an embed's description, with room to spare.
PAGE_CHARS = 3600
COLOUR = discord.Colour(0x2E7D5B)


def viewer_seat(rec: GameRecord, user_id: int) -> str | None:
    """The seat whose private events ``user_id`` may read: the one they sit in, or the one they left to
    the AI (they may take it back, and they knew its cards until then)."""
    for s in rec.seats:
        if s.seat and (s.user_id == user_id or s.left_by == user_id):
            return s.seat
    return None


def player_label(rec: GameRecord, seat: str, lang: str) -> str:
    info = next((s for s in rec.seats if s.seat == seat), None)
    if info is None:
        return seat
    return t(lang, "table.ai_name", name=info.name) if info.is_ai else info.name


def event_lines(rec: GameRecord, move: Move, viewer: str | None, lang: str) -> list[str]:
    """The move's events the viewer may see, worded: "• …" public, "🔒 …" the viewer's own private ones."""
    ui = ui_for(rec.game_id)
    names = rec.names()
    lines = []
    for event in move.events:
        if not event.visible_for(viewer):
            continue
        text = ui.describe_event(event, lang, names)
        if text:
            lines.append(("🔒 " if event.visible_to else "• ") + text)
    return lines


def move_block(rec: GameRecord, move: Move, viewer: str | None, lang: str) -> str:
    head = t(lang, "history.move", n=move.seq, player=player_label(rec, move.seat, lang))
    lines = event_lines(rec, move, viewer, lang) or [t(lang, "history.nothing_seen")]
    return "\n".join([head, *lines])


def blocks(replayed: Replayed, viewer: str | None, lang: str) -> list[str]:
    """The start, one block per move, then how it ended (or where the log stopped replaying)."""
    rec = replayed.rec
    order = " → ".join(player_label(rec, s.seat, lang) for s in rec.seats if s.seat)
    out = [t(lang, "history.started", order=order)]
    out += [move_block(rec, m, viewer, lang) for m in replayed.moves]
    outcome = replayed.engine.outcome(replayed.final)
    if outcome is not None:
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
    viewer = viewer_seat(rec, user_id)
    pages = paginate(blocks(replayed, viewer, lang), budget)
    index = len(pages) - 1 if page is None else min(max(page, 0), len(pages) - 1)
    game = ui_for(rec.game_id).game_name(lang)
    embed = discord.Embed(
        title=t(lang, "history.title", game=game, number=rec.id)[:256],
        description=pages[index],
        colour=COLOUR,
    )
    seen = t(lang, "history.as_player") if viewer else t(lang, "history.as_spectator")
    embed.set_footer(
        text=t(lang, "history.footer", page=index + 1, pages=len(pages), moves=len(replayed.moves), seen=seen)
    )
    return HistoryPage(embed=embed, page=index, pages=len(pages))
