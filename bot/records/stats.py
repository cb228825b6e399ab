"""``/game stats``: per server and per game, who played how often, won how often, placed where, scored
best, and the run they are on, counted from the results of finished games (``bot.store.stats``).

People are counted by their Discord account; the computer's seats by AI level, apart from people. An AI
level that filled two seats of one game counts two games there.

One rule for every game: a seat the AI was playing for a member when the game ended (they left, ran
``/game auto``, or their turns ran out) counts for nobody — not for the member, who did not finish it, nor
for the AI, which did not play it all — and the stats say how many games were left out so.

A cooperative game (``GameManifest.cooperative``, e.g. Project Chaos, PC-11a) is no leaderboard of wins:
every seat shares the team's result, so each member has a team record (games, successes, and per variant
such as the scenario), and the team has one per variant.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import discord

from bot.games import manifest, ui_for
from bot.store.stats import ResultEntry
from engines.core import GameError
from i18n import t
from renderers.leaderboard import Board, Row, number, render_leaderboard

#: Lines of people a game lists in the text reply (the picture shows the top ten).
TEXT_ROWS = 10


@dataclass
class Standing:
    """One person's (or one AI level's) record in one game, results added oldest first."""

    user_id: int | None
    ai_level: str | None
    name: str
    played: int = 0
    wins: int = 0
    place_sum: int = 0
    best: float | None = None
    #: +n: the last n games were won; -n: the last n were not (a draw is not a win).
    streak: int = 0

    def add(self, entry: ResultEntry) -> None:
        self.played += 1
        self.wins += entry.winner
        self.place_sum += entry.place
        self.best = entry.score if self.best is None else max(self.best, entry.score)
        if entry.winner:
            self.streak = self.streak + 1 if self.streak > 0 else 1
        else:
            self.streak = self.streak - 1 if self.streak < 0 else -1
        self.name = entry.name  # the newest name as seated

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def avg_place(self) -> float:
        return self.place_sum / self.played if self.played else 0.0

    def rank_key(self) -> tuple[float, float, float, int, str]:
        """Most wins first, then the better rate, the better average place, more games, the name."""
        return (-self.wins, -self.win_rate, self.avg_place, -self.played, self.name.casefold())


@dataclass
class TeamRecord:
    """A cooperative game's record: a member's, or the team's in one variant (games and successes)."""

    name: str
    played: int = 0
    successes: int = 0
    #: variant (e.g. the scenario) -> [games, successes]
    by_variant: dict[str, list[int]] = field(default_factory=dict)

    def add(self, success: bool, variant: str | None) -> None:
        self.played += 1
        self.successes += success
        if variant is not None:
            counts = self.by_variant.setdefault(variant, [0, 0])
            counts[0] += 1
            counts[1] += success

    @property
    def rate(self) -> float:
        return self.successes / self.played if self.played else 0.0


@dataclass
class GameStats:
    game_id: str
    games: set[int] = field(default_factory=set)
    people: dict[int, Standing] = field(default_factory=dict)
    ai: dict[str, Standing] = field(default_factory=dict)
    cooperative: bool = False
    #: Cooperative games: each member's team record, and the team's (all its games, by variant).
    members: dict[int, TeamRecord] = field(default_factory=dict)
    team: TeamRecord = field(default_factory=lambda: TeamRecord(""))
    #: Games in which the AI was playing a member's seat at the end (that seat counts for nobody), and
    #: those games per member.
    left_out: set[int] = field(default_factory=set)
    left_out_of: dict[int, set[int]] = field(default_factory=dict)
    #: Games played with the coach on (``coach=on``, issue 27), and those games per member: marked 🎓.
    coached: set[int] = field(default_factory=set)
    coached_of: dict[int, set[int]] = field(default_factory=dict)

    def ranked(self) -> list[Standing]:
        return sorted(self.people.values(), key=Standing.rank_key)

    def ai_ranked(self) -> list[Standing]:
        return sorted(self.ai.values(), key=lambda s: s.ai_level or "")


def cooperative(game_id: str) -> bool:
    try:
        return manifest(game_id).cooperative
    except GameError:  # results of a game no longer hosted: counted as a game of players
        return False


