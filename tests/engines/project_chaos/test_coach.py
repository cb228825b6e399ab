"""The coach's reasons for Project Chaos moves (``Engine.explain``) on hand-built positions."""

from __future__ import annotations

from engines.core import Explanation
from engines.project_chaos.models import Discard, Place, Play

from .conftest import E, make_state, plain
from .test_analysis import die_at_three


def test_a_placement_that_ships_the_missing_category_names_the_goal() -> None:
    # PC-7 C: the 0-value card in the Management workplace goes to the lane for free, the second
    # Management card the balanced product needs (PC-5)
    found = E.explain(die_at_three(), "p1", Place(card="pc-new-coffee-machine", workplace="mgmt"))
    assert found == Explanation(
        code="goal",
        params={
            "card": "pc-new-coffee-machine",
            "lane_card": "pc-meeting-about-meetings",
            "part": "mgmt",
            "have": 2,
            "need": 2,
        },
    )


def test_calming_the_die_and_discarding_trouble() -> None:
    state = die_at_three()
    assert E.explain(state, "p1", Play(card="pc-new-coffee-machine")) == Explanation(
        code="calms", params={"card": "pc-new-coffee-machine", "n": 3}
    )
    assert E.explain(state, "p1", Discard(card="pc-flaky-test")) == Explanation(
        code="discard_trouble", params={"card": "pc-flaky-test"}
    )
    # raising the die is no reason at all
    assert E.explain(state, "p1", Play(card="pc-reply-all-storm")) is None


def test_a_resource_card_in_an_empty_workplace_adds_tokens() -> None:
    card = plain(2, "tech")
    state = make_state({"p1": [card, plain(-1, "user"), plain(0, "mgmt")], "p2": [], "p3": []})
    assert E.explain(state, "p1", Place(card=card, workplace="tech")) == Explanation(
        code="resources", params={"card": card, "n": 2}
    )


def test_a_card_the_innovation_goal_counts_is_kept_where_it_can_reach_the_lane() -> None:
    """World-changing innovation needs five of the six +3 cards (PC-5): placing one keeps it; the reason says
    how many the game holds to spare, from the public discard only."""
    ceo = "pc-ceo-all-in"
    hands = {"p1": [ceo, "pc-flaky-test", "pc-new-coffee-machine"], "p2": []}
    place = Place(card=ceo, workplace="mgmt")
    fresh = make_state(hands, scenario="innovation")
    assert E.explain(fresh, "p1", place) == Explanation(
        code="goal_card", params={"card": ceo, "value": 3, "need": 5, "total": 6, "n": 1}
    )
    one_lost = make_state(hands, scenario="innovation", discard=["pc-dream-client"])
    assert E.explain(one_lost, "p1", place) == Explanation(
        code="goal_card_last", params={"card": ceo, "value": 3, "need": 5, "total": 6, "n": 0}
    )
    # two lost: the goal is out of reach, the placement is worth its resources only
    two_lost = make_state(hands, scenario="innovation", discard=["pc-dream-client", "pc-team-in-the-zone"])
    assert E.explain(two_lost, "p1", place) == Explanation(code="resources", params={"card": ceo, "n": 3})
    # cards set aside face down are not the seat's to count (the coach reads the public board)
    aside = make_state(hands, scenario="innovation", set_aside=["pc-dream-client"])
    assert E.explain(aside, "p1", place) == E.explain(fresh, "p1", place)
    # the same card in another scenario is a resource
    assert E.explain(make_state(hands), "p1", place) == Explanation(
        code="resources", params={"card": ceo, "n": 3}
    )
