"""The words of a game night (pure): the sign-up card (players, the tables they make, the start as a Discord
timestamp, the sets), the message telling every player their table, the call of a set's time, the
standings, the host's status, the question at the end of a set and the night's closing (standings, each
table's story, what its players wrote). No I/O: ``bot.night`` posts what these build."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import discord

from bot.games import manifest, ui_for
from bot.presenters.payload import COLOUR, Payload
from bot.presenters.words import CONTENT_LIMIT, ViewFor, seat_name
from bot.store import GameRecord
from bot.store.night_models import NightRecord, NightStatus, NightTable, Reflection, SignUp
from engines.core import Outcome
from engines.core.i18n import Text
from engines.night import Standing
from i18n import has, t

__all__ = [
    "Payload",
    "TableLine",
    "TableStory",
    "closing",
    "paused",
    "reflect_ask",
    "resumed",
    "seated",
    "signup_card",
    "standings_message",
    "status",
    "story_line",
    "table_blocks",
    "time_called",
]


def when(seconds: float, style: str = "F") -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{int(seconds)}:{style}>"


def left_text(seconds: float) -> str:
    """Time left as ``m:ss`` (``h:mm:ss`` from an hour), a countdown's whole seconds rounded up: reads the
    same in both languages."""
    whole = max(0, math.ceil(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


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
    if night.coach and night.current_set < 1:
        lines.append(t(lang, "night.card_coach"))
    if night.status is NightStatus.PLAYING and night.paused_left is not None:
        lines.append(
            t(
                lang,
                "night.card_paused",
                set=night.current_set,
                sets=night.sets,
                left=left_text(night.paused_left),
            )
        )
    elif night.status is NightStatus.PLAYING and night.deadline_at is not None:
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


def paused(night: NightRecord, lang: str) -> Payload:
    """The host paused the night: said in its channel and in every table's thread."""
    left = left_text(night.paused_left or 0)
    return Payload(content=t(lang, "night.paused", set=night.current_set, left=left))


def resumed(night: NightRecord, lang: str) -> Payload:
    return Payload(
        content=t(lang, "night.resumed", set=night.current_set, when=when(night.deadline_at or 0, "R"))
    )


def not_started(reason: str, lang: str) -> Payload:
    """The start time came and the night could not start by itself: why, and what the host can do."""
    return Payload(content=t(lang, "night.not_started", reason=reason))


def standings_message(
    night: NightRecord, rows: Sequence[Standing], names: Mapping[int, str], lang: str, *, final: bool
) -> Payload:
    """GN-11: rank, points, firsts; shared ranks repeat. After the last set, a note that the closing (with
    each table's story and what players wrote) is the host's ``/night end``: the standings come twice on
    purpose, now while the games have just ended and again in the closing, which gathers the night."""
    embed = standings_embed(night, rows, names, lang, final=final)
    if final:
        embed.set_footer(text=t(lang, "night.final_note"))
    return Payload(embed=embed)


def standings_embed(
    night: NightRecord, rows: Sequence[Standing], names: Mapping[int, str], lang: str, *, final: bool
) -> discord.Embed:
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
    return discord.Embed(title=title, colour=COLOUR, description="\n".join(lines)[:4096] or "-")


@dataclass(frozen=True)
class TableLine:
    """One table in ``/night status``: its thread, whether its game goes on, who is to play."""

    table_no: int
    thread_id: int
    over: bool
    to_move: Sequence[str]


def status(night: NightRecord, tables: Sequence[TableLine], lang: str) -> Payload:
    lines = []
    if night.status is NightStatus.PLAYING and night.paused_left is not None:
        lines.append(t(lang, "night.status_paused", set=night.current_set, left=left_text(night.paused_left)))
    elif night.status is NightStatus.PLAYING and night.deadline_at is not None:
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


# -- what we learned (issue 26 item 5) ------------------------------------------------------------------

#: Discord's limits: an embed's description, the characters of every embed of one message, its embeds
DESCRIPTION_LIMIT = 4096
MESSAGE_EMBED_LIMIT = 6000
EMBEDS_PER_MESSAGE = 10
#: a reflection is one to three lines of at most 300 characters (the form's limits, checked again on submit)
REFLECTION_LIMIT = 300
REFLECTION_LINES = 3

ReflectViewFor = Callable[[int, int, int, str], discord.ui.View]


