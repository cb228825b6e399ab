"""The card file (AD-1..AD-5): names and counts as the rule page lists them, values designed by us."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.aws_deckbuilding.cards import DB, CardDataError, parse_card_file
from engines.aws_deckbuilding.setup import onprem_ids, service_ids, wa_pile
from renderers.common import missing_glyphs

RULES = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "aws-deckbuilding-game.md"
DATA = Path(__file__).resolve().parents[3] / "engines" / "aws_deckbuilding" / "cards.toml"

# AD-3, as the rule page lists it.
EXPECTED = {
    "Amazon EC2 Auto Scaling": 2,
    "AWS CDK": 2,
    "AWS CloudFormation": 2,
    "AWS Systems Manager": 2,
    "AWS Well-Architected Tool": 2,
    "AWS Cost Management": 2,
    "Amazon EC2": 8,
    "AWS Lambda": 6,
    "Amazon S3": 4,
    "Amazon EFS": 2,
    "Amazon API Gateway": 3,
    "Amazon SNS": 3,
    "Amazon SQS": 3,
    "Amazon EventBridge": 2,
    "AWS Step Functions": 2,
    "Amazon DynamoDB": 3,
    "Amazon Aurora": 2,
    "Amazon ElastiCache": 2,
    "Amazon RDS": 2,
    "AWS IAM": 3,
    "Amazon Athena": 2,
    "Amazon Kinesis Data Firehose": 2,
    "Amazon Kinesis Data Streams": 2,
    "Amazon OpenSearch Service": 2,
    "Amazon Redshift": 2,
    "Amazon ECS": 2,
    "Amazon EKS": 2,
    "AWS Fargate": 2,
    "Amazon CloudFront": 2,
    "Amazon Route 53": 2,
    "Amazon VPC": 2,
    "Elastic Load Balancing": 2,
    "AWS CloudTrail": 2,
    "Amazon CloudWatch": 2,
}
AWSOME_COST = {
    "Amazon EC2 Auto Scaling",
    "AWS CDK",
    "AWS CloudFormation",
    "AWS Systems Manager",
    "AWS Well-Architected Tool",
    "AWS Cost Management",
}


def test_ad_3_eighty_five_service_cards_by_name_and_count() -> None:
    assert {c.name.en: c.qty for c in DB.services} == EXPECTED
    assert sum(EXPECTED.values()) == 85
    ids = service_ids(DB)
    assert len(ids) == 85 and len(set(ids)) == 85


def test_ad_3_names_and_counts_match_the_rule_page() -> None:
    if not RULES.exists():
        pytest.skip(f"rule page not found at {RULES} (../shared is beside the repo)")
    text = RULES.read_text(encoding="utf-8")
    ad3 = text[text.index("AD-3") : text.index("AD-4")]
    ad3 = " ".join(ad3.split())
    for name, qty in EXPECTED.items():
        if name in AWSOME_COST:
            assert name in ad3, name
        else:
            assert re.search(re.escape(name) + rf" x{qty}\b", ad3), f"{name} x{qty} not on the rule page"


def test_ad_3_costs_currencies_and_the_ec2_anchor() -> None:
    by_name = {c.name.en: c for c in DB.services}
    assert by_name["Amazon EC2"].cost == 4 and by_name["Amazon EC2"].currency == "tco"
    for card in DB.services:
        if card.name.en in AWSOME_COST:
            assert card.currency == "awsome" and 2 <= card.cost <= 4, card.key
        else:
            assert card.currency == "tco", card.key


def test_ad_3_the_data_file_says_the_values_are_ours() -> None:
    header = DATA.read_text(encoding="utf-8").split("[categories]")[0]
    assert "NOT public" in header and "designed by the Deckhand project" in header


def test_ad_1_every_service_card_has_a_primary_and_a_secondary_effect() -> None:
    for card in DB.services:
        assert [e.which for e in card.effects] == ["primary", "secondary"], card.key
        assert all(e.type in ("awsome", "draw", "buy") and e.amount >= 1 for e in card.effects)


def test_ad_2_conditions_name_services_that_really_go_together() -> None:
    def cond(key: str, which: str) -> frozenset[str]:
        eff = DB.cards[key].effect(which)  # type: ignore[arg-type]
        assert eff is not None and eff.cond is not None and eff.cond.kind == "service"
        return eff.cond.keys

    assert "s3" in cond("athena", "primary")  # Athena queries S3
    assert "api-gateway" in cond("lambda", "primary")  # API Gateway invokes Lambda
    assert "lambda" in cond("api-gateway", "primary")
    assert "s3" in cond("cloudfront", "primary")  # CloudFront serves S3
    assert "cloudfront" in cond("s3", "primary")
    assert "fargate" in cond("ecs", "primary")
    assert "ec2-auto-scaling" in cond("ec2", "primary")
    for card in DB.services:
        assert card.why is not None and card.why.en and card.why.ja, card.key


def test_ad_4_on_premises_cards_give_tco_7_per_colour_and_nothing_else() -> None:
    assert sum(c.qty for c in DB.onprem) == 10
    assert sum(c.qty * c.tco for c in DB.onprem) == 7
    assert all(c.awsome == 0 and not c.effects for c in DB.onprem)
    assert len(DB.colours) == 4
    ids = [i for colour in DB.colours for i in onprem_ids(DB, colour)]
    assert len(ids) == 40 and len(set(ids)) == 40


def test_ad_5_well_architected_pile_by_player_count() -> None:
    for players, ones in ((2, 4), (3, 5), (4, 7)):
        pile = wa_pile(DB, players)
        points = [DB.card(c).points for c in pile]
        assert points == [3] * 5 + [1] * ones  # the top is the last element: 1-point cards on top
    assert {c.points: (c.cost, c.currency) for c in DB.wa} == {1: (3, "awsome"), 3: (8, "awsome")}


def test_names_are_bilingual_and_drawable() -> None:
    for card in DB.cards.values():
        assert card.name.en and card.name.ja
        assert not missing_glyphs(card.name.en + card.name.ja), card.key
    for cat in DB.categories.values():
        assert cat.en and cat.ja and not missing_glyphs(cat.ja)
    assert DB.cards["mainframe"].name.ja == "メインフレーム"  # katakana where Japanese uses it


def test_a_bad_card_file_is_refused_with_the_problems() -> None:
    text = DATA.read_text(encoding="utf-8")
    with pytest.raises(CardDataError, match="unknown service"):
        parse_card_file(text.replace('any = ["Amazon S3"] }', 'any = ["Amazon S4"] }', 1))
    with pytest.raises(CardDataError, match="cannot name itself"):
        parse_card_file(text.replace('any = ["Amazon EC2 Auto Scaling"]', 'any = ["Amazon EC2"]', 1))
    with pytest.raises(CardDataError):
        parse_card_file(text.replace('type = "awsome", amount = 2', 'type = "teleport", amount = 2', 1))
    with pytest.raises(CardDataError, match="not TOML"):
        parse_card_file("[[services]\n")
