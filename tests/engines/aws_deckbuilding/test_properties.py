"""Properties over whole games: cards are conserved, credits never go negative, the W-A pile only shrinks,
every game ends."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.models import ADState
from engines.core import RandomAgent, Rng
from tests.engines.aws_deckbuilding.conftest import every_card


def check_game(players: int, seed: int, ai_seats: int) -> None:
    seats = [f"p{i + 1}" for i in range(players)]
    state: ADState = ENGINE.new_game(seats, None, seed)
    start = Counter(every_card(state))
    assert all(n == 1 for n in start.values()) and len(start) == 85 + 10 * players + len(state.wa)
    agents = {s: (ENGINE.ai() if i < ai_seats else RandomAgent(ENGINE)) for i, s in enumerate(seats)}
    rng = Rng.from_seed(seed)
    wa = list(state.wa)
    for _ in range(20_000):
        movers = ENGINE.to_move(state)
        if not movers:
            break
        seat = rng.choice(movers)
        state = ENGINE.apply(state, seat, agents[seat].choose(state, seat, rng)).state
        assert Counter(every_card(state)) == start, "a card appeared or vanished"
        now = state.now
        if now is not None:
            for pool in (now.tco, now.awsome):
                assert pool.left >= 0 and pool.spent >= 0 and pool.earned >= 0
            assert now.buys_left >= 0
        assert wa[: len(state.wa)] == state.wa, "the W-A pile only loses its top card"
        assert len(state.wa) <= len(wa)
        wa = list(state.wa)
        assert len(state.market.showing()) == min(5, len(state.market.showing()) + len(state.market.deck))
    else:
        raise AssertionError("the game did not end")
    assert ENGINE.outcome(state) is not None and not state.wa


@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_random_games_conserve_cards_keep_credits_non_negative_and_end(players: int, seed: int) -> None:
    check_game(players, seed, ai_seats=0)


@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), ai_seats=st.integers(1, 4))
def test_games_with_ai_players_conserve_cards_and_end(players: int, seed: int, ai_seats: int) -> None:
    check_game(players, seed, ai_seats=min(ai_seats, players))
