"""The night's standings as a picture (``renderers.night``), attached to the standings message after each
set and at the end; the message's words stay its text, for screen readers and for search."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games import manifest
from bot.store.night_models import NightRecord
from bot.table import pictures
from engines.night import Standing
from renderers.night import Line, Standings, render_standings

FILENAME = "standings.png"


def board(
    night: NightRecord, rows: Sequence[Standing], names: Mapping[int, str], lang: str, *, final: bool
) -> Standings:
    """What the picture shows: every member's points per set played so far (GN-11), names as signed up."""
    sets = max(1, night.current_set)
    lines = [
        Line(
            rank=row.rank,
            name=names.get(int(row.member), row.member),
            per_set=tuple(row.per_set.get(k) for k in range(1, sets + 1)),
            total=row.points,
            firsts=row.firsts,
        )
        for row in rows
    ]
    return Standings(manifest(night.game_id).engine.name.get(lang), sets, night.sets, final, lines)


async def standings_picture(
    night: NightRecord, rows: Sequence[Standing], names: Mapping[int, str], lang: str, *, final: bool
) -> bytes:
    """Drawn off the event loop, in the table pictures' queue (``bot.table.pictures``)."""
    return await pictures.render_other(render_standings, board(night, rows, names, lang, final=final), lang)
