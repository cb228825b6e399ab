"""The coach's reasons for AWS Builder Cards moves (``Engine.explain``) on hand-built positions."""

from __future__ import annotations

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.models import Acquire, Deploy
from engines.aws_builder_cards.setup import mission_id
from engines.core import Explanation
from tests.engines.aws_builder_cards.conftest import Table

from .test_analysis import last_wa_card_in_reach


def test_a_deploy_names_the_combo_it_fires() -> None:
    t = Table()
    athena, s3 = t.hand("p1", "athena", "s3")
    found = ENGINE.explain(t.state, "p1", Deploy(cards=(athena, s3)))
    # Athena queries files in S3: +3 credits (the card file's combo, AB-5.3)
    assert found == Explanation(code="combo_credits", params={"card": athena, "partner_cards": [s3], "n": 3})


def test_a_deploy_that_builds_a_mission_names_it() -> None:
    t = Table(missions=True)
    mission = mission_id("serverless-api")
    t.state.mission_hand["p1"] = [mission]
    cards = tuple(t.hand("p1", "api-gateway", "lambda", "dynamodb"))
    found = ENGINE.explain(t.state, "p1", Deploy(cards=cards))
    assert found == Explanation(code="mission", params={"mission_card": mission, "cards": sorted(cards)})


def test_an_acquisition_names_the_owned_card_it_pairs_with() -> None:
    t = Table()
    (athena,) = t.slot(0, "athena")
    (s3,) = t.discard("p1", "s3")
    found = ENGINE.explain(t.state, "p1", Acquire(source="free", slot=0))
    assert found == Explanation(code="combo_with", params={"card": athena, "partner_card": s3})
    # a blind draw: the seat cannot know the card, so there is nothing to say
    assert ENGINE.explain(t.state, "p1", Acquire(source="blind")) is None


def test_the_last_wa_card_is_worth_its_points() -> None:
    state = last_wa_card_in_reach()
    found = ENGINE.explain(state, "p1", Acquire(source="wa"))
    assert found is not None and found.code == "wa" and found.params["n"] == 1
