"""AWS Deckbuilding moves as players type them (``engines.aws_deckbuilding.notation``)."""

from __future__ import annotations

import pytest

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.cards import DB, key_of
from engines.aws_deckbuilding.models import Buy
from engines.core import IllegalMove, UnreadableMove
from tests.engines.aws_deckbuilding.conftest import Table


def test_ad_10_a_second_copy_on_offer_is_written_by_its_id(table: Table) -> None:
    table.finish_draft()
    first, second = table.show("cloudtrail", "cloudtrail", "lambda")[:2]
    buys = {a.card for a in ENGINE.legal_actions(table.state, "p1") if isinstance(a, Buy)}
    assert {first, second} <= buys
    name = DB.card(first).name
    notation = ENGINE.notation
    assert notation.format(table.state, "p1", Buy(card=first), "ja") == f"{name.ja}を購入"
    assert notation.parse(table.state, "p1", f"BUY {name.en}") == Buy(card=first)
    assert notation.format(table.state, "p1", Buy(card=second), "en") == f"buy {second}"
    assert notation.parse(table.state, "p1", f"buy {second}") == Buy(card=second)


def test_ad_10_a_card_not_on_offer_is_illegal_and_junk_is_unreadable(table: Table) -> None:
    table.finish_draft()
    offered = {key_of(a.card) for a in ENGINE.legal_actions(table.state, "p1") if isinstance(a, Buy)}
    absent = next(c for c in DB.cards.values() if c.is_service and c.key not in offered)
    with pytest.raises(IllegalMove) as err:
        ENGINE.notation.parse(table.state, "p1", f"buy {absent.name.en}")
    assert err.value.game == "aws-deckbuilding"
    with pytest.raises(UnreadableMove):
        ENGINE.notation.parse(table.state, "p1", "buy qwzx")
