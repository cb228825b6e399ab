"""Views: the console, score zones, counts, this turn's architecture, the hand with its combo partners."""

from __future__ import annotations

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.models import Acquire, EndTurn
from tests.engines.aws_builder_cards.conftest import Table
from tests.engines.test_contract import strings_in


def test_public_view_shows_the_console_counts_and_wa_pile() -> None:
    t = Table()
    v = ENGINE.view(t.state, None)
    assert v.console.free_deck == len(t.state.free.deck) and v.console.paid_deck == len(t.state.paid.deck)
    assert len(v.console.free_slots) == 4 and v.console.paid_slot is not None
    assert v.console.wa_remaining == {"1": 4, "3": 3} and v.console.wa_top == t.state.wa[-1]
    assert v.console.wa_costs == {"1": 3, "3": 8}
    assert [p.seat for p in v.table] == ["p1", "p2"] and v.table[0].hand == 5 and v.table[0].deck == 5
    assert v.hand is None and v.discard is None
    for slot in v.console.free_slots:
        assert slot is not None and slot.key in v.cards and v.cards[slot.key].effects is not None


def test_public_view_never_shows_a_hand() -> None:
    t = Table()
    shown = strings_in(ENGINE.view(t.state, None).model_dump(mode="json"))
    for seat in ("p1", "p2"):
        assert not set(t.state.piles[seat].hand) & shown


def test_turn_view_shows_the_architecture_pairs_and_acquisitions() -> None:
    t = Table()
    s3, lam, vpc = t.hand("p1", "s3", "lambda", "vpc")
    t.deploy_all()
    t.do("p1", Acquire(source="free", slot=0))
    v = ENGINE.view(t.state, None)
    assert v.turn.deployed == [s3, lam, vpc] and v.turn.unlocked
    pair = next(ln for ln in v.turn.lines if ln["card"] == s3)
    assert pair["partners"] == [lam] and pair["draw"] == 1 and pair["at"] == 0 and pair["partners_at"] == [1]
    assert len(v.turn.acquired) == 1 and v.turn.acquisitions_left == 0
    t.do("p1", EndTurn())
    last = ENGINE.view(t.state, None).last_turn
    assert last is not None and last.deployed == ["s3", "lambda", "vpc"]  # by kind once the turn is over


def test_seat_view_lists_the_hand_with_combo_partners() -> None:
    t = Table()
    s3, lam, _ec2 = t.hand("p1", "s3", "lambda", "ec2")
    v = ENGINE.view(t.state, "p1")
    assert v.hand is not None
    by_card = {h.card: h for h in v.hand}
    assert by_card[s3].partners == ["lambda"] and by_card[s3].partners_in_hand == [lam]
    assert by_card[lam].partners == []
    assert v.discard == t.state.piles["p1"].discard


def test_final_view_has_standings() -> None:
    t = Table()
    t.state.score["p2"].extend(t.state.wa[:-1])
    t.state.wa = t.state.wa[-1:]
    t.state.now.credits = 3
    t.do("p1", Acquire(source="wa"))
    t.do("p1", EndTurn())
    v = ENGINE.view(t.state, None)
    assert v.finished and v.standings is not None
    assert [s.seat for s in v.standings] == ["p2", "p1"] and v.standings[0].winner
