"""The AIs: legal to the end, sensible in hand-built spots, and clearly better than random."""

from __future__ import annotations

import pytest

from engines.core import RandomAgent, Rng
from engines.core.play import play_out
from engines.glorious_crown import ENGINE
from engines.glorious_crown.ai import HeuristicAgent
from engines.glorious_crown.models import Pending

from .conftest import make_state

AI = ENGINE.ai("normal")
RNG = Rng.from_seed(1)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_ai_and_random_play_legal_games_to_the_end(n: int) -> None:
    seats = [f"p{i + 1}" for i in range(n)]
    for seed in range(3):
        final, _ = play_out(ENGINE, ENGINE.new_game(seats, None, seed), AI, Rng.from_seed(seed))
        assert ENGINE.outcome(final) is not None
    final, _ = play_out(ENGINE, ENGINE.new_game(seats, None, 9), ENGINE.ai("random"), Rng.from_seed(9))
    assert ENGINE.outcome(final) is not None


def test_ai_sheds_an_eight_before_its_last_safe_card() -> None:
    s = make_state({"p1": ["S8", "H4"], "p2": ["H6", "H10"], "p3": ["C6", "C12"]})
    assert AI.choose(s, "p1", RNG).model_dump() == {"type": "play", "cards": ["S8"]}


def test_ai_plays_the_joker_before_its_last_safe_card() -> None:
    s = make_state({"p1": ["JK1", "H4"], "p2": ["H6", "H10"], "p3": ["C6", "C12"]}, top=("p3", ["C9"]))
    assert AI.choose(s, "p1", RNG).model_dump() == {"type": "play", "cards": ["JK1"]}


def test_ai_goes_out_legally_when_it_can() -> None:
    s = make_state({"p1": ["S6", "H6"], "p2": ["H9", "H10"], "p3": ["C7", "C12"]}, top=("p3", ["C4", "D4"]))
    assert AI.choose(s, "p1", RNG).model_dump() == {"type": "play", "cards": ["S6", "H6"]}


def test_ai_never_finishes_with_a_fifteen_in_normal_state_if_it_can_pass() -> None:
    s = make_state({"p1": ["S15"], "p2": ["H9", "H10"], "p3": ["C7", "C12"]}, top=("p3", ["C11"]))
    assert AI.choose(s, "p1", RNG).type == "pass"


def test_ai_counters_a_lone_joker_with_the_spade_three() -> None:
    s = make_state({"p1": ["S3", "H9", "D12"], "p2": ["H6", "H10"], "p3": ["C6", "C12"]}, top=("p3", ["JK1"]))
    assert AI.choose(s, "p1", RNG).model_dump() == {"type": "play", "cards": ["S3"]}


def test_ai_does_not_discard_its_last_card_with_a_ten() -> None:
    s = make_state(
        {"p1": ["H4"], "p2": ["H6", "H10"], "p3": ["C6", "C12"]},
        top=("p1", ["S10"]),
        pending=Pending(kind="ten_discard", seat="p1", count=1),
    )
    assert AI.choose(s, "p1", RNG).type == "decline"


def test_ai_discards_its_weakest_loose_card_with_a_ten() -> None:
    s = make_state(
        {"p1": ["H4", "S9", "D9", "C14"], "p2": ["H6", "H10"], "p3": ["C6", "C12"]},
        top=("p1", ["S10"]),
        pending=Pending(kind="ten_discard", seat="p1", count=1),
    )
    assert AI.choose(s, "p1", RNG).model_dump() == {"type": "discard", "card": "H4"}


def test_ai_hands_a_joker_to_a_next_player_with_one_card() -> None:
    s = make_state(
        {"p1": ["JK1", "H4", "S12"], "p2": ["H6"], "p3": ["C6", "C12"]},
        top=("p1", ["S7"]),
        pending=Pending(kind="seven_give", seat="p1", other="p2", count=1),
    )
    assert AI.choose(s, "p1", RNG).model_dump() == {"type": "give", "cards": ["JK1"]}


def test_ai_beats_random_players_well_above_chance() -> None:
    """60 seeded 4-player games, the AI seat rotating, three random opponents: the AI is the sole winner
    (strictly the highest total) far more often than the under-25% a random seat gets. These seeds give
    47/60; the bound leaves room for small tuning changes. The bench measures 1,000 games (>= 70% needed)."""
    seats = ["p1", "p2", "p3", "p4"]
    rnd = RandomAgent(ENGINE)
    wins = 0
    for seed in range(60):
        me = seats[seed % 4]
        agents = {s: (AI if s == me else rnd) for s in seats}
        final, _ = play_out(ENGINE, ENGINE.new_game(seats, None, 50_000 + seed), agents, Rng.from_seed(seed))
        out = ENGINE.outcome(final)
        assert out is not None
        wins += out.winners == [me]
    assert wins >= 38, f"AI was the sole winner only {wins}/60"


def test_ai_sheds_when_an_opponent_is_on_its_last_card() -> None:
    """The race term (public hand counts only): shedding is worth more once an opponent is nearly out."""
    s = make_state({"p1": ["H4", "S9", "D13"], "p2": ["H6"], "p3": ["C6", "C12", "D5"]})
    t = make_state({"p1": ["H4", "S9", "D13"], "p2": ["H6", "H7"], "p3": ["C6", "C12", "D5"]})
    assert HeuristicAgent._urgency(s, "p1") == 1
    assert HeuristicAgent._urgency(t, "p1") == 0
