"""The AI plays legal, sensible moves and beats the random player (the bench measures 1,000 games)."""

from __future__ import annotations

from engines.core import Rng
from engines.core.play import play_out
from engines.yggdrasil import ENGINE
from engines.yggdrasil.models import Invade, NoInvasion, Place

from .conftest import build


def test_normal_ai_beats_random_in_most_of_40_seeded_games() -> None:
    ai, rnd = ENGINE.ai("normal"), ENGINE.ai("random")
    wins = 0
    for game in range(40):
        ai_seat, other = ("p1", "p2") if game % 2 == 0 else ("p2", "p1")
        state = ENGINE.new_game(["p1", "p2"], None, game)
        final, _ = play_out(ENGINE, state, {ai_seat: ai, other: rnd}, Rng.from_seed(game))
        outcome = ENGINE.outcome(final)
        assert outcome is not None
        wins += outcome.winners == [ai_seat]
    assert wins >= 30, f"normal AI won only {wins} of 40"


def test_ai_takes_a_winning_invasion_and_skips_a_hopeless_one() -> None:
    state = build({"C3": ("p2", "world-heart")}, hands={"p1": ["spear-salamander"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    assert ENGINE.ai().choose(state, "p1", Rng(1)) == Invade(target="C3")
    state = build({"C3": ("p2", "stone-guardian")}, hands={"p1": ["spear-salamander"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    assert ENGINE.ai().choose(state, "p1", Rng(1)) == NoInvasion()


def test_ai_prefers_the_fruit_tip_over_an_open_ended_fruitless_card() -> None:
    # Star fruit on C2 scores 1 + 3 at once; the fruitless spear would only open C3.
    state = build(hands={"p1": ["spear-salamander", "star-fruit"], "p2": ["star-fruit"]})
    assert ENGINE.ai().choose(state, "p1", Rng(3)) == Place(card="p1:h1", cell="C2")
