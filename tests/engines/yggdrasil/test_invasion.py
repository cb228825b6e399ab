"""YG-8 (invasion with supporting branches) and YG-9 (destruction and the cut-off cascade)."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.yggdrasil import ENGINE
from engines.yggdrasil.events import Destroyed, Invaded
from engines.yggdrasil.models import Invade, NoInvasion, Place

from .conftest import build, cells_of


def setup_attack(target_kind: str, supporter: str | None = "bough-lynx"):  # type: ignore[no-untyped-def]
    """p1 will place a spear salamander (NS, power 4) on C2, pointing north at p2's card on C3.
    B3 holds p1's supporter, whose east branch points at C3."""
    field = {"C3": ("p2", target_kind)}
    if supporter:
        field["B3"] = ("p1", supporter)
    state = build(field, hands={"p1": ["spear-salamander"], "p2": ["star-fruit"]})
    return ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state


def test_yg_8_attack_adds_every_own_branch_pointing_at_the_target() -> None:
    state = setup_attack("moss-bear")  # power 4; bough lynx power 3 supports: 4 + 3 = 7
    assert state.phase == "invade"
    pending = ENGINE.view(state, None).pending
    assert pending is not None and pending.kind == "invade"
    (option,) = pending.invasions
    assert (option.target, option.attack, option.defence, option.wins) == ("C3", 7, 4, True)
    assert sorted(option.supporters) == ["B3", "C2"]
    after = ENGINE.apply(state, "p1", Invade(target="C3")).state
    assert "C3" not in cells_of(after, "p2")
    assert after.last_invasion is not None and after.last_invasion.destroyed == ["p2:f-C3"]


def test_yg_8_a_card_without_a_branch_at_the_target_does_not_support() -> None:
    state = setup_attack("stone-guardian", supporter="golden-apple")  # apple on B3 points north only
    (option,) = ENGINE.view(state, None).pending.invasions  # type: ignore[union-attr]
    assert option.attack == 4 and option.supporters == ["C2"]


def test_yg_8_a_weaker_attack_does_nothing() -> None:
    state = setup_attack("stone-guardian", supporter=None)  # power 6 against 4
    step = ENGINE.apply(state, "p1", Invade(target="C3"))
    assert "C3" in cells_of(step.state, "p2")
    invaded = next(e for e in step.events if isinstance(e, Invaded))
    assert (invaded.success, invaded.attack, invaded.defence) == (False, 4, 6)
    assert (invaded.target, invaded.target_kind, invaded.target_seat) == ("C3", "stone-guardian", "p2")


def test_yg_8_an_equal_attack_destroys() -> None:
    state = setup_attack("iron-beetle", supporter=None)
    (option,) = ENGINE.view(state, None).pending.invasions  # type: ignore[union-attr]
    assert option.attack == option.defence == 4 and option.wins
    after = ENGINE.apply(state, "p1", Invade(target="C3")).state
    assert "C3" not in cells_of(after, "p2")


def test_yg_8_only_cards_the_placed_card_points_at_are_targets() -> None:
    # p1's old card on B3 points east at C3, but the new card on D1 points elsewhere: no invasion offered.
    state = build(
        {"C3": ("p2", "fruit-garland"), "B3": ("p1", "bough-lynx")},
        hands={"p1": ["plum-cluster", "star-fruit"], "p2": ["star-fruit"]},
    )
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="D1")).state
    assert state.phase != "invade" and state.current == 1
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, "p2", Invade(target="B3"))


def test_yg_8_invasion_is_optional() -> None:
    state = setup_attack("fruit-garland")
    after = ENGINE.apply(state, "p1", NoInvasion()).state
    assert "C3" in cells_of(after, "p2") and after.current == 1


P2_TREE = {
    # p2's root on C7 points south (C6), west on the table (B7) and east (D7).
    "C6": ("p2", "vine-ladder"),  # N-S, joined to the root
    "C5": ("p2", "world-heart"),  # hangs below C6
    "B5": ("p2", "fruit-garland"),  # hangs west of C5
    "D7": ("p2", "cherry-cluster"),  # printed east = west on the table: joined to the root
}
P1_COLUMN_D = {
    "D1": ("p1", "iron-beetle"),  # N-W, joined to the root's east branch
    "D2": ("p1", "spear-salamander"),
    "D3": ("p1", "spear-salamander"),
    "D4": ("p1", "spear-salamander"),
    "D5": ("p1", "spear-salamander"),
}


def test_yg_9_cards_cut_off_from_their_root_fall_too() -> None:
    # p1's shadow viper (S-W, power 3) on D6 joins D5 and points west at C6 (power 0).
    state = build({**P2_TREE, **P1_COLUMN_D}, hands={"p1": ["shadow-viper"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="D6")).state
    step = ENGINE.apply(state, "p1", Invade(target="C6"))
    after = step.state
    assert cells_of(after, "p2") == {"C7", "D7"}, "C5 and B5 lost their way to the root"
    destroyed = next(e for e in step.events if isinstance(e, Destroyed))
    assert (destroyed.seat, destroyed.cell, destroyed.card_kind) == ("p2", "C6", "vine-ladder")
    assert sorted(destroyed.cascade_cards) == ["p2:f-B5", "p2:f-C5"]
    assert sorted(destroyed.cascade_cells) == ["B5", "C5"]
    assert sorted(destroyed.cascade_kinds) == ["fruit-garland", "world-heart"]
    assert sorted(after.discards["p2"]) == ["p2:f-B5", "p2:f-C5", "p2:f-C6"]


def test_yg_9_a_fallen_root_takes_its_whole_tree() -> None:
    column_b = {f"B{r}": ("p1", "spear-salamander") for r in range(2, 7)}
    field = {**P2_TREE, **column_b, "B1": ("p1", "ember-hawk"), "C6": ("p1", "spear-salamander")}
    del field["C5"], field["B5"]
    # p1's root badger (E-S, power 3) on B7 points east at p2's root (power 4); C6 (power 4) points north too.
    state = build(field, hands={"p1": ["root-badger"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="B7")).state
    (option,) = ENGINE.view(state, None).pending.invasions  # type: ignore[union-attr]
    assert (option.target, option.attack, option.defence) == ("C7", 7, 4)
    after = ENGINE.apply(state, "p1", Invade(target="C7")).state
    assert cells_of(after, "p2") == set()
    assert ENGINE.view(after, None).roots["p2"] is None
    assert sorted(after.discards["p2"]) == ["p2:f-D7", "p2:root"]
