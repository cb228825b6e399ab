"""Move labels read the chooser's own view (``LabelContext.view``): the card in hand and its number on the
hand picture, the cards on the field, the pending effect or invasion. Actions carry no display fields."""

from __future__ import annotations

from bot.games import LabelContext, ui_for
from bot.games.yggdrasil.ui import UI
from engines.core import Action
from engines.yggdrasil import ENGINE
from engines.yggdrasil.models import Discard, Invade, NoInvasion, Place, SkipEffect, SwapAction, YggState
from tests.engines.yggdrasil.conftest import build

NAMES = {"p1": "alice", "p2": "bob"}


def ui() -> UI:
    found = ui_for("yggdrasil")
    assert isinstance(found, UI)
    return found


def ctx(state: YggState, seat: str = "p1") -> LabelContext:
    return LabelContext(ENGINE.view(state, seat), NAMES)


def legal(state: YggState, seat: str = "p1") -> list[Action]:
    return list(ENGINE.legal_actions(state, seat))


def test_placing_groups_by_the_card_as_numbered_on_the_hand_picture() -> None:
    state = build(hands={"p1": ["star-fruit", "lantern-moth", "star-fruit"], "p2": ["star-fruit"]})
    moth = next(a for a in legal(state) if isinstance(a, Place) and a.card == "p1:h1")
    assert ui().group_label(moth, "en", ctx=ctx(state)) == "2. Lantern Moth · power 0 · fruit 1"
    assert ui().group_label(moth, "ja", ctx=ctx(state)) == "2. 灯火の蛾・パワー0・果実1"
    assert ui().action_label(moth, "en", in_group=True, ctx=ctx(state)) == moth.cell
    assert ui().action_label(moth, "en", ctx=ctx(state)) == f"Place Lantern Moth on {moth.cell}"
    # Two copies of one card stay two groups: the number tells them apart.
    groups = {ui().group_label(a, "en", ctx=ctx(state)) for a in legal(state) if isinstance(a, Place)}
    assert {g.split(".")[0] for g in groups if g} == {"1", "2", "3"}


def test_without_the_hand_placing_is_one_flat_list() -> None:
    place = Place(card="p1:07", cell="C4")
    assert ui().group_label(place, "en") is None
    assert ui().action_label(place, "en") == "Place a card on C4"


def test_discard_names_the_card_from_the_hand() -> None:
    state = build(hands={"p1": ["golden-apple", "eagle-perch"]}, decks={"p1": ["star-fruit"]})
    labels = [ui().action_label(a, "en", ctx=ctx(state)) for a in legal(state)]
    assert labels == [
        "Discard Golden Apple of Idunn and draw a card",
        "Discard Eagle's Perch and draw a card",
    ]
    japanese = ui().action_label(Discard(card="p1:h0"), "ja", ctx=ctx(state))
    assert japanese == "「イズンの黄金林檎」を捨てて1枚引く"


def test_a_swap_names_the_cards_on_both_cells() -> None:
    field = {"C6": ("p2", "spear-salamander"), "C5": ("p2", "vine-ladder")}
    state = build(field, hands={"p1": ["ratatoskr"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    label = ui().action_label(SwapAction(first="C5", second="C6"), "en", ctx=ctx(state))
    assert label == "Swap C5 (Vine Ladder) ⇄ C6 (Spear Salamander)"


def test_skip_says_which_effect_it_declines_from_the_pending_decision() -> None:
    state = build(hands={"p1": ["vine-ladder", "star-fruit"], "p2": ["star-fruit"]})
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    assert ui().action_label(SkipEffect(), "en", ctx=ctx(state)) == "Don't place a second card"
    assert ui().action_label(SkipEffect(), "ja", ctx=ctx(state)) == "2枚目は置かない"
    assert ui().action_label(SkipEffect(), "en") == "Skip the effect"


def test_quick_buttons_are_the_invasion_choices_and_the_skip() -> None:
    moves: list[Action] = [Place(card="p1:07", cell="C4"), Invade(target="D5"), NoInvasion(), SkipEffect()]
    moves.append(Discard(card="p1:01"))
    assert [a.type for a in ui().quick_actions(moves)] == ["invade", "no_invasion", "skip_effect"]
