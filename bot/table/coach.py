"""The coach under a player's hand (issue 27 item 4): in a game played with ``coach=on``, each member whose
move it is sees the AI's suggested move, the top choices with their expected result and one line of why
(``engines.core.analysis.coach``, worded by ``bot.presenters.coach``). Never for an AI seat, never in another
player's hand: the lines are added to the member's own hand, an ephemeral message only they see.

When: the AI driver tells the coach when a coached game waits on its members (``prepare``), and the
suggestion is computed at once in the analysis processes' "coach" lane (``bot.analysis.pool``, never on the
event loop), one per game version and seat, kept for the next hands shown. A hand shown before it is ready
says "the coach is thinking…" (``under_hand``), and the hand's caller asks for it to be filled in
(``follow_response`` / ``follow_message``): when the suggestion is ready, that same message's words are
edited through its interaction, the one way Discord lets an ephemeral message be edited (as every hand is,
``bot.table.hand_controls``). Nothing is stored and no game is changed: the outbox publishes the public
messages of committed changes, and an ephemeral hand is not one of them. A newer hand of the same member in
the same game replaces the fill-in of an older one, so a late suggestion never overwrites a newer hand; after
a restart the next hand shown asks again.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

import discord

import engines
from bot.analysis import pool
from bot.analysis.jobs import coach_suggestion
from bot.interactions import Interaction
from bot.presenters.coach import coach_lines, thinking
from bot.presenters.payload import Payload
from bot.presenters.words import CONTENT_LIMIT
from bot.store import GameRecord, Status
from engines.core import GameState
from engines.core.analysis import Suggestion

log = logging.getLogger(__name__)

#: Suggestions kept, one per game version and seat: every coached table's current turn, and some.
KEEP = 256
Key = tuple[int, int, str]  # game, version, seat
Edit = Callable[[str], Awaitable[object]]


@dataclass
class _Shown:
    """A hand shown with "the coach is thinking…": what to fill in once its suggestion is ready."""

    job: asyncio.Task[Suggestion | None]
    base: str | None
    rec: GameRecord
    state: GameState
    seat: str
    lang: str


class Coach:
    def __init__(self, samples: int) -> None:
        self.samples = samples
        self._jobs: OrderedDict[Key, asyncio.Task[Suggestion | None]] = OrderedDict()
        self._shown: dict[tuple[int, int], _Shown] = {}
        self._follows: dict[tuple[int, int], asyncio.Task[None]] = {}

    @property
    def asked(self) -> list[Key]:
        """The suggestions asked for and still kept, oldest first: (game, version, seat)."""
        return list(self._jobs)

    @staticmethod
    def coached(rec: GameRecord, state: GameState, seat: str) -> bool:
        """Whether ``seat`` gets the coach now: a coached running game, a member's own seat (not one the
        AI holds or plays this turn for them), their move, with a real choice."""
        if not rec.coach or rec.status is not Status.RUNNING or rec.state_json is None:
            return False
        info = rec.seat_info(seat)
        if info.is_ai or rec.clock_state.ai_plays(seat):
            return False
        engine = engines.get(rec.game_id)
        return seat in engine.to_move(state) and len(engine.legal_actions(state, seat)) > 1

    def prepare(self, rec: GameRecord, state: GameState) -> None:
        """The game waits on its members: start the suggestion of each coached one to move."""
        if not rec.coach:
            return
        for seat in engines.get(rec.game_id).to_move(state):
            if self.coached(rec, state, seat):
                self._start(rec, seat)

    def _start(self, rec: GameRecord, seat: str) -> asyncio.Task[Suggestion | None]:
        key = (rec.id, rec.version, seat)
        found = self._jobs.get(key)
        if found is not None:
            return found
        # Jobs of older positions of this game are of no use now: those still waiting give up their turn.
        for (pk, version, _), old in list(self._jobs.items()):
            if pk == rec.id and version < rec.version and not old.done():
                old.cancel()
        task = asyncio.create_task(self._compute(rec, seat), name=f"deckhand: coach {rec.id}")
        self._jobs[key] = task
        while len(self._jobs) > KEEP:
            self._jobs.popitem(last=False)
        return task

    async def _compute(self, rec: GameRecord, seat: str) -> Suggestion | None:
        assert rec.state_json is not None
        # Seeded by the game and its version: the same position gets the same suggestion.
        seed = (rec.seed * 1_000_003 + rec.version) & ((1 << 63) - 1)
        try:
            return await pool.run(
                "coach", coach_suggestion, rec.game_id, rec.state_json, seat, seed, self.samples
            )
        except asyncio.CancelledError:
            raise
        except Exception:  # the hand shows no suggestion; the game goes on
            log.exception("the coach failed in game %s (version %s, seat %s)", rec.id, rec.version, seat)
            return None

    def under_hand(
        self, payload: Payload, rec: GameRecord, state: GameState, user_id: int, lang: str
    ) -> Payload:
        """The member's hand with the coach's lines under it, or "thinking…" until they are ready (then the
        caller asks for the fill-in); the hand unchanged where the coach has nothing to say."""
        shown_key = (rec.id, user_id)
        self._shown.pop(shown_key, None)
        older = self._follows.pop(shown_key, None)
        if older is not None:
            older.cancel()  # a newer hand of this member: the older one's fill-in would overwrite it
        info = rec.seat_of(user_id)
        if info is None or not info.seat or not self.coached(rec, state, info.seat):
            return payload
        job = self._start(rec, info.seat)
        if not job.done():
            self._shown[shown_key] = _Shown(job, payload.content, rec, state, info.seat, lang)
            return replace(payload, content=_under(payload.content, thinking(lang)))
        found = None if job.cancelled() else job.result()
        if found is None:
            return payload
        return replace(
            payload, content=_under(payload.content, coach_lines(rec, state, info.seat, found, lang))
        )

    def follow_response(self, interaction: Interaction, pk: int) -> None:
        """Fill in the hand this interaction's response shows once the suggestion is ready."""
        self.follow(pk, interaction.user.id, lambda text: interaction.edit_original_response(content=text))

    def follow_message(self, message: discord.WebhookMessage, pk: int, user_id: int) -> None:
        """Fill in the hand sent as this (ephemeral) follow-up message once the suggestion is ready."""
        self.follow(pk, user_id, lambda text: message.edit(content=text))

    def follow(self, pk: int, user_id: int, edit: Edit) -> None:
        """Fill in the hand last shown to this member in this game (``under_hand``) with ``edit``."""
        key = (pk, user_id)
        shown = self._shown.pop(key, None)
        if shown is None:
            return
        task = asyncio.create_task(self._fill(shown, edit), name=f"deckhand: coach fill {pk}")
        self._follows[key] = task
        task.add_done_callback(lambda done: self._forget(key, done))

    def _forget(self, key: tuple[int, int], done: asyncio.Task[None]) -> None:
        if self._follows.get(key) is done:
            del self._follows[key]

    async def _fill(self, shown: _Shown, edit: Edit) -> None:
        # Shielded: a newer hand cancels this fill-in, never the suggestion it waits for.
        found = await asyncio.shield(shown.job)
        lines = coach_lines(shown.rec, shown.state, shown.seat, found, shown.lang) if found else ""
        try:
            await edit(_under(shown.base, lines))
        except discord.HTTPException:  # the hand was dismissed, or its 15 minutes are over
            log.info("could not fill in the coach's lines of game %s", shown.rec.id, exc_info=True)

    def stop(self) -> None:
        for task in [*self._jobs.values(), *self._follows.values()]:
            task.cancel()
        self._jobs.clear()
        self._shown.clear()
        self._follows.clear()


def _under(content: str | None, lines: str) -> str:
    """The hand's words with the coach's lines under them, within Discord's limit (the coach's are cut)."""
    base = content or ""
    if not lines:
        return base
    room = CONTENT_LIMIT - len(base) - 1
    return f"{base}\n{lines[:room]}" if base else lines[:CONTENT_LIMIT]
