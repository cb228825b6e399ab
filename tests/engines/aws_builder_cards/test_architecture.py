"""AB-5: architectures, combos and the best pairing (credits, then draws, then adoptions)."""

from __future__ import annotations

from engines.aws_builder_cards.architecture import Result, evaluate
from engines.aws_builder_cards.cards import DEFAULT_DB


def arch(*keys: str, draws_taken: int = 0) -> Result:
    return evaluate(DEFAULT_DB, tuple(sorted((k, False) for k in keys)), draws_taken)


def keys_of(res: Result, *keys: str) -> list[tuple[str, str, tuple[str, ...]]]:
    ordered = sorted(keys)
    return [(ln.kind, ordered[ln.owner], tuple(ordered[j] for j in ln.partners)) for ln in res.lines]


def test_ab_5_two_cards_of_any_kind_form_an_architecture() -> None:
    """Rule correction AB-5 (seed: 「2枚以上で組むと『アーキテクチャ』扱い」): Starters count too."""
    assert not arch("s3").unlocked and not arch("bare-metal-host").unlocked
    assert arch("s3", "bare-metal-host").unlocked
    assert arch("s3", "vpc").unlocked
    assert arch("bare-metal-host", "networking").unlocked


def test_ab_5_the_starters_own_combo_fires_from_a_hand_of_starters() -> None:
    # Virtual Machine with Bare Metal Host: draw 1, with no Builder card deployed at all.
    res = arch("virtual-machine", "bare-metal-host")
    assert res.unlocked and res.draw == 1
    pairs = keys_of(res, "virtual-machine", "bare-metal-host")
    assert ("with", "virtual-machine", ("bare-metal-host",)) in pairs
    assert arch("virtual-machine", "bare-metal-host", "vpc", "lambda").draw == 1
    assert arch("virtual-machine").draw == 0


def test_ab_5_identity_center_with_a_corporate_identity_provider_alone_adopts() -> None:
    res = arch("identity-center", "corporate-idp")
    assert res.unlocked and res.adopt == 1 and res.credits == 1


def test_ab_5_cloudfront_with_a_virtual_machine_alone_adopts() -> None:
    res = arch("cloudfront", "virtual-machine")
    assert res.unlocked and res.adopt == 1 and res.credits == 2


def test_ab_5_credits_are_base_values_plus_combo_credits() -> None:
    res = arch("athena", "s3")  # 1 + 2, Athena with S3: +3
    assert res.base_credits == 3 and res.credits == 6


def test_ab_5_a_card_is_the_partner_of_only_one_combo() -> None:
    # S3 and DynamoDB both want a Lambda for Draw 1; one Lambda serves only one of them.
    res = arch("s3", "dynamodb", "lambda")
    assert res.draw == 1
    assert arch("s3", "dynamodb", "lambda", "lambda").draw == 2


def test_ab_5_contested_partner_goes_where_it_pays_credits_first() -> None:
    # SQS+Lambda gives +2 credits, S3+Lambda gives a draw: credits come first.
    res = arch("sqs", "s3", "lambda")
    assert ("with", "sqs", ("lambda",)) in keys_of(res, "sqs", "s3", "lambda")
    assert res.draw == 0 and res.credits == 2 + 2 + 1 + 2


def test_ab_5_two_combos_of_one_card_need_different_partners() -> None:
    # SQS: with Lambda +2 Cr, or with two cmp Adopt +1; Lambda + EC2 cannot serve both.
    res = arch("sqs", "lambda", "ec2")
    assert res.adopt == 0 and res.credits == 2 + 1 + 2 + 2
    res = arch("sqs", "lambda", "ec2", "ec2")
    assert res.adopt == 1  # two EC2 for the adoption, Lambda for the credits


def test_ab_5_for_each_combos_do_not_use_partners_up() -> None:
    # DynamoDB +1 per cmp counts the Lambda that also serves its draw and S3 ... each Lambda once per combo.
    res = arch("dynamodb", "lambda", "api-gateway")
    assert res.credits == 2 + 1 + 1 + 1 + 1  # base 4, DynamoDB per cmp +1, API Gateway per cmp +1
    assert res.draw == 1


