"""The marketplace vote (AD-14) and the end of the game (AD-15)."""

from __future__ import annotations

import json

import pytest

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.models import ApplyEffects, Buy, Draft, EndTurn, ProposeReshuffle, Vote
from engines.core import IllegalAction, NotYourTurn
from tests.engines.aws_deckbuilding.conftest import Table, kinds


def test_ad_14_every_other_player_votes_and_all_yes_reshuffles() -> None:
    t = Table(players=3, drafted=True)
    shown = t.state.market.showing()
    events = t.do("p1", ProposeReshuffle())
    assert kinds(events) == ["reshuffle_proposed"] and events[0].model_dump()["seats"] == ["p2", "p3"]
    assert ENGINE.to_move(t.state) == ["p2", "p3"]  # every seat that has not voted
    assert t.legal("p2") == [Vote(agree=True), Vote(agree=False)] and t.legal("p1") == []
    view = ENGINE.view(t.state, None)
    assert view.decision is not None and view.decision.kind == "vote"
    assert view.decision.proposer_seat == "p1" and view.decision.interrupted in ("effects", "buy")
    t.do("p3", Vote(agree=True))
    assert ENGINE.to_move(t.state) == ["p2"]
    events = t.do("p2", Vote(agree=True))
    assert kinds(events)[:2] == ["voted", "market_reshuffled"]
    assert events[1].model_dump()["reason"] == "vote"
    assert t.state.vote is None and ENGINE.to_move(t.state) == ["p1"]
    assert len(t.state.market.showing()) == 5 and t.state.market.showing() != shown


def test_ad_14_one_no_ends_the_vote() -> None:
    t = Table(players=3, drafted=True)
    shown = t.state.market.showing()
    t.do("p1", ProposeReshuffle())
    events = t.do("p3", Vote(agree=False))
    assert kinds(events) == ["voted", "reshuffle_rejected"]
    assert t.state.vote is None and t.state.market.showing() == shown
    assert ENGINE.to_move(t.state) == ["p1"]


def test_ad_14_any_seat_may_propose_out_of_turn_and_only_a_rejected_proposer_is_barred() -> None:
    t = Table(players=2, drafted=True)
    assert ENGINE.to_move(t.state) == ["p1"]
    assert t.legal("p2") == [ProposeReshuffle()]  # p2 is not to move but may propose
    t.do("p2", ProposeReshuffle())
    assert ENGINE.to_move(t.state) == ["p1"] and t.state.vote is not None
    t.do("p1", Vote(agree=False))
    assert t.legal("p2") == [] and ProposeReshuffle() in t.legal("p1")  # the one who said no is not barred
    with pytest.raises(IllegalAction) as err:
        t.do("p2", ProposeReshuffle())
    assert err.value.code == "proposal_rejected"
    assert ENGINE.view(t.state, None).vote_barred_seats == ["p2"]
    # anything else out of turn is still refused
    with pytest.raises(NotYourTurn):
        t.do("p2", EndTurn())


def test_ad_14_an_agreed_reshuffle_may_be_followed_by_another_proposal_at_once() -> None:
    t = Table(players=2, drafted=True)
    t.do("p1", ProposeReshuffle())
    events = t.do("p2", Vote(agree=True))
    assert "market_reshuffled" in kinds(events) and t.state.vote is None
    assert ProposeReshuffle() in t.legal("p1") and t.legal("p2") == [ProposeReshuffle()]
    assert ENGINE.view(t.state, None).vote_barred_seats == []
    t.do("p2", ProposeReshuffle())  # at once, by anyone
    assert t.state.vote is not None and t.state.vote.proposer == "p2"
    t.do("p1", Vote(agree=True))
    t.do("p1", ProposeReshuffle())  # and again
    assert t.state.vote is not None and t.state.now is not None and t.state.now.reshuffle_votes == 2


def test_ad_14_a_game_saved_under_one_vote_a_round_still_loads() -> None:
    t = Table(players=2, drafted=True)
    saved = json.loads(ENGINE.dump_state(t.state))
    saved.update(vote_round=1, vote_proposer="p2")  # the fields of the old rule
    state = ENGINE.load_state(json.dumps(saved))
    assert state == t.state and ProposeReshuffle() in t.legal("p2")


def test_ad_14_during_a_vote_only_votes() -> None:
    t = Table(players=2, drafted=True)
    t.do("p1", ProposeReshuffle())
    with pytest.raises(NotYourTurn):
        t.do("p1", ApplyEffects())
    with pytest.raises(IllegalAction) as err:
        t.do("p2", ProposeReshuffle())
    assert err.value.code == "vote_running"


