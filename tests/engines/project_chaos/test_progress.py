"""``Engine.progress`` for Project Chaos: how close the team got to its scenario's goal (PC-5), the
post-game analysis' progress term (docs/analysis.md). Read from the public board only."""

from __future__ import annotations

import pytest

from engines.core.analysis import AnalysisSettings, final_result, move_accuracy, review_decision
from engines.core.analysis.grading import INACCURACY
from engines.core.analysis.results import PROGRESS_WEIGHT
from engines.project_chaos.cards import CARD_IDS, CARDS
from engines.project_chaos.models import Discard, PCState, Place
from engines.project_chaos.progress import start_deck, time_held

from .conftest import E, make_state, plain


def cards(value: int, n: int) -> list[str]:
    return [c for c in CARD_IDS if CARDS[c].value == value][:n]


def full_time(state: PCState) -> PCState:
    """The board with the whole starting deck still to play (nothing held out yet): progress is then half
    the board's closeness to the goal."""
    cut = len(state.deck) - start_deck(state)
    state.discard, state.deck = state.discard + state.deck[:cut], state.deck[cut:]
    assert time_held(state) == 0.0
    return state


def test_balanced_progress_is_the_share_of_the_six_slots_filled() -> None:
    lane = [plain(1, "tech"), plain(2, "tech"), plain(1, "user")]
    assert E.progress(full_time(make_state(lane=lane, scenario="balanced"))) == pytest.approx(3 / 6 / 2)
    assert E.progress(full_time(make_state(lane=[], scenario="balanced"))) == 0.0


def test_innovation_counts_plus_three_cards_and_mvp_counts_user_cards_that_are_no_trouble() -> None:
    innovation = make_state(lane=cards(3, 2) + cards(-3, 2), scenario="innovation")
    assert E.progress(full_time(innovation)) == pytest.approx(2 / 5 / 2)
    users = [plain(1, "user"), plain(2, "user"), plain(-2, "user")]
    assert E.progress(full_time(make_state(lane=users, scenario="mvp"))) == pytest.approx(2 / 4 / 2)


def firefighting(die: int, deck_left: int) -> PCState:
    """A three-player Firefighting board whose deck still holds ``deck_left`` cards (the rest discarded)."""
    state = make_state(scenario="firefighting", die=die)
    cut = len(state.deck) - deck_left
    state.discard, state.deck = state.deck[:cut], state.deck[cut:]
    return state


def test_progress_is_the_board_coming_to_the_goal_and_the_time_held_out() -> None:
    """PC-5 (the die at 0 in Firefighting) with PC-8/PC-11 (the fire past 3 or the deck out): the mean of how
    close the board is and the share of the starting deck the team played through
    (engines/project_chaos/progress.py)."""
    total = start_deck(firefighting(3, 1))
    assert total == len(CARD_IDS) - 3 * 3 - 3  # three hands of three, three seeded workplaces
    assert E.progress(firefighting(3, total)) == 0.0
    assert E.progress(firefighting(2, total)) == pytest.approx(1 / 6)
    assert E.progress(firefighting(1, total)) == pytest.approx(1 / 3)
    assert E.progress(firefighting(3, total // 2)) == pytest.approx((1 - (total // 2) / total) / 2)
    assert E.progress(firefighting(1, 0)) == pytest.approx((2 / 3 + 1) / 2)


def test_a_team_that_held_out_longer_got_further() -> None:
    """Two teams lost with the die past 3 (so at 3, and in Stable Release with a lane total of 0 or less):
    the one that lost later is closer to the goal."""
    for scenario, lane in (("firefighting", []), ("stable", cards(-3, 2))):
        early, late = firefighting(3, 25), firefighting(3, 10)
        for state in (early, late):
            state.scenario, state.lane = scenario, list(lane)
            state.stage, state.result, state.reason = "over", "loss", "loss:die_overflow"
        assert 0 < final_result(E, early, "p1") < final_result(E, late, "p1") < PROGRESS_WEIGHT, scenario


def test_stable_progress_is_the_lane_total_share_and_never_below_zero() -> None:
    assert E.progress(full_time(make_state(lane=cards(2, 2), scenario="stable"))) == pytest.approx(4 / 10 / 2)
    assert E.progress(full_time(make_state(lane=cards(-3, 2), scenario="stable"))) == 0.0


def test_a_won_game_is_worth_more_the_sooner_it_was_won() -> None:
    """A success is worth 0.9 and a tenth of the project's time left (the share of the starting deck not
    played): never less than a success, never a blunder apart."""
    soon = make_state(lane=cards(3, 5), scenario="innovation", stage="over")
    soon.result = "win"
    late = soon.model_copy(deep=True)
    late.discard, late.deck = late.discard + late.deck[:20], late.deck[20:]
    assert E.progress(soon) > E.progress(late) > 0
    assert E.progress(soon) == pytest.approx(1 - time_held(soon))
    assert 1 >= final_result(E, soon, "p1") > final_result(E, late, "p1") >= 1 - PROGRESS_WEIGHT


def sealed_loss() -> tuple[PCState, str]:
    """The deck is empty, so the refill at the end of p1's turn loses whatever p1 does (PC-8, PC-11). Placing
    the Management card still ships the 0 card of the Management workplace to the lane for free (PC-7 C): a
    fourth of the balanced product's six slots; discarding it ships nothing."""
    lane = [plain(1, "tech"), plain(2, "tech"), plain(1, "user")]
    mgmt, zero = plain(1, "mgmt"), plain(0, "mgmt")
    hand = [mgmt, plain(-1, "tech"), plain(3, "user")]
    named = {*lane, zero, *hand}
    rest = [c for c in CARD_IDS if c not in named]
    state = make_state(
        {"p1": hand, "p2": []}, deck=[], discard=rest, workplaces={"mgmt": zero}, lane=lane, die=1
    )
    return state, mgmt


def test_in_a_sealed_loss_throwing_progress_away_costs_something_but_never_a_blunder() -> None:
    state, mgmt = sealed_loss()
    settings = AnalysisSettings(samples=4, confirm_samples=4, max_candidates=12, seed=3)
    review = review_decision(E, state, "p1", Discard(card=mgmt), 0, settings)
    assert review.deep and review.best == Place(card=mgmt, workplace="mgmt").model_dump(mode="json")
    # The deck is out: the team held out the whole project's time (1), and the lane is 3 or 4 of 6 slots.
    assert review.played_value == pytest.approx(PROGRESS_WEIGHT * (3 / 6 + 1) / 2)
    assert review.best_value == pytest.approx(PROGRESS_WEIGHT * (4 / 6 + 1) / 2)
    assert 0 < review.loss < INACCURACY and review.grade == "good" and move_accuracy(review.loss) < 100
