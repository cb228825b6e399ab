"""PC-3 (board and tokens), PC-4 (the weighted die), PC-11 (losing), and the effect types of the deck."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import IllegalAction, Rng
from engines.project_chaos.cards import Die as DieEffect
from engines.project_chaos.cards import Roll, SetDie, Tokens
from engines.project_chaos.effects import DIE_WEIGHTS, overflows_die, roll_die
from engines.project_chaos.models import TargetPending

from .conftest import E, act, all_cards, kinds, make_state, of_kind

INTERN = "pc-genius-intern"
VIRAL = "pc-release-goes-viral"
LEGACY = "pc-legacy-code"
CEO = "pc-ceo-all-in"  # die -1, tokens +1
ZONE = "pc-team-in-the-zone"  # tokens +2
CLIENT = "pc-biggest-client-leaves"  # tokens -3
REPLY_ALL = "pc-reply-all-storm"  # die +1
MA = "pc-company-acquired"  # seed: if a workplace card >= 2: tokens +1 else die +1
PRAISED = "pc-product-praised"  # seed: if tech workplace >= 1: tokens +2
CUT = "pc-deadline-cut"  # seed: discard the highest workplace card
SPEC = "pc-small-spec-change"  # roll
PM = "pc-reliable-pm"  # discard the lowest trouble
PAIR = "pc-pair-programming-clicks"  # ship a workplace card of your choice
EXTENDED = "pc-deadline-moves-out"  # recycle 4
REORG = "pc-sudden-reorg"  # discard highest
CI = "pc-ci-all-green"  # tech +2
COFFEE = "pc-new-coffee-machine"  # mgmt +1
DREAM = "pc-dream-client"  # user/mgmt +3


def p1(*cards: str) -> dict[str, list[str]]:
    return {"p1": list(cards), "p2": [], "p3": []}


def test_pc_3_three_workplaces_one_card_each_and_the_lane_is_unbounded() -> None:
    s = make_state(p1(INTERN, VIRAL, LEGACY))
    view = E.view(s, None)
    assert list(view.workplaces) == ["tech", "user", "mgmt"]
    long_lane = [c for c in list(s.deck)[:25]]
    s = make_state(p1(INTERN, VIRAL, LEGACY), lane=long_lane)
    assert E.view(s, None).lane == long_lane


@pytest.mark.parametrize(
    ("tokens", "card", "after"), [(3, ZONE, 3), (2, ZONE, 3), (1, CLIENT, 0), (0, CEO, 1)]
)
def test_pc_3_tokens_are_clamped_to_0_3(tokens: int, card: str, after: int) -> None:
    s = make_state(p1(card, INTERN, VIRAL), tokens=tokens)
    step = act(s, "p1", {"type": "play", "card": card})
    assert step.state.tokens == after
    changed = of_kind(step.events, "tokens_changed")[0]
    assert (changed.before, changed.after) == (tokens, after)


def test_pc_4_the_die_is_weighted_2_1_0_3() -> None:
    # 200,000 rolls from fixed seeds: deterministic, so the tolerance cannot flake; 0.006 is over 4 standard
    # deviations of a fair sample of this size (sd <= 0.0011).
    counts: Counter[int] = Counter()
    for seed in range(4):
        rng = Rng.from_seed(seed)
        counts.update(roll_die(rng) for _ in range(50_000))
    total = sum(counts.values())
    assert DIE_WEIGHTS == {2: 0.4, 1: 0.3, 0: 0.2, 3: 0.1}
    for face, p in DIE_WEIGHTS.items():
        assert abs(counts[face] / total - p) <= 0.006, (face, counts[face] / total)
    assert counts[2] > counts[1] > counts[0] > counts[3]


def test_pc_4_a_roll_uses_the_games_generator_so_replay_is_exact() -> None:
    s = make_state(p1(SPEC, INTERN, VIRAL), die=1)
    a = act(s, "p1", {"type": "play", "card": SPEC})
    b = act(s, "p1", {"type": "play", "card": SPEC})
    assert a.state.die == b.state.die and a.state.rng == b.state.rng != s.rng
    faces = {
        act(make_state(p1(SPEC, INTERN, VIRAL), rng=r), "p1", {"type": "play", "card": SPEC}).state.die
        for r in range(60)
    }
    assert faces == {0, 1, 2, 3}
    rolled = of_kind(a.events, "die_changed")[0]
    assert rolled.cause == "roll" and rolled.source_card == SPEC


def test_pc_11_an_effect_raising_the_die_at_3_loses_at_once() -> None:
    s = make_state(p1(REPLY_ALL, INTERN, VIRAL), die=3)
    step = act(s, "p1", {"type": "play", "card": REPLY_ALL})
    out = E.outcome(step.state)
    assert out is not None and out.reason == "loss:die_overflow" and out.winners == []
    assert out.details["cause_card"] == REPLY_ALL and step.state.die == 3
    assert kinds(step.events)[-1] == "game_lost"
    assert sorted(all_cards(step.state)) == sorted(all_cards(s))  # the card is still accounted for


def test_pc_11_raising_from_2_is_fine_and_the_seed_ma_raises_without_a_big_workplace_card() -> None:
    s = make_state(p1(MA, INTERN, VIRAL), die=2, workplaces={"tech": CI})  # +2 -> tokens +1
    step = act(s, "p1", {"type": "play", "card": MA})
    assert step.state.tokens == 1 and step.state.die == 2
    assert of_kind(step.events, "condition_checked")[0].met is True
    s = make_state(p1(MA, INTERN, VIRAL), die=2, workplaces={"tech": COFFEE})  # +1 only -> chaos +1
    n = act(s, "p1", {"type": "play", "card": MA}).state
    assert n.die == 3 and n.result is None
    s = make_state(p1(MA, INTERN, VIRAL), die=3)
    assert act(s, "p1", {"type": "play", "card": MA}).state.reason == "loss:die_overflow"


def test_seed_praised_needs_a_technology_card_of_value_1() -> None:
    s = make_state(p1(PRAISED, INTERN, VIRAL), workplaces={"user": DREAM})
    assert act(s, "p1", {"type": "play", "card": PRAISED}).state.tokens == 0
    s = make_state(p1(PRAISED, INTERN, VIRAL), workplaces={"tech": CI})
    assert act(s, "p1", {"type": "play", "card": PRAISED}).state.tokens == 2


def test_seed_deadline_cut_discards_the_highest_workplace_card() -> None:
    s = make_state(p1(CUT, INTERN, VIRAL), workplaces={"tech": CI, "user": DREAM, "mgmt": COFFEE})
    step = act(s, "p1", {"type": "play", "card": CUT})
    assert step.state.workplaces["user"] is None and DREAM in step.state.discard
    moved = of_kind(step.events, "workplace_card_moved")[0]
    assert (moved.card, moved.to, moved.workplace, moved.source_card) == (DREAM, "discard", "user", CUT)


def test_pc_2a_a_tie_for_the_highest_is_the_players_choice() -> None:
    s = make_state(p1(CUT, INTERN, VIRAL), workplaces={"tech": CI, "mgmt": "pc-reliable-pm"})
    n = act(s, "p1", {"type": "play", "card": CUT}).state
    assert isinstance(n.pending, TargetPending)
    assert n.pending.candidates == ("tech", "mgmt") and n.pending.effect == "discard"
    assert E.to_move(n) == ["p1"]
    with pytest.raises(IllegalAction) as err:
        act(n, "p1", {"type": "pick", "workplace": "user"})
    assert err.value.code == "not_a_target"
    done = act(n, "p1", {"type": "pick", "workplace": "mgmt"}).state
    assert done.workplaces == {"tech": CI, "user": None, "mgmt": None} and CUT in done.discard


def test_effects_with_no_target_do_nothing() -> None:
    s = make_state(p1(PM, INTERN, VIRAL), workplaces={"tech": CI})  # no trouble in any workplace
    step = act(s, "p1", {"type": "play", "card": PM})
    assert of_kind(step.events, "effect_no_target")[0].effect == "discard"
    assert step.state.workplaces["tech"] == CI


def test_ship_moves_a_chosen_workplace_card_to_the_lane_for_free() -> None:
    s = make_state(p1(PAIR, INTERN, VIRAL), tokens=0, workplaces={"tech": CI, "mgmt": COFFEE})
    n = act(s, "p1", {"type": "play", "card": PAIR}).state
    assert isinstance(n.pending, TargetPending) and n.pending.effect == "ship"
    done = act(n, "p1", {"type": "pick", "workplace": "tech"}).state
    assert done.lane == [CI] and done.tokens == 0


def test_recycle_shuffles_discarded_cards_back_into_the_deck() -> None:
    discard = [REORG, CEO, ZONE, CLIENT, REPLY_ALL]
    s = make_state(p1(EXTENDED, INTERN, VIRAL), discard=discard)
    step = act(s, "p1", {"type": "play", "card": EXTENDED})
    recycled = of_kind(step.events, "cards_recycled")[0]
    assert len(recycled.cards) == 4 and set(recycled.cards) <= set(discard)
    n = step.state
    assert set(recycled.cards) <= set(n.deck) | set(n.hands["p1"])
    assert len(n.discard) == len(discard) - 4 + 1  # the recycle card itself is discarded after its effect
    assert sorted(all_cards(n)) == sorted(all_cards(s))
    public = E.view(n, None).model_dump_json()
    assert not any(c in public for c in recycled.cards)  # hidden again


def test_overflows_die_is_certain_only_when_nothing_left_open_PC_11() -> None:
    plus_one = (DieEffect(amount=1),)
    assert overflows_die(plus_one, 3)
    assert not overflows_die(plus_one, 2)
    assert overflows_die((SetDie(value=3), DieEffect(amount=1)), 0)
    assert not overflows_die((DieEffect(amount=-1), DieEffect(amount=1)), 3)
    assert not overflows_die((Roll(), DieEffect(amount=1)), 3), "a roll leaves the rest open"
    assert overflows_die((Tokens(amount=1), DieEffect(amount=2)), 2)
