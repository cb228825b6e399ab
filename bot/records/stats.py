"""``/game stats``: per server and per game, who played how often, won how often, placed where, scored
best, and the run they are on, counted from the results of finished games (``bot.store.stats``).

People are counted by their Discord account; the computer's seats by AI level, apart from people (a seat a
player left to the AI counts for the AI: the AI finished it). An AI level that filled two seats of one game
counts two games there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.games import manifest
from bot.i18n import t
from bot.store.stats import ResultEntry
from engines.core import GameError
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
class GameStats:
    game_id: str
    games: set[int] = field(default_factory=set)
    people: dict[int, Standing] = field(default_factory=dict)
    ai: dict[str, Standing] = field(default_factory=dict)

    def ranked(self) -> list[Standing]:
        return sorted(self.people.values(), key=Standing.rank_key)

    def ai_ranked(self) -> list[Standing]:
        return sorted(self.ai.values(), key=lambda s: s.ai_level or "")


def tally(entries: Sequence[ResultEntry]) -> dict[str, GameStats]:
    """Game id -> its stats, from results given oldest first (the order streaks are counted in)."""
    out: dict[str, GameStats] = {}
    for entry in entries:
        game = out.setdefault(entry.game_id, GameStats(entry.game_id))
        game.games.add(entry.game_pk)
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
        lines = []
        ranked = game.ranked()
        for i, standing in enumerate(ranked[:TEXT_ROWS], start=1):
            who = f"<@{standing.user_id}>"
            lines.append(f"{i}. {who} · {summary(standing, lang)}")
        if len(ranked) > TEXT_ROWS:
            lines.append(t(lang, "stats.more", n=len(ranked) - TEXT_ROWS))
        for standing in game.ai_ranked():
            lines.append(f"🤖 {ai_name(standing, lang)} · {summary(standing, lang)}")
        heading = t(lang, "stats.game_heading", game=game_name(game_id, lang), n=len(game.games))
        embed.add_field(name=heading[:256], value=_fit("\n".join(lines), 1024), inline=False)
    return embed


def member_embed(stats: dict[str, GameStats], user_id: int, name: str, lang: str) -> discord.Embed:
    """One member's record, a field per game they finished."""
    embed = discord.Embed(
        title=t(lang, "stats.member_title", name=name)[:256], colour=discord.Colour(0x2E7D5B)
    )
    for game_id, game in stats.items():
        standing = game.people.get(user_id)
        if standing is None:
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

    return [
        Board(
            game=game_name(game_id, lang),
            games=len(game.games),
            rows=[row(s, s.name) for s in game.ranked()],
            ai_rows=[row(s, ai_name(s, lang)) for s in game.ai_ranked()],
        )
        for game_id, game in stats.items()
    ]


def leaderboard_picture(stats: dict[str, GameStats], lang: str, subtitle: str) -> bytes:
    """CPU work (Pillow): run it in a worker thread."""
    return render_leaderboard(boards(stats, lang)[:6], lang, subtitle=subtitle)
