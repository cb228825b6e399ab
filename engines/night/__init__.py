"""A game night's rules that are not a game's: how members are seated at tables (GN-7, GN-8) and how the
night is scored across tables and sets (GN-9 to GN-12), from ``rules/game-night.md``. Pure and seeded like
the engines; the bot keeps the night in its store and calls these."""

from engines.night.seating import Seating, TablePlan, plan_tables, repeated_pairs, reseat
from engines.night.standings import SeatResult, Standing, TableResult, place_points, standings

__all__ = [
    "SeatResult",
    "Seating",
    "Standing",
    "TablePlan",
    "TableResult",
    "place_points",
    "plan_tables",
    "repeated_pairs",
    "reseat",
    "standings",
]
