"""GC-2, GC-3: deals, blind cards, the first player."""

from __future__ import annotations

import pytest

from engines.glorious_crown import ENGINE
from engines.glorious_crown.cards import ALL_IDS

from .conftest import legal_plays_of, make_state, play


@pytest.mark.parametrize(("n", "each", "blind"), [(3, 18, 0), (4, 13, 2), (5, 10, 4)])
def test_gc_2_deal_by_player_count(n: int, each: int, blind: int) -> None:
    for seed in range(5):
        state = ENGINE.new_game([f"p{i + 1}" for i in range(n)], None, seed)
        assert all(len(h) == each for h in state.hands.values())
        assert len(state.blind) == blind
        everything = [c for h in state.hands.values() for c in h] + state.blind
        assert sorted(everything) == sorted(ALL_IDS)


def test_gc_2_blind_is_random_never_the_diamond_3_and_hidden_until_the_end() -> None:
    blinds = set()
    for seed in range(60):
        state = ENGINE.new_game(["p1", "p2", "p3", "p4", "p5"], None, seed)
        assert "D3" not in state.blind
        blinds.add(tuple(state.blind))
        for audience in [None, *state.players]:
            assert set(state.blind) <= ENGINE.hidden_cards(state, audience)
            assert ENGINE.view(state, audience).blind is None
    assert len(blinds) > 50


def test_gc_3_diamond_3_holder_leads_and_need_not_play_it() -> None:
    state = ENGINE.new_game(["p1", "p2", "p3", "p4"], None, 11)
    leader = next(p for p in state.players if "D3" in state.hands[p])
    assert ENGINE.to_move(state) == [leader]
    plays = legal_plays_of(state, leader)
    assert any("D3" not in p for p in plays)
    other = next(p for p in plays if "D3" not in p)
    step = ENGINE.apply(state, leader, {"type": "play", "cards": list(other)})
    assert "D3" in step.state.hands[leader]


@pytest.mark.parametrize("seed", range(8))
def test_gc_3_seats_keep_the_given_order_and_only_the_diamond_3_picks_the_leader(seed: int) -> None:
    """The lobby shuffles seats once; the engine never reorders them: the order given is the order of play,
    and the first to move is whoever holds the diamond 3 (GC-3), wherever they sit."""
    players = ["zed", "amy", "kim", "bob"]
    state = ENGINE.new_game(players, None, seed)
    assert state.players == players
    assert ENGINE.to_move(state) == [next(p for p in players if "D3" in state.hands[p])]


def test_gc_10_turns_follow_the_given_seat_order() -> None:
    hands = {"zed": ["S4", "S12"], "amy": ["H6", "H13"], "kim": ["C6", "C12"], "bob": ["D9", "D14"]}
    state = make_state(hands, current="kim")
    movers = []
    for card in ("C6", "D9", "S12", "H13"):
        seat = ENGINE.to_move(state)[0]
        movers.append(seat)
        state = play(state, seat, card).state
    assert movers == ["kim", "bob", "zed", "amy"]  # round the table as given, from the leader
