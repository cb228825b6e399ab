"""YG-14: the two effects of the seed, exactly."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.yggdrasil import ENGINE
from engines.yggdrasil.cards import CARDS, SwapCards
from engines.yggdrasil.effects import legal_swaps, legal_swaps_exact
from engines.yggdrasil.events import EffectTriggered, Swapped
from engines.yggdrasil.models import Place, SkipEffect, SwapAction

from .conftest import build, cells_of

ANY = SwapCards(whose="any")


def test_yg_14_effects_are_named_types_with_parameters() -> None:
    types = {c.effect.type for c in CARDS.values() if c.effect}
    assert types == {"extra_placement", "swap"}
    assert CARDS["owl-sage"].effect == ANY


def test_yg_14_fast_growth_gives_one_more_placement_when_it_is_the_only_card() -> None:
    state = build(hands={"p1": ["vine-ladder", "vine-ladder", "star-fruit"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    assert state.phase == "extra" and ENGINE.to_move(state) == ["p1"]
    assert SkipEffect() in ENGINE.legal_actions(state, "p1")
    # The second card is fast growth too, but it is no longer the only card placed: no third placement.
    state = ENGINE.apply(state, "p1", Place(card="p1:h1", cell="C3")).state
    assert state.phase == "place" and ENGINE.to_move(state) == ["p2"]
    assert cells_of(state, "p1") == {"C1", "C2", "C3"}


def test_yg_14_fast_growth_may_be_declined() -> None:
    state = build(hands={"p1": ["vine-ladder", "star-fruit"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    state = ENGINE.apply(state, "p1", SkipEffect()).state
    assert ENGINE.to_move(state) == ["p2"] and state.hands["p1"] == ["p1:h1"]


def test_yg_14_fast_growth_with_nothing_left_to_place_just_passes() -> None:
    state = build(hands={"p1": ["vine-ladder", "golden-apple"], "p2": ["star-fruit"]})
    step = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2"))
    effect = next(e for e in step.events if isinstance(e, EffectTriggered))
    assert effect.effect == "extra_placement" and effect.card_kind == "vine-ladder"
    assert effect.available is False and ENGINE.to_move(step.state) == ["p2"]


def test_yg_14_swap_exchanges_two_cards_of_one_owner_keeping_every_connection() -> None:
    # p1: root C1 -> C2 four-way -> C3 spear (N-S) -> C4. The mistletoe fox (N-E) on B1 joins the root.
    field = {"C2": ("p1", "world-heart"), "C3": ("p1", "spear-salamander"), "C4": ("p1", "star-fruit")}
    state = build(field, hands={"p1": ["mistle-fox"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="B1")).state
    assert state.phase == "swap"
    pairs = {tuple(p) for p in ENGINE.view(state, None).pending.swaps}  # type: ignore[union-attr]
    # C2 (four-way) and C3 (N-S) may swap: C2's east/west point at empty cells, the C2-C3 edge stays joined.
    assert ("C2", "C3") in pairs
    # The star fruit (south only) cannot swap with C3: C4 would lose its link to C3.
    assert ("C3", "C4") not in pairs
    # Roots never move.
    assert not any("C1" in p for p in pairs)
    after = ENGINE.apply(state, "p1", SwapAction(first="C3", second="C2")).state
    assert after.board[7] == "p1:f-C3" and after.board[12] == "p1:f-C2"


def test_yg_14_swap_refuses_a_pair_that_breaks_a_connection() -> None:
    field = {
        "C2": ("p1", "world-heart"),
        "B2": ("p1", "fruit-garland"),
        "C3": ("p1", "star-fruit"),
        "E5": ("p1", "ratatoskr"),  # the effect's source, out of the way
    }
    state = build(field, hands={"p2": ["star-fruit"]})
    state.phase, state.effect_source = "swap", "p1:f-E5"
    with pytest.raises(IllegalAction) as err:
        # garland (E-W) on C2 would leave the root's north branch and C3's south branch unmet.
        ENGINE.apply(state, "p1", SwapAction(first="B2", second="C2"))
    assert err.value.code == "swap_breaks_connection"


def test_yg_14_swap_can_move_the_opponents_cards() -> None:
    # p2's two straight cards below its root: a spear (power 4) and a ladder (power 0, fruit 1) trade places.
    field = {"C6": ("p2", "spear-salamander"), "C5": ("p2", "vine-ladder")}
    state = build(field, hands={"p1": ["ratatoskr"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    assert state.phase == "swap"
    step = ENGINE.apply(state, "p1", SwapAction(first="C5", second="C6"))
    after = step.state
    assert after.board[27] == "p2:f-C5" and after.board[22] == "p2:f-C6"
    assert after.owner[27] == after.owner[22] == 1
    swapped = next(e for e in step.events if isinstance(e, Swapped))
    assert (swapped.seat, swapped.owner_seat) == ("p1", "p2")
    assert (swapped.first_cell, swapped.first_card, swapped.first_kind) == ("C5", "p2:f-C5", "vine-ladder")
    assert (swapped.second_cell, swapped.second_card, swapped.second_kind) == (
        "C6",
        "p2:f-C6",
        "spear-salamander",
    )


def test_yg_14_swap_never_pairs_cards_of_two_owners() -> None:
    field = {"C2": ("p1", "vine-ladder"), "C6": ("p2", "vine-ladder")}
    state = build(field, hands={"p1": ["ratatoskr"]})
    assert (7, 27) not in legal_swaps(state, 0, ANY)


def test_yg_14_fast_swap_check_agrees_with_the_definition_on_a_crowded_tree() -> None:
    field = {
        "C2": ("p1", "world-heart"),
        "B2": ("p1", "ember-hawk"),
        "D2": ("p1", "iron-beetle"),
        "C3": ("p1", "spear-salamander"),
        "B3": ("p1", "star-fruit"),
        "D3": ("p1", "thorn-boar"),
        "B1": ("p1", "fruit-garland"),
        "C4": ("p1", "vine-ladder"),
        "C5": ("p1", "world-heart"),
        "C6": ("p2", "spear-salamander"),
    }
    state = build(field)
    assert legal_swaps(state, 0, ANY) == legal_swaps_exact(state, 0, ANY)
    assert legal_swaps(state, 0, ANY), "some swap exists on this tree"
