"""YG-6 (discard and draw when nothing fits) and YG-7 (the turn)."""

from __future__ import annotations

import json

import pytest

from engines.core import BadOptions, IllegalAction
from engines.yggdrasil import ENGINE
from engines.yggdrasil.models import Discard, Place, YggState

from .conftest import build

SEATS = ["p1", "p2"]


def test_yg_6_discard_and_draw_only_when_nothing_fits() -> None:
    # North-only cards fit none of the cells the lone root opens (C2, B1, D1).
    state = build(hands={"p1": ["golden-apple", "eagle-perch"]}, decks={"p1": ["star-fruit"]})
    legal = ENGINE.legal_actions(state, "p1")
    assert legal == [Discard(card="p1:h0"), Discard(card="p1:h1")]
    assert ENGINE.view(state, "p1").must_discard
    step = ENGINE.apply(state, "p1", Discard(card="p1:h1"))
    after = step.state
    assert after.discards["p1"] == ["p1:h1"]
    assert sorted(after.hands["p1"]) == ["p1:d0", "p1:h0"]
    assert after.stuck["p1"] == 1, "a discard turn is a turn without placing"
    kinds = [e.kind for e in step.events]
    assert kinds[:2] == ["discarded", "drew"]


def test_yg_6_discard_is_refused_while_a_card_fits() -> None:
    state = build(hands={"p1": ["golden-apple", "star-fruit"]})
    assert all(isinstance(a, Place) for a in ENGINE.legal_actions(state, "p1"))
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, "p1", Discard(card="p1:h0"))
    assert err.value.code == "must_place"


def test_yg_6_with_an_empty_deck_the_discard_draws_nothing() -> None:
    state = build(hands={"p1": ["golden-apple"], "p2": ["star-fruit"]})
    after = ENGINE.apply(state, "p1", Discard(card="p1:h0")).state
    assert after.hands["p1"] == [] and after.discards["p1"] == ["p1:h0"]


def test_yg_7_first_player_does_not_draw_on_the_first_turn_the_second_does() -> None:
    state = ENGINE.new_game(["p2", "p1"], None, 11)  # the lobby seated p2 first
    assert ENGINE.to_move(state) == ["p2"]
    assert len(state.hands["p2"]) == 5 and len(state.hands["p1"]) == 5
    state = _finish_turn(state, "p2")  # an effect or an invasion may be declined on the way
    assert ENGINE.to_move(state) == ["p1"]
    assert len(state.hands["p2"]) == 4, "the first player drew nothing before placing"
    assert len(state.hands["p1"]) == 6 and len(state.decks["p1"]) == 14


def test_yg_7_no_draw_from_an_empty_deck() -> None:
    state = build(hands={"p1": ["star-fruit"], "p2": ["star-fruit"]})
    after = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    assert after.current == 1 and after.hands["p2"] == ["p2:h0"]


def test_yg_7_turn_order_place_then_effect_then_invasion() -> None:
    # Vine ladder (fast growth) on C2 points north at p2's card on C3: effect first, invasion after.
    state = build(
        {"C3": ("p2", "fruit-garland")},
        hands={"p1": ["vine-ladder", "star-fruit", "cherry-cluster"], "p2": ["star-fruit"]},
    )
    state = ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state
    assert state.phase == "extra"
    state = ENGINE.apply(state, "p1", Place(card="p1:h2", cell="B1")).state
    assert state.phase == "invade"


def _finish_turn(state: YggState, seat: str) -> YggState:
    """``seat`` places its first legal card, then declines whatever the turn still offers."""
    state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0]).state
    while ENGINE.to_move(state) == [seat]:
        state = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[-1]).state
    return state


@pytest.mark.parametrize("seed", range(6))
def test_seat_order_is_the_order_given_the_lobby_shuffles_once(seed: int) -> None:
    """The bot's lobby shuffles the seats; the engine never reorders them: players[0] is player 1 (bottom
    row) and moves first, then the turns alternate in the given order."""
    players = ["zed", "amy"]
    state = ENGINE.new_game(players, None, seed)
    assert ENGINE.to_move(state) == ["zed"] and state.players == players
    assert ENGINE.view(state, None).first == "zed" and ENGINE.view(state, None).home_rows["zed"] == 1
    state = _finish_turn(state, "zed")
    assert ENGINE.to_move(state) == ["amy"]
    state = _finish_turn(state, "amy")
    assert ENGINE.to_move(state) == ["zed"]


def test_there_is_no_option_that_reorders_the_seats() -> None:
    assert not {"first_player", "random_order"} & set(ENGINE.options_model.model_fields)
    with pytest.raises(BadOptions):
        ENGINE.new_game(SEATS, {"first_player": "p2"}, 1)


def test_a_game_stored_with_the_removed_first_player_option_still_loads() -> None:
    """Games saved before the seat order came from the lobby carry ``first_player``; who moves is in the
    stored state (``first``, ``current``), so the option is dropped on load and the game goes on."""
    state = build(hands={"p1": ["star-fruit"], "p2": ["star-fruit"]}, current="p2")
    state.first = 1
    raw = json.loads(ENGINE.dump_state(state))
    raw["options"]["first_player"] = "p2"
    loaded = ENGINE.load_state(json.dumps(raw))
    assert ENGINE.to_move(loaded) == ["p2"] and loaded.first == 1
    assert "first_player" not in loaded.options.model_dump()
