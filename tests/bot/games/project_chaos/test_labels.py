"""Project Chaos move labels: the hand offers a card, then play / discard / place, each saying what it does;
every pending decision is a row of buttons that say what they cost and do (the push-out), the die-3 cards
one at a time, and the labels read the chooser's own view only."""

from __future__ import annotations

import pytest

from bot.games import LabelContext, ui_for
from bot.games.project_chaos.ui import UI
from engines.core import Rng
from engines.project_chaos import ENGINE
from engines.project_chaos.cards import CARDS
from engines.project_chaos.models import (
    CastVote,
    ChaosDiscardPending,
    ClaimPending,
    Discard,
    ForcedPending,
    MakeClaim,
    NoClaim,
    NoPay,
    Pay,
    Pick,
    Place,
    Play,
    PushOutPending,
    TargetPending,
    VotePending,
)
from tests.engines.project_chaos.conftest import make_state

NAMES = {"p1": "Hanako", "p2": "AI-1", "p3": "AI-2"}
HAND = ["pc-product-praised", "pc-ci-all-green", "pc-scope-creep"]


def ui() -> UI:
    found = ui_for("project-chaos")
    assert isinstance(found, UI)
    return found


def ctx(state: object, seat: str = "p1") -> LabelContext:
    return LabelContext(ENGINE.view(state, seat), NAMES)  # type: ignore[arg-type]


def turn_state() -> object:
    return make_state(
        {"p1": HAND, "p2": [], "p3": []},
        workplaces={"user": "pc-typo-in-production"},
        tokens=1,
    )


def test_the_turn_is_a_card_then_what_to_do_with_it() -> None:
    state = turn_state()
    legal = ENGINE.legal_actions(state, "p1")  # type: ignore[arg-type]
    c = ctx(state)
    assert ui().quick_actions(legal) == [], "the turn's action goes in the selects"
    groups = list(dict.fromkeys(ui().group_label(a, "en", ctx=c) for a in legal))
    assert groups == [
        "1. The Product Gets Rave Reviews · User +2",
        "2. CI Is All Green · Technology +2",
        "3. Scope Creep · Management/User -2",
    ]
    praised = {
        ui().action_label(a, "en", in_group=True, ctx=c)
        for a in legal
        if getattr(a, "card", None) == "pc-product-praised"
    }
    assert praised == {
        "▶ Play: If the Technology workplace holds a card of value +1 or more, resources +2.",
        "✕ Discard it",
        # PC-7 C: the tokens the value moves, and the card it pushes out of the occupied workplace
        "⬇ Place in User: resources 1 → 3 · pushes out A Typo on the Production Homepage (-1)",
    }
    # Outside the hand (autocomplete), the card is named in the label.
    place = Place(card="pc-ci-all-green", workplace="tech")
    assert ui().action_label(place, "en", ctx=c) == "⬇ Place CI Is All Green in Technology: resources 1 → 3"
    assert ui().action_label(place, "ja", ctx=c) == "⬇ CIがオールグリーンをテクノロジーに配置：リソース 1 → 3"
    assert ui().action_label(Discard(card="pc-scope-creep"), "en", ctx=c) == "✕ Discard Scope Creep"
    # A trouble's token change is clamped at 0 (PC-3), as the rules do it.
    scope = Place(card="pc-scope-creep", workplace="mgmt")
    assert "resources 1 → 0" in ui().action_label(scope, "en", ctx=c)


def test_a_card_without_a_play_effect_offers_no_play() -> None:
    state = make_state({"p1": ["pc-genius-intern", "pc-legacy-code", "pc-oss-fixes-it"], "p2": [], "p3": []})
    legal = ENGINE.legal_actions(state, "p1")
    assert not [a for a in legal if isinstance(a, Play)]
    labels = [ui().action_label(a, "en", in_group=True, ctx=ctx(state)) for a in legal]
    assert sum(lbl.startswith("⬇ Place in ") for lbl in labels) == 4  # OSS fits two workplaces


def test_the_push_out_buttons_say_what_each_costs_and_does() -> None:
    pending = PushOutPending(
        seat="p1",
        card="pc-ci-all-green",
        by_card="pc-refactoring-done",
        workplace="tech",
        cost=2,
        pay_to="lane",
        free_to="discard",
    )
    state = make_state(
        {"p1": ["pc-genius-intern"], "p2": [], "p3": []}, tokens=3, stage="chaos", pending=pending
    )
    legal = ENGINE.legal_actions(state, "p1")
    assert ui().quick_actions(legal) == legal == [Pay(), NoPay()]
    c = ctx(state)
    assert ui().action_label(Pay(), "en", ctx=c) == "💰 Pay 2 tokens: CI Is All Green goes to the lane"
    assert ui().action_label(NoPay(), "en", ctx=c) == "🪙 Keep the tokens: CI Is All Green is discarded"
    assert ui().action_label(Pay(), "ja", ctx=c) == "💰 2個払う：CIがオールグリーンは完成品レーンへ"
    trouble = pending.model_copy(
        update={"card": "pc-flaky-test", "cost": 1, "pay_to": "discard", "free_to": "lane"}
    )
    state = make_state(
        {"p1": ["pc-genius-intern"], "p2": [], "p3": []}, tokens=3, stage="chaos", pending=trouble
    )
    assert ui().action_label(Pay(), "en", ctx=ctx(state)) == "💰 Pay 1 token: A Flaky Test is discarded"
    assert (
        ui().action_label(NoPay(), "en", ctx=ctx(state))
        == "🪙 Keep the tokens: A Flaky Test goes to the lane"
    )
    # Without the chooser's view (a stale context), the buttons still read as plain sentences.
    assert ui().action_label(Pay(), "en") == "💰 Pay the tokens"


