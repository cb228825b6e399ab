"""Crash: the real bot process (``python -m bot`` against the fake Discord) is SIGKILLed at seeded random
moments while tables are played by members' clicks and by AI seats, and started again on the same SQLite
file, over and over. Afterwards:

- every move the fake saw acknowledged (the bot answered the click with the hand after the move) is in
  the action log exactly once, and every human action in the log was sent by a click;
- every stored state equals the replay of its log;
- every table is published up to its last move, once (nothing left in the outbox once the bot has run a
  moment after the last restart; each thread has the table messages its log calls for, the newest shows
  the stored turn and whose turn it is, a finished game ends with one final message);
- old buttons work: "My hand" on a table message from before a kill answers with the hand, and hand
  controls built by a killed process are answered (played, or "the table changed");
- no game is stalled: every running game waits for a human (the AIs moved within a bounded wait).

Counts: 3 kills in ``make test``, 100 in ``make soak`` (``DECKHAND_SOAK=1``, scaled by
``DECKHAND_SOAK_SCALE``), or exactly ``DECKHAND_SOAK_KILLS``; seed ``DECKHAND_CRASH_SEED``.

A kill between Discord accepting a table post and the bot recording its id makes the restarted bot send
that post again; the bot names each outbox entry's post with a nonce and the fake answers a repeated nonce
with the first message (``enforce_nonce``, as Discord does), so each thread holds exactly the table
messages its log calls for ("duplicate table messages" stays 0; "reposts answered with the first message"
counts the kills that landed in that window).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests import postgres
from tests.fakediscord import FakeDiscord
from tests.reliability.conftest import FIGURES, count
from tests.reliability.crashkit import TableSpec, crash_run

#: 3 in ``make test``; 100 in ``make soak`` (times DECKHAND_SOAK_SCALE); DECKHAND_SOAK_KILLS sets it.
KILLS = int(os.environ.get("DECKHAND_SOAK_KILLS") or count(3, 100))
SEED = int(os.environ.get("DECKHAND_CRASH_SEED") or 16)


@pytest.mark.timeout(max(300, KILLS * 30))
@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_killed_and_restarted_the_bot_loses_nothing_and_doubles_nothing(
    fake: FakeDiscord, tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    database = None if backend == "sqlite" else postgres.fresh(request.getfixturevalue("postgres_url"))
    guild = fake.guild
    specs = [
        # One human and two AIs: the AIs move between the human's clicks, so kills land in both.
        TableSpec("glorious-crown", [guild.member("alice")], ais=2),
        # Two humans and an AI in a short game, opened again when it ends.
        TableSpec("test-climb", [guild.member("bob"), guild.member("carol")], ais=1),
    ]
    if KILLS >= 10:
        specs.append(TableSpec("aws-builder-cards", [guild.member("dave")], ais=1))
    result = await crash_run(fake, tmp_path, specs, kills=KILLS, seed=SEED, database=database)

    figures = result.figures
    FIGURES["crash" if backend == "sqlite" else "crash (pg)"].update(figures)
    print(f"\ncrash figures ({backend}, seed {SEED}):")
    for name, value in sorted(figures.items()):
        print(f"  {name:<72} {value:>8}")
    assert not result.problems, "\n".join(result.problems[:40])
    assert figures["kills survived"] == KILLS
    assert figures["actions lost"] == 0 and figures["actions doubled"] == 0
    assert figures["duplicate table messages"] == 0
    assert figures["move clicks played"] > 0, "no move was played: the suite tested nothing"
    assert figures["tables checked"] == figures["states equal to the replay of their log"]
    if KILLS:
        assert figures["old controls: 'My hand' from before a kill answered with the hand"] > 0
