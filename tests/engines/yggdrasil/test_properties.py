"""Properties over random games of every field size and option: cards are conserved, every card on the field
is joined to its owner's root, own edges never mismatch, and every game ends."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engines.core import Rng
from engines.yggdrasil import ENGINE
from engines.yggdrasil.board import board_of, connected
from engines.yggdrasil.cards import CARDS, SwapCards
from engines.yggdrasil.effects import legal_swaps, legal_swaps_exact
from engines.yggdrasil.geometry import BIT
from engines.yggdrasil.models import Place, YggState

OPTIONS = st.fixed_dictionaries(
    {
        "columns": st.integers(3, 9),
        "rows": st.integers(3, 9),
        "deck_size": st.integers(5, 25),
        "hand_size": st.integers(1, 6),
        "branch_colours": st.booleans(),
        "deck_p1": st.sampled_from(["grove", "beast", "wind", "random"]),
        "deck_p2": st.sampled_from(["grove", "beast", "wind", "random"]),
    }
)


def check_invariants(state: YggState) -> None:
    # Cards conserved: each instance is in exactly one place.
    places = Counter(c for c in state.board if c)
    for seat in state.players:
        places.update(state.hands[seat] + state.decks[seat] + state.discards[seat])
    assert set(places) == set(state.kinds) and max(places.values()) == 1
    geo = board_of(state)
    for si in (0, 1):
        own = {c for c in range(geo.cells) if state.owner[c] == si}
        assert connected(state, si) == own, "a card on the field is cut off from its root"
        for c in own:
            for d, n in enumerate(geo.neighbours[c]):
                branch = bool(state.masks[c] & BIT[d])
                if n == -1:
                    assert not branch, "a branch points off the field"
                elif state.owner[n] == si:
                    assert branch == bool(state.masks[n] & BIT[(d + 2) % 4]), "own edge mismatch"


@given(options=OPTIONS, seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant_and_end(options: dict[str, Any], seed: int) -> None:
    state = ENGINE.new_game(["p1", "p2"], options, seed)
    rng = Rng.from_seed(seed)
    check_invariants(state)
    for _ in range(2_000):
        movers = ENGINE.to_move(state)
        if not movers:
            break
        seat = movers[0]
        legal = ENGINE.legal_actions(state, seat)
        if state.phase == "swap":
            effect = CARDS[state.kinds[state.effect_source or ""]].effect
            assert isinstance(effect, SwapCards)
            assert legal_swaps(state, state.current, effect) == legal_swaps_exact(
                state, state.current, effect
            )
        for action in legal:
            if isinstance(action, Place):
                cell = board_of(state).index[action.cell]
                kind = state.kinds[action.card]
                assert ENGINE.placement_problem(state, state.current, kind, cell) is None
        state = ENGINE.apply(state, seat, rng.choice(legal)).state
        check_invariants(state)
    else:
        raise AssertionError("the game did not end")
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    view = ENGINE.view(state, None)
    assert {p: s.total for p, s in view.scores.items()} == {p: int(v) for p, v in outcome.scores.items()}


@given(seed=st.integers(0, 2**32))
def test_every_cell_a_card_is_refused_has_a_reason(seed: int) -> None:
    state = ENGINE.new_game(["p1", "p2"], {"branch_colours": seed % 2 == 0}, seed)
    rng = Rng.from_seed(seed)
    for _ in range(rng.below(30)):
        if not ENGINE.to_move(state):
            break
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat))).state
    if state.phase not in ("place", "extra"):
        return
    seat = state.players[state.current]
    legal = {(a.card, a.cell) for a in ENGINE.legal_actions(state, seat) if isinstance(a, Place)}
    for card in state.hands[seat]:
        for cell, name in enumerate(board_of(state).names):
            refused = ENGINE.placement_problem(state, state.current, state.kinds[card], cell)
            assert (refused is None) == ((card, name) in legal)
