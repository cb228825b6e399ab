"""GC-10 passing and clearing, with the GC-23 house rule."""

from __future__ import annotations

from .conftest import E, kinds, legal_plays_of, make_state, pass_, play

HANDS = {
    "p1": ["S4", "S9", "S12"],
    "p2": ["H6", "H10", "H13"],
    "p3": ["C6", "C12", "C14"],
    "p4": ["D4", "D9", "D14"],
}


def test_gc_10_once_passed_a_player_sits_out_until_the_clear() -> None:
    s = make_state(HANDS)
    s = play(s, "p1", "S4").state
    s = pass_(s, "p2").state
    s = play(s, "p3", "C6").state
    s = play(s, "p4", "D9").state
    assert s.current == "p1"
    s = play(s, "p1", "S12").state
    assert s.current == "p3"  # p2 passed earlier and is skipped
    assert E.legal_actions(s, "p2") == []


def test_gc_10_field_clears_when_everyone_else_passed_and_last_player_leads() -> None:
    s = make_state(HANDS)
    s = play(s, "p1", "S9").state
    s = pass_(s, "p2").state
    s = pass_(s, "p3").state
    step = pass_(s, "p4")
    assert "cleared" in kinds(step.events)
    s = step.state
    assert s.top is None and s.current == "p1" and s.points["p1"] == 2 and s.passed == []
    assert {"S9"} <= set(s.discard)


def test_gc_10_if_the_last_player_went_out_the_next_holder_leads() -> None:
    s = make_state(
        {"p1": ["S9"], "p2": ["H6", "H10"], "p3": ["C6", "C12"], "p4": ["D4", "D14"]},
    )
    s = play(s, "p1", "S9").state
    assert s.finished == ["p1"]
    s = pass_(s, "p2").state
    s = pass_(s, "p3").state
    s = pass_(s, "p4").state
    assert s.top is None and s.current == "p2" and s.points["p1"] == 2


def test_gc_10_house_rule_once_passed_may_replay() -> None:
    s = make_state(HANDS, once_passed_may_replay=True)
    s = play(s, "p1", "S4").state
    s = pass_(s, "p2").state
    s = play(s, "p3", "C6").state
    s = play(s, "p4", "D9").state
    s = play(s, "p1", "S12").state
    assert s.current == "p2"
    assert legal_plays_of(s, "p2") == {("H13",)}
    # Clearing now needs every other player to pass after the last play.
    s = pass_(s, "p2").state
    s = pass_(s, "p3").state
    assert s.top is not None
    s = pass_(s, "p4").state
    assert s.top is None and s.current == "p1"
