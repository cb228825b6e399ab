"""Property tests over random games: cards conserved, points only from clears and bonuses, every game ends,
and the play checker agrees with the play list."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from engines.core import Rng
from engines.glorious_crown import ENGINE
from engines.glorious_crown.cards import ALL_IDS, canonical
from engines.glorious_crown.events import Cleared
from engines.glorious_crown.models import GCState, TopPlay
from engines.glorious_crown.plays import AnswerShape, can_answer, group_rank, legal_plays, play_error

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def _all_cards(s: GCState) -> list[str]:
    return [c for h in s.hands.values() for c in h] + s.field + s.discard + s.blind


@given(n=st.integers(3, 5), seed=SEEDS, replay=st.booleans())
def test_random_games_conserve_cards_score_only_at_clears_and_end(n: int, seed: int, replay: bool) -> None:
    players = [f"p{i + 1}" for i in range(n)]
    s = ENGINE.new_game(players, {"once_passed_may_replay": replay}, seed)
    rng = Rng.from_seed(seed)
    agent = ENGINE.ai("random")
    for _ in range(5000):
        movers = ENGINE.to_move(s)
        if not movers:
            break
        step = ENGINE.apply(s, movers[0], agent.choose(s, movers[0], rng))
        cleared = sum(e.points for e in step.events if isinstance(e, Cleared))
        assert sum(step.state.points.values()) - sum(s.points.values()) == cleared
        s = step.state
        assert sorted(_all_cards(s)) == sorted(ALL_IDS)
    else:
        raise AssertionError("game did not end")
    out = ENGINE.outcome(s)
    assert out is not None
    bonus = sum(range(1, n + 1)) - sum(n - i for i, p in enumerate(_order(s)) if p in s.fouls)
    assert sum(out.scores.values()) == sum(s.points.values()) + bonus
    assert sum(1 for h in s.hands.values() if h) == 1


def _order(s: GCState) -> list[str]:
    holders = [p for p in s.players if s.hands[p]]
    return [*s.finished, *holders, *reversed(s.fouls)]


@given(seed=SEEDS, lead=st.booleans(), revolution=st.booleans())
def test_play_checker_agrees_with_the_play_list(seed: int, lead: bool, revolution: bool) -> None:
    rng = Rng.from_seed(seed)
    deck = list(ALL_IDS)
    rng.shuffle(deck)
    hand = canonical(deck[:8])  # the engine keeps hands in canonical order
    top = None
    lock = None
    if not lead:
        plays = legal_plays(canonical(deck[8:16]), None, None, revolution)
        cards = rng.choice(plays)
        rank = group_rank(cards)
        assert rank is not None
        top = TopPlay(seat="p2", cards=cards, rank=rank)
        if rng.below(2) and rank:
            lock = "".join(sorted({c[0] for c in cards if not c.startswith("JK")}, key="SHDC".index))
            lock = lock if len(lock) == len(cards) else None
    listed = set(legal_plays(hand, top, lock, revolution))
    assert all(tuple(canonical(list(p))) == p for p in listed), "plays are listed in canonical order"
    for size in range(1, 5):
        for combo in combinations(hand, size):
            ok = play_error(list(combo), hand, top, lock, revolution) is None
            assert ok == (tuple(canonical(list(combo))) in listed), (combo, top, lock)


@given(seed=SEEDS, size=st.integers(0, 12), revolution=st.booleans(), locked=st.booleans())
def test_can_answer_agrees_with_the_play_list(seed: int, size: int, revolution: bool, locked: bool) -> None:
    """The AI's fast question (is there any answer?) is the play list's emptiness, on any top play,
    Joker plays and locks included."""
    rng = Rng.from_seed(seed)
    deck = list(ALL_IDS)
    rng.shuffle(deck)
    hand = canonical(deck[:size])
    cards = rng.choice(legal_plays(canonical(deck[size : size + 10]), None, None, revolution))
    rank = group_rank(cards)
    assert rank is not None
    top = TopPlay(seat="p2", cards=cards, rank=rank)
    lock = None
    if locked and rank:
        suits = "".join(sorted({c[0] for c in cards if not c.startswith("JK")}, key="SHDC".index))
        lock = suits if len(suits) == len(cards) else None
    listed = bool(legal_plays(hand, top, lock, revolution))
    assert can_answer(hand, top, lock, revolution) == listed
    assert AnswerShape(hand).can_answer(top, lock, revolution) == listed
