"""A player's review worded (``bot.presenters.review``, issue 27 items 2 and 3), in both languages: the
private message with its key moments and hand pictures, the shared one (no hand pictures, the player named,
nobody pinged), the progress line, and "Try it again"'s verdicts."""

from __future__ import annotations

import discord
import pytest

from bot.presenters.review import (
    COURSE_FILE,
    KeyMoment,
    RetryScore,
    ReviewFacts,
    percent,
    private_review,
    progress_line,
    retry_answer,
    retry_prompt,
    shared_review,
    verdict,
)
from i18n import t
from tests.bot.presenters.conftest import pinged, within_discord_limits

PNG = b"\x89PNG\r\n\x1a\n-picture"
MOMENTS = [
    KeyMoment(
        index=11, grade="blunder", played="Plant Oak", better="Grow Ash", played_value=0.21, best_value=0.64
    ),
    KeyMoment(index=4, grade="mistake", played="Pass", better="Plant Elm", played_value=0.4, best_value=0.55),
    KeyMoment(index=20, grade="inaccuracy", played="Draw", better="Pass", played_value=0.5, best_value=0.57),
]


def facts(
    moments: list[KeyMoment] | None = None, accuracy: float | None = 72.4, **more: object
) -> ReviewFacts:
    return ReviewFacts(
        game="Yggdrasil",
        number=42,
        player="Alice",
        accuracy=accuracy,
        grades={"good": 9, "inaccuracy": 1, "mistake": 1, "blunder": 1},
        moments=MOMENTS if moments is None else moments,
        **more,  # type: ignore[arg-type]
    )


def text(payload: object) -> str:
    assert hasattr(payload, "embeds")
    return "\n".join(f"{e.title or ''}\n{e.description or ''}" for e in payload.embeds())


def image_of(embed: discord.Embed) -> str | None:
    return embed.image.url if embed.image else None


def test_the_private_review_shows_accuracy_grades_and_each_key_moment_with_its_hand(lang: str) -> None:
    view = discord.ui.View()
    hands = {11: PNG, 4: PNG}  # the third moment's game drew no hand picture
    payload = private_review(facts(), lang, course=PNG, hands=hands, view=view)
    within_discord_limits(payload)
    shown = text(payload)
    assert t(lang, "review.title", game="Yggdrasil", number=42) == payload.embeds()[0].title
    assert t(lang, "review.accuracy", accuracy="72") in shown
    assert t(lang, "review.grades.blunder", n=1) in shown and t(lang, "review.grades.good", n=9) in shown
    assert t(lang, "review.value") in shown
    # The costliest first, as the review ranks them; move numbers count from 1.
    titles = [e.title for e in payload.embeds()[1:]]
    assert titles == [
        t(lang, "review.moment", number=1, move=12, grade=t(lang, "review.grade.blunder")),
        t(lang, "review.moment", number=2, move=5, grade=t(lang, "review.grade.mistake")),
        t(lang, "review.moment", number=3, move=21, grade=t(lang, "review.grade.inaccuracy")),
    ]
    assert t(lang, "review.played", move="Plant Oak ??", value="21 %") in shown
    assert t(lang, "review.better", move="Grow Ash", value="64 %") in shown
    assert t(lang, "review.played", move="Draw ?!", value="50 %") in shown
    # The pictures: the course on the summary, each hand on its moment.
    assert [f.filename for f in payload.files] == [COURSE_FILE, "moment-11.png", "moment-4.png"]
    assert [image_of(e) for e in payload.embeds()] == [
        f"attachment://{COURSE_FILE}",
        "attachment://moment-11.png",
        "attachment://moment-4.png",
        None,
    ]
    assert payload.view is view and pinged(payload) == []


def test_a_review_without_costly_moves_or_choices_says_so(lang: str) -> None:
    calm = private_review(facts(moments=[], accuracy=None), lang, course=None, hands={}, view=None)
    shown = text(calm)
    assert t(lang, "review.no_choice") in shown and t(lang, "review.no_moments") in shown
    assert calm.files == [] and len(calm.embeds()) == 1


def test_a_cooperative_game_speaks_of_the_team(lang: str) -> None:
    shown = text(private_review(facts(cooperative=True), lang, course=None, hands={}, view=None))
    assert t(lang, "review.value_team") in shown and t(lang, "review.value") not in shown


def test_a_shared_review_names_its_player_shows_no_hand_and_pings_nobody(lang: str) -> None:
    payload = shared_review(facts(), lang, course=PNG)
    within_discord_limits(payload)
    shown = text(payload)
    assert t(lang, "review.shared_by", player="Alice") in shown
    assert t(lang, "review.shared_title", game="Yggdrasil", number=42, player="Alice") in shown
    # Spoken of the player, not to them: the reader is someone else.
    assert t(lang, "review.shared_played", move="Plant Oak ??", value="21 %") in shown
    assert t(lang, "review.shared_value", player="Alice") in shown
    assert t(lang, "review.played", move="Plant Oak ??", value="21 %") not in shown
    assert t(lang, "review.value") not in shown
    assert [f.filename for f in payload.files] == [COURSE_FILE]
    assert payload.view is None and pinged(payload) == []


def test_a_key_moment_graded_good_says_its_loss_is_within_the_margin(lang: str) -> None:
    close = KeyMoment(
        index=14, grade="good", played="Place Badger", better="Place Boar", played_value=0.03, best_value=0.27
    )
    shown = text(private_review(facts([close]), lang, course=None, hands={}, view=None))
    assert t(lang, "review.moment", number=1, move=15, grade=t(lang, "review.grade.close")) in shown
    assert t(lang, "review.grade.good") not in shown.split("\n", 3)[-1]


def test_the_progress_line_counts_up(lang: str) -> None:
    assert progress_line(0, 0, lang) == t(lang, "review.progress_start")
    assert progress_line(3, 12, lang) == t(lang, "review.progress", done=3, total=12, percent=25)


@pytest.mark.parametrize(
    ("chosen", "key"),
    [
        (0.70, "review.verdict.best"),
        (0.62, "review.verdict.best"),  # within a rollout's noise of the best
        (0.45, "review.verdict.better"),
        (0.31, "review.verdict.same"),
        (0.10, "review.verdict.worse"),
    ],
)
def test_a_retried_move_gets_one_verdict(chosen: float, key: str) -> None:
    score = RetryScore("Grow Ash", chosen, "Plant Oak", 0.3, "Grow Elm", 0.63)
    assert verdict(score) == key


def test_try_it_again_asks_with_the_hand_and_answers_with_the_three_figures(lang: str) -> None:
    view = discord.ui.View()
    asked = retry_prompt(MOMENTS[0], lang, hand=PNG, view=view)
    within_discord_limits(asked)
    assert asked.embed is not None and asked.embed.title == t(lang, "review.retry_title", move=12)
    assert [f.filename for f in asked.files] == ["moment-11.png"] and asked.view is view
    answer = retry_answer(RetryScore("Grow Ash", 0.5, "Plant Oak", 0.25, "Grow Elm", 0.7), lang)
    shown = text(answer)
    assert t(lang, "review.retry_chosen", move="Grow Ash", value="50 %") in shown
    assert t(lang, "review.retry_played", move="Plant Oak", value="25 %") in shown
    assert t(lang, "review.retry_best", move="Grow Elm", value="70 %") in shown
    assert t(lang, "review.verdict.better") in shown
    assert percent(None) == "—" and percent(0.006) == "1 %"
