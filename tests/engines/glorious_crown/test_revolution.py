"""GC-8 revolution and GC-15 11-back (the effective state is their XOR)."""

from __future__ import annotations

from .conftest import kinds, legal_plays_of, make_state, pass_, play


def test_gc_8_quad_flips_the_board_for_the_rest_of_the_game() -> None:
    state = make_state(
        {"p1": ["S6", "H6", "D6", "C6", "S4", "S12"], "p2": ["H4", "H13", "D13"], "p3": ["C4", "C14", "D14"]}
    )
    step = play(state, "p1", "S6", "H6", "D6", "C6")
    s = step.state
    assert s.revolution and "revolution" in kinds(step.events)
    s = pass_(s, "p2").state
    s = pass_(s, "p3").state  # cleared: the revolution stays
    assert s.top is None and s.revolution and s.current == "p1"
    s = play(s, "p1", "S12").state
    assert legal_plays_of(s, "p2") == {("H4",)}  # lower is stronger now


def test_gc_8_jokers_may_complete_a_quad_and_a_second_quad_flips_back() -> None:
    state = make_state(
        {"p1": ["S9", "H9", "D9", "JK1", "S4"], "p2": ["S3", "H3", "D3", "C3", "H4"], "p3": ["C4", "C14"]}
    )
    s = play(state, "p1", "S9", "H9", "D9", "JK1").state
    assert s.revolution
    s = play(s, "p2", "S3", "H3", "D3", "C3").state
    assert not s.revolution


def test_gc_15_eleven_reverses_from_the_next_play_until_cleared() -> None:
    state = make_state(
        {"p1": ["S11", "S4"], "p2": ["H9", "H12", "H5"], "p3": ["C10", "C13", "C6"]},
        top=("p3", ["D6"]),
        current="p1",
    )
    step = play(state, "p1", "S11")
    s = step.state
    assert "eleven_back" in kinds(step.events)
    assert s.eleven_back and s.effective_revolution and not s.revolution
    assert legal_plays_of(s, "p2") == {("H9",), ("H5",)}
    s = pass_(s, "p2").state
    s = pass_(s, "p3").state
    assert s.top is None and not s.eleven_back and not s.effective_revolution


def test_gc_15_eleven_back_during_revolution_plays_like_normal() -> None:
    state = make_state(
        {"p1": ["S11", "S4"], "p2": ["H9", "H12", "H5"], "p3": ["C10", "C13", "C6"]},
        top=("p3", ["C14"]),
        current="p1",
        revolution=True,
    )
    s = play(state, "p1", "S11").state
    assert s.revolution and s.eleven_back and not s.effective_revolution
    assert legal_plays_of(s, "p2") == {("H12",)}
