"""A set's seating from sign-ups (``bot.night.seating``): GN-7's tables within the game's counts and the
host's table size, AI seats only with AI fill, and GN-8's reseating away from pairs who already met."""

from __future__ import annotations

from bot.night.seating import Counts, seat_set, table_members
from engines.night.seating import pairs_of, repeated_pairs

MEMBERS = list(range(100, 111))


def test_gn7_eleven_members_of_a_three_to_four_game_sit_four_four_three() -> None:
    seating = seat_set(MEMBERS, Counts.of(3, 4, None), ai_fill=True, seed=1)
    assert seating is not None
    tables = [table_members(seating, n) for n in range(1, len(seating.tables) + 1)]
    assert sorted(len(t) for t in tables) == [3, 4, 4]
    assert sorted(m for t in tables for m in t if m is not None) == MEMBERS  # nobody twice, nobody left out


def test_gn7_the_hosts_table_size_caps_the_game_maximum() -> None:
    assert Counts.of(3, 5, 4) == Counts(3, 4) and Counts.of(3, 5, None) == Counts(3, 5)
    seating = seat_set(MEMBERS[:10], Counts.of(3, 5, 4), ai_fill=True, seed=1)
    assert seating is not None and sorted(len(t) for t in seating.tables) == [3, 3, 4]


def test_gn7_too_few_members_sit_only_with_ai_fill() -> None:
    assert seat_set(MEMBERS[:2], Counts(3, 5), ai_fill=False, seed=1) is None
    seating = seat_set(MEMBERS[:2], Counts(3, 5), ai_fill=True, seed=1)
    assert seating is not None and sorted(table_members(seating, 1), key=lambda m: m or 0) == [None, 100, 101]


def test_gn8_the_second_set_repeats_fewer_pairs_than_the_first_seating_again() -> None:
    counts = Counts(3, 4)
    first = seat_set(MEMBERS, counts, ai_fill=True, seed=3)
    assert first is not None
    earlier = [table_members(first, n) for n in range(1, len(first.tables) + 1)]
    second = seat_set(MEMBERS, counts, ai_fill=True, seed=4, earlier=earlier)
    assert second is not None
    met = pairs_of([[str(m) for m in t if m is not None] for t in earlier])
    assert repeated_pairs(second.tables, met) < repeated_pairs(first.tables, met)