def test_ab_5_for_each_counts_every_match() -> None:
    assert arch("elb", "ec2", "lambda").credits == 2 + 2 + 1 + 2 * 2
    assert arch("step-functions", "lambda", "lambda", "lambda").credits == 2 + 3 + 2 * 3
    assert arch("sns", "sqs", "sqs").draw == 2
    assert arch("cloudwatch", "vpc", "bare-metal-host", "lambda").credits == 2 + 1 + 0 + 1 + 3


def test_ab_5_the_best_pairing_is_found_among_many() -> None:
    # Redshift wants Aurora/DynamoDB/RDS (+3) or S3 (adopt); Athena wants S3 (+3); Firehose wants S3/Redshift.
    res = arch("redshift", "athena", "firehose", "s3", "aurora", "lambda")
    # Best: Athena-S3 +3, Redshift-Aurora +3, Aurora-Lambda +3, Firehose-Redshift adopt.
    assert res.credits == (2 + 1 + 2 + 2 + 2 + 1) + 9
    assert res.adopt == 1


def test_ab_5_draws_already_taken_are_never_undone() -> None:
    free = arch("s3", "lambda", "sqs", "vpc")
    assert free.draw == 0 and free.credits == 2 + 1 + 2 + 1 + 2
    kept = arch("s3", "lambda", "sqs", "vpc", draws_taken=1)
    assert kept.draw == 1 and kept.credits == 2 + 1 + 2 + 1


def test_ec2_stacking_2_give_5_and_3_give_10_and_an_adoption() -> None:
    assert arch("ec2").credits == 2
    assert arch("ec2", "ec2").credits == 5
    res = arch("ec2", "ec2", "ec2")
    assert res.credits == 10 and res.adopt == 1
    assert arch("ec2", "ec2", "ec2", "ec2").credits == 12


def test_ec2_stacking_does_not_use_the_ec2_up_as_partners() -> None:
    res = arch("ec2", "ec2", "ecs", "eks")
    assert res.credits == 5 + 2 + 2 and res.draw == 2


def test_auto_scaling_gives_4_credits_with_ec2_and_counts_as_compute_only_with_it() -> None:
    assert arch("auto-scaling", "ec2").credits == 4 + 2
    assert arch("auto-scaling", "vpc").credits == 2 + 1
    # Aurora "with cmp": Auto Scaling alone is not a cmp partner.
    assert arch("aurora", "auto-scaling").credits == 2 + 2
    assert arch("aurora", "auto-scaling", "ec2").credits == 2 + 2 + 2 + 3 + 2


def test_fargate_counts_as_compute_only_with_ecs_or_eks() -> None:
    assert arch("rds", "fargate").credits == 2
    res = arch("rds", "fargate", "ecs")
    # Fargate+ECS: +3 and adopt; RDS with a cmp (Fargate or ECS): +2.
    assert res.credits == 2 + 0 + 2 + 3 + 2 and res.adopt == 1


def test_cards_own_effects_need_no_architecture() -> None:
    assert arch("cloudformation").draw == 1
    assert arch("cfm").adopt == 1
    assert arch("cdk").discard_to_deck == 1
    assert arch("wa-tool").wa_costs == {1: 2, 3: 6}


def test_declined_sunset_gives_credits_but_no_adoption() -> None:
    res = evaluate(DEFAULT_DB, (("cfm", True),), 0)
    assert res.adopt == 0 and res.credits == 2


def test_identity_center_pairs_with_a_starter() -> None:
    assert arch("identity-center", "corporate-idp", "vpc").adopt == 1


def test_eventbridge_pairs_with_any_other_builder_but_not_a_starter() -> None:
    assert arch("eventbridge", "vpc").credits == 2 + 1 + 2
    assert arch("eventbridge", "bare-metal-host").credits == 2
