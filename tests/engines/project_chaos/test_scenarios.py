"""PC-5 (scenarios and the victory check), PC-6 (set-up), PC-10 (stagnation) and the cooperative outcome."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import BadOptions
from engines.project_chaos.cards import CARDS, CATS, VALUE
from engines.project_chaos.scenarios import SCENARIO_IDS, SCENARIOS, category_fill, is_met, progress

from .conftest import E, act, all_cards, kinds, make_state, of_kind

INTERN = "pc-genius-intern"  # tech +3
VIRAL = "pc-release-goes-viral"  # user +3
OSS = "pc-oss-fixes-it"  # tech/user +3
DREAM = "pc-dream-client"  # user/mgmt +3
ZONE = "pc-team-in-the-zone"  # tech/mgmt +3
CEO = "pc-ceo-all-in"  # mgmt +3, play: die -1, tokens +1
LEGACY = "pc-legacy-code"  # tech -2
COFFEE = "pc-new-coffee-machine"  # mgmt +1, play: die -1
SPEC = "pc-small-spec-change"  # user 0, roll
NAMING = "pc-naming-debate"  # tech 0
REPLY_ALL = "pc-reply-all-storm"  # mgmt -1
MAKE_NICE = "pc-make-it-nice"  # user -1
CI = "pc-ci-all-green"  # tech +2
INTERVIEW = "pc-user-interview-gold"  # user +1
SCOPE = "pc-scope-creep"  # mgmt/user -2
ALL_HANDS = "pc-all-hands"  # mgmt/user 0
PRAISED = "pc-product-praised"  # user +2


def p(*cards: str) -> dict[str, list[str]]:
    return {"p1": list(cards), "p2": [CI, INTERVIEW, SCOPE], "p3": [PRAISED, ALL_HANDS, MAKE_NICE]}


# --- PC-5 ---------------------------------------------------------------------------------------------------


def test_pc_5_five_scenarios_three_from_the_rule_page() -> None:
    assert {"balanced", "innovation", "firefighting"} <= set(SCENARIO_IDS) and len(SCENARIO_IDS) >= 5
    for sid in SCENARIO_IDS:
        sc = SCENARIOS[sid]
        assert sc.name.en and sc.name.ja and sc.story.en and sc.story.ja
    assert SCENARIOS["balanced"].name.ja == "バランスの取れたプロダクト"
    assert SCENARIOS["innovation"].name.ja == "世界を変えるイノベーション"
    assert SCENARIOS["firefighting"].name.ja == "炎上鎮火"


def test_pc_5_balanced_counts_a_two_category_card_once_for_the_category_that_helps() -> None:
    goal = SCENARIOS["balanced"].goal
    # tech: INTERN, LEGACY; user: VIRAL; mgmt: COFFEE; OSS (tech/user) must count as user, DREAM as mgmt.
    lane = [INTERN, LEGACY, VIRAL, COFFEE, OSS, DREAM]
    assert is_met(goal, lane, 1)
    assert category_fill(lane, 2) == {"tech": 2, "user": 2, "mgmt": 2}
    # One two-category card cannot count twice.
    assert not is_met(goal, [INTERN, VIRAL, COFFEE, OSS, DREAM], 1)
    parts = progress(goal, [INTERN, VIRAL, OSS], 1)
    assert [x.key for x in parts] == ["tech", "user", "mgmt"] and {x.need for x in parts} == {2}
    assert sum(x.have for x in parts) == 3 and parts[2].have == 0 and not any(x.done for x in parts[2:])


def test_pc_5_innovation_needs_five_plus_3_cards_in_the_lane() -> None:
    goal = SCENARIOS["innovation"].goal
    threes = [c for c in CARDS if VALUE[c] == 3]
    assert not is_met(goal, [*threes[:4], LEGACY, NAMING], 1)
    assert is_met(goal, threes[:5], 1)


def test_pc_5_firefighting_needs_the_die_at_0() -> None:
    goal = SCENARIOS["firefighting"].goal
    assert is_met(goal, [], 0) and not is_met(goal, [], 1)


def test_pc_5_mvp_needs_four_user_cards_that_are_not_troubles() -> None:
    goal = SCENARIOS["mvp"].goal
    assert is_met(goal, [VIRAL, OSS, SPEC, INTERVIEW, LEGACY], 1)
    assert not is_met(goal, [VIRAL, OSS, SPEC, MAKE_NICE], 1)


def test_pc_5_stable_needs_the_lane_total() -> None:
    goal = SCENARIOS["stable"].goal
    assert is_met(goal, [INTERN, VIRAL, OSS, COFFEE], 1)  # 3 + 3 + 3 + 1 = 10
    assert not is_met(goal, [INTERN, VIRAL, OSS, COFFEE, MAKE_NICE], 1)


def test_pc_5_the_victory_check_runs_at_the_end_of_the_turn_and_everyone_wins() -> None:
    meeting = "pc-meeting-about-meetings"  # mgmt 0
    lane = [INTERN, LEGACY, VIRAL, "pc-one-star-flood", REPLY_ALL]  # mgmt 1/2
    s = make_state(p(COFFEE, SPEC, DREAM), lane=lane, workplaces={"mgmt": meeting})
    step = act(s, "p1", {"type": "place", "card": COFFEE, "workplace": "mgmt"})  # the 0 card goes to the lane
    assert step.state.lane[-1] == meeting
    assert kinds(step.events)[-1] == "game_won"
    out = E.outcome(step.state)
    assert out is not None and out.reason == "win"
    assert out.winners == ["p1", "p2", "p3"] and out.ranking == [["p1", "p2", "p3"]]
    assert out.scores == {"p1": 1.0, "p2": 1.0, "p3": 1.0} and out.details["scenario"] == "balanced"
    assert E.to_move(step.state) == []


def test_pc_5_a_loss_has_no_winner_and_one_group() -> None:
    s = make_state(p(COFFEE, SPEC, DREAM), deck=[])
    out = E.outcome(act(s, "p1", {"type": "discard", "card": SPEC}).state)
    assert out is not None and out.winners == [] and out.ranking == [["p1", "p2", "p3"]]
    assert set(out.scores.values()) == {0.0} and out.reason == "loss:cannot_draw"


# --- PC-6 ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", SCENARIO_IDS)
def test_pc_6_setup_deals_three_each_and_sets_the_scenarios_board(scenario: str) -> None:
    s = E.new_game(["a", "b", "c", "d"], {"scenario": scenario}, 11)
    start = SCENARIOS[scenario].start
    assert s.scenario == scenario and all(len(h) == 3 for h in s.hands.values())
    assert (s.die, s.tokens) == (start.die, start.tokens)
    assert sorted(all_cards(s)) == sorted(CARDS)
    for cat, seed in start.workplaces.items():
        card = s.workplaces[cat]
        assert card is not None and cat in CATS[card] and seed.min_value <= VALUE[card] <= seed.max_value
    assert E.to_move(s) == ["a"] and s.round == 1


@pytest.mark.parametrize("scenario", SCENARIO_IDS)
def test_pc_6_all_cards_are_shuffled_into_the_deck_by_default(scenario: str) -> None:
    # The seed's 「全てのカードをよくシャッフル」: no card is set aside unless deck=short is chosen.
    for seed in range(5):
        s = E.new_game(["a", "b", "c", "d"], {"scenario": scenario}, seed)
        assert s.options.deck == "full" and s.set_aside == []
        assert len(s.deck) == 42 - 12 - len(SCENARIOS[scenario].start.workplaces)
        assert E.view(s, None).set_aside_count == 0


@pytest.mark.parametrize("scenario", SCENARIO_IDS)
def test_pc_6_deck_short_keeps_only_the_scenarios_shorter_deck(scenario: str) -> None:
    start = SCENARIOS[scenario].start
    s = E.new_game(["a", "b", "c", "d"], {"scenario": scenario, "deck": "short"}, 11)
    assert sorted(all_cards(s)) == sorted(CARDS)
    rest = 42 - 12 - len(start.workplaces)
    if start.deck is None:  # a scenario without a shorter deck plays the full deck even then
        assert len(s.deck) == rest and s.set_aside == []
    else:
        assert len(s.deck) == start.deck and len(s.set_aside) == rest - start.deck
        assert set(s.set_aside) <= E.hidden_cards(s, "a") and set(s.set_aside) <= E.hidden_cards(s, None)


def test_pc_6_the_deck_option_is_full_or_short() -> None:
    assert E.make_options(None).deck == "full"
    assert E.make_options({"deck": "short"}).deck == "short"
    with pytest.raises(BadOptions) as err:
        E.make_options({"deck": "tiny"})
    assert "short" in err.value.params["problems"][0]["allowed"]


def test_pc_6_firefighting_seeds_each_workplace_with_a_trouble() -> None:
    for seed in range(20):
        s = E.new_game(["a", "b"], {"scenario": "firefighting"}, seed)
        for cat, card in s.workplaces.items():
            assert card is not None and VALUE[card] < 0 and cat in CATS[card]


def test_pc_6_random_scenario_is_drawn_with_the_games_generator() -> None:
    picked = Counter(E.new_game(["a", "b", "c"], None, seed).scenario for seed in range(200))
    assert set(picked) == set(SCENARIO_IDS)
    again = [E.new_game(["a", "b", "c"], {"scenario": "random"}, seed).scenario for seed in range(20)]
    assert again == [E.new_game(["a", "b", "c"], None, seed).scenario for seed in range(20)]


def test_pc_6_options_list_the_allowed_scenarios() -> None:
    with pytest.raises(BadOptions) as err:
        E.make_options({"scenario": "death-march"})
    assert "balanced" in err.value.params["problems"][0]["allowed"]


# --- PC-10 --------------------------------------------------------------------------------------------------


def _round(s: object, cards: list[str]) -> tuple[object, list[object]]:
    events: list[object] = []
    state = s
    for seat, card in zip(("p1", "p2", "p3"), cards, strict=True):
        step = act(state, seat, {"type": "discard", "card": card})  # type: ignore[arg-type]
        events += step.events
        state = step.state
    return state, events


def test_pc_10_stagnation_raises_the_die_after_a_round_without_die_effects() -> None:
    s = make_state(p(COFFEE, SPEC, DREAM), die=1)
    n, events = _round(s, [SPEC, SCOPE, MAKE_NICE])
    assert n.die == 2 and n.round == 2 and n.current == 0  # type: ignore[attr-defined]
    stag = of_kind(events, "stagnation")  # type: ignore[arg-type]
    assert len(stag) == 1 and (stag[0].before, stag[0].after, stag[0].round) == (1, 2, 1)
    assert kinds(events)[-1] == "turn_started"  # type: ignore[arg-type]


def test_pc_10_a_die_effect_in_the_round_prevents_stagnation_even_without_a_change() -> None:
    s = make_state(p(COFFEE, SPEC, DREAM), die=0)
    state = act(s, "p1", {"type": "play", "card": COFFEE}).state  # die -1 at 0: stays 0, but touched
    assert state.die == 0 and state.die_touched
    state = act(state, "p2", {"type": "discard", "card": SCOPE}).state
    step = act(state, "p3", {"type": "discard", "card": MAKE_NICE})
    assert "stagnation" not in kinds(step.events)
    assert step.state.die == 0 and not step.state.die_touched and step.state.round == 2


def test_pc_10_the_round_starts_with_the_first_seat() -> None:
    # p2 is to move (mid-round): p2 and p3 finishing the round triggers stagnation, then p1 starts round 2.
    s = make_state(p(COFFEE, SPEC, DREAM), die=1, current=1)
    state = act(s, "p2", {"type": "discard", "card": SCOPE}).state
    assert state.die == 1
    step = act(state, "p3", {"type": "discard", "card": MAKE_NICE})
    assert step.state.die == 2 and step.state.current == 0


def test_pc_10_stagnation_from_3_loses() -> None:
    s = make_state(p(COFFEE, SPEC, DREAM), die=3, current=2, deck_top=[INTERN, LEGACY, OSS])
    state = act(s, "p3", {"type": "discard", "card": MAKE_NICE}).state
    # The die-3 reveal comes first (two cards without play effects, placed), then the round ends.
    state = act(state, "p3", {"type": "place", "card": INTERN, "workplace": "tech"}).state
    step = act(state, "p3", {"type": "place", "card": LEGACY, "workplace": "tech"})
    assert step.state.result == "loss" and step.state.reason == "loss:stagnation"
    assert of_kind(step.events, "stagnation")[0].after is None


def test_pc_10_the_victory_check_comes_before_stagnation() -> None:
    # Firefighting: the die is at 0 after p3's turn; the round had no die effect, but the game is won first.
    s = make_state(p(COFFEE, SPEC, DREAM), die=0, current=2, scenario="firefighting")
    step = act(s, "p3", {"type": "discard", "card": MAKE_NICE})
    assert step.state.result == "win" and "stagnation" not in kinds(step.events)
