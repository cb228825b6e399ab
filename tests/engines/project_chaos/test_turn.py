"""The turn: PC-7 (play, discard, place and push-out), PC-8 (refill), PC-9 (chaos), one test per case,
positions set up by hand."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.project_chaos.events import CardPushedOut
from engines.project_chaos.models import ChaosDiscardPending, ForcedPending, NoPay, Pay, PushOutPending

from .conftest import E, act, all_cards, kinds, make_state, of_kind

INTERN = "pc-genius-intern"  # tech +3, no play effect
VIRAL = "pc-release-goes-viral"  # user +3, no play effect
LEGACY = "pc-legacy-code"  # tech -2, no play effect
COFFEE = "pc-new-coffee-machine"  # mgmt +1, play: die -1
NAMING = "pc-naming-debate"  # tech 0, vote
CI = "pc-ci-all-green"  # tech +2, play: tokens +1
PRAISED = "pc-product-praised"  # user +2, seed card
SPEC = "pc-small-spec-change"  # user 0, play: roll
INTERVIEW = "pc-user-interview-gold"  # user +1, play: tokens +2
DEP_HELL = "pc-dependency-hell"  # tech/user -2, play: tokens -2
DB = "pc-production-db-dropped"  # tech -3, claim
OSS = "pc-oss-fixes-it"  # tech/user +3


def hands3(p1: list[str], p2: list[str] | None = None, p3: list[str] | None = None) -> dict[str, list[str]]:
    return {"p1": p1, "p2": p2 or [], "p3": p3 or []}


# --- PC-7 A: play -----------------------------------------------------------------------------------------


def test_pc_7_a_play_resolves_the_effect_then_discards_the_card() -> None:
    s = make_state(hands3([COFFEE, INTERN, VIRAL]), die=2, deck_top=["pc-legacy-code"])
    step = act(s, "p1", {"type": "play", "card": COFFEE})
    n = step.state
    assert n.die == 1  # the effect, and chaos then reads the lowered die: calm
    assert n.discard == [COFFEE]
    assert n.hands["p1"] == [INTERN, VIRAL, LEGACY]  # refill (PC-8)
    assert kinds(step.events)[:3] == ["card_played", "die_changed", "chaos"]
    assert of_kind(step.events, "chaos")[0].effect == "calm"
    assert n.current == 1 and n.stage == "action"


def test_pc_7_a_a_card_without_a_play_effect_cannot_be_played() -> None:
    s = make_state(hands3([INTERN, VIRAL, LEGACY]))
    assert all(a.type != "play" for a in E.legal_actions(s, "p1"))
    with pytest.raises(IllegalAction) as err:
        act(s, "p1", {"type": "play", "card": INTERN})
    assert err.value.code == "not_playable"


# --- PC-7 B: discard ---------------------------------------------------------------------------------------


def test_pc_7_b_discard_puts_the_card_on_the_discard_pile() -> None:
    s = make_state(hands3([INTERN, VIRAL, LEGACY]), tokens=2)
    step = act(s, "p1", {"type": "discard", "card": LEGACY})
    assert step.state.discard == [LEGACY] and step.state.tokens == 2
    assert of_kind(step.events, "card_discarded")[0].reason == "action"


def test_pc_7_one_action_only_from_the_hand() -> None:
    s = make_state(hands3([INTERN, VIRAL, LEGACY]))
    with pytest.raises(IllegalAction) as err:
        act(s, "p1", {"type": "discard", "card": COFFEE})
    assert err.value.code == "card_not_in_hand"


# --- PC-7 C: place and push-out ----------------------------------------------------------------------------


def test_pc_7_c_place_changes_tokens_by_the_value_clamped() -> None:
    s = make_state(hands3([INTERN, VIRAL, LEGACY]), tokens=2)
    n = act(s, "p1", {"type": "place", "card": INTERN, "workplace": "tech"}).state
    assert n.workplaces["tech"] == INTERN and n.tokens == 3  # 2 + 3 clamped to 3
    s = make_state(hands3([INTERN, VIRAL, LEGACY]), tokens=1)
    n = act(s, "p1", {"type": "place", "card": LEGACY, "workplace": "tech"}).state
    assert n.tokens == 0  # 1 - 2 clamped to 0


def test_pc_7_c_place_only_in_a_workplace_of_the_cards_categories() -> None:
    s = make_state(hands3([INTERN, OSS, LEGACY]))
    places = {(a.card, a.workplace) for a in E.legal_actions(s, "p1") if a.type == "place"}  # type: ignore[union-attr]
    assert places == {(INTERN, "tech"), (OSS, "tech"), (OSS, "user"), (LEGACY, "tech")}
    with pytest.raises(IllegalAction) as err:
        act(s, "p1", {"type": "place", "card": INTERN, "workplace": "user"})
    assert err.value.code == "wrong_workplace"


def test_pc_7_c_resource_pushed_out_may_be_paid_to_the_lane() -> None:
    s = make_state(hands3([INTERN, VIRAL, LEGACY]), workplaces={"tech": CI}, tokens=0)
    step = act(s, "p1", {"type": "place", "card": INTERN, "workplace": "tech"})
    p = step.state.pending
    assert isinstance(p, PushOutPending)
    assert (p.card, p.by_card, p.cost, p.pay_to, p.free_to) == (CI, INTERN, 2, "lane", "discard")
    assert E.to_move(step.state) == ["p1"] and E.legal_actions(step.state, "p1") == [Pay(), NoPay()]
    paid = act(step.state, "p1", {"type": "pay"})
    assert paid.state.lane == [CI] and paid.state.tokens == 1  # 0 + 3 - 2
    out = of_kind(paid.events, "card_pushed_out")[0]
    assert isinstance(out, CardPushedOut) and (out.to, out.paid, out.how) == ("lane", 2, "paid")
    kept = act(step.state, "p1", {"type": "no_pay"}).state
    assert CI in kept.discard and kept.lane == [] and kept.tokens == 3


def test_pc_7_c_resource_is_discarded_when_the_tokens_do_not_suffice() -> None:
    s = make_state(hands3([LEGACY, VIRAL, INTERVIEW]), workplaces={"tech": CI}, tokens=1)
    step = act(s, "p1", {"type": "place", "card": LEGACY, "workplace": "tech"})
    assert step.state.pending is None  # no choice to make: 1 - 2 -> 0 tokens, the +2 costs 2
    assert step.state.discard == [CI]
    assert of_kind(step.events, "card_pushed_out")[0].how == "unaffordable"


def test_pc_7_c_neutral_card_moves_to_the_lane_for_free() -> None:
    s = make_state(hands3([INTERN, VIRAL, LEGACY]), workplaces={"tech": NAMING}, tokens=0)
    step = act(s, "p1", {"type": "place", "card": INTERN, "workplace": "tech"})
    assert step.state.pending is None and step.state.lane == [NAMING] and step.state.tokens == 3
    assert of_kind(step.events, "card_pushed_out")[0].how == "free"


def test_pc_7_c_trouble_pushed_out_may_be_paid_away_else_goes_to_the_lane() -> None:
    s = make_state(hands3([INTERN, VIRAL, COFFEE]), workplaces={"tech": LEGACY}, tokens=0)
    step = act(s, "p1", {"type": "place", "card": INTERN, "workplace": "tech"})
    p = step.state.pending
    assert isinstance(p, PushOutPending) and (p.cost, p.pay_to, p.free_to) == (2, "discard", "lane")
    paid = act(step.state, "p1", {"type": "pay"}).state
    assert LEGACY in paid.discard and paid.tokens == 1
    free = act(step.state, "p1", {"type": "no_pay"}).state
    assert free.lane == [LEGACY] and free.tokens == 3


def test_pc_7_c_trouble_goes_to_the_lane_when_the_tokens_do_not_suffice() -> None:
    s = make_state(hands3([SPEC, VIRAL, COFFEE]), workplaces={"user": DEP_HELL}, tokens=1)
    step = act(s, "p1", {"type": "place", "card": SPEC, "workplace": "user"})
    assert step.state.pending is None and step.state.lane == [DEP_HELL]
    assert of_kind(step.events, "card_pushed_out")[0].how == "unaffordable"


def test_pc_7_c_lane_keeps_its_order() -> None:
    s = make_state(hands3([SPEC, VIRAL, COFFEE]), workplaces={"user": NAMING}, lane=[LEGACY, DB])
    n = act(s, "p1", {"type": "place", "card": SPEC, "workplace": "user"}).state
    assert n.lane == [LEGACY, DB, NAMING]


# --- PC-8: refill ------------------------------------------------------------------------------------------


def test_pc_8_refill_draws_one_card_privately() -> None:
    s = make_state(hands3([INTERN, VIRAL, LEGACY]), deck_top=[COFFEE])
    step = act(s, "p1", {"type": "discard", "card": LEGACY})
    assert step.state.hands["p1"] == [INTERN, VIRAL, COFFEE]
    drawn = of_kind(step.events, "card_drawn")[0]
    assert drawn.card == COFFEE and drawn.visible_to == ("p1",) and drawn.cause == "refill"
    assert of_kind(step.events, "draw_count")[0].visible_to is None


def test_pc_8_an_empty_deck_at_the_refill_loses_before_the_victory_check() -> None:
    # The lane already meets the balanced goal: the loss still comes first (decision PC-8a).
    lane = [INTERN, LEGACY, VIRAL, PRAISED, "pc-reply-all-storm", "pc-deadline-cut"]
    s = make_state(hands3([COFFEE, CI, SPEC]), lane=lane, deck=[])
    step = act(s, "p1", {"type": "discard", "card": SPEC})
    out = E.outcome(step.state)
    assert out is not None and out.reason == "loss:cannot_draw" and out.winners == []
    assert kinds(step.events)[-1] == "game_lost"


# --- PC-9: chaos -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("die", [0, 1])
def test_pc_9_die_0_or_1_does_nothing(die: int) -> None:
    s = make_state(hands3([INTERN, VIRAL, LEGACY]), die=die)
    step = act(s, "p1", {"type": "discard", "card": LEGACY})
    assert of_kind(step.events, "chaos")[0].effect == "calm" and step.state.current == 1


def test_pc_9_die_2_draws_then_the_player_discards_any_card() -> None:
    s = make_state(hands3([INTERN, VIRAL, LEGACY]), die=2, deck_top=[COFFEE, CI])
    step = act(s, "p1", {"type": "discard", "card": LEGACY})
    n = step.state
    assert isinstance(n.pending, ChaosDiscardPending) and n.pending.seat == "p1"
    assert n.hands["p1"] == [INTERN, VIRAL, COFFEE]
    assert of_kind(step.events, "card_drawn")[0].cause == "chaos"
    assert {a.card for a in E.legal_actions(n, "p1")} == {INTERN, VIRAL, COFFEE}  # type: ignore[union-attr]
    done = act(n, "p1", {"type": "discard", "card": COFFEE})  # the card just drawn may go
    assert done.state.hands["p1"] == [INTERN, VIRAL, CI]  # then the refill (PC-8)
    assert of_kind(done.events, "card_discarded")[0].reason == "chaos"
    assert done.state.current == 1


def test_pc_9_die_3_reveals_two_cards_resolved_in_the_players_order() -> None:
    # INTERVIEW has a play effect (must be played), INTERN has none (must be placed).
    s = make_state(hands3([VIRAL, LEGACY, COFFEE]), die=3, deck_top=[INTERVIEW, INTERN, CI])
    step = act(s, "p1", {"type": "discard", "card": LEGACY})
    n = step.state
    assert isinstance(n.pending, ForcedPending)
    assert sorted(n.revealed) == sorted([INTERVIEW, INTERN])
    assert of_kind(step.events, "cards_revealed")[0].visible_to is None
    legal = {a.key() for a in E.legal_actions(n, "p1")}
    assert legal == {
        E.parse_action({"type": "play", "card": INTERVIEW}).key(),
        E.parse_action({"type": "place", "card": INTERN, "workplace": "tech"}).key(),
    }
    with pytest.raises(IllegalAction) as err:
        act(n, "p1", {"type": "place", "card": INTERVIEW, "workplace": "user"})
    assert err.value.code == "must_play_revealed"
    with pytest.raises(IllegalAction) as err:
        act(n, "p1", {"type": "play", "card": INTERN})
    assert err.value.code == "must_place_revealed"
    with pytest.raises(IllegalAction) as err:
        act(n, "p1", {"type": "play", "card": CI})
    assert err.value.code == "card_not_revealed"
    # Place first, then play: the order is the player's.
    first = act(n, "p1", {"type": "place", "card": INTERN, "workplace": "tech"})
    assert first.state.tokens == 3 and isinstance(first.state.pending, ForcedPending)
    assert of_kind(first.events, "card_placed")[0].forced is True
    second = act(first.state, "p1", {"type": "play", "card": INTERVIEW})
    m = second.state
    assert m.revealed == [] and INTERVIEW in m.discard and m.current == 1
    assert of_kind(second.events, "card_played")[0].forced is True
    # The forced cards did not trigger chaos again: the die still shows 3 and nothing else was revealed.
    assert m.die == 3 and kinds(second.events).count("cards_revealed") == 0
    assert m.hands["p1"] == [VIRAL, COFFEE, CI]


def test_pc_9_die_3_forced_placement_offers_the_workplace_and_the_push_out() -> None:
    s = make_state(
        hands3([VIRAL, LEGACY, COFFEE]),
        die=3,
        tokens=0,
        workplaces={"user": DEP_HELL},
        deck_top=[OSS, INTERN],
    )
    n = act(s, "p1", {"type": "discard", "card": LEGACY}).state
    workplaces = {a.workplace for a in E.legal_actions(n, "p1") if a.type == "place" and a.card == OSS}  # type: ignore[union-attr]
    assert workplaces == {"tech", "user"}
    m = act(n, "p1", {"type": "place", "card": OSS, "workplace": "user"}).state
    assert isinstance(m.pending, PushOutPending) and m.pending.card == DEP_HELL and m.tokens == 3
    m = act(m, "p1", {"type": "pay"}).state
    assert DEP_HELL in m.discard and m.tokens == 1 and isinstance(m.pending, ForcedPending)
    assert m.revealed == [INTERN]


def test_pc_9_die_2_with_an_empty_deck_skips_the_swap_and_the_refill_loses() -> None:
    s = make_state(hands3([INTERN, VIRAL, LEGACY]), die=2, deck=[])
    step = act(s, "p1", {"type": "discard", "card": LEGACY})
    assert step.state.result == "loss" and step.state.reason == "loss:cannot_draw"
    assert "card_drawn" not in kinds(step.events)


def test_pc_9_die_3_with_one_card_left_reveals_it_then_the_refill_loses() -> None:
    s = make_state(hands3([INTERN, VIRAL, LEGACY]), die=3, deck=[CI])
    n = act(s, "p1", {"type": "discard", "card": LEGACY}).state
    assert n.revealed == [CI] and isinstance(n.pending, ForcedPending)
    end = act(n, "p1", {"type": "play", "card": CI}).state
    assert end.reason == "loss:cannot_draw"
    assert sorted(all_cards(end)) == sorted(all_cards(s))


# --- PC-9a: an empty deck never loses in chaos -------------------------------------------------------------


@pytest.mark.parametrize("die", [2, 3])
def test_pc_9a_die_2_or_3_with_an_empty_deck_does_nothing(die: int) -> None:
    s = make_state(hands3([INTERN, VIRAL, LEGACY]), die=die, deck=[])
    step = act(s, "p1", {"type": "discard", "card": LEGACY})
    chaos = of_kind(step.events, "chaos")
    assert [c.effect for c in chaos] == ["empty_deck"] and chaos[0].face == die
    assert not {"card_drawn", "cards_revealed", "card_discarded"} & set(kinds(step.events)[1:])
    assert step.state.hands["p1"] == [INTERN, VIRAL] and step.state.die == die
    # The refill (PC-8) is the only deck-out loss.
    assert step.state.reason == "loss:cannot_draw" and kinds(step.events)[-1] == "game_lost"


def test_pc_9a_die_3_with_one_card_left_resolves_it_and_a_recycle_saves_the_refill() -> None:
    recycle = "pc-deadline-moves-out"  # mgmt +2, play: shuffle discarded cards back into the deck
    s = make_state(hands3([INTERN, VIRAL, LEGACY]), die=3, deck=[recycle], discard=[CI, INTERVIEW])
    n = act(s, "p1", {"type": "discard", "card": LEGACY}).state
    assert n.revealed == [recycle] and isinstance(n.pending, ForcedPending)
    assert of_kind(act(s, "p1", {"type": "discard", "card": LEGACY}).events, "chaos")[0].effect == "reveal"
    end = act(n, "p1", {"type": "play", "card": recycle})
    assert end.state.result is None and len(end.state.hands["p1"]) == 3
    assert sorted(all_cards(end.state)) == sorted(all_cards(s))
