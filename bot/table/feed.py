"""The quiet table: when a change gets a new table message, when it edits the current one, and what the
message says. Pure bookkeeping (no Discord), so the rules of the feed are tested on their own.

- A new table message is posted when the turn passes to a human who is not already addressed by the
  current message (or when the game starts): it mentions exactly those humans, once, and lists what happened
  since they last acted, one line per public event.
- Steps of the addressed players (an AWS deploy, a Yggdrasil placement and its invasion, one vote of
  several) edit the current message in place: no new message, no new ping.
- AI moves are never posted one by one: their lines wait for the next human's message.
- A message is closed when the turn leaves the players it addresses: it loses its turn and clock lines,
  which would be stale from then on, and is never edited again. When an AI is to move, the player's own
  last step still shows on it (words and picture: nothing newer follows yet); when a new message (or the
  final one) follows at once, it keeps its words and picture as they were, and the new message carries
  what happened since, so no two messages in a row show the same thing. Nothing a message showed is taken
  out of it, and every public line reaches the thread: the lines no message has shown yet are never cut
  from the next one (only Discord's length limit cuts them).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: Saved with the game (``games.feed_json``, typed in the store) so a restart continues the same message.
from bot.store.columns import Feed as Feed

#: Recent public lines kept for "since you last acted" (a whole round of a long AI stretch fits).
RECENT = 60
#: Lines a new table message shows of what its players may have seen already; older ones are counted
#: ("… 12 earlier"). Lines no message has shown yet are all shown.
SHOWN = 14
#: Characters of event lines one table message holds (Discord allows 2,000 in all; the turn, hand and
#: clock lines take the rest).
BUDGET = 1600


@dataclass(frozen=True)
class Plan:
    """What to do for one change: ``edit`` the current message (with ``Feed.lines``), then ``post`` a new
    one addressed to ``Feed.to``. With ``close`` the edit closes the message instead: its words become
    ``lines`` (after ``hidden`` earlier ones) without the turn and clock lines, and its picture stays, or
    with ``redraw`` (the player's own last step, an AI to move next) shows the table after that step."""

    edit: bool = False
    post: bool = False
    close: bool = False
    lines: tuple[str, ...] = ()
    hidden: int = 0
    redraw: bool = False


def since_last_acted(recent: list[list[str]], seats: Iterable[str]) -> list[str]:
    """The lines after the newest one by any of ``seats``: what they have not seen happen."""
    wanted = set(seats)
    start = 0
    for i, (seat, _) in enumerate(recent):
        if seat in wanted:
            start = i + 1
    return [line for _, line in recent[start:]]


def news(feed: Feed, seats: Iterable[str]) -> list[str]:
    """What happened since ``seats`` last acted, and at least every line no message has shown yet (both
    are the newest lines of ``recent``: the longer one holds the other)."""
    lines = since_last_acted(feed.recent, seats)
    if feed.unshown > len(lines):
        lines = [line for _, line in feed.recent[-feed.unshown :]]
    return lines


def _shown(lines: list[str], keep: int) -> tuple[list[str], int]:
    """The newest ``keep`` lines that fit the message's ``BUDGET``, and how many are left out."""
    kept = list(lines[-keep:]) if keep > 0 else []
    size = sum(len(line) + 1 for line in kept)
    while len(kept) > 1 and size > BUDGET:
        size -= len(kept.pop(0)) + 1
    return kept, len(lines) - len(kept)


def _show(feed: Feed, lines: list[str]) -> None:
    """Lines added to the current message: what it shows already stays (within Discord's limit)."""
    feed.lines, dropped = _shown([*feed.lines, *lines], len(feed.lines) + len(lines))
    feed.hidden += dropped
    feed.unshown = 0


def advance(
    feed: Feed,
    *,
    actor: str | None,
    lines: list[str],
    private_to: Iterable[str],
    humans_to_move: list[str],
    over: bool,
    start: bool = False,
) -> Plan:
    """Account for one change (by ``actor``; ``None``: the game itself, e.g. the start) and say what to do.
    ``lines``: the change's public lines; ``private_to``: human seats that got private events;
    ``humans_to_move``: the human seats that must act now; ``over``: the game ended (the final message is
    the caller's; the current message only takes the last lines)."""
    for line in lines:
        feed.recent.append([actor or "", line])
    del feed.recent[:-RECENT]
    feed.unshown = min(feed.unshown + len(lines), len(feed.recent))
    for seat in private_to:
        if seat != actor and seat not in feed.changed:
            feed.changed.append(seat)

    is_open = feed.message_id is not None and not feed.closed
    own_step = is_open and actor is not None and actor in feed.to

    def closing(post: bool = False, redraw: bool = False) -> Plan:
        # What the message keeps once the turn has left its players: its lines, not its turn line.
        if not is_open:
            return Plan(post=post)
        feed.closed = True
        lines = tuple(feed.lines)
        return Plan(edit=True, post=post, close=True, lines=lines, hidden=feed.hidden, redraw=redraw)

    if over:
        return closing()  # the final message carries the last lines
    still_theirs = (
        bool(humans_to_move) and set(humans_to_move) <= set(feed.to) and feed.message_id is not None
    )
    if still_theirs and not start:
        # A step of theirs, or an AI's vote while the humans still decide: shown where they look.
        _show(feed, lines)
        feed.to = [s for s in feed.to if s in humans_to_move] or feed.to
        return Plan(edit=True)
    if not humans_to_move and not start:
        # An AI is to move: the current message is done, with the player's own last step and the table
        # after it while the AI seats move; their lines wait for the next human's message.
        if own_step:
            _show(feed, lines)
        plan = closing(redraw=own_step)
        feed.to = []
        return plan
    plan = closing(post=True)
    if start:
        feed.lines, feed.hidden = _shown(list(lines), len(lines))
    else:
        feed.lines, feed.hidden = _shown(news(feed, humans_to_move), max(SHOWN, feed.unshown))
    feed.unshown = 0
    feed.closed = False
    feed.to = list(humans_to_move)
    return plan


def notified(feed: Feed) -> list[str]:
    """The humans to tell "your cards changed" in a new message (not those it mentions anyway); clears."""
    out = [s for s in feed.changed if s not in feed.to]
    feed.changed = []
    return out
