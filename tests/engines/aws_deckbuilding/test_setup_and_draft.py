"""Set-up (AD-5..AD-7) and the "Welcome to the cloud" draft (AD-8)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.cards import DB, key_of
from engines.aws_deckbuilding.models import ApplyEffects, Buy, Draft, EndTurn, ProposeReshuffle
from engines.core import IllegalAction
from tests.engines.aws_deckbuilding.conftest import Table, every_card, kinds


def test_ad_6_each_player_takes_ten_on_premises_cards_of_one_colour() -> None:
    t = Table(players=3)
    st = t.state
    assert len(set(st.colours.values())) == 3
    for seat in st.players:
        deck = st.piles[seat].deck
        assert len(deck) == 10 and all(DB.card(c).is_onprem for c in deck)
        assert all(c.split("#")[1].startswith(st.colours[seat]) for c in deck)
        assert sum(DB.card(c).tco for c in deck) == 7
        assert st.piles[seat].hand == []  # hands are dealt after the draft


def test_ad_7_marketplace_five_face_up_and_the_wa_pile_face_up() -> None:
    t = Table(players=2)
    st = t.state
    assert len(st.market.showing()) == 5 and len(st.market.deck) == 80
    assert sorted(key_of(c) for c in every_card(st) if DB.card(c).is_service) == sorted(
        c.key for c in DB.services for _ in range(c.qty)
    )
    view = ENGINE.view(st, None)
    assert view.market.wa_pile == list(reversed(st.wa))  # the whole pile is public, top first
    assert view.market.wa_left == {"1": 4, "3": 5} and view.market.wa_cost == {"1": 3, "3": 8}


def test_ad_8_the_draft_is_a_snake_and_the_first_phase() -> None:
    t = Table(players=3)
    assert t.state.phase == "draft"
    seen = []
    while t.state.phase == "draft":
        (seat,) = ENGINE.to_move(t.state)
        seen.append(seat)
        legal = t.legal(seat)
        assert all(isinstance(a, Draft | ProposeReshuffle) for a in legal)
        t.do(seat, next(a for a in legal if isinstance(a, Draft)))
    assert seen == ["p1", "p2", "p3", "p3", "p2", "p1"]
    assert t.state.phase == "play" and t.state.round == 1


def test_ad_8_the_lobby_order_is_the_order_of_play() -> None:
    # The bot seats players in a random order (unless the host fixes it): players[0] is the first player.
    for s in range(5):
        st = ENGINE.new_game(["c", "a", "b"], None, s)
        assert st.order == ["c", "a", "b"] and ENGINE.to_move(st) == ["c"]


def test_ad_8_only_tco_cost_cards_may_be_drafted_for_free_and_the_market_refills() -> None:
    t = Table()
    ids = t.show("ec2", "cdk", "lambda", "cloudformation", "s3")
    nxt = t.market_deck_top("iam")
    legal = t.legal("p1")
    assert {a.card for a in legal if isinstance(a, Draft)} == {ids[0], ids[2], ids[4]}
    with pytest.raises(IllegalAction) as err:
        t.do("p1", Draft(card=ids[1]))
    assert err.value.code == "draft_tco_cost_only"
    with pytest.raises(IllegalAction) as err:
        t.do("p1", Draft(card="ec2#99"))
    assert err.value.code == "not_face_up"
    events = t.do("p1", Draft(card=ids[0]))
    assert kinds(events) == ["draft_picked", "market_refilled"]
    assert t.state.drafted["p1"] == [ids[0]]
    assert t.state.market.slots[0] == nxt  # the free slot is refilled at once
    assert events[0].model_dump()["pick"] == 1 and events[0].model_dump()["draft_round"] == 1


def test_ad_8_only_awsome_cards_showing_means_a_reshuffle() -> None:
    t = Table()
    ids = t.show("lambda", "cdk", "cloudformation", "systems-manager", "cost-management")
    t.market_deck_top("well-architected-tool")  # the refill keeps showing only orange costs
    events = t.do("p1", Draft(card=ids[0]))
    assert "market_reshuffled" in kinds(events)
    shuffle = next(e for e in events if e.kind == "market_reshuffled")
    assert shuffle.model_dump()["reason"] == "draft_no_tco_card"
    assert any(DB.card(c).currency == "tco" for c in t.state.market.showing())
    assert len(t.state.market.showing()) == 5


def test_ad_8_twelve_cards_each_shuffled_into_a_deck_and_five_drawn() -> None:
    t = Table(players=2)
    t.finish_draft()
    st = t.state
    for seat in st.players:
        p = st.piles[seat]
        owned = [*p.deck, *p.hand]
        assert len(owned) == 12 and len(p.hand) == 5
        assert Counter(DB.card(c).kind for c in owned) == {"onprem": 10, "service": 2}
        assert st.drafted[seat] == []
    assert "draft_finished" in kinds(t.events)
    # the first player's hand is revealed at once (AD-9)
    assert st.now is not None and st.now.seat == "p1" and st.now.revealed == st.piles["p1"].hand


def test_ad_8_draft_actions_only_during_the_draft() -> None:
    t = Table()
    for action in (ApplyEffects(), EndTurn(), Buy(card="ec2#1")):
        with pytest.raises(IllegalAction) as err:
            t.do("p1", action)
        assert err.value.code == "draft_first"
    t.finish_draft()
    card = t.state.market.showing()[0]
    with pytest.raises(IllegalAction) as err:
        t.do("p1", Draft(card=card))
    assert err.value.code == "not_drafting"
