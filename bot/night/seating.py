"""A set's seating from a night's sign-ups (pure): the table plan of GN-7 within the game's player counts and
the host's table size, and the members at each table by GN-8 (``engines.night``). Members are named by their
Discord ids as text, the engines' seat-like names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engines.night import Seating, plan_tables, reseat
from engines.night.seating import Pair, pairs_of


@dataclass(frozen=True)
class Counts:
    """The players a table may have: the game's counts, capped by the host's ``table_size``."""

    low: int
    high: int

    @classmethod
    def of(cls, min_players: int, max_players: int, table_size: int | None) -> Counts:
        return cls(min_players, max_players if table_size is None else min(max_players, table_size))


def seat_set(
    members: Sequence[int],
    counts: Counts,
    *,
    ai_fill: bool,
    seed: int,
    earlier: Sequence[Sequence[int | None]] = (),
) -> Seating | None:
    """GN-7 and GN-8: the tables of a set for ``members`` (in sign-up order), given the members of each table
    of the earlier sets (``earlier``; none for set 1). ``None``: the members cannot make one table (fewer than
    the smallest, AI fill off)."""
    plan = plan_tables(len(members), counts.low, counts.high, ai_fill=ai_fill)
    if plan is None:
        return None
    names = [str(m) for m in members]
    met: Counter[Pair] = pairs_of([str(m) for m in table if m is not None] for table in earlier)
    return reseat(names, plan, met, seed)


def table_members(seating: Seating, table_no: int) -> list[int | None]:
    """Table ``table_no`` (1-based) of ``seating``: its members, then ``None`` for each of its AI seats."""
    i = table_no - 1
    ai = seating.ai_seats[i] if seating.ai_seats else 0
    return [int(m) for m in seating.tables[i]] + [None] * ai
