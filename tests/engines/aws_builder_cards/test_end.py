"""AB-8: the end of the game, scoring and the tie-break."""

from __future__ import annotations

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.cards import key_of
from engines.aws_builder_cards.models import Acquire, EndTurn
from tests.engines.aws_builder_cards.conftest import Table, kinds


def last_wa_only(t: Table) -> str:
    """Leave one W-A card (a 1-point card) in the pile; the rest go to p2's score zone."""
    st = t.state
    top = st.wa[-1]
    st.score["p2"].extend(st.wa[:-1])
    st.wa = [top]
    return top


def test_ab_8_the_game_ends_after_the_turn_in_which_the_last_wa_card_is_acquired() -> None:
    t = Table()
    last_wa_only(t)
    t.hand("p1", "ec2", "ec2", "ec2")  # 10 credits and two acquisitions
    t.deploy_all()
    events = t.do("p1", Acquire(source="wa"))
    assert "last_wa_acquired" in kinds(events)
    assert ENGINE.outcome(t.state) is None and ENGINE.to_move(t.state) == ["p1"]
    # The turn is played to the end: the second acquisition is still there.
    t.do("p1", Acquire(source="free", slot=0))
    events = t.do("p1", EndTurn())
    assert "game_over" in kinds(events)
    assert ENGINE.to_move(t.state) == [] and ENGINE.outcome(t.state) is not None


def test_ab_8_score_is_wa_points() -> None:
    t = Table()
    last_wa_only(t)
    t.hand("p1", "ec2", "ec2")
    t.deploy_all()
    t.do("p1", Acquire(source="wa"))
    t.do("p1", EndTurn())
    out = ENGINE.outcome(t.state)
    assert out is not None
    assert out.scores == {"p1": 1.0, "p2": 3.0 * 3 + 1 * 3}
    assert out.winners == ["p2"] and out.ranking == [["p2"], ["p1"]]


def finish_tied(p2_builders: int) -> Table:
    """p1 ends on 4 points (3 + the last 1-point card), p2 has 4; p1 owns two EC2 (Builder cards)."""
    t = Table()
    st = t.state
    ones = [c for c in st.wa if key_of(c).startswith("wa1")]
    threes = [c for c in st.wa if key_of(c).startswith("wa3")]
    st.score["p1"] = [threes[0]]
    st.score["p2"] = [threes[1], ones[0]]
    st.wa = [ones[1]]
    t.hand("p1", "ec2", "ec2")
    t.discard("p2", *["s3"] * p2_builders)
    t.deploy_all()
    t.do("p1", Acquire(source="wa"))
    t.do("p1", EndTurn())
    return t


def test_ab_8_tie_break_is_more_builder_cards_owned() -> None:
    out = ENGINE.outcome(finish_tied(3).state)
    assert out is not None and out.scores == {"p1": 4.0, "p2": 4.0}
    assert out.details["builder_cards"] == {"p1": 2, "p2": 3}
    assert out.winners == ["p2"] and out.ranking == [["p2"], ["p1"]]
    out = ENGINE.outcome(finish_tied(1).state)
    assert out is not None and out.winners == ["p1"]


def test_ab_8_equal_points_and_builder_cards_is_a_shared_win() -> None:
    out = ENGINE.outcome(finish_tied(2).state)
    assert out is not None
    assert sorted(out.winners) == ["p1", "p2"] and len(out.ranking) == 1


def finish_tied_with_missions(p1_missions: int, p2_missions: int) -> Table:
    """Missions on: both end on 7 points with as many Builder cards; p1's points come with ``p1_missions``
    solved missions, p2's with ``p2_missions`` (3 points each; W-A cards make up the rest)."""
    t = Table(missions=True)
    st = t.state
    ones = [c for c in st.wa if key_of(c).startswith("wa1")]
    threes = [c for c in st.wa if key_of(c).startswith("wa3")]
    missions = [f"mission-{k}" for k in sorted(t.db.missions)]
    st.mission_deck = [m for m in st.mission_deck if m not in missions]
    st.mission_hand = {s: [m for m in h if m not in missions] for s, h in st.mission_hand.items()}
    pool = {1: list(ones), 3: list(threes)}

    def zone(solved: int, wa_points: int) -> list[str]:
        cards = [missions.pop() for _ in range(solved)]
        for worth in (3, 1):
            while wa_points >= worth and pool[worth]:
                cards.append(pool[worth].pop(0))
                wa_points -= worth
        assert wa_points == 0
        return cards

    last = pool[1].pop()
    st.score["p1"] = zone(p1_missions, 7 - 3 * p1_missions - 1)  # the last W-A card brings p1 to 7
    st.score["p2"] = zone(p2_missions, 7 - 3 * p2_missions)
    st.wa = [last]
    t.hand("p1", "ec2", "ec2")
    t.discard("p2", "s3", "s3")
    t.deploy_all()
    t.do("p1", Acquire(source="wa"))
    t.do("p1", EndTurn())
    return t


def test_ab_8_with_missions_on_more_missions_solved_breaks_a_tie_of_points_and_builder_cards() -> None:
    out = ENGINE.outcome(finish_tied_with_missions(1, 0).state)
    assert out is not None and out.scores == {"p1": 7.0, "p2": 7.0}
    assert out.details["builder_cards"] == {"p1": 2, "p2": 2}
    assert out.details["missions"] == {"p1": 1, "p2": 0}
    assert out.winners == ["p1"] and out.ranking == [["p1"], ["p2"]]
    out = ENGINE.outcome(finish_tied_with_missions(0, 2).state)
    assert out is not None and out.winners == ["p2"] and out.ranking == [["p2"], ["p1"]]
    out = ENGINE.outcome(finish_tied_with_missions(1, 1).state)
    assert out is not None and sorted(out.winners) == ["p1", "p2"] and len(out.ranking) == 1
