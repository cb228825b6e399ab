"""The project story (``UI.chronicle``): the game retold by sprint from its public events, in the players'
language, varied, at most 1,800 characters however long the game, and never naming a card that stayed
hidden (only public events are read, even when a private one is passed)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from bot.games import ui_for
from bot.games.project_chaos.story import LIMIT, chronicle
from bot.table.events import StoredEvent
from engines.core import Event, Rng
from engines.project_chaos import ENGINE
from engines.project_chaos.events import (
    CardDrawn,
    CardPlaced,
    CardPlayed,
    CardPushedOut,
    ClaimClosed,
    DieChanged,
    GameLost,
    GameWon,
    Stagnation,
    TokensChanged,
    TurnStarted,
    VoteClosed,
)

NAMES = {"p1": "Hanako", "p2": "AI-1", "p3": "AI-2"}
ui = ui_for("project-chaos")


def played(seed: int, agent: str = "normal", scenario: str | None = None) -> tuple[list[Event], object]:
    """The public events of one seeded game (as the publisher gathers them), and its final state."""
    state = ENGINE.new_game(["p1", "p2", "p3"], {"scenario": scenario} if scenario else None, seed)
    ai = ENGINE.ai(agent)
    rng = Rng.from_seed(seed)
    events: list[Event] = [Event(kind="game_started")]
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_move(state)[0]
        step = ENGINE.apply(state, seat, ai.choose(state, seat, rng))
        events += [e for e in step.events if e.public]
        state = step.state
    return events, state


def test_a_short_game_reads_as_a_story() -> None:
    events: Sequence[Event] = [
        Event(kind="game_started"),
        CardPlaced(
            seat="p1", card="pc-ci-all-green", workplace="tech", value=2, tokens_before=1, tokens_after=3
        ),
        TurnStarted(seat="p2", round=1),
        CardPlayed(seat="p2", card="pc-product-praised"),
        TokensChanged(seat="p2", source_card="pc-product-praised", before=3, after=3),
        TurnStarted(seat="p3", round=1),
        CardPlaced(
            seat="p3",
            card="pc-release-goes-viral",
            workplace="tech",
            value=3,
            tokens_before=3,
            tokens_after=3,
            replaced_card="pc-ci-all-green",
        ),
        CardPushedOut(seat="p3", card="pc-ci-all-green", workplace="tech", to="lane", paid=2, how="paid"),
        Stagnation(round=1, before=1, after=2),
        TurnStarted(seat="p1", round=2),
        VoteClosed(
            seat="p1", card="pc-five-minute-standup", passed=True, yes_seats=["p1", "p2", "p3"], no_seats=[]
        ),
        DieChanged(seat="p1", source_card="pc-five-minute-standup", before=2, after=1, cause="effect"),
        TokensChanged(seat="p1", source_card="pc-five-minute-standup", before=1, after=2),
        TurnStarted(seat="p2", round=2),
        ClaimClosed(seat="p2", card="pc-docs-exist", claimant_seat="p1"),
        GameWon(scenario="balanced", reason="win"),
    ]
    story = ui.chronicle(events, "en", NAMES)
    assert story is not None
    lines = story.splitlines()
    assert lines[0] == "📖 **The project story — Balanced Product**"
    assert lines[1].startswith("*Tech, users and management")
    assert lines[2] == (
        "**Sprint 1:** **CI Is All Green** took the Technology desk (resources 1→3); "
        "AI-1 brought out **The Product Gets Rave Reviews**; "
        "**CI Is All Green** reached the lane — nobody touched the die, and stagnation pushed it to 2."
    )
    assert lines[3] == (
        "**Sprint 2:** Hanako asked “Cancel every other meeting this week?” and everyone agreed "
        "(die 2→1, resources 1→2); "
        "Hanako knew this one all too well: “Has anyone here found docs that were actually up to date?”"
    )
    assert lines[-1] == "🎉 Sprint 2: the goal is met — the project ships and the whole team wins!"


def test_it_is_told_in_japanese() -> None:
    events = [
        CardPlaced(
            seat="p1", card="pc-ci-all-green", workplace="tech", value=2, tokens_before=1, tokens_after=3
        ),
        GameLost(scenario="mvp", reason="loss:cannot_draw"),
    ]
    story = ui.chronicle(events, "ja", NAMES)
    assert story == (
        "📖 **プロジェクトの物語 ── MVPリリース**\n"
        "*資金が尽きる前に、ユーザーに本当に喜ばれる小さなものを出そう。*\n"
        "**スプリント1**：「CIがオールグリーン」がテクノロジーの席に着いた（リソース1→3）。\n"
        "💥 スプリント1：山札が尽きた ── スケジュールは破綻し、チームそろってプロジェクト失敗。"
    )


def test_a_hidden_card_is_never_named() -> None:
    """The publisher passes public events only; a private one slipped in (a drawn card) is still skipped."""
    secret = CardDrawn(seat="p1", visible_to=("p1",), card="pc-genius-intern", cause="refill")
    events = [
        secret,
        CardPlaced(
            seat="p1", card="pc-ci-all-green", workplace="tech", value=2, tokens_before=0, tokens_after=2
        ),
        GameWon(scenario="stable", reason="win"),
    ]
    for lang in ("en", "ja"):
        story = ui.chronicle(events, lang, NAMES)
        assert story is not None
        assert ui.card_name("pc-genius-intern", lang) not in story
        assert ui.card_name("pc-ci-all-green", lang) in story


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_whole_games_stay_short_and_name_only_cards_the_table_showed(lang: str) -> None:
    names = {c.id: c.name.get(lang) for c in ENGINE.cards()}
    for seed in range(12):
        events, _final = played(seed, "normal" if seed % 3 == 0 else "random")
        story = ui.chronicle(events, lang, NAMES)
        assert story is not None and len(story) <= LIMIT
        shown = {
            getattr(e, f, None)
            for e in events
            for f in ("card", "source_card", "replaced_card", "cause_card")
        }
        shown |= {c for e in events for c in getattr(e, "cards", [])}
        named = {c for c, n in names.items() if n in story}
        assert named <= shown | {c for c in names if any(names[c] in names[o] for o in shown if o in names)}
        # Read back from the outbox (JSON without classes), the events tell the same story.
        stored = [StoredEvent.model_validate(e.model_dump(mode="json")) for e in events]
        assert ui.chronicle(stored, lang, NAMES) == story


def test_a_long_game_is_summarised_within_the_limit() -> None:
    """Many eventful sprints: fewer beats per sprint first, then quiet runs folded into one line each, the
    first sprint and the ending always kept."""
    events: list[Event] = []
    for sprint in range(1, 81):
        if sprint > 1:
            events.append(TurnStarted(seat="p1", round=sprint))
        card = ["pc-ci-all-green", "pc-release-goes-viral", "pc-flaky-test", "pc-typo-in-production"][
            sprint % 4
        ]
        events.append(
            CardPlaced(seat="p1", card=card, workplace="tech", value=1, tokens_before=0, tokens_after=1)
        )
        events.append(CardPushedOut(seat="p1", card=card, workplace="tech", to="lane", paid=0, how="free"))
        events.append(Stagnation(round=sprint, before=sprint % 3, after=sprint % 3 + 1))
        if sprint == 23:
            events.append(
                VoteClosed(
                    seat="p1", card="pc-all-hands", passed=False, yes_seats=["p1"], no_seats=["p2", "p3"]
                )
            )
    events.append(GameLost(scenario="stable", reason="loss:stagnation"))
    for lang in ("en", "ja"):
        story = chronicle(events, lang, NAMES)
        assert story is not None and len(story) <= LIMIT, len(story or "")
        assert ("**Sprint 1:**" if lang == "en" else "**スプリント1**") in story
        assert ("Sprint 80: the project stalled" if lang == "en" else "スプリント80：停滞") in story
        assert (
            "“Pitch our roadmap to the whole company?”" in story
            or "「全社にロードマップを発表する？」" in story
        )
        folded = re.findall(r"\*\*(?:Sprints \d+–\d+:|スプリント\d+〜\d+)\*\*", story)
        assert folded, story
    # A tiny budget still gives a story that fits.
    tiny = chronicle(events, "en", NAMES, limit=400)
    assert tiny is not None and len(tiny) <= 400


def test_variants_make_sprints_read_differently() -> None:
    """The same kind of moment in different sprints is told with different words (picked by the sprint)."""
    events: list[Event] = []
    for sprint in range(1, 4):
        if sprint > 1:
            events.append(TurnStarted(seat="p1", round=sprint))
        events.append(
            CardPlaced(
                seat="p1", card="pc-ci-all-green", workplace="tech", value=2, tokens_before=1, tokens_after=3
            )
        )
    story = chronicle(events, "en", NAMES)
    assert story is not None
    lines = [ln.split(":** ", 1)[1] for ln in story.splitlines() if ln.startswith("**Sprint")]
    assert len(set(lines)) == 3, lines
    assert chronicle(events, "en", NAMES) == story, "the same game always reads the same"


def test_nothing_to_tell() -> None:
    assert ui.chronicle([], "en", NAMES) is None
    assert ui.chronicle([Event(kind="game_started")], "en", NAMES) is None
