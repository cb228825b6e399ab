"""Field, roots, cards and decks at the start of a game (YG-1..YG-4, YG-12, YG-13)."""

from __future__ import annotations

import pytest

from engines.core import BadOptions
from engines.yggdrasil import ENGINE
from engines.yggdrasil.board import board_of, root_cell
from engines.yggdrasil.cards import CARDS, DECKS, POOL
from engines.yggdrasil.geometry import board, mask_text, turn_half

SEATS = ["p1", "p2"]


def test_yg_1_default_field_is_5_by_7_and_sizes_3_to_9_are_options() -> None:
    state = ENGINE.new_game(SEATS, None, 1)
    assert (state.options.columns, state.options.rows) == (5, 7)
    assert len(state.board) == 35
    small = ENGINE.new_game(SEATS, {"columns": 4, "rows": 5}, 1)
    assert len(small.board) == 20
    for bad in ({"columns": 2}, {"rows": 10}):
        with pytest.raises(BadOptions):
            ENGINE.new_game(SEATS, bad, 1)


def test_yg_1_player_1_home_row_is_the_bottom_row_1_player_2_the_top_row() -> None:
    view = ENGINE.view(ENGINE.new_game(SEATS, None, 1), None)
    assert view.home_rows == {"p1": 1, "p2": 7}
    assert view.roots == {"p1": "C1", "p2": "C7"}


@pytest.mark.parametrize("cols", range(3, 10))
@pytest.mark.parametrize("rows", [3, 5, 9])
def test_yg_2_roots_stand_on_the_centre_column_and_never_point_off_the_field(cols: int, rows: int) -> None:
    state = ENGINE.new_game(SEATS, {"columns": cols, "rows": rows}, cols * rows)
    geo = board_of(state)
    for si in (0, 1):
        cell = root_cell(state, si)
        assert cell is not None
        assert cell % cols == cols // 2
        assert cell // cols == (0 if si == 0 else rows - 1)
        for d, n in enumerate(geo.neighbours[cell]):
            assert not (n == -1 and state.masks[cell] & (1 << d)), "a root branch points off the field"


def test_yg_3_pool_covers_all_15_patterns_and_power_runs_against_fruit() -> None:
    playable = [c for c in POOL.card if not c.root]
    assert {c.mask for c in playable} == set(range(1, 16))
    for card in playable:
        assert card.power + 0 >= 0 and card.fruit >= 0
        if card.power >= 4:
            assert card.fruit == 0, f"{card.id}: strong creatures carry no fruit"
    tips = [c for c in playable if len(c.branches) == 1]
    assert max(c.fruit for c in tips) == max(c.fruit for c in playable), "tips carry the most fruit"
    assert any(len(c.branches) == 1 and c.power >= 5 for c in playable), "one-branch walls exist"


def test_yg_4_player_2_cards_are_turned_180_degrees() -> None:
    ember_hawk = CARDS["ember-hawk"]  # printed N and E
    assert ember_hawk.table_mask(0) == ember_hawk.mask
    assert mask_text(ember_hawk.table_mask(1)) == "SW"
    assert turn_half(turn_half(ember_hawk.mask)) == ember_hawk.mask
    state = ENGINE.new_game(SEATS, None, 1)
    view = ENGINE.view(state, None)
    p2_root = next(c for c in view.cells if c.owner == "p2")
    assert p2_root.face.branches == "NEW" and p2_root.branches == "ESW"


def test_yg_12_deck_and_hand_sizes_are_options() -> None:
    state = ENGINE.new_game(SEATS, None, 3)
    for seat in SEATS:
        assert len(state.hands[seat]) == 5 and len(state.decks[seat]) == 15
    state = ENGINE.new_game(SEATS, {"deck_size": 12, "hand_size": 3}, 3)
    for seat in SEATS:
        assert len(state.hands[seat]) == 3 and len(state.decks[seat]) == 9


def test_yg_13_at_least_two_ready_decks_with_different_plans_and_30_bilingual_cards() -> None:
    assert len([c for c in POOL.card if not c.root]) >= 30
    assert len(DECKS) >= 2
    assert len({d.plan.en for d in DECKS.values()}) == len(DECKS)
    fruit = {d: sum(CARDS[k].fruit * n for k, n in deck.cards.items()) for d, deck in DECKS.items()}
    power = {d: sum(CARDS[k].power * n for k, n in deck.cards.items()) for d, deck in DECKS.items()}
    assert max(fruit, key=fruit.__getitem__) == "grove" and max(power, key=power.__getitem__) == "beast"
    for card in POOL.card:
        assert card.name.en and card.name.ja and card.flavour.en and card.flavour.ja
    state = ENGINE.new_game(SEATS, {"deck_p1": "grove", "deck_p2": "beast"}, 5)
    assert state.decks_used == {"p1": "grove", "p2": "beast"}
    assert state.kinds["p1:root"] == "root-elder" and state.kinds["p2:root"] == "root-ember"


def test_card_instance_ids_are_unique_per_game() -> None:
    state = ENGINE.new_game(SEATS, {"deck_p1": "wind", "deck_p2": "wind"}, 9)
    ids = [c for c in state.board if c] + [c for s in SEATS for c in state.hands[s] + state.decks[s]]
    assert len(ids) == len(set(ids)) == 42


def test_cells_are_named_from_a1_at_the_bottom_left() -> None:
    geo = board(5, 7)
    assert geo.names[0] == "A1" and geo.names[4] == "E1" and geo.names[34] == "E7"
    assert geo.neighbours[geo.index["C1"]][0] == geo.index["C2"]  # N is up in the picture
