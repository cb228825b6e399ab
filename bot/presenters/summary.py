"""The summary card: the one message a game keeps in the channel it was opened from, edited as the game
goes (lobby → whose turn → final standings), with a link into the game's thread. Names, never mentions:
the card is edited all game long and must not ping anyone."""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.games import manifest, ui_for
from bot.interactions import UiItem
from bot.presenters.payload import COLOUR, Payload
from bot.presenters.words import seat_name
from bot.store import GameRecord, Status
from bot.table.lobby_words import player_range
from engines.core import GameState, Outcome
from i18n import t

#: The card's Join button for a game (its number, the language): ``bot.table.seat_buttons.CardJoinButton``.
JoinFor = Callable[[int, str], UiItem]


def title(game_name: str, number: int) -> str:
    """ "The Yggdrasil #12": the card's title, fixed for the game's life (the host may leave and pass the
    role on; the card still names the same game)."""
    return f"{game_name} #{number}"


def thread_name(game_name: str, number: int, host_name: str) -> str:
    """ "The Yggdrasil #12 · alice": the game's number, as ``/game history`` and reminders know it, and who
    opened it. Discord allows 100 characters."""
    return f"{title(game_name, number)} · {host_name}"[:100]


def jump_url(rec: GameRecord, message_id: int | None = None) -> str:
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}{tail}"


def team_lines(rec: GameRecord, outcome: Outcome, lang: str) -> list[str] | None:
    """A cooperative game's end (``GameManifest.cooperative``, e.g. PC-11a): the team's shared result and
    its reason, then the team; ``None`` for a game that ranks its players."""
    if not manifest(rec.game_id).cooperative:
        return None
    team = t(lang, "table.team_sep").join(seat_name(rec, s.seat, lang) for s in rec.seats if s.seat)
    return [ui_for(rec.game_id).team_result(outcome, lang), t(lang, "table.team", players=team)]


def card(rec: GameRecord, state: GameState | None, lang: str, *, join: JoinFor) -> Payload:
    """``state``: the game's, once it started (``None`` in the lobby)."""
    engine = manifest(rec.game_id).engine
    embed = discord.Embed(title=title(engine.name.get(lang), rec.id)[:256], colour=COLOUR)
    place = f"<#{rec.channel_id}>"
    if rec.status is Status.LOBBY:
        embed.description = t(
            lang,
            "summary.lobby",
            n=len(rec.seats),
            range=player_range(lang, engine.min_players, engine.max_players),
            place=place,
        )
        embed.add_field(
            name=t(lang, "summary.players"), value=", ".join(s.name for s in rec.seats)[:1024] or "-"
        )
    elif rec.status is Status.RUNNING and state is not None:
        movers = engine.to_move(state)
        embed.description = t(
            lang,
            "summary.running",
            move=state.turn + 1,
            players=", ".join(seat_name(rec, m, lang) for m in movers) or "-",
            place=place,
        )
    elif rec.status is Status.FINISHED and state is not None:
        outcome = engine.outcome(state)
        rows: list[str] = []
        team = team_lines(rec, outcome, lang) if outcome is not None else None
        if team is not None:
            rows = team
        elif outcome is not None:
            place_no = 1
            for group in outcome.ranking:
                for seat in group:
                    crown = "👑 " if seat in outcome.winners else ""
                    rows.append(f"{place_no}. {crown}{seat_name(rec, seat, lang)}")
                place_no += len(group)
        embed.description = t(lang, "summary.finished", place=place) + "\n" + "\n".join(rows)
    else:
        embed.description = t(lang, f"summary.{rec.end_reason or 'aborted'}", place=place)
    view = discord.ui.View(timeout=None)
    if rec.status is Status.LOBBY:
        view.add_item(join(rec.id, lang))
    view.add_item(
        discord.ui.Button(
            label=t(lang, "summary.open")[:80],
            style=discord.ButtonStyle.link,
            url=jump_url(rec, rec.table_message_id or rec.lobby_message_id),
        )
    )
    return Payload(embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none())
