"""What rides along with a change of a game, through one small interface.

The table service describes each change it is about to write as a ``Change`` (the game before it, the columns
that change, the engine's state after it, what happened). Every registered ``MoveHook`` looks at the change
and answers with its ``Contribution`` (the turn clocks after it, what players must be told of it); the service
writes the change and all contributions in the change's single transaction (``bot.store.transactions``
``change_game``), so a crash keeps all of it or none. A new concern that rides on moves (a pause, a
statistic) is one more hook registered in ``TableService.__init__``, not a line at every call site.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol, TypedDict

from bot.jsontypes import JsonObject, JsonValue
from bot.store import GameRecord, OutboxItem, ResultRow, SeatInfo, Status
from bot.store.columns import ClockState
from bot.store.messages import Changed, Told
from bot.store.messages import Ended as EndedMessage
from bot.store.models import ClockWrite
from engines.core import Event, GameState


class Columns(TypedDict, total=False):
    """The store columns a change may write (``Store.update``'s fields)."""

    status: Status
    seats: list[SeatInfo]
    host_id: int
    end_reason: str
    fixed_order: bool
    state_json: str
    options: JsonObject
    clock_seconds: int


@dataclass(frozen=True)
class Moved:
    """The state changed by the rules: the game began (``kind="start"``) or a seat moved (``"move"``)."""

    kind: Literal["start", "move"]
    events: list[Event]
    seat: str | None = None


@dataclass(frozen=True)
class Notice:
    """A line about the table itself (a player left, came back, timed out), with its catalog ``key``."""

    key: str
    params: Mapping[str, JsonValue] = field(default_factory=dict)
    button: str | None = None
    ping: list[int] | None = None


@dataclass(frozen=True)
class Ended:
    """The game ended without a result: ``reason`` ("aborted", "aborted_by", "abandoned") and the name the
    post gives with it, if any."""

    reason: str
    name: str | None = None


#: What happened, for players (``None``: a lobby change, shown by the lobby card itself).
News = Moved | Notice | Ended


@dataclass(frozen=True)
class Move:
    """A seat's move for the action log, and the results when it ended the game."""

    seat: str
    user_id: int | None
    action: JsonObject
    #: ``None`` for the table's own action (a call, GN-1), which no seat decided
    decided_by: str | None
    results: list[ResultRow] | None = None

    @staticmethod
    def decider(info: SeatInfo, user_id: int | None) -> str:
        """Who decided a move of the seat ``info`` (as held when the move was made), for ``decided_by``:
        the member (``user_id``), the AI in a seat of its own, or the AI on a member's behalf, and why."""
        if user_id is not None:
            return "member"
        if not info.is_ai:  # a member's seat whose turn ran out: the AI plays that one turn
            return "timeout"
        if info.left_by is not None:
            return info.handed or "left"
        return "ai"


@dataclass(frozen=True)
class Change:
    """One change of a game about to be written: ``rec`` as it was, the ``fields`` (store columns) that
    change, and what the hooks need to know of it."""

    rec: GameRecord
    fields: Columns = field(default_factory=lambda: Columns())
    #: The engine's state after the change, when the rules moved it (else read from ``rec`` if needed).
    state: GameState | None = None
    news: News | None = None
    move: Move | None = None
    #: The seat a member moved for themselves (its clock's count of missed turns starts over).
    acted: str | None = None
    #: A timer whose effect this change is: marked done with it (one done already refuses the change).
    fire: int | None = None
    #: The clocks with a timed-out turn marked expired (a timer's effect): the clocks are reckoned from
    #: them, and they are written even when nothing else of the clocks changes.
    expired: ClockState | None = None

    @property
    def seats(self) -> list[SeatInfo] | None:
        return self.fields.get("seats")

    @property
    def status(self) -> Status | None:
        return self.fields.get("status")


@dataclass(frozen=True)
class Contribution:
    """A hook's part of a change's transaction; at most one hook gives each part."""

    clock: ClockWrite | None = None
    publish: OutboxItem | None = None


class MoveHook(Protocol):
    def contribute(self, change: Change) -> Contribution:
        """Called by the service under the game's lock while it builds the change's transaction."""
        ...


def gather(hooks: Iterable[MoveHook], change: Change) -> Contribution:
    """Every hook's contribution to ``change``, as one (the store writes one clock and one outbox entry)."""
    clock: ClockWrite | None = None
    publish: OutboxItem | None = None
    for hook in hooks:
        part = hook.contribute(change)
        if part.clock is not None:
            if clock is not None:
                raise RuntimeError(f"two hooks write the clocks of game {change.rec.id}")
            clock = part.clock
        if part.publish is not None:
            if publish is not None:
                raise RuntimeError(f"two hooks queue an outbox entry for game {change.rec.id}")
            publish = part.publish
    return Contribution(clock=clock, publish=publish)


def notice_item(notice: Notice) -> OutboxItem:
    told = Told(key=notice.key, params=dict(notice.params), ping=notice.ping, button=notice.button)
    return OutboxItem(message=told)


class OutboxHook:
    """The outbox entry of a change: what players must be told, queued with the change that caused it."""

    def contribute(self, change: Change) -> Contribution:
        news = change.news
        if isinstance(news, Moved):
            # All the events (the publisher shows each audience only its own) and the state after the
            # change, for the picture.
            item = OutboxItem(
                message=Changed(kind=news.kind, events=[e.model_dump(mode="json") for e in news.events]),
                seat=news.seat,
                state_json=change.fields.get("state_json"),
            )
        elif isinstance(news, Notice):
            item = notice_item(news)
        elif isinstance(news, Ended):
            item = OutboxItem(message=EndedMessage(reason=news.reason, name=news.name))
        else:
            return Contribution()
        return Contribution(publish=item)
