"""The typed JSON columns of a game: the table feed (``games.feed_json``) and the turn clocks
(``games.clock_json``).

The columns stay JSON; these models read every row written before they existed (unknown keys are left out,
missing ones take their defaults) and write the same keys as before. They live in the store, not beside
the logic that works them (``bot.table.feed``, ``bot.table.clock``), so ``GameRecord`` can name them
without the store importing the table layer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Self

from pydantic import BaseModel, ConfigDict

from bot.jsontypes import JsonObject, JsonValue

#: The reserve a seat starts with and never exceeds, in turns' worth of the clock.
RESERVE: Final = 1.0


class _Column(BaseModel):
    """A mutable record read from (``load``) and written to (``dump``) a JSON column."""

    model_config = ConfigDict(extra="ignore")

    @classmethod
    def load(cls, data: Self | Mapping[str, JsonValue]) -> Self:
        """A copy the caller may change (a game record's own stays as it was read)."""
        if isinstance(data, cls):
            return data.model_copy(deep=True)
        return cls.model_validate(dict(data))

    def dump(self) -> JsonObject:
        return self.model_dump(mode="json")


class Feed(_Column):
    """The publisher's bookkeeping (``bot.table.feed``), saved with the game so a restart continues the
    same message."""

    message_id: int | None = None
    #: The seats the current message addresses (the humans who were to act when it was posted).
    to: list[str] = []
    #: The lines the current message shows.
    lines: list[str] = []
    #: Older lines left out of the current message.
    hidden: int = 0
    #: ``[seat or "", line]`` of recent public events, newest last, for the next message.
    recent: list[list[str]] = []
    #: Humans whose private cards changed since the last new message (told once, in the next one).
    changed: list[str] = []
    #: The outbox entry whose new message was posted already (a retry after a crash must not repost it).
    posted_for: int | None = None
    #: The summary card's last edit failed (or may have, before a crash): the outbox edits it again.
    card_stale: bool = False
    #: The current message's words were edited without its picture (a burst of entries): the outbox
    #: draws the picture once when the burst is over.
    picture_stale: bool = False
    #: The newest lines of ``recent`` that no table message has shown yet (AI moves after a message closed).
    unshown: int = 0
    #: The current message was closed (see ``Plan.close``): its words are final.
    closed: bool = False


class Turn(BaseModel):
    """A seat's turn while it is to move (``bot.table.clock``)."""

    since: float
    #: The game's version when the turn began: its timers carry it, and fire only for this very turn.
    version: int
    deadline: float | None = None
    #: Time ran out: the AI plays this turn for the seat (until the player acts themselves).
    expired: bool = False
    #: The seat's own turn; ``False``: its decisions inside another seat's turn (votes, claims).
    own: bool = True
    #: The seat whose turn of the game this belongs to (``None``: the game does not say whose turn it is).
    of: str | None = None
    #: While the seat waits on others within the turn: the time it had left (its clock stands still,
    #: ``deadline`` is ``None`` and its timers are cancelled until a decision comes back to it).
    left: float | None = None


class SeatClock(BaseModel):
    bank: float = 0.0
    #: Turns in a row that ran out (a turn the player plays resets it).
    timeouts: int = 0


class ClockState(_Column):
    """Per game: every seat's reserve and timeouts, and the turns running now."""

    seats: dict[str, SeatClock] = {}
    turns: dict[str, Turn] = {}
    #: Held by a paused game night (issue 26 item 3): no turn's clock runs, every turn keeps the time it had
    #: left (``Turn.left``), and a turn that begins meanwhile begins held, until the night resumes.
    held: bool = False

    def seat(self, seat: str, limit: float) -> SeatClock:
        if seat not in self.seats:
            self.seats[seat] = SeatClock(bank=limit * RESERVE)
        return self.seats[seat]

    def expire(self, seat: str) -> int:
        """Time ran out on ``seat``'s turn: the AI plays it, the reserve is spent. Returns the timeouts in a
        row, this one included (a decision in another's turn, a vote, is not a turn: it does not count)."""
        turn = self.turns[seat]
        turn.expired = True
        clock = self.seats.setdefault(seat, SeatClock())
        clock.bank = 0.0
        if turn.own:
            clock.timeouts += 1
        return clock.timeouts

    def ai_plays(self, seat: str) -> bool:
        """Whether the AI is playing this seat's current turn because its time ran out."""
        turn = self.turns.get(seat)
        return turn is not None and turn.expired
