"""``/cloud`` reads typed card names: either language, with or without "Amazon"/"AWS", an alias ("ASG",
"W-A"), among the cards the caller may act on now; an exact name wins over a partial one, and a partial
one that fits several kinds is refused rather than guessed."""

from __future__ import annotations

from bot.games.aws_deckbuilding.cog import aliases, card_named
from engines.aws_deckbuilding import ENGINE


def test_typed_names_find_the_card_in_either_language() -> None:
    cards = ["s3#2", "ec2-auto-scaling#1", "ec2#4", "wa-1#3", "bare-metal#blue2"]
    assert card_named("S3", cards) == "s3#2"
    assert card_named("amazon s3", cards) == "s3#2"
    assert card_named("ｓ３", cards) == "s3#2"
    assert card_named("EC2", cards) == "ec2#4", "the exact name wins over Amazon EC2 Auto Scaling"
    assert card_named("ASG", cards) == "ec2-auto-scaling#1"
    assert card_named("Auto Scaling", cards) == "ec2-auto-scaling#1"
    assert card_named("W-A", cards) == "wa-1#3"
    assert card_named("ベアメタル", cards) == "bare-metal#blue2"
    assert card_named("Lambda", cards) is None, "not among the cards on offer"
    assert card_named("", cards) is None


def test_a_partial_name_of_several_kinds_is_not_guessed() -> None:
    assert card_named("Amazon", ["s3#1", "ec2#1"]) is None
    assert card_named("Amazon", ["s3#1", "s3#2"]) == "s3#1", "copies of one kind are the same card"


def test_every_card_can_be_typed_by_its_names() -> None:
    table = aliases()
    for info in ENGINE.cards():
        for name in (info.id, info.name.en, info.name.ja):
            assert card_named(name, [f"{info.id}#1", "nothing#1"]) == f"{info.id}#1", name
    assert len(table) == len(ENGINE.cards())
