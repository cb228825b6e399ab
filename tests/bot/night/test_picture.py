"""What the standings picture is given (``bot.night.picture``): GN-11's standings as plain rows, names as
signed up, a column per set played, a set a member sat out left empty, the game's name in the language."""

from __future__ import annotations

import io

from PIL import Image

from bot.night.picture import board, standings_picture
from bot.store.night_models import NightRecord, NightStatus
from bot.table import pictures
from engines.night import Standing
from renderers.night import WIDTH, Line

ROWS = [
    Standing(rank=1, member="11", points=16.67, firsts=1, normalised=1.9, per_set={1: 10.0, 2: 6.67}),
    Standing(rank=2, member="12", points=10.0, firsts=1, normalised=1.0, per_set={2: 10.0}),
    Standing(rank=2, member="13", points=10.0, firsts=1, normalised=1.0, per_set={1: 6.67, 2: 3.33}),
]
NAMES = {11: "alice", 12: "ボブ"}


def night(current_set: int, status: NightStatus = NightStatus.BETWEEN) -> NightRecord:
    return NightRecord(
        id=1,
        guild_id=1,
        channel_id=2,
        host_id=11,
        game_id="glorious-crown",
        sets=2,
        minutes=30,
        seed=7,
        status=status,
        current_set=current_set,
    )


def test_gn_11_rows_become_the_picture_lines() -> None:
    shown = board(night(2), ROWS, NAMES, "en", final=True)
    assert (shown.set_no, shown.sets, shown.final) == (2, 2, True)
    assert shown.lines == [
        Line(1, "alice", (10.0, 6.67), 16.67, 1),
        Line(2, "ボブ", (None, 10.0), 10.0, 1),
        Line(2, "13", (6.67, 3.33), 10.0, 1),  # not in the names given: the member id, not a blank
    ]
    assert shown.shared() == {2}


def test_after_set_one_only_set_one_is_shown_and_the_game_is_named_in_the_language() -> None:
    after_one = [Standing(rank=1, member="11", points=10.0, firsts=1, normalised=1.0, per_set={1: 10.0})]
    en = board(night(1), after_one, NAMES, "en", final=False)
    ja = board(night(1), after_one, NAMES, "ja", final=False)
    assert en.lines[0].per_set == (10.0,) and not en.final
    assert en.game == "Glorious Crown" and ja.game != en.game


async def test_the_picture_is_drawn_off_the_loop_as_a_png() -> None:
    data = await standings_picture(night(2), ROWS, NAMES, "ja", final=True)
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.width == WIDTH


async def test_a_picture_process_draws_it(picture_process: None) -> None:
    """The standings and their drawing function go to a picture process (they pickle), like a table's."""
    assert pictures._pool is not None
    data = await standings_picture(night(1), ROWS, NAMES, "en", final=False)
    assert pictures._pool is not None, "the pool did not break: the picture came from the process"
    assert Image.open(io.BytesIO(data)).width == WIDTH
