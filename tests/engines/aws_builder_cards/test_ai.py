"""The AI: plays to the end, builds toward combos and W-A points, and beats a random player."""

from __future__ import annotations

import itertools

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.ai import Composition, card_value
from engines.aws_builder_cards.cards import DEFAULT_DB
from engines.aws_builder_cards.models import Acquire, Deploy, ProposeReshuffle, Retire
from engines.core import RandomAgent, Rng
from engines.core.play import play_out
from tests.engines.aws_builder_cards.conftest import Table


def ai_win_rate(games: int) -> float:
    wins = 0
    for seed in range(games):
        ai_seat = "p1" if seed % 2 else "p2"
        agents = {s: ENGINE.ai() if s == ai_seat else RandomAgent(ENGINE) for s in ("p1", "p2")}
        final, _ = play_out(ENGINE, ENGINE.new_game(["p1", "p2"], None, seed), agents, Rng.from_seed(seed))
        out = ENGINE.outcome(final)
        assert out is not None
        wins += out.winners == [ai_seat]
    return wins / games


def test_ai_beats_random_in_at_least_80_percent_of_40_seeded_games() -> None:
    assert ai_win_rate(40) >= 0.8


def test_ai_retires_on_premises_cards() -> None:
    t = Table()
    t.hand("p1", "s3", "lambda", "vpc", "bare-metal-host", "networking")
    assert isinstance(ENGINE.ai().choose(t.state, "p1", Rng(1)), Retire)


def test_ai_deploys_everything_then_buys_a_3_point_wa_card_when_it_can() -> None:
    t = Table()
    t.hand("p1", "ec2", "ec2", "ec2")
    action = ENGINE.ai().choose(t.state, "p1", Rng(1))
    assert isinstance(action, Deploy) and len(action.cards) == 3
    t.do("p1", action)
    t.state.wa = [c for c in t.state.wa if c.startswith("wa3")]
    assert ENGINE.ai().choose(t.state, "p1", Rng(1)) == Acquire(source="wa")


def test_ai_values_cards_by_what_they_do_with_its_deck() -> None:
    serverless = Composition(DEFAULT_DB, ["lambda#1", "lambda#2", "lambda#3", "vpc#1"])
    onprem = Composition(DEFAULT_DB, ["bare-metal-host#1", "san#1", "networking#1", "vpc#1"])
    step = DEFAULT_DB.cards["step-functions"]
    assert card_value(DEFAULT_DB, step, serverless) > card_value(DEFAULT_DB, step, onprem) + 2


def reshuffle_proposals(seed: int, levels: list[str]) -> list[tuple[int, str, str]]:
    """(turn, seat, level) of every console reshuffle proposal in one seeded game of AIs."""
    seats = [f"p{i + 1}" for i in range(len(levels))]
    agents = {s: ENGINE.ai(level) for s, level in zip(seats, levels, strict=True)}
    level_of = dict(zip(seats, levels, strict=True))
    state = ENGINE.new_game(seats, {"missions": seed % 3 == 0}, seed)
    rng = Rng.from_seed(seed)
    found = []
    while movers := ENGINE.to_move(state):
        seat = movers[0] if len(movers) == 1 else rng.choice(movers)
        action = agents[seat].choose(state, seat, rng)
        if isinstance(action, ProposeReshuffle):
            found.append((state.turns, seat, level_of[seat]))
        state = ENGINE.apply(state, seat, action).state
    return found


def test_the_random_ai_never_proposes_a_reshuffle_and_no_ai_asks_twice_in_a_round() -> None:
    """Each proposal stops the game until the humans vote: the random AI used to ask nearly every turn."""
    normal = 0
    for seed in range(24):
        n = 2 + seed % 3
        levels = ["random" if (i + seed) % 2 else "normal" for i in range(n)]
        found = reshuffle_proposals(seed, levels)
        assert all(level == "normal" for _, _, level in found), found
        turns = [turn for turn, _, _ in found]
        assert all(b - a >= n for a, b in itertools.pairwise(turns)), (seed, found)
        normal += len(found)
    assert normal < 24 * 3, "the normal AI proposes only when the console has nothing for it"


def poor_console_for_a_strong_deck() -> Table:
    """p1 owns a strong EC2 deck, holds nothing, and the console offers nothing worth taking for it."""
    t = Table(players=3)
    t.hand("p1")
    t.discard("p1", *["ec2"] * 8, "elb", "elb", "auto-scaling", "auto-scaling")
    for slot, key in enumerate(("fargate", "athena", "identity-center", "vpc")):
        t.slot(slot, key)
    return t


def test_the_normal_ai_asks_for_a_reshuffle_when_nothing_on_the_console_helps_it_once_a_round() -> None:
    t = poor_console_for_a_strong_deck()
    assert ENGINE.ai().choose(t.state, "p1", Rng(1)) == ProposeReshuffle()
    # Anyone's proposal within the last round (3 turns with 3 players) keeps it from asking again.
    t.state.turns = 7
    t.state.reshuffle_voted_at = 5
    assert ENGINE.ai().choose(t.state, "p1", Rng(1)) != ProposeReshuffle()
    t.state.reshuffle_voted_at = 4
    assert ENGINE.ai().choose(t.state, "p1", Rng(1)) == ProposeReshuffle()
    # Its proposal is recorded; the others vote; the same turn it does not ask again.
    t.do("p1", ProposeReshuffle())
    assert t.state.reshuffle_voted_at == 7
    t.do("p2", ENGINE.ai().choose(t.state, "p2", Rng(1)))
    t.do("p3", ENGINE.ai().choose(t.state, "p3", Rng(1)))
    assert t.state.pending is None
    assert ENGINE.ai().choose(t.state, "p1", Rng(1)) != ProposeReshuffle()
    # The random level never asks, whatever it draws.
    t = poor_console_for_a_strong_deck()
    assert all(ENGINE.ai("random").choose(t.state, "p1", Rng(s)) != ProposeReshuffle() for s in range(200))
