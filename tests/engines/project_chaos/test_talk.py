"""PC-12 talk cards: the vote (decision PC-12a) and the claim (decision PC-12b)."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction, NotYourTurn
from engines.project_chaos.models import ClaimPending, VotePending
from i18n.effects.project_chaos import effects_text

from .conftest import E, act, kinds, make_state, of_kind

STANDUP = "pc-five-minute-standup"  # vote: yes -> die -1, tokens +1
NAMING = "pc-naming-debate"  # vote: yes -> die -1, no -> die +1
KEY_PERSON = "pc-key-person-quits"  # claim: claimed -> tokens +1, die -1; unclaimed -> die +1
INTERN = "pc-genius-intern"
VIRAL = "pc-release-goes-viral"
HANDS = {"p1": [STANDUP, NAMING, KEY_PERSON], "p2": [INTERN], "p3": [VIRAL]}


def test_pc_12a_every_player_votes_and_yes_applies_only_if_all_agree() -> None:
    s = make_state(HANDS, die=2, tokens=0)
    step = act(s, "p1", {"type": "play", "card": STANDUP})
    n = step.state
    assert isinstance(n.pending, VotePending)
    opened = of_kind(step.events, "vote_opened")[0]
    assert opened.card == STANDUP and opened.seats == ["p1", "p2", "p3"]
    assert E.to_move(n) == ["p1", "p2", "p3"]
    n = act(n, "p3", {"type": "vote", "yes": True}).state  # any order
    assert E.to_move(n) == ["p1", "p2"]
    with pytest.raises(NotYourTurn):
        act(n, "p3", {"type": "vote", "yes": False})  # one vote each
    n = act(n, "p1", {"type": "vote", "yes": True}).state
    assert n.die == 2 and n.pending is not None  # nothing applies before the last vote
    last = act(n, "p2", {"type": "vote", "yes": True})
    closed = of_kind(last.events, "vote_closed")[0]
    assert closed.passed and closed.yes_seats == ["p1", "p2", "p3"] and closed.no_seats == []
    m = last.state
    assert (m.die, m.tokens) == (1, 1) and STANDUP in m.discard
    assert kinds(last.events).index("vote_closed") < kinds(last.events).index(
        "chaos"
    )  # then the turn goes on


def test_pc_12a_one_no_vote_applies_the_no_effects() -> None:
    s = make_state(HANDS, die=1)
    n = act(s, "p1", {"type": "play", "card": NAMING}).state
    for seat, yes in (("p1", True), ("p2", False), ("p3", True)):
        step = act(n, seat, {"type": "vote", "yes": yes})
        n = step.state
    closed = of_kind(step.events, "vote_closed")[0]
    assert not closed.passed and closed.no_seats == ["p2"]
    assert n.die == 2  # the "no" effect: chaos die +1


def test_pc_12a_only_votes_answer_a_vote() -> None:
    s = make_state(HANDS, die=1)
    n = act(s, "p1", {"type": "play", "card": STANDUP}).state
    with pytest.raises(IllegalAction) as err:
        act(n, "p1", {"type": "discard", "card": NAMING})
    assert err.value.code == "not_now"
    assert E.legal_actions(n, "p2") == [
        E.parse_action({"type": "vote", "yes": True}),
        E.parse_action({"type": "vote", "yes": False}),
    ]


def test_pc_12b_the_first_claim_closes_it_and_the_claimed_effect_applies() -> None:
    s = make_state(HANDS, die=2, tokens=0)
    n = act(s, "p1", {"type": "play", "card": KEY_PERSON}).state
    assert isinstance(n.pending, ClaimPending) and E.to_move(n) == ["p1", "p2", "p3"]
    n = act(n, "p1", {"type": "no_claim"}).state
    assert E.to_move(n) == ["p2", "p3"]
    step = act(n, "p3", {"type": "claim"})
    assert of_kind(step.events, "claimed")[0].seat == "p3"
    assert of_kind(step.events, "claim_closed")[0].claimant_seat == "p3"
    assert (step.state.tokens, step.state.die) == (1, 1) and step.state.pending is None


def test_pc_12b_when_everyone_passes_the_unclaimed_effect_applies() -> None:
    s = make_state(HANDS, die=1)
    n = act(s, "p1", {"type": "play", "card": KEY_PERSON}).state
    for seat in ("p2", "p1", "p3"):
        step = act(n, seat, {"type": "no_claim"})
        n = step.state
    assert of_kind(step.events, "claim_closed")[0].claimant_seat is None
    assert n.die == 2


def test_pc_12_public_view_shows_the_question_and_who_answered() -> None:
    s = make_state(HANDS, die=1)
    n = act(s, "p1", {"type": "play", "card": STANDUP}).state
    n = act(n, "p2", {"type": "vote", "yes": False}).state
    pending = E.view(n, None).pending
    assert pending is not None and pending.kind == "vote" and pending.card == STANDUP
    assert pending.votes == {"p2": False} and pending.seats == ["p1", "p3"]
    assert pending.question is not None and pending.question.ja.endswith("？")
    assert pending.outcome_yes is not None and "-1" in effects_text(pending.outcome_yes, "en")


def test_pc_12_a_vote_is_part_of_the_turn_of_the_player_who_played_the_card() -> None:
    """``turn_of`` (for turn clocks): while everyone votes, and until the turn passes (PC-8), the turn stays
    the player's who played the talk card, whoever must decide now."""
    s = make_state(HANDS, die=2, tokens=0)
    assert E.turn_of(s) == "p1"
    n = act(s, "p1", {"type": "play", "card": STANDUP}).state
    n = act(n, "p1", {"type": "vote", "yes": True}).state
    assert E.to_move(n) == ["p2", "p3"] and E.turn_of(n) == "p1"
    n = act(n, "p2", {"type": "vote", "yes": True}).state
    n = act(n, "p3", {"type": "vote", "yes": True}).state
    while E.turn_of(n) == "p1" and E.outcome(n) is None:  # chaos steps and the refill, still p1's turn
        seat = E.to_move(n)[0]
        assert seat == "p1"
        n = E.apply(n, seat, E.legal_actions(n, seat)[0]).state
    assert E.turn_of(n) == "p2" and E.to_move(n) == ["p2"]
