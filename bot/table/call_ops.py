"""Calling a game at a game night's time limit (rules/game-night.md GN-1): the table's own action,
``(TABLE, CallGame())``, applied by the engine and logged like a move. A part of ``TableService`` (its base);
the change is written by the service's one write (``_commit``), the clocks and the outbox entry riding on it.
After the call the game goes on only as far as its called rule says (GN-2 … GN-5), then ends ``called``.

The night's other operation on a game is here too: holding its turn clocks while the night is paused (issue
26 item 3; ``bot.table.clock.hold``): no turn runs out, no reminder comes, until the night resumes and the
clocks run on from where they stood. The clocks are the game's, so they change under the game's lock and are
written like every clock change of the service (``Store.set_clock``); the game itself does not change."""

from __future__ import annotations

import logging

from bot.errors import UserError
from bot.store import GameRecord, ResultRow, Status
from bot.table.hooks import Change, Columns, Move, Moved
from bot.table.service_parts import ServiceParts
from engines.core.call import TABLE, CallGame

log = logging.getLogger(__name__)

#: Who decided the table's action, in the log's ``decided_by``: nobody's seat, so none (the column's check
#: names a seat's deciders only); the actor ``TABLE`` says it is the table's.
BY_TABLE = None


class CallOperations(ServiceParts):
    async def call_game(self, pk: int) -> GameRecord:
        """GN-1: call the running game ``pk``. A game over, or one called already, is refused:
        ``game_not_running``, or the engine's ``GameError`` (``already_called``, ``not_callable``)."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            if rec.status is not Status.RUNNING or rec.state_json is None:
                raise UserError("game_not_running")
            engine = self.engine(rec)
            state = engine.load_state(rec.state_json)
            step = engine.apply(state, TABLE, CallGame())  # a refusal (GameError) changes nothing
            outcome = engine.outcome(step.state)
            results = None
            fields: Columns = {"state_json": engine.dump_state(step.state)}
            if outcome is not None:  # nothing was left to finish: scored at once
                fields["status"] = Status.FINISHED
                results = [
                    ResultRow(
                        seat=s.seat,
                        user_id=s.user_id,
                        place=outcome.place_of(s.seat),
                        score=outcome.scores.get(s.seat, 0.0),
                        winner=s.seat in outcome.winners,
                    )
                    for s in rec.seats
                ]
            move = Move(TABLE, None, CallGame().model_dump(mode="json"), BY_TABLE, results)
            change = Change(rec, fields, state=step.state, news=Moved("move", step.events, TABLE), move=move)
            rec = await self._commit(change)
            log.info("game %s called (%s)", pk, "over" if outcome is not None else "finishing")
        self.kick_ai(pk)
        await self.outbox.flush(pk)
        return rec

    async def hold_clocks(self, pk: int, *, on: bool) -> bool:
        """Hold (``on``) or release the turn clocks of game ``pk``, written by the service's clock write;
        ``False`` when there was nothing to do (the game is not running, or its clocks were so already)."""
        changed = await self.catch_up_clocks(pk, held=on)
        if changed:
            log.info("game %s: turn clocks %s", pk, "held" if on else "running again")
        return changed
