"""AWS Deckbuilding moves as players type them (``engines.aws_deckbuilding.notation``)."""

from __future__ import annotations

import pytest

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.cards import DB, key_of
from engines.aws_deckbuilding.models import Buy
from engines.core import AmbiguousMove, IllegalMove, UnreadableMove
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


# -- typed names, as ``/cloud buy card:`` puts them in "buy {card}" (the cog's own reader before) -----------
def _market(table: Table, *keys: str) -> list[str]:
    """These cards face up, after the draft, with money and buys enough for any of them."""
    table.finish_draft()
    shown = table.show(*keys)
    now = table.state.now
    assert now is not None
    now.earn(tco=50, awsome=50)
    now.buys = 3
    return shown


def test_ad_10_a_typed_name_finds_the_card_on_offer_in_either_language(table: Table) -> None:
    s3, asg, ec2, bare_metal, _ = _market(table, "s3", "ec2-auto-scaling", "ec2", "bare-metal", "lambda")
    wa = next(a.card for a in table.legal() if isinstance(a, Buy) and a.card.startswith("wa-"))
    read = {
        "S3": s3,
        "amazon s3": s3,
        "ｓ３": s3,
        "EC2": ec2,  # the exact name wins over a part of Amazon EC2 Auto Scaling
        "ASG": asg,
        "Auto Scaling": asg,  # a part of one name on offer
        "W-A": wa,
        "Well-Architected": wa,
        "ベアメタル": bare_metal,
    }
    for typed, card in read.items():
        assert ENGINE.notation.parse(table.state, "p1", f"buy {typed}") == Buy(card=card), typed


def test_ad_10_a_name_not_on_offer_or_a_part_of_several_is_refused_not_guessed(table: Table) -> None:
    s3, _, ec2 = _market(table, "s3", "lambda", "ec2")
    with pytest.raises(IllegalMove):
        ENGINE.notation.parse(table.state, "p1", "buy Step Functions")
    with pytest.raises(AmbiguousMove) as err:
        ENGINE.notation.parse(table.state, "p1", "buy Amazon")  # Amazon S3 or Amazon EC2?
    assert {Buy(card=s3), Buy(card=ec2)} <= set(err.value.moves)
    with pytest.raises(UnreadableMove):
        ENGINE.notation.parse(table.state, "p1", "buy ")


def test_ad_10_copies_of_one_kind_are_one_card_the_first_on_offer(table: Table) -> None:
    first, _ = _market(table, "s3", "s3")
    assert ENGINE.notation.parse(table.state, "p1", "buy Amazon") == Buy(card=first)


def test_every_card_on_offer_can_be_typed_by_its_names(table: Table) -> None:
    table.finish_draft()
    for card in DB.cards.values():
        if card.key.startswith("wa-"):
            continue  # never face up: the top W-A card is named above
        (shown,) = _market(table, card.key)
        for name in (card.key, card.name.en, card.name.ja):
            assert ENGINE.notation.parse(table.state, "p1", f"buy {name}") == Buy(card=shown), name
