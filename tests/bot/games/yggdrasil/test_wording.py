"""Issue 10: plurals, articles and lists come from the catalogs (whole sentences per form), not from string
glue in ``ui.py``."""

from __future__ import annotations

from bot.games import ui_for
from bot.games.yggdrasil.ui import UI
from engines.yggdrasil.events import Destroyed, DrewCard, Placed, Swapped
from engines.yggdrasil.models import Discard, Place

NAMES = {"p1": "alice", "p2": "bob"}


def ui() -> UI:
    found = ui_for("yggdrasil")
    assert isinstance(found, UI)
    return found


def test_the_cards_left_in_a_deck_are_counted_in_the_right_number() -> None:
    def said(left: int, lang: str = "en") -> str | None:
        return ui().describe_event(DrewCard(seat="p2", deck_left=left), lang, NAMES)

    assert said(1) == "bob drew a card (1 card left in the deck)."
    assert said(3) == "bob drew a card (3 cards left in the deck)."
    assert said(0) == "bob drew the last card of the deck."
    assert said(1, "ja") == "bob がカードを1枚引いた（山札の残り 1 枚）。"
    assert said(0, "ja") == "bob が山札の最後のカードを引いた。"


def destroyed(cascade: list[tuple[str, str]]) -> Destroyed:
    return Destroyed(
        seat="p2",
        card="p2:01",
        card_kind="vine-ladder",
        cell="C6",
        cascade_cards=[f"p2:1{i}" for i in range(len(cascade))],
        cascade_kinds=[k for k, _ in cascade],
        cascade_cells=[c for _, c in cascade],
    )


def test_yg_9_a_cascade_is_a_list_with_and_and_its_verb_agrees() -> None:
    one = destroyed([("world-heart", "C5")])
    two = destroyed([("world-heart", "C5"), ("fruit-garland", "B5")])
    three = destroyed([("world-heart", "C5"), ("fruit-garland", "B5"), ("star-fruit", "D5")])
    said = [ui().describe_event(e, "en", NAMES) for e in (one, two, three)]
    assert said == [
        "bob lost **Vine Ladder** (C6); **Heart of the World Tree** (C5) was cut off from the root and fell "
        "too.",
        "bob lost **Vine Ladder** (C6); **Heart of the World Tree** (C5) and **Fruit Garland** (B5) were cut "
        "off from the root and fell too.",
        "bob lost **Vine Ladder** (C6); **Heart of the World Tree** (C5), **Fruit Garland** (B5) and **Star "
        "Fruit** (D5) were cut off from the root and fell too.",
    ]
    ja = ui().describe_event(two, "ja", NAMES)
    assert ja == (
        "bob は C6 の「蔓の梯子」を失い、"
        "根から切り離された C5 の「世界樹の心臓」と B5 の「実りの花綱」も倒れた。"
    )
    assert ui().describe_event(destroyed([]), "en", NAMES) == "bob lost **Vine Ladder** (C6)."


def test_a_second_placement_is_its_own_sentence() -> None:
    placed = Placed(seat="p1", card="p1:03", card_kind="star-fruit", cell="C3", extra=True)
    said = ui().describe_event(placed, "en", NAMES)
    assert said == "alice placed a second card, **Star Fruit**, on C3 (fast growth)."
    said = ui().describe_event(placed, "ja", NAMES)
    assert said == "alice が成長が早い枝で2枚目の「星の実」を C3 に置いた。"


def test_a_move_without_the_card_s_name_says_a_card_without_quoting_it() -> None:
    assert ui().action_label(Place(card="p1:07", cell="C4"), "en") == "Place a card on C4"
    assert ui().action_label(Place(card="p1:07", cell="C4"), "ja") == "カードを C4 に置く"
    assert ui().action_label(Discard(card="p1:07"), "en") == "Discard a card and draw one"
    assert ui().action_label(Discard(card="p1:07"), "ja") == "カードを1枚捨てて1枚引く"


def test_yg_14_a_swap_in_ones_own_tree_says_so_instead_of_repeating_the_name() -> None:
    def swap(owner: str) -> Swapped:
        return Swapped(
            seat="p1",
            owner_seat=owner,
            first_cell="C3",
            second_cell="B4",
            first_card="x:1",
            second_card="x:2",
            first_kind="star-fruit",
            second_kind="moss-bear",
        )

    assert ui().describe_event(swap("p1"), "en", NAMES) == (
        "alice swapped **Star Fruit** on C3 with **Moss Bear** on B4 in their own tree."
    )
    assert ui().describe_event(swap("p2"), "en", NAMES) == (
        "alice swapped **Star Fruit** on C3 with **Moss Bear** on B4 in bob's tree."
    )
    assert ui().describe_event(swap("p1"), "ja", NAMES) == (
        "alice が自分の樹の C3 の「星の実」と B4 の「苔むす熊」を入れ替えた。"
    )
    assert ui().describe_event(swap("p2"), "ja", NAMES) == (
        "alice が bob の樹の C3 の「星の実」と B4 の「苔むす熊」を入れ替えた。"
    )
