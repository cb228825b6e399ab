"""The coach's reasons for AWS Deckbuilding moves (``Engine.explain``) on hand-built positions."""

from __future__ import annotations

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.cards import key_of
from engines.aws_deckbuilding.models import ApplyEffect, Buy
from engines.core import Explanation
from tests.engines.aws_deckbuilding.conftest import Table

from .test_analysis import last_wa_card_in_reach


def test_an_effect_names_the_revealed_card_that_meets_its_condition() -> None:
    t = Table(drafted=True)
    t.start("p1", "athena", "s3", "bare-metal", "bare-metal", "bare-metal")
    hand = t.state.piles["p1"].hand
    athena = next(c for c in hand if key_of(c) == "athena")
    s3 = next(c for c in hand if key_of(c) == "s3")
    found = ENGINE.explain(t.state, "p1", ApplyEffect(card=athena, effect="primary"))
    # Athena runs SQL on files in S3: +2 AWSome when S3 is revealed too (AD-2, AD-9)
    assert found == Explanation(code="combo_awsome", params={"card": athena, "partner_cards": [s3], "n": 2})


def test_a_purchase_names_the_owned_card_it_pairs_with() -> None:
    t = Table(drafted=True)
    (athena,) = t.show("athena")
    t.discard("p1", "s3")
    found = ENGINE.explain(t.state, "p1", Buy(card=athena))
    assert found is not None and found.code == "combo_with" and found.params["card"] == athena
    # the S3 just put in the discard pile, or another card Athena's conditions name (AD-2)
    assert key_of(str(found.params["partner_card"])) in ("s3", "firehose")


def test_the_last_wa_card_is_worth_its_points() -> None:
    state, last = last_wa_card_in_reach()
    assert ENGINE.explain(state, "p1", Buy(card=last)) == Explanation(
        code="wa", params={"card": last, "n": 1}
    )
