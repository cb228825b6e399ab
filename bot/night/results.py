"""A night's standings from its finished tables (pure): each table's game record and final outcome become
``engines.night`` table results (GN-9 to GN-12), members named by their Discord ids as text."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import GameRecord, SeatInfo
from engines.core import Outcome
from engines.night import SeatResult, Standing, TableResult, standings


def seat_holders(info: SeatInfo) -> tuple[str, ...]:
    """GN-12: who earns a seat's result: the member holding it at the end, and the member who left it to the
    AI (they keep the place their seat reached); an AI seat nobody held earns nobody anything."""
    held = [m for m in (info.user_id, info.left_by) if m is not None]
    return tuple(dict.fromkeys(str(m) for m in held))


def table_result(
    set_no: int, table_no: int, rec: GameRecord, outcome: Outcome, *, cooperative: bool
) -> TableResult:
    seats = tuple(SeatResult(s.seat, seat_holders(s)) for s in rec.seats)
    return TableResult(set_no, table_no, outcome, seats, cooperative=cooperative)


def night_standings(results: Sequence[TableResult], members: Sequence[int]) -> list[Standing]:
    """GN-11: the night's standings, every member signed up listed (0 before they play)."""
    return standings(results, [str(m) for m in members])
