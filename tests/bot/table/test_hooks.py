"""The move hooks (``bot.table.hooks``): what rides along with a change of a game is given by the registered
hooks, inside the game's lock, and written in the change's own transaction."""

from __future__ import annotations

import pytest

from bot.store import GameRecord, Status
from bot.store.models import ClockWrite
from bot.table.hooks import Change, Contribution, Ended, Moved, MoveHook, Notice, OutboxHook, gather
from bot.table.service import TableService
from engines.core import Event

ALICE, BOB = 1, 2
REC = GameRecord(
    id=7, guild_id=9, channel_id=50, game_id="test-climb", status=Status.RUNNING, host_id=1, seed=3
)


def test_the_outbox_entry_says_what_happened() -> None:
    hook = OutboxHook()
    moved = hook.contribute(
        Change(REC, {"state_json": "{}"}, news=Moved("move", [Event(kind="climbed")], "p1"))
    ).publish
    assert moved is not None
    assert (moved.kind, moved.seat, moved.state_json) == ("move", "p1", "{}")
    assert [e["kind"] for e in moved.payload["events"]] == ["climbed"]
    told = hook.contribute(Change(REC, news=Notice("k", {"name": "a"}, button="take_back", ping=[1]))).publish
    assert told is not None and told.kind == "notice"
    # The payload's keys in the order the outbox always wrote them.
    assert list(told.payload.items()) == [("key", "k"), ("name", "a"), ("ping", [1]), ("button", "take_back")]
    ended = hook.contribute(Change(REC, news=Ended("aborted"))).publish
    assert ended is not None and (ended.kind, ended.payload) == ("end", {"reason": "aborted"})
    assert hook.contribute(Change(REC, {"seats": []})) == Contribution()


class Fixed:
    def __init__(self, part: Contribution) -> None:
        self.part = part

    def contribute(self, change: Change) -> Contribution:
        return self.part


def test_one_hook_gives_each_part_of_a_transaction() -> None:
    clocks = Fixed(Contribution(clock=ClockWrite(state={})))
    both = gather([clocks, OutboxHook()], Change(REC, news=Ended("aborted")))
    assert both.clock == ClockWrite(state={}) and both.publish is not None
    with pytest.raises(RuntimeError, match="two hooks write the clocks"):
        gather([clocks, clocks], Change(REC))


class Recording:
    """A hook of its own, registered as a new concern would be: sees every change under the game's lock."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.seen: list[tuple[str, bool]] = []

    def contribute(self, change: Change) -> Contribution:
        news = type(change.news).__name__ if change.news is not None else "-"
        self.seen.append((news, self.service.lock(change.rec.id).locked()))
        return Contribution()


async def test_a_registered_hook_sees_every_change_in_the_games_lock(service: TableService) -> None:
    recording = Recording(service)
    hooks: tuple[MoveHook, ...] = (*service.hooks, recording)
    service.hooks = hooks
    service.kick_ai = lambda pk: None  # type: ignore[method-assign]
    rec = await service.create(
        guild_id=9, channel_id=50, host_id=ALICE, host_name="alice", game_id="test-climb", options_text=None
    )
    await service.join(rec.id, BOB, "bob")
    rec = await service.start(rec.id, ALICE, fixed_order=True)
    first = service.engine(rec).to_move(service.state(rec))[0]
    mover = ALICE if rec.seat_info(first).user_id == ALICE else BOB
    await service.act(rec.id, mover, service.engine(rec).legal_actions(service.state(rec), first)[0])
    await service.abort(rec.id, None, ALICE, False)
    assert recording.seen == [("-", True), ("Moved", True), ("Moved", True), ("Ended", True)]
