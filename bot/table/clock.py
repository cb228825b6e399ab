"""Turn clocks: the arithmetic, with no Discord and no database (the scheduler stores and fires it).

A game's clock (``clock=off|3m|5m|1h|12h|24h|72h``; 3m is a game night's, GN-6) is the time each player has
per turn. On top of it every seat has a reserve (a time bank): a turn may run over its time by as much as the
reserve holds. The reserve starts at one turn's worth, a turn played over its time draws the excess from it,
and every turn a player plays themselves gives back a quarter of a turn, never above one turn's worth. So a
24h clock lets a player take two days once, and a slow day now and then costs nothing as long as most moves
come within the day.

While a seat is to move it has a *turn*: when it began (the game's version at that moment ties the turn's
timers to it), its deadline (``since + clock + reserve``) and whether it ran out (the AI is playing it).
Reminders come at half the turn's time and when an hour is left (a tenth of the clock for clocks of ten
hours or less); at the deadline the AI plays that turn, and after three turns in a row run out the seat
goes to the AI until the player takes it back.

A player's turn runs from when the turn passes to them until it passes to someone else (the engine's
``turn_of``), however many decisions it holds: when another player must decide inside it (a vote, PC-12)
and the decision then comes back to its player (a chaos step, PC-9), it is the same turn, with the same
reminders, counted once if it runs out, and the AI that took it over plays it to its end. While its player
waits on the others their clock stands still (``Turn.left``). A seat's decisions in someone else's turn
(votes, claims) are timed together, as one stretch on its clock with its own two reminders and at most one
timeout, which the AI then answers for the rest of that turn; running out there is no missed turn.

A paused game night holds its tables' clocks (``hold``): every timed turn keeps the time it had left and
its timers end, a turn that begins meanwhile begins held with its whole time, and nothing runs out; players
may still move (a pause is a break, not a lock). ``release`` lets them run again from where they stood.

Turns are tracked with the clock off too (no deadline, no timers): ``/game mine`` and ``/game list`` say
how long a turn has waited.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Final

from bot.errors import UserError
from bot.jsontypes import JsonObject, JsonValue
from bot.store.columns import RESERVE, Turn
from bot.store.columns import ClockState as ClockState

#: The clocks a game may have, by the name players type (``clock=24h``), in seconds per turn.
CLOCKS: Final[dict[str, int]] = {
    "off": 0,
    "3m": 3 * 60,
    "5m": 5 * 60,
    "1h": 60 * 60,
    "12h": 12 * 60 * 60,
    "24h": 24 * 60 * 60,
    "72h": 72 * 60 * 60,
}
#: The option name in ``/game new options:`` and the server default's name in ``/game settings``.
OPTION: Final = "clock"
#: What each turn a player plays themselves gives back to their reserve, in turns' worth of the clock.
REFILL: Final = 0.25
#: The "near the end" reminder comes this long before the deadline, or a tenth of the clock if shorter.
NEAR: Final = 60 * 60
#: Turns in a row that run out before the seat goes to the AI.
TIMEOUTS_TO_AI: Final = 3

HALF, NEAR_END, TIMEOUT = "half", "near", "timeout"


def parse_clock(text: object) -> int:
    """``"24h"`` -> seconds; anything else is refused with the allowed names."""
    value = CLOCKS.get(str(text).strip().lower())
    if value is None:
        raise UserError("bad_clock", value=str(text), allowed=", ".join(CLOCKS))
    return value


def clock_name(seconds: int) -> str:
    """Seconds -> the name players know (``86400`` -> ``"24h"``); an unknown value in plain seconds."""
    return next((name for name, value in CLOCKS.items() if value == seconds), f"{seconds}s")


def split_clock(options: Mapping[str, JsonValue]) -> tuple[JsonObject, int | None]:
    """``/game new options:`` text parsed: the engine's options, and the clock if one was given (the clock
    is the bot's, not the rules': engines refuse options they do not know)."""
    rest = {k: v for k, v in options.items() if k != OPTION}
    return rest, (parse_clock(options[OPTION]) if OPTION in options else None)


def warning(limit: float) -> float:
    """How long before the deadline the "near the end" reminder comes."""
    return min(float(NEAR), limit / 10)


def reserve_after(bank: float, used: float, limit: float) -> float:
    """The reserve after a turn the player played themselves in ``used`` seconds."""
    left = max(0.0, bank - max(0.0, used - limit))
    return min(limit * RESERVE, left + limit * REFILL)


@dataclass(frozen=True)
class Timer:
    """A timer to store: fires at ``due_at`` for the turn of ``seat`` that began at ``version``."""

    seat: str
    kind: str
    due_at: float
    version: int


def timers_for(
    seat: str, turn: Turn, limit: float, *, total: float | None = None, now: float | None = None
) -> list[Timer]:
    """The reminders and the deadline of a new turn, or of a turn its player resumes at ``now`` with
    ``total`` (the turn's time plus the reserve it began with): reminders already due before the player
    waited on others are not made again, so one turn has each reminder once."""
    if turn.deadline is None:
        return []
    whole = turn.deadline - turn.since if total is None else total
    due = [
        Timer(seat, HALF, turn.deadline - whole / 2, turn.version),
        Timer(seat, NEAR_END, turn.deadline - warning(limit), turn.version),
    ]
    if now is not None:
        due = [x for x in due if x.due_at > now]
    return [*due, Timer(seat, TIMEOUT, turn.deadline, turn.version)]


def still_useful(kind: str, turn: Turn, limit: float, now: float) -> bool:
    """Whether a reminder is worth sending now: not when a later one is due already (the bot was down
    over both), and never once the time has run out."""
    if turn.deadline is None or turn.expired:
        return False
    if kind == HALF:
        return now < turn.deadline - warning(limit)
    if kind == NEAR_END:
        return now < turn.deadline
    return True


@dataclass
class Change:
    """What one change of the game did to the clocks: turns that ended and began, the timers to add."""

    ended: list[str] = field(default_factory=list)
    started: list[str] = field(default_factory=list)
    #: Own turns whose player now waits on others (their timers end) or decides again (new timers).
    paused: list[str] = field(default_factory=list)
    resumed: list[str] = field(default_factory=list)
    timers: list[Timer] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.ended or self.started or self.paused or self.resumed or self.timers)


def advance(
    clock: ClockState,
    *,
    limit: int,
    to_move: Collection[str],
    version: int,
    now: float,
    acted: str | None = None,
    turn_of: str | None = None,
) -> Change:
    """Account for a change of the game (in place): ``to_move`` are the human seats that must act now,
    ``version`` the game's version after the change, ``acted`` the seat a player moved for themselves,
    ``turn_of`` the seat whose turn it is (``None``: the game does not say; every seat's stretch of
    decisions is then a turn).

    A seat's turn on the clock lasts as long as the game's turn it began in (with ``turn_of``; else as
    long as the seat is to move): its own turn, or its decisions in another's (all of them: one clock,
    at most one timeout). While the seat waits on others its clock stands still, and goes on when a
    decision comes back to it. A turn that ends having been played settles the player's reserve (and an
    own turn resets their timeouts). A seat newly to move begins a turn, with its deadline and timers
    when the clock is on. A player acting on a turn the AI took over takes it back."""
    change = Change()
    if acted is not None and acted in clock.turns and clock.turns[acted].expired:
        clock.turns[acted].expired = False
        clock.seat(acted, limit).timeouts = 0

    for seat, turn in list(clock.turns.items()):
        if turn.of is None and turn_of is not None and seat in to_move:
            # Stored before clocks knew whose turn it is: it goes on as part of this one, not restarted.
            turn.of, turn.own = turn_of, seat == turn_of
        if turn.of == turn_of and (turn_of is not None or seat in to_move):
            continue
        del clock.turns[seat]
        change.ended.append(seat)
        if turn.expired:
            continue  # the reserve went with the timeout, and the timeout counts
        mine = clock.seat(seat, limit)
        if turn.own:
            mine.timeouts = 0
        if limit:
            mine.bank = reserve_after(mine.bank, _used(turn, limit + mine.bank, now), limit)
    for seat in to_move:
        if seat in clock.turns:
            continue
        bank = clock.seat(seat, limit).bank
        deadline = now + limit + bank if limit else None
        own = turn_of is None or seat == turn_of
        turn = Turn(since=now, version=version, deadline=deadline, own=own, of=turn_of)
        if clock.held and deadline is not None:
            turn.deadline, turn.left = None, limit + bank  # begins held: its whole time waits for the resume
        clock.turns[seat] = turn
        change.started.append(seat)
        change.timers.extend(timers_for(seat, turn, limit))
    for seat, turn in clock.turns.items():
        if not limit or turn.expired:
            continue  # nothing timed, or the AI plays the rest of the turn anyway
        if clock.held:
            continue  # held turns stay as they are until the night resumes
        if seat not in to_move and turn.left is None and turn.deadline is not None:
            turn.left, turn.deadline = max(0.0, turn.deadline - now), None
            change.paused.append(seat)
        elif seat in to_move and turn.left is not None:
            turn.deadline, turn.left = now + turn.left, None
            change.resumed.append(seat)
            total = limit + clock.seat(seat, limit).bank
            change.timers.extend(timers_for(seat, turn, limit, total=total, now=now))
    return change


def hold(clock: ClockState, *, now: float) -> Change:
    """A paused game night holds the clocks (in place): every timed turn keeps the time it has left (its
    timers end, ``Change.paused``); a turn the AI already plays stays the AI's."""
    change = Change()
    clock.held = True
    for seat, turn in clock.turns.items():
        if turn.expired or turn.deadline is None:
            continue
        turn.left, turn.deadline = max(0.0, turn.deadline - now), None
        change.paused.append(seat)
    return change


def release(
    clock: ClockState, *, limit: int, to_move: Collection[str], version: int, now: float, turn_of: str | None
) -> Change:
    """The night resumes (in place): the clocks run again from where they stood; the seats to move get their
    deadline back (``now`` plus what was left) and the reminders still ahead of them."""
    clock.held = False
    return advance(clock, limit=limit, to_move=to_move, version=version, now=now, turn_of=turn_of)


def _used(turn: Turn, total: float, now: float) -> float:
    """The player's own time in a turn: what it began with less what is left (waits on others excluded)."""
    if turn.left is not None:
        return total - turn.left
    if turn.deadline is not None:
        return total - (turn.deadline - now)
    return now - turn.since
