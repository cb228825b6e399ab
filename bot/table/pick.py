"""The one home of "which move did this click or command pick": the seat of the member, the state version
the control (or autocomplete value) was built for, and the move's index in that version's legal actions.

A hand's select or quick button, a slash command's autocomplete value and a public answer button all name
their move this way; each refuses the same way here: a member without a seat is not in the game, a version
that is not the record's is ``StaleVersion`` (the caller words it: "the table changed" with a fresh hand, or
the game's own "the table moved on"), an index past the legal actions is gone, and a move of another kind
than the command makes is refused (``keep``). Pure: no Discord, no store.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.errors import UserError
from bot.store import GameRecord, StaleVersion
from engines.core import Action


def seat_of(rec: GameRecord, user_id: int) -> str:
    """The seat ``user_id`` plays in ``rec``, or ``not_in_game`` (an onlooker, or a lobby's unplaced seat)."""
    mine = rec.seat_of(user_id)
    if mine is None or not mine.seat:
        raise UserError("not_in_game")
    return mine.seat


def check_version(rec: GameRecord, version: int) -> None:
    """``StaleVersion`` unless ``rec`` is still at the state ``version`` the control was built for."""
    if rec.version != version:
        raise StaleVersion(rec.id, version)


def pick(
    rec: GameRecord,
    user_id: int,
    version: int,
    index: int,
    legal: Callable[[str], Sequence[Action]],
    keep: Callable[[Action], bool] | None = None,
) -> Action:
    """The ``index``-th legal action of ``user_id``'s seat at ``version``. ``legal`` gives a seat's legal
    actions in the record's state (asked only once version and seat hold, so a stale click never loads the
    state). ``keep``: the moves a slash command makes; a pick of any other move is refused, never applied."""
    check_version(rec, version)
    seat = seat_of(rec, user_id)
    actions = legal(seat)
    if not 0 <= index < len(actions):
        raise UserError("action_gone")
    action = actions[index]
    if keep is not None and not keep(action):
        raise UserError("pick_of_another_command")
    return action
