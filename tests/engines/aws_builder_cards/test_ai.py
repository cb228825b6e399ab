"""The AI: plays to the end, builds toward combos and W-A points, and beats a random player."""

from __future__ import annotations

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.ai import Composition, card_value
from engines.aws_builder_cards.cards import DEFAULT_DB
from engines.aws_builder_cards.models import Acquire, Deploy, Retire
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
