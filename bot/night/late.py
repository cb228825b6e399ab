"""A late arrival (issue 26 item 2: "a late arrival can take an AI seat (existing ``/game seat``/take-back
path) or is seated in the next set. A member is never at two tables"). Who sits at a night's table is its
game's seats as they are now (a member the host gave an AI seat with ``/game seat`` included), not only who
was seated at the set's start; the night's standings already read them so (GN-12)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.errors import UserError
from bot.store import GameRecord, Store
from bot.store.night_models import NightRecord, NightStatus, NightTable
from i18n import t


def seated_at(table: NightTable, rec: GameRecord) -> list[int | None]:
    """The table's members: those seated at the set's start, then anyone holding one of its seats now or
    who left one to the AI (GN-12), then ``None`` for each seat the AI holds that nobody left."""
    members = [m for m in table.members if m is not None]
    for seat in rec.seats:
        for member in (seat.user_id, seat.left_by):
            if member is not None and member not in members:
                members.append(member)
    held = sum(1 for s in rec.seats if s.is_ai and s.left_by is None)
    return [*members, *([None] * held)]


async def set_tables(store: Store, night_pk: int, set_no: int | None = None) -> list[NightTable]:
    """The night's tables (of one set, when given) with their members as their games have them now."""
    return [
        table.model_copy(update={"members": seated_at(table, await store.get_game(table.game_pk))})
        for table in await store.night_tables(night_pk, set_no)
    ]


async def refuse_second_table(store: Store, game_pk: int, member_id: int, name: str) -> None:
    """``/game seat`` at a night's table: refused when the member already has a seat (or left one to the
    AI) at another table of the same set."""
    night_pk = await store.night_of_game(game_pk)
    if night_pk is None:
        return
    tables = await store.night_tables(night_pk)
    here = next(t for t in tables if t.game_pk == game_pk)
    for table in await set_tables(store, night_pk, here.set_no):
        if table.game_pk != game_pk and member_id in table.members:
            raise UserError("night_two_tables", member=name, n=table.table_no)


def late_words(night: NightRecord, tables: Sequence[tuple[NightTable, int, int]], lang: str) -> str:
    """What a member who signs up while a set is played is told: the next set seats them (or none is left),
    and where an AI seat is free to take now (``tables``: a running table, its thread, its free AI seats)."""
    if night.status is not NightStatus.PLAYING:
        return t(lang, "night.joined")
    if night.current_set >= night.sets:
        lines = [t(lang, "night.joined_late_last", set=night.current_set)]
    else:
        lines = [t(lang, "night.joined_late", set=night.current_set, next=night.current_set + 1)]
    free = [(table, thread) for table, thread, ai in tables if ai]
    if free:
        where = ", ".join(
            f"{t(lang, 'night.table_name', n=table.table_no)} <#{thread}>" for table, thread in free
        )
        lines.append(t(lang, "night.joined_late_ai", tables=where))
    return "\n".join(lines)
