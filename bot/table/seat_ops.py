"""The seats of a running game, and who holds them: a player leaves (the AI holds the seat), takes it back, is
seated by the host, or hands it to the AI (``/game auto``). A part of ``TableService`` (its base); every
change is written by the service's one write (``_commit``), the turn clocks and the notice riding on it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.errors import UserError
from bot.store import GameRecord, SeatInfo, Status
from bot.table.hooks import Change, Columns, Ended, Notice
from bot.table.service_parts import ServiceParts


def seated(seats: list[SeatInfo], seat: str, user_id: int, name: str) -> list[SeatInfo]:
    """The seats with a member in ``seat`` (taken back, or given by the host): the AI's hold ends."""
    return [
        s.model_copy(
            update={"user_id": user_id, "ai_level": None, "left_by": None, "handed": None, "name": name}
        )
        if s.seat == seat
        else s
        for s in seats
    ]


def handed_to_ai(seats: list[SeatInfo], seat: str, user_id: int, why: str) -> list[SeatInfo]:
    """The seats with ``seat`` played by the AI until ``user_id`` takes it back (as ``/game leave`` does);
    ``why``: "auto" or "away" (turns ran out), for the action log."""
    return [
        s.model_copy(update={"user_id": None, "ai_level": "normal", "left_by": user_id, "handed": why})
        if s.seat == seat
        else s
        for s in seats
    ]


class SeatOperations(ServiceParts):
    async def leave(self, pk: int, user_id: int) -> GameRecord:
        """Before the start a seat is freed (the host's role passes on; an empty lobby closes).
        After the start the seat goes to the AI until the player takes it back (``take_back``); when no
        human is seated any more the game ends as abandoned instead of the AIs playing on to nobody."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            mine = rec.seat_of(user_id)
            if mine is None:
                raise UserError("not_in_game")
            if rec.status is Status.LOBBY:
                seats = [s for s in rec.seats if s.user_id != user_id]
                humans = [s for s in seats if not s.is_ai]
                if not humans:
                    closed: Columns = {"seats": seats, "status": Status.ABORTED, "end_reason": "abandoned"}
                    rec = await self._commit(Change(rec, closed))
                else:
                    host = rec.host_id if rec.host_id != user_id else humans[0].user_id
                    assert host is not None  # a human seat has its member
                    rec = await self._commit(Change(rec, {"seats": seats, "host_id": host}))
            else:
                rec = await self._leave_running(rec, user_id)
        if rec.state_json is None:  # a lobby change (a running game's card follows the outbox)
            await self.publisher.update_summary(rec)
        await self.outbox.flush(pk)
        self.kick_ai(pk)
        return rec

    async def _leave_running(self, rec: GameRecord, user_id: int) -> GameRecord:
        """Under the game's lock: the seat to the AI, announced with a "Take my seat back" button; the
        last human leaving ends the game as abandoned (recorded, never counted in stats)."""
        if rec.status is not Status.RUNNING:
            raise UserError("game_not_running")
        mine = rec.seat_of(user_id)
        assert mine is not None
        seats = [
            s.model_copy(update={"user_id": None, "ai_level": "normal", "left_by": user_id, "handed": "left"})
            if s.user_id == user_id
            else s
            for s in rec.seats
        ]
        if all(s.is_ai for s in seats):
            closed: Columns = {"seats": seats, "status": Status.ABORTED, "end_reason": "abandoned"}
            return await self._commit(Change(rec, closed, news=Ended("abandoned", mine.name)))
        left = Notice("table.left", {"name": mine.name}, button="take_back")
        return await self._commit(Change(rec, {"seats": seats}, news=left))

    async def take_back(self, pk: int, user_id: int, name: str) -> GameRecord:
        """The player who left a running game takes their seat back from the AI."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            if rec.status is not Status.RUNNING:
                raise UserError("game_not_running")
            if rec.seat_of(user_id) is not None:
                raise UserError("already_seated")
            left = next((s for s in rec.seats if s.is_ai and s.left_by == user_id), None)
            if left is None:
                raise UserError("no_seat_to_take_back")
            seats = seated(rec.seats, left.seat, user_id, name)
            rec = await self._commit(Change(rec, {"seats": seats}, news=Notice("table.back", {"name": name})))
        await self.outbox.flush(pk)
        return rec

    async def hand_seat(
        self,
        pk: int,
        host_id: int,
        can_manage: bool,
        seat_name: str,
        user_id: int,
        name: str,
        *,
        allowed: Callable[[], Awaitable[None]] | None = None,
    ) -> GameRecord:
        """The host seats a member in a seat the AI holds (a friend steps in for someone who left).
        ``allowed`` raises when the member may not sit here (a game night's "never at two tables", issue
        26): it runs under the member's seating lock, so two hosts seating one member at two tables at once
        cannot both pass it."""
        async with self.member_lock(user_id):
            if allowed is not None:
                await allowed()
            return await self._hand_seat(pk, host_id, can_manage, seat_name, user_id, name)

    async def _hand_seat(
        self, pk: int, host_id: int, can_manage: bool, seat_name: str, user_id: int, name: str
    ) -> GameRecord:
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            if rec.status is not Status.RUNNING:
                raise UserError("game_not_running")
            if rec.host_id != host_id and not can_manage:
                raise UserError("host_only")
            if rec.seat_of(user_id) is not None:
                raise UserError("member_already_seated", member=name)
            wanted = seat_name.strip().casefold()
            seat = next(
                (s for s in rec.seats if s.is_ai and wanted in (s.seat.casefold(), s.name.casefold())), None
            )
            if seat is None:
                ai = ", ".join(s.name for s in rec.seats if s.is_ai) or "-"
                raise UserError("no_such_ai_seat", seat=seat_name, seats=ai)
            seats = seated(rec.seats, seat.seat, user_id, name)
            told = Notice("table.seated", {"name": name, "seat": seat.name})
            rec = await self._commit(Change(rec, {"seats": seats}, news=told))
        await self.outbox.flush(pk)
        return rec

    async def auto(self, pk: int, user_id: int, name: str) -> bool:
        """``/game auto``: hand the caller's seat to the AI until they take it back; run again, take it back.
        Returns whether the AI plays the seat now."""
        rec = await self.store.get_game(pk)
        if rec.status is not Status.RUNNING:
            raise UserError("game_not_running")
        if rec.seat_of(user_id) is None:
            await self.take_back(pk, user_id, name)  # refuses a member with no seat to take back
            return False
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            if rec.status is not Status.RUNNING:
                raise UserError("game_not_running")
            mine = rec.seat_of(user_id)
            if mine is None:
                raise UserError("not_in_game")
            seats = handed_to_ai(rec.seats, mine.seat, user_id, "auto")
            if all(s.is_ai for s in seats):
                raise UserError("auto_last_player")
            told = Notice("clock.auto", {"name": mine.name}, button="take_back")
            await self._commit(Change(rec, {"seats": seats}, news=told))
        await self.outbox.flush(pk)
        self.kick_ai(pk)
        return True