def tally(entries: Sequence[ResultEntry], variants: Mapping[int, str] | None = None) -> dict[str, GameStats]:
    """Game id -> its stats, from results given oldest first (the order streaks are counted in).
    ``variants``: game number -> what a cooperative game's team record is kept per (its scenario)."""
    out: dict[str, GameStats] = {}
    variants = variants or {}
    for entry in entries:
        game = out.get(entry.game_id)
        if game is None:
            game = out[entry.game_id] = GameStats(entry.game_id, cooperative=cooperative(entry.game_id))
        first_seat = entry.game_pk not in game.games
        game.games.add(entry.game_pk)
        variant = variants.get(entry.game_pk)
        if game.cooperative and first_seat:  # every seat shares the result: the team's once a game
            game.team.add(entry.winner, variant)
        if entry.coached:
            game.coached.add(entry.game_pk)
            who = entry.user_id if entry.user_id is not None else entry.held_for
            if who is not None:
                game.coached_of.setdefault(who, set()).add(entry.game_pk)
        if entry.held_for is not None:
            game.left_out.add(entry.game_pk)
            game.left_out_of.setdefault(entry.held_for, set()).add(entry.game_pk)
            continue
        if game.cooperative:
            if entry.user_id is not None:  # the AI's own seats are part of the team, not members
                member = game.members.setdefault(entry.user_id, TeamRecord(entry.name))
                member.name = entry.name
                member.add(entry.winner, variant)
            continue
        if entry.user_id is None:
            level = entry.ai_level or "normal"
            standing = game.ai.setdefault(level, Standing(None, level, entry.name))
        else:
            standing = game.people.setdefault(entry.user_id, Standing(entry.user_id, None, entry.name))
        standing.add(entry)
    return out


def game_name(game_id: str, lang: str) -> str:
    try:
        return manifest(game_id).engine.name.get(lang)
    except GameError:  # results of a game no longer hosted: its id still says which
        return game_id


def team_variants(entries: Sequence[ResultEntry], states: Mapping[int, str], lang: str) -> dict[int, str]:
    """Game number -> the variant its team record is kept per (``GameUI.team_variant``), for the
    cooperative games among ``entries``, read from their final states (``bot.store.stats.final_states``).
    CPU work: run it in a worker thread."""
    out: dict[int, str] = {}
    for entry in entries:
        if entry.game_pk in out or entry.game_pk not in states or not cooperative(entry.game_id):
            continue
        engine = manifest(entry.game_id).engine
        outcome = engine.outcome(engine.load_state(states[entry.game_pk]))
        variant = ui_for(entry.game_id).team_variant(outcome, lang) if outcome is not None else None
        if variant is not None:
            out[entry.game_pk] = variant
    return out


def has_record(stats: Mapping[str, GameStats], user_id: int) -> bool:
    """Whether ``user_id`` finished a game here, counted or left out."""
    return any(
        user_id in g.people or user_id in g.members or user_id in g.left_out_of for g in stats.values()
    )


def team_words(record: TeamRecord, lang: str) -> str:
    """ "3 games · 2 successes (67%)" """
    return t(
        lang,
        "stats.team_line",
        games=t(lang, "stats.games", n=record.played),
        successes=t(lang, "stats.successes", n=record.successes),
        rate=round(100 * record.rate),
    )


def team_lines(game: GameStats, lang: str) -> list[str]:
    """A cooperative game's field: the team's record, per variant, then each member's (by name: no rank)."""
    lines = [t(lang, "stats.team", record=team_words(game.team, lang))]
    for variant, (played, successes) in sorted(game.team.by_variant.items()):
        lines.append(f"• {variant}: {team_words(TeamRecord(variant, played, successes), lang)}")
    for user_id, member in sorted(game.members.items(), key=lambda m: m[1].name.casefold()):
        lines.append(f"<@{user_id}> · {team_words(member, lang)}")
    return lines


def ai_name(standing: Standing, lang: str) -> str:
    return t(lang, "stats.ai_row", level=t(lang, f"lobby.ai_level.{standing.ai_level or 'normal'}"))


def streak_words(streak: int, lang: str) -> str:
    if streak > 0:
        return t(lang, "stats.streak_wins", n=streak)
    return t(lang, "stats.streak_losses", n=-streak)


def summary(standing: Standing, lang: str) -> str:
    """One line of numbers: games, wins and rate, average place, best score, streak."""
    return t(
        lang,
        "stats.line",
        games=t(lang, "stats.games", n=standing.played),
        wins=standing.wins,
        rate=round(100 * standing.win_rate),
        place=number(standing.avg_place),
        best=number(standing.best, 2) if standing.best is not None else "-",
        streak=streak_words(standing.streak, lang),
    )


def leaderboard_embed(stats: dict[str, GameStats], lang: str, title: str) -> discord.Embed:
    """The text of the leaderboard: a field per game, people ranked, then the AI levels."""
    embed = discord.Embed(title=title[:256], colour=discord.Colour(0x2E7D5B))
    for game_id, game in list(stats.items())[:25]:
        if game.cooperative:
            lines = team_lines(game, lang)
            if game.left_out:
                lines.append(t(lang, "stats.left_out", n=len(game.left_out)))
            if game.coached:
                lines.append(t(lang, "stats.coached", n=len(game.coached)))
            heading = t(lang, "stats.team_heading", game=game_name(game_id, lang), n=len(game.games))
            embed.add_field(name=heading[:256], value=_fit("\n".join(lines), 1024), inline=False)
            continue
        lines = []
        ranked = game.ranked()
        for i, standing in enumerate(ranked[:TEXT_ROWS], start=1):
            who = f"<@{standing.user_id}>"
            lines.append(f"{i}. {who} · {summary(standing, lang)}")
        if len(ranked) > TEXT_ROWS:
            lines.append(t(lang, "stats.more", n=len(ranked) - TEXT_ROWS))
        for standing in game.ai_ranked():
            lines.append(f"🤖 {ai_name(standing, lang)} · {summary(standing, lang)}")
        if game.left_out:
            lines.append(t(lang, "stats.left_out", n=len(game.left_out)))
        if game.coached:
            lines.append(t(lang, "stats.coached", n=len(game.coached)))
        heading = t(lang, "stats.game_heading", game=game_name(game_id, lang), n=len(game.games))
        embed.add_field(name=heading[:256], value=_fit("\n".join(lines), 1024), inline=False)
    return embed


