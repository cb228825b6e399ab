"""Night standings to draw: a few members with a tie, and nights of 1 and 25 members."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from renderers.night import Line, Standings

LONG = "carol with a display name far too long for one row of a phone picture"


@pytest.fixture
def tied() -> Standings:
    """After set 2 of 2: two members share second place (GN-11); dave sat out set 1."""
    return Standings(
        "AWS Builder Cards",
        2,
        2,
        False,
        [
            Line(1, "alice", (10.0, 10.0), 20.0, 2),
            Line(2, "ボブ・サンダーソン", (6.67, 5.0), 11.67, 0),
            Line(2, LONG, (3.33, 8.33), 11.67, 0),
            Line(4, "dave", (None, 0.0), 0.0, 0),
        ],
    )


@pytest.fixture
def crowd() -> Callable[[int], Standings]:
    """A night of ``n`` members, each with their own rank, after its 2 sets."""
    return _crowd


def _crowd(n: int) -> Standings:
    lines = [
        Line(i + 1, f"member {i + 1:02d}", (10.0 - i * 0.3, 9.0 - i * 0.3), 19.0 - i * 0.6, int(i < 3))
        for i in range(n)
    ]
    return Standings("Glorious Crown", 2, 2, True, lines)
