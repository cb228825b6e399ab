"""Public and seat views: what each audience sees (GC-2 blind, GC-12 pending trade) and the hand order."""

from __future__ import annotations

from engines.core import Rng
from engines.core.play import play_out
from engines.glorious_crown import ENGINE
from engines.glorious_crown.events import Played
from engines.glorious_crown.models import Pending

from .conftest import make_state, play


def test_public_view_shows_the_table_but_no_hand() -> None:
    s = make_state(
        {"p1": ["S4", "S9"], "p2": ["H6", "H10"], "p3": ["C6", "C12"]},
        top=("p3", ["D5", "H5"]),
        lock="DH",
        revolution=True,
        passed=["p2"],
        points={"p3": 4},
        blind=["JK2"],
    )
    v = ENGINE.view(s, None)
    assert v.hand is None and v.top is not None and v.top.cards == ["D5", "H5"] and v.top.seat == "p3"
    assert v.lock == ["D", "H"] and v.revolution and v.effective_revolution and v.turn == "p1"
    seats = {x.seat: x for x in v.seats}
    assert seats["p2"].passed and seats["p3"].points == 4 and seats["p1"].hand_count == 2
    assert v.blind is None and v.blind_count == 1
    dumped = v.model_dump_json()
    assert "S9" not in dumped and "JK2" not in dumped


def test_seat_view_sorts_by_strength_and_flags_playable_cards() -> None:
    s = make_state(
        {"p1": ["S4", "JK1", "S15", "H9", "D4"], "p2": ["H6", "H10"], "p3": ["C6", "C12"]},
        top=("p3", ["D6"]),
    )
    hand = ENGINE.view(s, "p1").hand
    assert hand is not None
    assert [c.id for c in hand] == ["S4", "D4", "H9", "S15", "JK1"]
    assert {c.id for c in hand if c.playable} == {"H9", "S15", "JK1"}
    rev = make_state(
        {"p1": ["S4", "JK1", "S15", "H9", "D4"], "p2": ["H6", "H10"], "p3": ["C6", "C12"]}, revolution=True
    )
    hand = ENGINE.view(rev, "p1").hand
    assert hand is not None and [c.id for c in hand] == ["S15", "H9", "S4", "D4", "JK1"]


def test_pending_trade_shows_kind_and_seat_but_never_the_cards() -> None:
    s = make_state(
        {"p1": ["S4", "S9"], "p2": ["H6", "H10"], "p3": ["C6", "C12"]},
        top=("p3", ["C7"]),
        pending=Pending(kind="seven_answer", seat="p1", other="p3", count=1, given=("C12",)),
    )
    public = ENGINE.view(s, None)
    assert public.pending is not None and public.pending.kind == "seven_answer" and public.pending.count == 1
    assert "C12" not in public.model_dump_json() and "C12" not in ENGINE.view(s, "p1").model_dump_json()
    assert ENGINE.view(s, "p3").pending.given == ["C12"]  # type: ignore[union-attr]


def test_final_view_shows_standings_and_the_blind() -> None:
    state = ENGINE.new_game(["p1", "p2", "p3", "p4"], None, 5)
    final, _ = play_out(ENGINE, state, ENGINE.ai("random"), Rng.from_seed(5))
    v = ENGINE.view(final, None)
    assert v.finished and v.standings is not None and len(v.standings) == 4
    assert v.blind is not None and sorted(v.blind) == sorted(final.blind)
    assert ENGINE.hidden_cards(final, None) == set()


def test_event_for_a_play_names_the_cards_and_rank() -> None:
    s = make_state({"p1": ["S4", "S9"], "p2": ["H6", "H10"], "p3": ["C6", "C12"]})
    ev = play(s, "p1", "S9").events[0]
    assert ev == Played(seat="p1", cards=["S9"], rank=9)