def test_ad_14_a_vote_during_the_draft() -> None:
    t = Table(players=2)
    t.do("p2", ProposeReshuffle())
    t.do("p1", Vote(agree=True))
    assert t.state.phase == "draft" and ENGINE.to_move(t.state) == ["p1"]
    assert any(isinstance(a, Draft) for a in t.legal("p1"))


def test_ad_14_a_rejected_proposer_may_propose_again_when_their_next_turn_begins() -> None:
    t = Table(players=2, drafted=True)
    t.do("p1", ProposeReshuffle())
    t.do("p2", Vote(agree=False))
    assert ProposeReshuffle() not in t.legal("p1")
    for seat in ("p1", "p2"):
        while ENGINE.to_move(t.state) == [seat]:
            assert ProposeReshuffle() not in t.legal("p1")  # through p2's whole turn too
            legal = t.legal(seat)
            t.do(
                seat,
                ApplyEffects()
                if ApplyEffects() in legal
                else next(a for a in legal if a.type in ("end_turn", "keep_onprem")),
            )
    assert t.state.now is not None and t.state.now.seat == "p1"
    assert ProposeReshuffle() in t.legal("p1") and t.state.vote_barred == []


def test_ad_14_a_rejected_proposal_in_the_draft_waits_for_the_proposers_next_pick() -> None:
    t = Table(players=3)
    assert ENGINE.to_move(t.state) == ["p1"]
    t.do("p3", ProposeReshuffle())
    t.do("p1", Vote(agree=True))
    t.do("p2", Vote(agree=False))
    assert ProposeReshuffle() not in t.legal("p3")
    for _ in range(2):  # p1 and p2 pick
        seat = ENGINE.to_move(t.state)[0]
        t.do(seat, next(a for a in t.legal(seat) if isinstance(a, Draft)))
    assert ENGINE.to_move(t.state) == ["p3"] and ProposeReshuffle() in t.legal("p3")


def test_ad_15_the_game_ends_the_moment_the_last_wa_card_is_bought() -> None:
    t = Table(drafted=True)
    t.state.score["p2"] = t.state.wa[:-1]  # every W-A card but the top one (a 1-point card) is bought
    t.state.score["p1"] = []
    del t.state.wa[:-1]
    t.start("p1", "redshift", "opensearch", "ec2-auto-scaling", "ec2", "bare-metal")
    if ApplyEffects() in t.legal("p1"):
        t.do("p1", ApplyEffects())
    now = t.state.now
    assert now is not None and now.buys_left == 2  # Auto Scaling's extra buy is left unused
    last = t.state.wa[-1]
    events = t.do("p1", Buy(card=last))
    assert kinds(events)[-1] == "game_over"
    assert ENGINE.to_move(t.state) == [] and t.legal("p1") == []
    out = ENGINE.outcome(t.state)
    assert out is not None and out.winners == ["p2"] and out.scores["p1"] == 1.0
    assert events[-1].model_dump()["winner_seats"] == ["p2"]


def test_ad_15_equal_totals_share_the_win() -> None:
    t = Table(players=3, drafted=True)
    wa = t.state.wa  # 3 players: five 3-point cards under five 1-point cards; the top is the last
    ones = [c for c in wa if c.startswith("wa-1")]
    threes = [c for c in wa if c.startswith("wa-3")]
    t.state.score["p1"] = [threes[0], threes[1], ones[0], ones[1]]  # 8
    t.state.score["p2"] = [threes[2], threes[3], ones[2], ones[3]]  # 8
    t.state.score["p3"] = [ones[4]]  # 1
    wa[:] = [threes[4]]
    t.start("p3", "redshift", "opensearch", "aurora", "cloudfront", "tape-backup")  # AWSome 3+2+2+2
    if ApplyEffects() in t.legal("p3"):
        t.do("p3", ApplyEffects())
    t.do("p3", Buy(card=threes[4]))
    out = ENGINE.outcome(t.state)
    assert out is not None
    assert {s: int(v) for s, v in out.scores.items()} == {"p1": 8, "p2": 8, "p3": 4}
    assert out.ranking == [["p1", "p2"], ["p3"]] and out.winners == ["p1", "p2"]
    view = ENGINE.view(t.state, None)
    assert view.standings is not None and [s.winner for s in view.standings] == [True, True, False]
