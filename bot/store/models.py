"""Records the store reads and writes. Plain data; the table service owns what they mean."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field, model_validator

from bot.jsontypes import JsonObject
from bot.store.columns import ClockState, Feed
from bot.store.messages import OutboxMessage, message_of


class Status(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    ABORTED = "aborted"

    @property
    def live(self) -> bool:
        return self in (Status.LOBBY, Status.RUNNING)


class SeatInfo(BaseModel):
    """Who sits in a seat: a Discord user, or the engine's AI (``user_id is None``)."""

    seat: str
    user_id: int | None = None
    name: str
    ai_level: str | None = None
    #: The member who left this seat to the AI and may take it back (``/game join``, "Take my seat back").
    left_by: int | None = None
    #: Why the AI holds ``left_by``'s seat: "left" (``/game leave``), "auto" (``/game auto``) or "away"
    #: (their turns ran out three times in a row); ``None`` for older records.
    handed: str | None = None

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


class GameRecord(BaseModel):
    id: int
    guild_id: int
    channel_id: int
    game_id: str
    status: Status
    host_id: int
    options: JsonObject = Field(default_factory=dict)
    seed: int
    seats: list[SeatInfo] = Field(default_factory=list)
    fixed_order: bool = False
    state_json: str | None = None
    version: int = 0
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    #: The channel the game was opened from, holding its summary card, when the game runs in a thread.
    parent_channel_id: int | None = None
    summary_message_id: int | None = None
    #: The publisher's bookkeeping: the table message being written and the recent lines (bot.table.feed).
    feed: Feed = Field(default_factory=Feed)
    #: For an aborted game: "aborted" or "abandoned" (no human seated any more).
    end_reason: str | None = None
    #: Seconds per turn (0: no clock) and the clocks' state (worked by ``bot.table.clock``).
    clock: int = 0
    clock_state: ClockState = Field(default_factory=ClockState)
    #: The finished game this lobby is the rematch of.
    rematch_of: int | None = None
    created_at: str = ""
    updated_at: str = ""

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def seat_info(self, seat: str) -> SeatInfo:
        return next(s for s in self.seats if s.seat == seat)

    def names(self) -> dict[str, str]:
        """Seat -> display name ("alice", "AI-1"), for pictures and sentences."""
        return {s.seat: s.name for s in self.seats if s.seat}

    def ai_seats(self) -> frozenset[str]:
        return frozenset(s.seat for s in self.seats if s.seat and s.is_ai)


class OutboxItem(BaseModel):
    """Something players must be told, written with the change that caused it (see the outbox table):
    the typed ``message``, the seat that moved, and the state after a move (for the picture)."""

    message: OutboxMessage
    seat: str | None = None
    state_json: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_row(cls, data: object) -> object:
        # A row (and the store's writer) has the kind and the payload apart: ``kind=…, payload={…}``.
        if isinstance(data, dict) and "message" not in data and "kind" in data:
            rest = {k: v for k, v in data.items() if k not in ("kind", "payload")}
            return {**rest, "message": message_of(data["kind"], data.get("payload") or {})}
        return data

    @property
    def kind(self) -> str:
        return self.message.kind

    @property
    def payload(self) -> JsonObject:
        """The message as ``payload_json`` stores it (its kind apart)."""
        return self.message.stored()


class OutboxEntry(OutboxItem):
    id: int
    game_pk: int
    version: int
    attempts: int = 0
    last_error: str | None = None


class ActionRecord(BaseModel):
    seq: int
    seat: str
    user_id: int | None
    action: JsonObject
    created_at: str
    #: Who decided the move ("member", "ai", "timeout", "auto", "left", "away"; see migration 0004) and who
    #: held every seat then. ``None`` in moves logged before that migration.
    decided_by: str | None = None
    seats: list[SeatInfo] | None = None


class ResultRow(BaseModel):
    seat: str
    user_id: int | None
    place: int
    score: float
    winner: bool


class TimerItem(BaseModel):
    """A reminder or deadline of one seat's turn (``version``: the game's version when the turn began)."""

    seat: str
    kind: str
    due_at: float
    version: int


class TimerRow(TimerItem):
    id: int
    game_pk: int
    done_at: str | None = None
    outcome: str | None = None


class ClockWrite(BaseModel):
    """The clocks after a change, written in the change's own transaction: the new state, the seats whose
    pending timers end (``cancel_all``: every seat's, the game is over) and the timers of new turns."""

    #: ``ClockState.dump()``
    state: JsonObject
    cancel: list[str] = Field(default_factory=list)
    cancel_all: bool = False
    timers: list[TimerItem] = Field(default_factory=list)


class MemberSettings(BaseModel):
    user_id: int
    dm: bool = False
    locale: str | None = None


class GuildSettings(BaseModel):
    """A server's ``/game settings`` besides its language (stored as JSON by name: ``threads_off``,
    ``clock``, ``lobby_limit``, ``night_host_role``)."""

    #: Channels where a game stays in the channel instead of getting a thread of its own.
    threads_off: list[int] = Field(default_factory=list)
    #: The default turn clock of new games (``24h``); ``None``: off.
    clock: str | None = None
    #: Open lobbies one member may host from one channel; ``None``: the bot's own limit.
    lobby_limit: int | None = None
    #: The role whose members may host game nights besides Manage Server (issue 26 item 1); ``None``: none.
    night_host_role: int | None = None


class GuildSettingsChange(BaseModel):
    """One ``/game settings`` change, applied to the stored settings in one transaction (two admins changing
    different settings at once both keep theirs). Only the fields given change: ``clock=None`` given turns
    the clock off; left out, it stays."""

    clock: str | None = None
    lobby_limit: int | None = None
    night_host_role: int | None = None
    #: ``(channel_id, on)``: games started in that channel get a thread of their own, or not.
    threads: tuple[int, bool] | None = None

    def as_plain(self) -> dict[str, object]:
        """The fields given, as plain values (what the SQLite writer process takes)."""
        return self.model_dump(mode="json", exclude_unset=True)
