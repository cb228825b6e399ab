"""Property tests over random games: cards conserved, die 0..3 until a loss, tokens 0..3, every game ends in a
win or a loss with its reason, every event is a valid record of its kind, hidden cards stay hidden."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from engines.core import Rng
from engines.project_chaos import ENGINE
from engines.project_chaos.cards import CARD_IDS
from engines.project_chaos.events import EVENT_KINDS, PCEvent
from engines.project_chaos.scenarios import SCENARIO_IDS

from .conftest import all_cards

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
EVENTS: TypeAdapter[PCEvent] = TypeAdapter(PCEvent)
REASONS = {"win", "loss:cannot_draw", "loss:die_overflow", "loss:stagnation"}


@given(n=st.integers(2, 5), seed=SEEDS, scenario=st.sampled_from([*SCENARIO_IDS, "random"]), ai=st.booleans())
def test_random_games_keep_the_invariants_and_end(n: int, seed: int, scenario: str, ai: bool) -> None:
    players = [f"p{i + 1}" for i in range(n)]
    s = ENGINE.new_game(players, {"scenario": scenario}, seed)
    rng = Rng.from_seed(seed)
    agent = ENGINE.ai("normal" if ai else "random")
    seen_kinds: set[str] = set()
    for _ in range(3000):
        assert sorted(all_cards(s)) == sorted(CARD_IDS)
        assert 0 <= s.die <= 3 and 0 <= s.tokens <= 3
        movers = ENGINE.to_move(s)
        if not movers:
            break
        seat = movers[0] if len(movers) == 1 else rng.choice(movers)
        step = ENGINE.apply(s, seat, agent.choose(s, seat, rng))
        for ev in step.events:
            assert EVENTS.validate_python(ev.model_dump()) == ev
            seen_kinds.add(ev.kind)
        s = step.state
    else:
        raise AssertionError("game did not end")
    assert sorted(all_cards(s)) == sorted(CARD_IDS) and 0 <= s.die <= 3 and 0 <= s.tokens <= 3
    assert seen_kinds <= set(EVENT_KINDS)
    out = ENGINE.outcome(s)
    assert out is not None and out.reason in REASONS and out.reason == s.reason
    assert out.details["scenario"] == s.scenario and out.details["result"] == s.result
    assert out.ranking == [players]
    assert out.winners == (players if out.reason == "win" else [])
    if out.reason == "loss:die_overflow":
        assert out.details["cause_card"] in CARD_IDS


@given(seed=SEEDS)
def test_views_hide_hands_and_the_deck(seed: int) -> None:
    players = ["p1", "p2", "p3"]
    s = ENGINE.new_game(players, None, seed)
    rng = Rng.from_seed(seed)
    agent = ENGINE.ai("random")
    for _ in range(12):
        movers = ENGINE.to_move(s)
        if not movers:
            break
        s = ENGINE.apply(s, movers[0], agent.choose(s, movers[0], rng)).state
    public = ENGINE.view(s, None).model_dump_json()
    for card in [*s.deck, *s.set_aside, *(c for h in s.hands.values() for c in h)]:
        assert card not in public
    for seat in players:
        mine = ENGINE.view(s, seat)
        assert mine.hand is not None and [h.id for h in mine.hand] == s.hands[seat]
        text = mine.model_dump_json()
        for other in players:
            if other != seat:
                assert not any(c in text for c in s.hands[other])
        assert not any(c in text for c in s.deck)
    for card in s.revealed:
        assert card in public  # die-3 cards are public
