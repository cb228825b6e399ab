"""A stored game rebuilt from its seed and action log, step by step, with the events of every step.

This is what ``engines.core.replay`` does, keeping the events (for ``/game history``) and the states a caller
asks for (for ``/game replay``), and checking the result against the stored state: a game whose stored
state is not the replay of its log has been changed by something other than the rules, and is reported.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Container, Sequence
from dataclasses import dataclass, field

import engines
from bot.errors import UserError
from bot.games.manifest import SomeEngine
from bot.store import ActionRecord, GameRecord, SeatInfo, SqliteStore
from engines.core import Action, Event, GameError, GameState

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Move:
    """Action ``seq`` (1-based) of the log: who made it, what it was and what happened."""

    seq: int
    seat: str
    user_id: int | None
    action: Action
    events: list[Event]
    created_at: str
    #: Who decided it and who held every seat then (``ActionRecord``); ``None`` for moves logged before
    #: the log kept them (``bot.records.history`` then falls back to the game's current seats).
    decided_by: str | None = None
    holders: list[SeatInfo] | None = None


@dataclass
class Replayed:
    """The replay of a game's log. ``states[n]`` is the state after ``n`` actions, for the ``n`` kept
    (0, the deal, and the last are always kept). ``broken_at`` is the first action the rules refused
    (the log goes no further), ``None`` when the whole log replayed."""

    rec: GameRecord
    engine: SomeEngine
    moves: list[Move] = field(default_factory=list)
    states: dict[int, GameState] = field(default_factory=dict)
    logged: int = 0
    broken_at: int | None = None
    broken_code: str | None = None

    @property
    def final(self) -> GameState:
        return self.states[len(self.moves)]

    @property
    def matches(self) -> bool:
        """The stored state is exactly the replay of the whole log."""
        if self.broken_at is not None or self.rec.state_json is None:
            return False
        return bool(self.engine.dump_state(self.final) == self.rec.state_json)

    def state_after(self, step: int) -> GameState:
        return self.states[step]

    def public_events(self) -> list[Event]:
        """Every public event of the game in order (what ``GameUI.chronicle`` tells the story from)."""
        return [e for m in self.moves for e in m.events if e.public]


def seat_order(rec: GameRecord) -> list[str]:
    """The seats in playing order, as the table service dealt them."""
    return [s.seat for s in rec.seats if s.seat]


def replay_log(rec: GameRecord, actions: Sequence[ActionRecord], keep: Container[int] = ()) -> Replayed:
    """Replay ``actions`` from the game's seed. CPU work: call it through :func:`load` from the bot."""
    engine = engines.get(rec.game_id)
    if rec.state_json is None:
        raise UserError("game_not_started")
    state = engine.new_game(seat_order(rec), rec.options, rec.seed)
    out = Replayed(rec=rec, engine=engine, states={0: state}, logged=len(actions))
    for n, entry in enumerate(actions, start=1):
        try:
            action = engine.parse_action(entry.action)
            step = engine.apply(state, entry.seat, action)
        except GameError as exc:
            out.broken_at, out.broken_code = n, exc.code
            break
        state = step.state
        out.moves.append(
            Move(
                n,
                entry.seat,
                entry.user_id,
                action,
                step.events,
                entry.created_at,
                decided_by=entry.decided_by,
                holders=entry.seats,
            )
        )
        if n in keep:
            out.states[n] = state
    out.states[len(out.moves)] = state
    return out


async def load(store: SqliteStore, rec: GameRecord, keep: Container[int] = ()) -> Replayed:
    """The replay of the stored game, computed in a worker thread; a mismatch with the stored state is
    logged here (the commands also say it in their reply)."""
    actions = await store.actions(rec.id)
    for _ in range(5):
        # The log and the stored state must be read as one snapshot: a move recorded between the two
        # reads would look like a mismatch. Each move changes the version, so an unchanged version
        # around the read of the log means both belong together.
        fresh = await store.get_game(rec.id)
        if fresh.version == rec.version:
            break
        rec = fresh
        actions = await store.actions(rec.id)
    replayed = await asyncio.to_thread(replay_log, rec, actions, keep)
    if not replayed.matches:
        log.warning(
            "game %s (%s): the stored state is not the replay of its %s logged actions (refused at %s: %s)",
            rec.id,
            rec.game_id,
            replayed.logged,
            replayed.broken_at,
            replayed.broken_code,
        )
    return replayed
