"""What a seat built (``engines.aws_builder_cards.lessons``, issue 27 item 5), on positions set up by hand
and played with the real engine: the Builder cards it deployed by category (AB-5), the combos its turns
ended with (AB-5.3), missions solved (AB-11) and mission architectures built, and the combos it owned the
parts for at one moment but never made."""

from __future__ import annotations

from engines.aws_builder_cards.events import ArchitectureBuilt
from engines.aws_builder_cards.lessons import architecture
from engines.aws_builder_cards.models import Acquire, EndTurn, Retire, RevealMission, SolveMission
from engines.aws_builder_cards.setup import mission_id
from tests.engines.aws_builder_cards.conftest import Table


def turn(t: Table, seat: str, *keys: str) -> None:
    """``seat`` deploys exactly ``keys`` and ends the turn; the next player ends theirs at once."""
    t.hand(seat, *keys)
    t.deploy_all(seat)
    t.do(seat, EndTurn())


def pass_turn(t: Table, seat: str) -> None:
    t.do(seat, EndTurn())


def test_services_are_the_builder_cards_deployed_by_category_in_the_files_order() -> None:
    t = Table()
    turn(t, "p1", "s3", "lambda", "bare-metal-host", "lambda")
    pass_turn(t, "p2")
    turn(t, "p1", "lambda", "dynamodb")
    arch = architecture(t.state, t.events, "p1")
    assert arch.basis == "deployed"
    assert [(g.category, [(b.card, b.count) for b in g.cards]) for g in arch.groups] == [
        ("compute", [("lambda", 3)]),  # AB-5: each deploy counts
        ("storage", [("s3", 1)]),
        ("database", [("dynamodb", 1)]),
    ]
    assert arch.groups[0].name.ja == "コンピューティング"
    assert arch.services == 3  # Starters are not services
    assert architecture(t.state, t.events, "p2").groups == ()


def test_combos_are_the_pairs_each_turn_ended_with() -> None:
    t = Table()
    turn(t, "p1", "s3", "lambda", "ec2", "ec2")
    pass_turn(t, "p2")
    turn(t, "p1", "s3", "lambda")
    made = {(c.card, c.effect): (c.partners, c.times) for c in architecture(t.state, t.events, "p1").combos}
    assert made[("s3", 0)] == (("lambda",), 2)  # S3 with Lambda: draw 1, in both turns
    assert made[("ec2", 0)] == (("ec2",), 1)  # stacking, named by its effect in the card's data
    assert set(made) == {("s3", 0), ("ec2", 0)}


def test_a_turn_re_paired_by_a_later_deploy_counts_its_last_architecture_once() -> None:
    t = Table()
    t.hand("p1", "s3", "lambda", "dynamodb")
    t.deploy("p1", t.state.piles["p1"].hand[0], t.state.piles["p1"].hand[1])  # S3 + Lambda: draw 1
    t.deploy_all("p1")  # DynamoDB joins: the whole play area is paired anew
    t.do("p1", EndTurn())
    built = [e for e in t.events if isinstance(e, ArchitectureBuilt)]
    assert len(built) == 2
    last = {(line.card.split("#")[0], line.effect) for line in built[-1].lines}
    combos = architecture(t.state, t.events, "p1").combos
    assert {(c.card, c.effect) for c in combos} == last and all(c.times == 1 for c in combos)


def test_missions_solved_and_mission_architectures_built() -> None:
    t = Table(missions=True)
    serverless = mission_id("serverless-api")
    t.state.mission_hand["p1"] = [serverless]
    t.hand("p1", "api-gateway", "lambda", "dynamodb", "s3", "cloudfront")
    t.do("p1", RevealMission())
    t.deploy_all("p1")
    t.do("p1", SolveMission(mission=serverless))
    t.do("p1", EndTurn())
    arch = architecture(t.state, t.events, "p1")
    assert arch.missions == (serverless,)
    assert serverless not in arch.patterns  # solved: not listed twice
    off = Table()
    turn(off, "p1", "api-gateway", "lambda", "dynamodb", "s3", "route53")
    assert architecture(off.state, off.events, "p1").patterns == (serverless,)  # missions off: still built
    assert architecture(off.state, off.events, "p1").missions == ()


def test_a_mission_needs_one_card_for_each_requirement() -> None:
    t = Table()
    turn(t, "p1", "elasticache", "aurora", "lambda")  # cached database: a cmp card besides the two
    pattern = mission_id("cached-database")
    assert pattern in architecture(t.state, t.events, "p1").patterns
    t2 = Table()
    turn(t2, "p1", "elasticache", "aurora", "s3")
    assert pattern not in architecture(t2.state, t2.events, "p1").patterns


def test_parts_owned_together_but_never_paired_are_a_missed_combo() -> None:
    t = Table()
    t.discard("p1", "identity-center")  # owned beside the Corporate Identity Provider Starter
    arch = architecture(t.state, t.events, "p1")
    missed = {(c.card, c.effect): c.partners for c in arch.missed}
    assert missed[("identity-center", 0)] == ("corporate-idp",)
    assert missed[("virtual-machine", 0)] == ("bare-metal-host",)  # every Starter deck holds this pair
    turn(t, "p1", "identity-center", "corporate-idp", "virtual-machine", "bare-metal-host")
    arch = architecture(t.state, t.events, "p1")
    assert not {("identity-center", 0), ("virtual-machine", 0)} & {(c.card, c.effect) for c in arch.missed}


def test_a_partner_retired_before_the_card_was_acquired_was_never_held_with_it() -> None:
    t = Table()
    hand = t.hand("p1", "s3", "lambda", "ec2", "corporate-idp", "document-store")
    t.slot(0, "identity-center")
    t.do("p1", Retire(card=hand[3]))  # AB-5.1: the Corporate Identity Provider leaves the game
    t.do("p1", Acquire(source="free", slot=0))  # then Identity Center arrives
    t.do("p1", EndTurn())
    arch = architecture(t.state, t.events, "p1")
    assert all(c.card != "identity-center" for c in arch.missed)
    kept = Table()
    kept.hand("p1", "s3", "lambda", "ec2", "corporate-idp", "document-store")
    kept.slot(0, "identity-center")
    kept.do("p1", Acquire(source="free", slot=0))  # the provider is still owned
    kept.do("p1", EndTurn())
    missed = {(c.card, c.effect): c.partners for c in architecture(kept.state, kept.events, "p1").missed}
    assert missed[("identity-center", 0)] == ("corporate-idp",)


def test_combos_that_need_two_partners_are_held_only_with_two() -> None:
    t = Table()
    t.discard("p1", "sqs", "ec2")
    missed = {(c.card, c.effect) for c in architecture(t.state, t.events, "p1").missed}
    assert ("sqs", 1) not in missed  # with two cmp cards: one EC2 is not enough
    two = Table()
    two.discard("p1", "sqs", "ec2", "ec2")
    missed = {(c.card, c.effect): c.partners for c in architecture(two.state, two.events, "p1").missed}
    assert missed[("sqs", 1)] == ("ec2",)
    assert missed[("ec2", 0)] == ("ec2",)  # and two EC2 stack


def test_only_public_events_are_read() -> None:
    t = Table()
    turn(t, "p1", "s3", "lambda")
    hidden = [e.model_copy(update={"visible_to": ("p1",)}) for e in t.events]
    arch = architecture(t.state, hidden, "p1")
    assert arch.groups == () and arch.combos == ()