def reflect_ask(night: NightRecord, table: NightTable, lang: str, *, buttons: ReflectViewFor) -> Payload:
    """The one question a table's thread gets at the end of a set (never repeated: no reminder)."""
    return Payload(
        content=t(lang, "night.reflect_ask", set=table.set_no),
        view=buttons(night.id, table.set_no, table.table_no, lang),
        allowed_mentions=discord.AllowedMentions.none(),
    )


def story_line(rec: GameRecord, outcome: Outcome, lang: str) -> str:
    """A table's game in one line: a cooperative game's own team result (Project Chaos words its reason),
    otherwise the winners and why the game ended."""
    if manifest(rec.game_id).cooperative:
        return ui_for(rec.game_id).team_result(outcome, lang).replace("\n", " ")
    winners = t(lang, "table.team_sep").join(seat_name(rec, seat, lang) for seat in outcome.winners)
    key = f"night.reason.{outcome.reason}"
    reason = t(lang, key) if has(lang, key) else t(lang, "night.reason_other")
    if not winners:
        return t(lang, "night.story_no_winner", reason=reason)
    return t(lang, "night.story_line", winners=winners, reason=reason)


@dataclass(frozen=True)
class TableStory:
    """One table of one set for the closing message: its story line (``None``: its game did not finish)."""

    table: NightTable
    line: str | None


def table_blocks(
    stories: Sequence[TableStory], reflections: Sequence[Reflection], names: Mapping[int, str], lang: str
) -> list[list[str]]:
    """Each table's lines: its heading and story, then what its players wrote for that set (in seat
    order); a reflection is shown under the table its writer sat at in the set it was written for."""
    blocks = []
    for story in stories:
        table = story.table
        written = {r.user_id: r.text for r in reflections if r.set_no == table.set_no}
        lines = [t(lang, "night.close_table", set=table.set_no, n=table.table_no)]
        lines.append(story.line or t(lang, "night.story_unfinished"))
        for member in table.members:
            if member is not None and member in written:
                name = names.get(member, str(member))
                # An answer's later lines keep the quote mark, so they read as the same answer.
                text = written[member].replace("\n", "\n› ")
                lines.append(t(lang, "night.close_reflection", name=name, text=text))
        blocks.append(lines)
    return blocks


def _embeds_of(title: str, blocks: Sequence[Sequence[str]], limit: int) -> list[discord.Embed]:
    """Blocks packed into embed descriptions of at most ``limit`` characters: a block starts a new embed
    when it does not fit in the current one, and a block too long for one embed is split between its
    lines, never inside one (a line is at most a reflection and a name, far below the limit)."""
    descriptions: list[list[str]] = [[]]

    def size(lines: Sequence[str]) -> int:
        return sum(len(x) for x in lines) + len(lines)

    for block in blocks:
        paragraph = ["", *block] if descriptions[-1] else list(block)
        if descriptions[-1] and size(descriptions[-1]) + size(paragraph) > limit:
            descriptions.append([])
            paragraph = list(block)
        for line in paragraph:
            if descriptions[-1] and size(descriptions[-1]) + len(line) + 1 > limit:
                descriptions.append([])
            descriptions[-1].append(line)
    return [
        discord.Embed(title=title if i == 0 else None, colour=COLOUR, description="\n".join(lines))
        for i, lines in enumerate(descriptions)
        if lines
    ]


def closing(
    night: NightRecord,
    rows: Sequence[Standing],
    names: Mapping[int, str],
    stories: Sequence[TableStory],
    reflections: Sequence[Reflection],
    lang: str,
    *,
    description_limit: int = DESCRIPTION_LIMIT,
    message_limit: int = MESSAGE_EMBED_LIMIT,
) -> list[Payload]:
    """The night's closing: the final standings, each table's story in one line and what its players
    wrote, as many messages as Discord's limits need (each at most ten embeds and ``message_limit``
    characters of embeds); a line is never cut."""
    standings = standings_embed(night, rows, names, lang, final=True)
    blocks = table_blocks(stories, reflections, names, lang)
    embeds = [standings, *_embeds_of(t(lang, "night.close_title"), blocks, description_limit)]
    messages: list[list[discord.Embed]] = [[]]
    for embed in embeds:
        used = sum(len(e) for e in messages[-1])
        full = len(messages[-1]) >= EMBEDS_PER_MESSAGE or used + len(embed) > message_limit
        if messages[-1] and full:
            messages.append([])
        messages[-1].append(embed)
    return [Payload(embed=first, more_embeds=rest) for first, *rest in messages]
