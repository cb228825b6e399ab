"""A called game (rules/game-night.md GN-1, GN-4): play goes on until the field is next cleared (the clear
scores as usual, GC-17); then the hand ends. Players who already went out keep their places; those still
holding cards are placed after them, fewer cards first, equal counts sharing the place; each gets the
finishing bonus of its place (GC-19), a shared place sharing the bonuses of the places it covers, rounded
down. Fouls keep GC-20 (below everyone, a later foul above an earlier one, bonus 0). Winner by GC-21.

Decisions (ours, GN-4 leaves them open):
- A game is one hand (GC-19 ends the game with the hand), so the called hand is the last.
- "Next cleared" is the first clear after the call: called while the field is empty (a player is about to
  lead), that player's lead and the trick after it are played until they clear.
- A pending decision (a 7's trade, GC-12; a 10's discard, GC-14) is completed by the normal flow; the trick
  then goes on to its clear.
- If the hand ends by GC-19 first (one player alone holds cards), that is its normal end (``last_holder``).
- "A shared place shares its bonus": the tied players split the bonuses of the places they cover (two
  players tied for 3rd of 4 share 2 + 1 and get 1 each), as shared places share points in GN-9.
"""

from __future__ import annotations

from itertools import groupby

from engines.core import Event, GameCalled, Seat
from engines.glorious_crown.models import GCState


def call(state: GCState) -> list[Event]:
    """GN-4: nothing ends at once; play goes on until the field is next cleared."""
    return [GameCalled(until="clear")]


def holders(state: GCState) -> list[Seat]:
    """Seats still holding cards, in seat order."""
    return [p for p in state.players if state.hands[p]]


def ends_at_clear(state: GCState) -> bool:
    """GN-4, asked as the field is cleared: the game was called and the hand ends here (unless GC-19 ends
    it anyway: one holder left)."""
    return state.called and not state.over and len(holders(state)) > 1


def ended_by_call(state: GCState) -> bool:
    """The hand ended at a called clear: only then do several players still hold cards at the end."""
    return state.over and state.called and len(holders(state)) > 1


def places(state: GCState) -> list[tuple[Seat, int, int]]:
    """GN-4: ``(seat, finishing place, bonus)`` best first: legal finishers in the order they went out, then
    the holders by cards in hand (equal counts share a place and its bonuses, rounded down), then fouls
    (GC-20: a later foul above an earlier one, bonus 0)."""
    n = len(state.players)
    rows: list[tuple[Seat, int, int]] = [(s, i + 1, n - i) for i, s in enumerate(state.finished)]
    still = sorted(
        (p for p in holders(state) if p not in state.fouls), key=lambda p: len(state.hands[p])
    )  # stable: equal counts stay in seat order
    for _, group in groupby(still, key=lambda p: len(state.hands[p])):
        tied = list(group)
        first = len(rows) + 1
        covered = range(first, first + len(tied))
        bonus = sum(n - place + 1 for place in covered) // len(tied)
        rows.extend((s, first, bonus) for s in tied)
    place = len(rows) + 1
    for s in reversed(state.fouls):
        rows.append((s, place, 0))
        place += 1
    return rows
