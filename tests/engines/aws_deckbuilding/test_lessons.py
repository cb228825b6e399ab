"""What a seat built (``engines.aws_deckbuilding.lessons``, issue 27 item 5), on positions set up by hand
and played with the real engine: the services it owned by category (drafted AD-8, bought AD-10), the
conditional effects it applied (AD-9), and those whose condition its own services met together but that
it never applied."""

from __future__ import annotations

from collections import Counter

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.cards import DB, key_of
from engines.aws_deckbuilding.lessons import architecture
from engines.aws_deckbuilding.models import ApplyEffects, DeclineEffect, Draft
from tests.engines.aws_deckbuilding.conftest import Table


def owned(t: Table, seat: str) -> Counter[str]:
    p = t.state.piles[seat]
    return Counter(
        key_of(c) for pile in (p.deck, p.hand, p.play, p.discard) for c in pile if DB.card(c).is_service
    )


def test_services_are_the_ones_owned_by_category_and_on_premises_cards_are_not() -> None:
    t = Table(drafted=True)
    t.discard("p1", "athena", "lambda", "lambda")
    arch = architecture(t.state, t.events, "p1")
    assert arch.basis == "owned"
    counts = {b.card: b.count for g in arch.groups for b in g.cards}
    assert counts == dict(owned(t, "p1")) and counts["lambda"] >= 2 and counts["athena"] >= 1
    assert not {"bare-metal", "mainframe"} & set(counts)
    order = list(DB.categories)
    assert [order.index(g.category) for g in arch.groups] == sorted(
        order.index(g.category) for g in arch.groups
    )
    compute = next(g for g in arch.groups if g.category == "compute")
    assert compute.name.ja == "コンピューティング"


def test_the_drafts_picks_count_before_they_are_shuffled_in() -> None:
    t = Table()
    while not t.state.drafted["p1"]:  # AD-8: p1 picks first
        seat = ENGINE.to_move(t.state)[0]
        t.do(seat, next(a for a in ENGINE.legal_actions(t.state, seat) if isinstance(a, Draft)))
    arch = architecture(t.state, t.events, "p1")
    assert {b.card for g in arch.groups for b in g.cards} == {key_of(c) for c in t.state.drafted["p1"]}


def test_applied_conditional_effects_are_the_combos_made() -> None:
    t = Table(drafted=True)
    t.start("p1", "athena", "s3", "iam", "bare-metal", "tape-backup")
    t.do("p1", ApplyEffects())
    made = {(c.card, c.effect): (c.partners, c.times) for c in architecture(t.state, t.events, "p1").combos}
    # Athena primary: S3 revealed; S3 secondary: an Analytics card revealed. IAM's draw has no condition.
    assert made[("athena", 0)] == (("s3",), 1)
    assert made[("s3", 1)] == (("athena",), 1)
    assert ("iam", 0) not in made


def test_a_declined_effect_is_not_made_and_its_parts_were_held() -> None:
    t = Table(drafted=True)
    t.start("p1", "athena", "s3", "bare-metal", "tape-backup", "power-cooling")
    athena = next(c for c in t.state.piles["p1"].hand if key_of(c) == "athena")
    t.do("p1", DeclineEffect(card=athena, effect="primary"))
    arch = architecture(t.state, t.events, "p1")
    assert ("athena", 0) not in {(c.card, c.effect) for c in arch.combos}
    assert ("athena", 0, ("s3",)) in {(c.card, c.effect, c.partners) for c in arch.missed}


def test_services_owned_together_but_never_revealed_together_are_missed_combos() -> None:
    t = Table(drafted=True)
    t.discard("p1", "athena", "s3", "efs", "ec2")
    missed = {(c.card, c.effect): c.partners for c in architecture(t.state, t.events, "p1").missed}
    assert missed[("athena", 0)] == ("s3",)  # a service condition
    assert "ec2" in missed[("efs", 0)]  # a category condition: a Compute card
    made = Table(drafted=True)
    made.start("p1", "athena", "s3", "bare-metal", "tape-backup", "power-cooling")
    made.do("p1", ApplyEffects())
    assert ("athena", 0) not in {
        (c.card, c.effect) for c in architecture(made.state, made.events, "p1").missed
    }


def test_no_on_premises_names_no_partner_so_it_is_never_held() -> None:
    t = Table(drafted=True)
    t.discard("p1", "cost-management", "s3", "lambda")
    missed = {(c.card, c.effect) for c in architecture(t.state, t.events, "p1").missed}
    assert ("cost-management", 1) not in missed


def test_a_category_condition_needs_another_card_of_that_category() -> None:
    t = Table(drafted=True)
    for seat_cards in (t.state.piles["p1"].deck, t.state.piles["p1"].discard):
        seat_cards[:] = [c for c in seat_cards if not DB.card(c).is_service]
    t.discard("p1", "cloudwatch")  # primary: a Compute card revealed
    assert ("cloudwatch", 0) not in {(c.card, c.effect) for c in architecture(t.state, t.events, "p1").missed}
    t.discard("p1", "lambda")
    missed = {(c.card, c.effect): c.partners for c in architecture(t.state, t.events, "p1").missed}
    assert missed[("cloudwatch", 0)] == ("lambda",)


def test_only_public_events_are_read() -> None:
    t = Table(drafted=True)
    t.start("p1", "athena", "s3", "bare-metal", "tape-backup", "power-cooling")
    t.do("p1", ApplyEffects())
    hidden = [e.model_copy(update={"visible_to": ("p1",)}) for e in t.events]
    assert architecture(t.state, hidden, "p1").combos == ()
