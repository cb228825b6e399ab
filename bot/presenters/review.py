"""A player's review of a finished game (issue 27 items 2 and 3), worded: the private message with its key
moments and their hand pictures, the public one a player shares in the game's thread, the progress line
while it is computed, and "Try it again"'s question and answer.

Pure: the facts (``ReviewFacts``, built by ``bot.review.words`` from the stored analysis, the moves already
worded as the game's hand words them) and the pictures' bytes go in, payloads come out. What a value means:
the seat's expected result (``engines.core.analysis.results``), a win chance with a small score term, or in a
cooperative game the team's chance of success; shown as a percentage.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import discord

from bot.presenters.payload import COLOUR, Payload
from i18n import t

#: Grades as lichess marks them, after the move's words.
MARKS = {"good": "", "inaccuracy": " ?!", "mistake": " ?", "blunder": " ??"}
GRADES = ("good", "inaccuracy", "mistake", "blunder")
#: A retried move within this of another's value scores "as good as" it (the values are rollout means).
SAME = 0.02
COURSE_FILE = "course.png"


@dataclass(frozen=True)
class KeyMoment:
    """One of the costliest decisions: the log's action ``index`` (move ``index + 1``), the moves worded."""

    index: int
    grade: str
    played: str
    better: str | None
    played_value: float | None
    best_value: float | None

    @property
    def picture(self) -> str:
        return f"moment-{self.index}.png"


@dataclass(frozen=True)
class ReviewFacts:
    game: str
    number: int
    player: str
    accuracy: float | None
    grades: Mapping[str, int]
    moments: Sequence[KeyMoment]
    cooperative: bool = False


def percent(value: float | None) -> str:
    return "—" if value is None else f"{round(value * 100)} %"


def _summary(facts: ReviewFacts, lang: str, *, shared: bool = False) -> list[str]:
    accuracy = (
        t(lang, "review.accuracy", accuracy=f"{facts.accuracy:.0f}")
        if facts.accuracy is not None
        else t(lang, "review.no_choice")
    )
    grades = " · ".join(t(lang, f"review.grades.{g}", n=facts.grades.get(g, 0)) for g in GRADES)
    key = ("review.shared_" if shared else "review.") + ("value_team" if facts.cooperative else "value")
    return [accuracy, grades, t(lang, key, player=facts.player)]


def _moment_lines(moment: KeyMoment, lang: str, *, shared: bool = False) -> list[str]:
    lines = [
        t(
            lang,
            "review.shared_played" if shared else "review.played",
            move=moment.played + MARKS.get(moment.grade, ""),
            value=percent(moment.played_value),
        )
    ]
    if moment.better is not None:
        lines.append(t(lang, "review.better", move=moment.better, value=percent(moment.best_value)))
    return lines


def _moment_title(number: int, moment: KeyMoment, lang: str) -> str:
    return t(
        lang,
        "review.moment",
        number=number,
        move=moment.index + 1,
        # A key moment graded good lost something, but no more than the analysis' margin of error: said so,
        # since "good" beside a lower figure than the better move's reads as a contradiction.
        grade=t(lang, "review.grade.close" if moment.grade == "good" else f"review.grade.{moment.grade}"),
    )


def _file(data: bytes, filename: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename)


def private_review(
    facts: ReviewFacts,
    lang: str,
    *,
    course: bytes | None,
    hands: Mapping[int, bytes],
    view: discord.ui.View | None,
) -> Payload:
    """The player's own review: the summary with the course picture, then a key moment an embed, each with
    the player's hand as it was (``hands`` by the moment's index). Only ever sent ephemeral."""
    head = discord.Embed(
        title=t(lang, "review.title", game=facts.game, number=facts.number),
        description="\n".join(_summary(facts, lang)),
        colour=COLOUR,
    )
    files: list[discord.File] = []
    if course is not None:
        files.append(_file(course, COURSE_FILE))
        head.set_image(url=f"attachment://{COURSE_FILE}")
    more: list[discord.Embed] = []
    if not facts.moments:
        head.description = "\n".join([*_summary(facts, lang), "", t(lang, "review.no_moments")])
    for number, moment in enumerate(facts.moments, start=1):
        embed = discord.Embed(
            title=_moment_title(number, moment, lang),
            description="\n".join(_moment_lines(moment, lang)),
            colour=COLOUR,
        )
        hand = hands.get(moment.index)
        if hand is not None:
            files.append(_file(hand, moment.picture))
            embed.set_image(url=f"attachment://{moment.picture}")
        more.append(embed)
    return Payload(
        content=None,
        embed=head,
        more_embeds=more,
        files=files,
        view=view,
        allowed_mentions=discord.AllowedMentions.none(),
    )


def shared_review(facts: ReviewFacts, lang: str, *, course: bytes | None) -> Payload:
    """The review as its player shares it in the game's thread: their name, accuracy, key moments and the
    course; no hand pictures (the moves say what the moments were). Pings nobody."""
    lines = [t(lang, "review.shared_by", player=facts.player), *_summary(facts, lang, shared=True)]
    for number, moment in enumerate(facts.moments, start=1):
        title = _moment_title(number, moment, lang)
        lines += ["", f"**{title}**", *_moment_lines(moment, lang, shared=True)]
    if not facts.moments:
        lines += ["", t(lang, "review.shared_no_moments")]
    embed = discord.Embed(
        title=t(lang, "review.shared_title", game=facts.game, number=facts.number, player=facts.player),
        description="\n".join(lines)[:4096],
        colour=COLOUR,
    )
    payload = Payload(embed=embed, allowed_mentions=discord.AllowedMentions.none())
    if course is not None:
        payload.attach(course, COURSE_FILE)
    return payload


def progress_line(done: int, total: int, lang: str) -> str:
    if total <= 0:
        return t(lang, "review.progress_start")
    return t(lang, "review.progress", done=done, total=total, percent=round(100 * done / total))


def retry_prompt(moment: KeyMoment, lang: str, *, hand: bytes | None, view: discord.ui.View) -> Payload:
    """ "Try it again" asks: the position as the player saw it (their hand then), and the legal moves."""
    embed = discord.Embed(
        title=t(lang, "review.retry_title", move=moment.index + 1),
        description=t(lang, "review.retry_ask"),
        colour=COLOUR,
    )
    payload = Payload(embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none())
    return payload.attach(hand, moment.picture)


@dataclass(frozen=True)
class RetryScore:
    """How a retried move scored, on the same redeals as the played one and the best one found."""

    chosen: str
    chosen_value: float
    played: str
    played_value: float
    best: str
    best_value: float


def verdict(score: RetryScore) -> str:
    """The one-line verdict's catalog key: against the best first, then against what was played."""
    if score.chosen_value >= score.best_value - SAME:
        return "review.verdict.best"
    if score.chosen_value > score.played_value + SAME:
        return "review.verdict.better"
    if score.chosen_value >= score.played_value - SAME:
        return "review.verdict.same"
    return "review.verdict.worse"


def retry_answer(score: RetryScore, lang: str) -> Payload:
    lines = [
        t(lang, "review.retry_chosen", move=score.chosen, value=percent(score.chosen_value)),
        t(lang, "review.retry_played", move=score.played, value=percent(score.played_value)),
        t(lang, "review.retry_best", move=score.best, value=percent(score.best_value)),
        "",
        t(lang, verdict(score)),
    ]
    embed = discord.Embed(title=t(lang, "review.retry_result"), description="\n".join(lines), colour=COLOUR)
    return Payload(embed=embed, allowed_mentions=discord.AllowedMentions.none())