def test_forced_cards_at_die_3_are_buttons_one_at_a_time() -> None:
    state = make_state(
        {"p1": ["pc-genius-intern"], "p2": [], "p3": []},
        revealed=["pc-flaky-test", "pc-legacy-code"],
        stage="forced",
        pending=ForcedPending(seat="p1"),
        die=3,
    )
    legal = ENGINE.legal_actions(state, "p1")
    assert ui().quick_actions(legal) == legal
    labels = [ui().action_label(a, "en", ctx=ctx(state)) for a in legal]
    assert labels == [
        "⚠ Play A Flaky Test (die 3): Chaos die +1.",
        "⚠ Place Legacy Code Nobody Can Read in Technology (die 3): resources 0 → 0",
    ]


def test_the_die_2_discard_targets_votes_and_claims_are_buttons() -> None:
    hand = [*HAND, "pc-genius-intern"]
    state = make_state(
        {"p1": hand, "p2": [], "p3": []}, stage="refill", pending=ChaosDiscardPending(seat="p1")
    )
    legal = ENGINE.legal_actions(state, "p1")
    assert ui().quick_actions(legal) == legal and len(legal) == 4
    assert (
        ui().action_label(legal[0], "en", ctx=ctx(state))
        == "✕ Discard The Product Gets Rave Reviews · User +2"
    )

    target = TargetPending(seat="p1", card="pc-sudden-reorg", effect="discard", candidates=("tech", "user"))
    state = make_state(
        {"p1": HAND, "p2": [], "p3": []},
        workplaces={"tech": "pc-genius-intern", "user": "pc-release-goes-viral"},
        stage="chaos",
        pending=target,
    )
    assert [ui().action_label(a, "en", ctx=ctx(state)) for a in ENGINE.legal_actions(state, "p1")] == [
        "🎯 Discard A Genius Intern Appears (+3) from Technology",
        "🎯 Discard The Release Goes Viral (+3) from User",
    ]
    assert ui().action_label(Pick(workplace="tech"), "en") == "🎯 Technology"

    vote = CARDS["pc-naming-debate"].play[0]
    state = make_state(
        {"p1": HAND, "p2": [], "p3": []},
        stage="chaos",
        pending=VotePending(seat="p1", card="pc-naming-debate", effect=vote),
    )  # type: ignore[arg-type]
    assert [ui().action_label(a, "en") for a in ENGINE.legal_actions(state, "p2")] == [
        "👍 Vote yes",
        "👎 Vote no",
    ]
    claim = CARDS["pc-works-on-my-machine"].play[0]
    state = make_state(
        {"p1": HAND, "p2": [], "p3": []},
        stage="chaos",
        pending=ClaimPending(seat="p1", card="pc-works-on-my-machine", effect=claim),
    )  # type: ignore[arg-type]
    assert [ui().action_label(a, "ja") for a in ENGINE.legal_actions(state, "p3")] == [
        "🙋 体験したことがある",
        "🤷 自分ではない",
    ]
    assert ui().quick_actions([CastVote(yes=True), CastVote(yes=False)]) == [
        CastVote(yes=True),
        CastVote(yes=False),
    ]
    assert ui().quick_actions([MakeClaim(), NoClaim()]) == [MakeClaim(), NoClaim()]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_label_of_many_games_fits_and_is_worded(lang: str) -> None:
    """Labels within Discord's 100 characters, no catalog key or placeholder left, for every move offered
    in many random games; a label never reads another seat's hand (the chooser's view has none)."""
    agent = ENGINE.ai("random")
    for seed in range(25):
        state = ENGINE.new_game(["p1", "p2", "p3"], None, seed)
        rng = Rng.from_seed(seed)
        while ENGINE.outcome(state) is None:
            for seat in ENGINE.to_move(state):
                c = ctx(state, seat)
                for action in ENGINE.legal_actions(state, seat):
                    for in_group in (False, True):
                        label = ui().action_label(action, lang, in_group=in_group, ctx=c)
                        assert 0 < len(label) <= 100 and "{" not in label and "project-chaos" not in label
                    group = ui().group_label(action, lang, ctx=c)
                    assert group is None or len(group) <= 100
            seat = ENGINE.to_move(state)[0]
            state = ENGINE.apply(state, seat, agent.choose(state, seat, rng)).state


def test_a_play_that_takes_the_die_past_3_says_it_loses_PC_11() -> None:
    """With the die at 3, playing A Flaky Test (die +1) loses the game for the whole team: the label says
    so before it is chosen, in the hand's group and in the autocomplete alike; at die 2 it does not."""
    hand = {"p1": ["pc-flaky-test", "pc-ci-all-green"], "p2": [], "p3": []}
    flaky = Play(card="pc-flaky-test")
    at_three = ctx(make_state(hand, die=3))
    assert ui().action_label(flaky, "en", in_group=True, ctx=at_three) == (
        "☠ Loses the game (the die is at 3 and goes past 3): ▶ Play: Chaos die +1."
    )
    assert (
        ui()
        .action_label(flaky, "ja", ctx=at_three)
        .startswith("☠ ゲームに負けます（ダイスが3から3を超えます）：")
    )
    assert not ui().action_label(flaky, "en", ctx=ctx(make_state(hand, die=2))).startswith("☠")
    # Placing the same card touches no die: no warning.
    place = Place(card="pc-flaky-test", workplace="tech")
    assert not ui().action_label(place, "en", ctx=at_three).startswith("☠")
