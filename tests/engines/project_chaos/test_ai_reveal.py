"""The AI at a die about to reveal two cards (PC-9): a move into the reveal is weighed over every card the
reveal could show, not over two sampled ones (``NormalAgent._weigh_reveals``)."""

from __future__ import annotations

import pytest

from engines.core import Rng
from engines.project_chaos.ai import NormalAgent, determinize
from engines.project_chaos.models import ACTION_ADAPTER, PCState

from .conftest import E, make_state

STANDUP = "pc-five-minute-standup"  # vote yes: die -1, tokens +1
DOCS = "pc-docs-exist"
VIRAL = "pc-release-goes-viral"


def firefighting_at_three() -> PCState:
    """A Firefighting board at die 3 (met in a seeded game): the stand-up's vote calms the die; every other
    move leaves it at 3 and reveals two cards, about one pair in five of which raises it past 3 (PC-11)."""
    return make_state(
        {
            "p1": [DOCS, VIRAL, STANDUP],
            "p2": ["pc-flaky-test", "pc-deadline-moves-out", "pc-team-in-the-zone"],
        },
        workplaces={
            "tech": "pc-pair-programming-clicks",
            "user": "pc-one-star-flood",
            "mgmt": "pc-reply-all-storm",
        },
        lane=["pc-friday-deploy"],
        discard=["pc-dependency-hell", "pc-every-alert-fires", "pc-product-praised"],
        die=3,
        tokens=2,
        round=2,
        scenario="firefighting",
    )


def test_the_ai_does_not_gamble_on_a_reveal_it_can_avoid() -> None:
    """Two sampled reveals let one lucky pair decide: the AI took a gamble in 9 of these 40 seeds before the
    reveal was weighed card by card."""
    state = firefighting_at_three()
    standup = E.parse_action({"type": "play", "card": STANDUP})
    picks = [NormalAgent(E).choose(state, "p1", Rng.from_seed(seed)) for seed in range(40)]
    assert [i for i, p in enumerate(picks) if p != standup] == []


def reveal_point(agent: NormalAgent, state: PCState, move: dict[str, str]) -> tuple[PCState, int]:
    """The die-3 reveal ``move`` leads into on one sample of ``state`` (and the follow-ups left)."""
    action = ACTION_ADAPTER.validate_python(move)
    _value, point = agent._playout(determinize(E, state, "p1", Rng.from_seed(1)), "p1", action)
    assert point is not None
    return point


def test_every_card_of_the_pool_is_revealed_once_each_with_its_own_generator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    agent = NormalAgent(E)
    point = reveal_point(agent, firefighting_at_three(), {"type": "discard", "card": DOCS})
    shown: list[tuple[list[str], int]] = []
    finish = NormalAgent._finish

    def spy(self: NormalAgent, state: PCState, seat: str, steps: int, reveal: object = None) -> object:
        shown.append((list(state.revealed), state.rng))
        return finish(self, state, seat, steps)

    monkeypatch.setattr(NormalAgent, "_finish", spy)
    agent._stratified(point, "p1", order=99)
    at, _steps = point
    pool = sorted(at.deck + at.revealed)
    cards = [c for pair, _rng in shown for c in pair]
    assert all(len(pair) == 2 for pair, _rng in shown)
    assert len(cards) == len(set(cards)) and len(pool) - len(cards) <= 1
    assert set(cards) <= set(pool)
    assert len({rng for _pair, rng in shown}) == len(shown)


def test_moves_that_all_reveal_are_compared_as_sampled() -> None:
    """When no move avoids the reveal they share its risk: the values stay as the two samples gave them."""
    agent = NormalAgent(E)
    point = reveal_point(agent, firefighting_at_three(), {"type": "discard", "card": DOCS})
    values = [3.0, 1.0]
    agent._weigh_reveals(values, [point, point], "p1", Rng.from_seed(2))
    assert values == [3.0, 1.0]


def test_a_gamble_below_the_safe_move_is_not_weighed_again() -> None:
    agent = NormalAgent(E)
    point = reveal_point(agent, firefighting_at_three(), {"type": "discard", "card": DOCS})
    values = [-20.0, -30.0, 40.0]
    agent._weigh_reveals(values, [None, point, point], "p1", Rng.from_seed(2))
    assert values[:2] == [-20.0, -30.0]
    assert values[2] < -100.0  # about one pair in five loses the game (-1000)
