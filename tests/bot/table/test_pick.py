"""The one home of "which move did this click or command pick" (``bot.table.pick``): the hand's select and
quick buttons, slash commands' autocomplete values and the public answer buttons all refuse alike."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from bot.errors import UserError
from bot.store import GameRecord, SeatInfo, StaleVersion, Status
from bot.table.pick import check_version, pick, seat_of
from engines.core import Action

ALICE, BOB, CAROL = 11, 12, 13


class Play(Action):
    type: str = "play"
    card: str


class Pass(Action):
    type: str = "pass"


MOVES: list[Action] = [Play(card="a"), Play(card="b"), Pass()]


def record(status: Status = Status.RUNNING, version: int = 7) -> GameRecord:
    return GameRecord(
        id=5,
        guild_id=1,
        channel_id=2,
        game_id="test-climb",
        status=status,
        host_id=ALICE,
        seed=1,
        seats=[
            SeatInfo(seat="p1", user_id=ALICE, name="Alice"),
            SeatInfo(seat="" if status is Status.LOBBY else "p2", user_id=BOB, name="Bob"),
        ],
        version=version,
    )


def legal_of(asked: list[str]) -> Callable[[str], Sequence[Action]]:
    """A seat's legal actions, noting which seat was asked (a stale pick asks none)."""

    def legal(seat: str) -> Sequence[Action]:
        asked.append(seat)
        return MOVES

    return legal


def test_the_picked_move_is_the_index_in_the_seats_legal_actions_at_that_version() -> None:
    asked: list[str] = []
    assert pick(record(), BOB, 7, 1, legal_of(asked)) == Play(card="b")
    assert asked == ["p2"]


def test_a_pick_of_another_version_is_stale_and_never_loads_the_state() -> None:
    asked: list[str] = []
    with pytest.raises(StaleVersion):
        pick(record(version=8), ALICE, 7, 0, legal_of(asked))
    assert asked == []


def test_a_member_without_a_seat_is_not_in_the_game() -> None:
    with pytest.raises(UserError) as refused:
        pick(record(), CAROL, 7, 0, legal_of([]))
    assert refused.value.code == "not_in_game"


def test_a_lobby_seat_is_not_a_seat_in_the_game() -> None:
    with pytest.raises(UserError) as refused:
        seat_of(record(Status.LOBBY), BOB)
    assert refused.value.code == "not_in_game"
    assert seat_of(record(), BOB) == "p2"


@pytest.mark.parametrize("index", [3, 99, -1])
def test_an_index_past_the_legal_actions_is_gone(index: int) -> None:
    with pytest.raises(UserError) as refused:
        pick(record(), ALICE, 7, index, legal_of([]))
    assert refused.value.code == "action_gone"


def test_a_slash_command_picks_only_its_own_kind_of_move() -> None:
    def plays(action: Action) -> bool:
        return isinstance(action, Play)

    assert pick(record(), ALICE, 7, 0, legal_of([]), plays) == Play(card="a")
    with pytest.raises(UserError) as refused:
        pick(record(), ALICE, 7, 2, legal_of([]), plays)
    assert refused.value.code == "pick_of_another_command"


def test_check_version() -> None:
    check_version(record(), 7)
    with pytest.raises(StaleVersion):
        check_version(record(), 6)
