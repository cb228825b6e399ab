"""The words of a game night (pure): the sign-up card (players, the tables they make, the start as a Discord
timestamp, the sets), the message telling every player their table, the call of a set's time, the
standings, and the host's status. No I/O: ``bot.night`` posts what these build."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import discord

from bot.presenters.payload import COLOUR, Payload
from bot.presenters.words import CONTENT_LIMIT, ViewFor
from bot.store.night_models import NightRecord, NightStatus, NightTable, SignUp
from engines.core.i18n import Text
from engines.night import Standing
from i18n import t

__all__ = ["Payload", "TableLine", "seated", "signup_card", "standings_message", "status", "time_called"]


def when(seconds: float, style: str = "F") -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{int(seconds)}:{style}>"


def _points(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def signup_card(
    night: NightRecord,
    game: Text,
    players: Sequence[SignUp],
    sizes: Sequence[int],
    lang: str,
    *,
    buttons: ViewFor | None = None,
) -> Payload:
    """``sizes``: the tables the players make now (GN-7), empty when they make none."""
    embed = discord.Embed(title=t(lang, "night.card_title", game=game.get(lang)), colour=COLOUR)
    lines = [t(lang, "night.card_sets", sets=night.sets, minutes=night.minutes)]
    if night.starts_at is not None:
        lines.append(t(lang, "night.card_start", when=when(night.starts_at)))
    else:
        lines.append(t(lang, "night.card_start_host"))
    if night.status is NightStatus.PLAYING and night.deadline_at is not None:
        lines.append(
            t(
                lang,
                "night.card_playing",
                set=night.current_set,
                sets=night.sets,
                when=when(night.deadline_at, "R"),
            )
        )
    elif night.status is NightStatus.BETWEEN:
        lines.append(t(lang, "night.card_between", set=night.current_set, sets=night.sets))
    elif night.status is NightStatus.ENDED:
        lines.append(t(lang, "night.card_ended"))
    embed.description = "\n".join(lines)
    names = "\n".join(f"<@{p.user_id}>" for p in players) or t(lang, "night.card_nobody")
    embed.add_field(name=t(lang, "night.card_players", n=len(players)), value=names[:1024], inline=False)
    tables = " + ".join(str(n) for n in sizes) if sizes else t(lang, "night.card_no_table")
    embed.add_field(name=t(lang, "night.card_tables", n=len(sizes)), value=tables, inline=False)
    live = buttons is not None and night.status.live
    return Payload(embed=embed, view=buttons(night.id, lang) if live and buttons is not None else None)


def table_card_line(night: NightRecord, set_no: int, table_no: int, lang: str) -> str:
    return t(lang, "night.table_card", set=set_no, n=table_no)


def thread_title(night: NightRecord, set_no: int, table_no: int) -> str:
    """A table's thread (Discord allows 100 characters); numbers only, so it reads in both languages."""
    return f"🎲 #{night.id} · {set_no}-{table_no}"


def seated(
    night: NightRecord, tables: Sequence[tuple[NightTable, int]], waiting: Sequence[int], lang: str
) -> Payload:
    """Every player told their table (with its thread, ``tables``' second item) in one message; their
    mention pings them there."""
    lines = [t(lang, "night.seated_head", set=night.current_set, when=when(night.deadline_at or 0, "R"))]
    for table, thread in tables:
        players = ", ".join(f"<@{m}>" if m is not None else t(lang, "night.ai_seat") for m in table.members)
        lines.append(t(lang, "night.seated_line", n=table.table_no, players=players, thread=thread))
    if waiting:
        lines.append(t(lang, "night.waiting", players=", ".join(f"<@{m}>" for m in waiting)))
    pinged = [m for table, _ in tables for m in table.members if m is not None]
    mentions = discord.AllowedMentions(users=[discord.Object(m) for m in pinged])
    return Payload(content="\n".join(lines)[:CONTENT_LIMIT], allowed_mentions=mentions)


def time_called(night: NightRecord, called: Sequence[int], lang: str) -> Payload:
    key = "night.called" if called else "night.called_none"
    return Payload(content=t(lang, key, set=night.current_set, n=len(called)))


def standings_message(
    night: NightRecord, rows: Sequence[Standing], names: Mapping[int, str], lang: str, *, final: bool
) -> Payload:
    """GN-11: rank, points, firsts; shared ranks repeat."""
    title = (
        t(lang, "night.final_title")
        if final
        else t(lang, "night.standings_title", set=night.current_set, sets=night.sets)
    )
    lines = [
        t(
            lang,
            "night.standings_line",
            rank=row.rank,
            name=names.get(int(row.member), row.member),
            points=_points(row.points),
            firsts=row.firsts,
        )
        for row in rows
    ]
    embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(lines)[:4096] or "-")
    return Payload(embed=embed)


@dataclass(frozen=True)
class TableLine:
    """One table in ``/night status``: its thread, whether its game goes on, who is to play."""

    table_no: int
    thread_id: int
    over: bool
    to_move: Sequence[str]


def status(night: NightRecord, tables: Sequence[TableLine], lang: str) -> Payload:
    lines = []
    if night.status is NightStatus.PLAYING and night.deadline_at is not None:
        lines.append(t(lang, "night.status_time", set=night.current_set, when=when(night.deadline_at, "R")))
    else:
        lines.append(t(lang, f"night.status_{night.status.value}", set=night.current_set, sets=night.sets))
    for table in tables:
        state = (
            t(lang, "night.status_over")
            if table.over
            else t(lang, "night.status_turn", players=", ".join(table.to_move) or "-")
        )
        lines.append(t(lang, "night.status_line", n=table.table_no, thread=table.thread_id, state=state))
    return Payload(content="\n".join(lines)[:CONTENT_LIMIT])