def member_embed(stats: dict[str, GameStats], user_id: int, name: str, lang: str) -> discord.Embed:
    """One member's record, a field per game they finished."""
    embed = discord.Embed(
        title=t(lang, "stats.member_title", name=name)[:256], colour=discord.Colour(0x2E7D5B)
    )
    for game_id, game in stats.items():
        left_out = len(game.left_out_of.get(user_id, ()))
        notes = [t(lang, "stats.member_left_out", n=left_out)] if left_out else []
        coached = len(game.coached_of.get(user_id, ()))
        notes += [t(lang, "stats.member_coached", n=coached)] if coached else []
        member = game.members.get(user_id)
        if game.cooperative and (member is not None or notes):
            lines = []
            if member is not None:
                lines.append(t(lang, "stats.successes_line", record=team_words(member, lang)))
                for variant, (played, successes) in sorted(member.by_variant.items()):
                    lines.append(f"• {variant}: {team_words(TeamRecord(variant, played, successes), lang)}")
            embed.add_field(
                name=t(lang, "stats.team_game", game=game_name(game_id, lang))[:256],
                value=_fit("\n".join([*lines, *notes]), 1024),
                inline=False,
            )
            continue
        standing = game.people.get(user_id)
        if standing is None:
            if notes:
                embed.add_field(name=game_name(game_id, lang)[:256], value="\n".join(notes), inline=False)
            continue
        rank = next(i for i, s in enumerate(game.ranked(), start=1) if s.user_id == user_id)
        value = "\n".join(
            [
                t(lang, "stats.played", n=standing.played),
                t(lang, "stats.wins", wins=standing.wins, rate=round(100 * standing.win_rate)),
                t(lang, "stats.avg_place", place=number(standing.avg_place)),
                t(lang, "stats.best", best=number(standing.best, 2) if standing.best is not None else "-"),
                t(lang, "stats.streak", streak=streak_words(standing.streak, lang)),
                t(lang, "stats.rank", rank=rank, of=len(game.people)),
                *notes,
            ]
        )
        embed.add_field(name=game_name(game_id, lang)[:256], value=_fit(value, 1024), inline=False)
    return embed


def _fit(text: str, limit: int) -> str:
    """Whole lines up to Discord's limit for a field."""
    if len(text) <= limit:
        return text
    kept: list[str] = []
    for line in text.splitlines():
        if sum(len(k) + 1 for k in kept) + len(line) > limit - 2:
            break
        kept.append(line)
    return "\n".join([*kept, "…"])


def boards(stats: dict[str, GameStats], lang: str) -> list[Board]:
    """The leaderboard picture's input: names as seated, numbers as counted."""

    def row(standing: Standing, name: str) -> Row:
        return Row(
            name=name,
            played=standing.played,
            wins=standing.wins,
            avg_place=standing.avg_place,
            best=standing.best,
            streak=standing.streak,
        )

    def team_row(record: TeamRecord, name: str) -> Row:
        return Row(name=name, played=record.played, wins=record.successes, avg_place=0, best=None, streak=0)

    out = []
    for game_id, game in stats.items():
        if game.cooperative:
            members = sorted(game.members.values(), key=lambda m: m.name.casefold())
            out.append(
                Board(
                    game=game_name(game_id, lang),
                    games=len(game.games),
                    rows=[team_row(m, m.name) for m in members],
                    team=True,
                    variants=[
                        team_row(TeamRecord(v, played, won), v)
                        for v, (played, won) in sorted(game.team.by_variant.items())
                    ],
                    left_out=len(game.left_out),
                    coached=len(game.coached),
                )
            )
            continue
        out.append(
            Board(
                game=game_name(game_id, lang),
                games=len(game.games),
                rows=[row(s, s.name) for s in game.ranked()],
                ai_rows=[row(s, ai_name(s, lang)) for s in game.ai_ranked()],
                left_out=len(game.left_out),
                coached=len(game.coached),
            )
        )
    return out


def leaderboard_picture(stats: dict[str, GameStats], lang: str, subtitle: str) -> bytes:
    """CPU work (Pillow): run it in a worker thread."""
    return render_leaderboard(boards(stats, lang)[:6], lang, subtitle=subtitle)
