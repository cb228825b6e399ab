"""Properties over whole games: cards are conserved, credits never go negative, every game ends."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.models import ABState
from engines.core import RandomAgent, Rng
from tests.engines.aws_builder_cards.conftest import every_card

OPTIONS = st.fixed_dictionaries(
    {
        "advanced_retire": st.booleans(),
        "missions": st.booleans(),
        "long_game": st.booleans(),
    }
)


def cards_of(state: ABState) -> Counter[str]:
    found = Counter(every_card(state))
    # Solved missions sit in score zones but are not cards of the deck-building game.
    return Counter({c: n for c, n in found.items() if not c.startswith("mission-")})


def check_game(players: int, seed: int, options: dict[str, bool], ai: bool) -> None:
    seats = [f"p{i + 1}" for i in range(players)]
    state = ENGINE.new_game(seats, options, seed)
    start = cards_of(state)
    assert all(n == 1 for n in start.values())
    missions = set(state.mission_deck) | {m for h in state.mission_hand.values() for m in h}
    agents = {s: (ENGINE.ai() if ai and i == 0 else RandomAgent(ENGINE)) for i, s in enumerate(seats)}
    rng = Rng.from_seed(seed)
    for _ in range(20_000):
        movers = ENGINE.to_move(state)
        if not movers:
            break
        seat = rng.choice(movers)
        state = ENGINE.apply(state, seat, agents[seat].choose(state, seat, rng)).state
        assert cards_of(state) == start, "a card appeared or vanished"
        assert state.now.credits_left >= 0 and state.now.spent >= 0
        held = set(state.mission_deck) | set(state.missions_revealed)
        held |= {m for h in state.mission_hand.values() for m in h}
        held |= {c for s in state.players for c in state.score[s] if c.startswith("mission-")}
        assert held == missions
    else:
        raise AssertionError("the game did not end")
    assert ENGINE.outcome(state) is not None and not state.wa


@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), options=OPTIONS)
def test_random_games_conserve_cards_keep_credits_non_negative_and_end(
    players: int, seed: int, options: dict[str, bool]
) -> None:
    check_game(players, seed, options, ai=False)


@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), options=OPTIONS)
def test_ai_games_conserve_cards_and_end(players: int, seed: int, options: dict[str, bool]) -> None:
    check_game(players, seed, options, ai=True)
