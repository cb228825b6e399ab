"""A night's standings across tables and sets (GN-9 to GN-12).

GN-9: place p of N seats earns 10 × (N − p) / (N − 1); shared places share the points of the places they
cover, averaged; AI seats take places but are not in the standings. GN-10: at a cooperative table every player
earns 10 if the team succeeded, 0 otherwise. GN-11: a member's standing is the sum over sets; ties broken by
more first places (a shared first counts), then the sum of raw scores normalised per table (score ÷ the
table's best score), then shared. GN-12: a seat's result is credited to every member who held it in the set
(one who left keeps what the seat reached; one who took an AI seat late earns it in full).

The rule page does not say how to normalise a table whose best score is 0 or below (a Glorious Crown table
where nobody scored): we give 1 to the seats with the best score and 0 to the others, so that the tie-break
still orders the table's players the way its ranking does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engines.core.models import Outcome, Seat

#: The points of first place; last place earns 0 (GN-9).
TOP = 10.0


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished (or called) table: who gets its result (none for an AI seat no member took)."""

    seat: Seat
    members: tuple[str, ...]


@dataclass(frozen=True)
class TableResult:
    """One table of one set. ``cooperative`` tables score by ``outcome.winners`` being non-empty (GN-10)."""

    set_no: int
    table_no: int
    outcome: Outcome
    seats: tuple[SeatResult, ...]
    cooperative: bool = False


@dataclass(frozen=True)
class Standing:
    """One member's line: rank (shared ranks repeat), points, the tie-breaks, and points per set."""

    rank: int
    member: str
    points: float
    firsts: int
    normalised: float
    per_set: dict[int, float] = field(default_factory=dict)


def place_points(outcome: Outcome) -> dict[Seat, float]:
    """GN-9 for every seat of a competitive table (AI seats included: they take places)."""
    n = sum(len(group) for group in outcome.ranking)
    if n <= 1:
        return {seat: TOP for group in outcome.ranking for seat in group}
    points: dict[Seat, float] = {}
    place = 1
    for group in outcome.ranking:
        covered = range(place, place + len(group))
        share = sum(TOP * (n - p) / (n - 1) for p in covered) / len(group)
        for seat in group:
            points[seat] = share
        place += len(group)
    return points


def _normalised(outcome: Outcome) -> dict[Seat, float]:
    if not outcome.scores:
        return {}
    best = max(outcome.scores.values())
    if best <= 0:
        return {seat: 1.0 if score == best else 0.0 for seat, score in outcome.scores.items()}
    return {seat: score / best for seat, score in outcome.scores.items()}


def _table_points(table: TableResult) -> dict[Seat, float]:
    if table.cooperative:
        won = TOP if table.outcome.winners else 0.0
        return {s.seat: won for s in table.seats}
    return place_points(table.outcome)


def _firsts(table: TableResult) -> set[Seat]:
    if table.cooperative:
        return {s.seat for s in table.seats} if table.outcome.winners else set()
    return set(table.outcome.ranking[0]) if table.outcome.ranking else set()


def standings(tables: Sequence[TableResult], members: Sequence[str] = ()) -> list[Standing]:
    """The night's standings, best first. ``members`` adds those who played no set yet (0 points)."""
    points: dict[str, float] = {m: 0.0 for m in members}
    firsts: dict[str, int] = {m: 0 for m in members}
    norm: dict[str, float] = {m: 0.0 for m in members}
    per_set: dict[str, dict[int, float]] = {m: {} for m in members}
    for table in tables:
        table_points = _table_points(table)
        first = _firsts(table)
        normalised = _normalised(table.outcome)
        for seat in table.seats:
            for member in seat.members:
                got = table_points.get(seat.seat, 0.0)
                points[member] = points.get(member, 0.0) + got
                firsts[member] = firsts.get(member, 0) + (1 if seat.seat in first else 0)
                norm[member] = norm.get(member, 0.0) + normalised.get(seat.seat, 0.0)
                sets = per_set.setdefault(member, {})
                sets[table.set_no] = sets.get(table.set_no, 0.0) + got
    keyed = sorted(points, key=lambda m: (-_round(points[m]), -firsts[m], -_round(norm[m]), m))
    out: list[Standing] = []
    previous: tuple[float, int, float] | None = None
    rank = 0
    for index, member in enumerate(keyed, start=1):
        key = (_round(points[member]), firsts[member], _round(norm[member]))
        if key != previous:
            rank, previous = index, key
        out.append(
            Standing(rank, member, points[member], firsts[member], norm[member], per_set.get(member, {}))
        )
    return out


def _round(value: float) -> float:
    """Sums of thirds must compare equal however they were added up."""
    return round(value, 9)


def seat_members(holders: Mapping[Seat, Sequence[str]]) -> tuple[SeatResult, ...]:
    """``SeatResult`` rows from a seat → members mapping (the order of seats kept)."""
    return tuple(SeatResult(seat, tuple(members)) for seat, members in holders.items())
