"""The sandbox driven by a script on stdin, as a person at the terminal would drive it."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from secrets import token_hex
from types import SimpleNamespace

import pytest
from PIL import Image

from tests.fakediscord.botrunner import deckhand_factory, minibot_factory
from tests.fakediscord.sandbox import run_sandbox
from tests.fakediscord.schema import REPO_ROOT

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(60)]

SCRIPT = """\
/game new game:glorious-crown
as bob
click Join
as alice
/game hand
look 2
choose Play S3
as bob
hand
members
quit
"""


def test_sandbox_runs_a_script_from_a_pipe(tmp_path: Path) -> None:
    images = tmp_path / "images"
    result = subprocess.run(
        [sys.executable, "-m", "tests.fakediscord.sandbox", "--bot", "minibot", "--images", str(images)],
        input=SCRIPT,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=50,
        check=False,
    )
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert "alice opened a table." in out
    assert "Players: bob" in out
    assert "(only alice can see this)" in out and "<select 'Play a card'" in out
    assert "alice played S3." in out
    bobs_hand = out.split("bob@#game-night> hand\n", 1)[1].split("bob@#game-night>", 1)[0]
    assert "You joined table" in bobs_hand and "Your hand" not in bobs_hand  # alice's ephemerals stay hers
    saved = sorted(images.glob("*.png"))
    assert [p.name.split("-", 1)[1] for p in saved] == ["table.png", "hand.png"]
    assert all(f"saved image: {p}" in out for p in saved)
    with Image.open(saved[0]) as image:
        assert image.size == (320, 200)
    assert out.rstrip().endswith("bye (0 violation(s))")


async def test_sandbox_takes_an_injected_bot_factory(tmp_path: Path) -> None:
    out = io.StringIO()
    code = await run_sandbox(
        factory=minibot_factory,
        database=tmp_path / "s.db",
        images=tmp_path / "images",
        stdin=io.StringIO("as taro ja\n/game hello\nclick Nope\n/game new\nquit\n"),
        out=out,
        bot_name="minibot",
    )
    text = out.getvalue()
    assert code == 0
    assert "こんにちは (en-US)" in text
    assert "can't: taro sees no button 'Nope'" in text
    assert "can't: required option(s) missing: ['game']" in text


async def test_sandbox_lists_threads_and_moves_into_them(tmp_path: Path) -> None:
    out = io.StringIO()
    script = "\n".join(
        [
            '/game thread name:"Table 1"',
            "look",
            'go "Table 1"',
            "look",
            "click Ping",
            "channels",
            "go ..",
            "go ..",
            "go Table 1",
            "go #game-night",
            "/game dm",
            "dms",
            "quit",
        ]
    )
    code = await run_sandbox(
        factory=minibot_factory,
        database=tmp_path / "s.db",
        images=tmp_path / "images",
        stdin=io.StringIO(script + "\n"),
        out=out,
        bot_name="minibot",
    )
    text = out.getvalue()
    assert code == 0, text
    first_look = text.split("alice@#game-night> look\n", 1)[1].split("alice@", 1)[0]
    assert "(started a thread: Table 1)" in first_look
    assert "threads: 'Table 1' (1 messages)" in first_look
    assert "now in #game-night/Table 1" in text
    in_thread = text.split("alice@#game-night/Table 1> look\n", 1)[1].split("alice@", 1)[0]
    assert "(thread 'Table 1' in #game-night)" in in_thread
    assert "Welcome to Table 1." in in_thread and "[Ping]" in in_thread
    assert "Pong in thread Table 1 of #game-night (cached: True)." in text
    assert "  #game-night\n    'Table 1' (thread)\n  #general\n" in text
    assert "can't: #game-night is not a thread" in text
    assert text.count("now in #game-night\n") == 2
    assert "A secret for you." in text.split("alice@#game-night> dms\n", 1)[1]


DECKHAND_SCRIPT = """\
/game new game:glorious-crown
look 1
as bob
click Join
as alice
go glorious crown #1 · alice
/game add-ai
click Start
look 1
quit
"""


def test_the_sandbox_shows_a_games_thread_and_goes_into_it(tmp_path: Path) -> None:
    """The real bot: ``/game new`` leaves a summary card in the channel, ``look`` lists the game's thread,
    ``go`` enters it, and the table is played there."""
    result = subprocess.run(
        [sys.executable, "-m", "tests.fakediscord.sandbox", "--images", str(tmp_path / "images")],
        input=DECKHAND_SCRIPT,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=50,
        check=False,
    )
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert "threads: 'Glorious Crown #1 · Alice'" in out
    assert "now in #game-night/Glorious Crown #1 · Alice" in out
    inside = out.split("now in #game-night/Glorious Crown #1 · Alice", 1)[1]
    assert "table.png" in inside and "Your turn" in inside
    assert out.rstrip().endswith("bye (0 violation(s))")


def readme_sandbox_lines() -> list[str]:
    """The first game of README.md's "Trying it without Discord", as typed (without the prompts)."""
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Trying it without Discord", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    return [line.split("> ", 1)[1] for line in section.strip().splitlines()]


async def test_the_readme_examples_run_as_written_and_advance_moves_the_bots_clocks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's first game, its option syntax (``options: clock=5m hand_size=4``, ``order: join
    order``), ``advance`` firing the bot's turn clock (a reminder, then the timeout), and a member with
    Manage Server (``as owner --admin``) aborting someone else's game."""
    # Glorious Crown's first player is dealt (GC: the holder of a card); with this deal it is alice, the
    # README's player. Only the service's name is replaced: discord.py's nonces stay random.
    deal = SimpleNamespace(randbits=lambda _bits: 4, token_hex=token_hex)
    monkeypatch.setattr("bot.table.service.secrets", deal)
    script = [
        *readme_sandbox_lines(),
        "go ..",
        "/game new game:yggdrasil options: clock=5m hand_size=4",
        "as bob",
        "go the yggdrasil #2 · alice",
        "click Join",
        "as alice",
        "/game start order: join order",
        "advance 301",
        "advance 300",
        "look 3",
        "as owner --admin",
        "/game abort",
        'click "Abort the game"',
        "quit",
    ]
    out = io.StringIO()
    code = await run_sandbox(
        factory=deckhand_factory,
        database=tmp_path / "s.db",
        images=tmp_path / "images",
        stdin=io.StringIO("\n".join(script) + "\n"),
        out=out,
        bot_name="Deckhand",
    )
    text = out.getvalue()
    assert code == 0, text
    refused = [ln for ln in text.splitlines() if ln.startswith(("can't:", "error:", "unknown command"))]
    assert refused == [], refused
    # The README's game: alice moved first from her hand's select (join order), and the turn passed on.
    readme_game = text.split('choose "Choose your move" 0\n', 1)[1].split("> look\n", 1)[0]
    assert "Seat order: Alice → Bob → 🤖 AI-1" in text and "waiting for Bob" in readme_game
    lobby = text.split("/game new game:yggdrasil", 1)[1]
    assert "`hand_size=4`" in lobby and "`clock` = `5m`" in lobby
    first, second = text.split("> advance 301\n", 1)[1].split("> advance 300\n", 1)
    assert "the bot's turn clocks fired 1" in first.split("> ", 1)[0]
    assert "half the time for your turn is gone" in second and "Time ran out for **Alice**" in second
    assert "with Manage Server" in text
    assert "Owner aborted the game." in text.split('click "Abort the game"', 1)[1]


NIGHT_SCRIPT = """\
as host --admin
/night new game:glorious-crown sets:1 minutes:3
fill 5
as alice
click Join
as host --admin
/night start
wait
/night status
advance 181
wait
look 2
quit
"""


async def test_the_sandbox_fills_a_night_with_simulated_members_who_play_by_the_ai(tmp_path: Path) -> None:
    """Issue 26 item 8: ``fill 5`` signs up five simulated members; with alice, a person, that is two
    tables of three: the simulated members play their seats by the AI, the table of five of them plays its
    game to the end, alice's waits on her, and the set's time runs out on ``advance``."""
    out = io.StringIO()
    code = await run_sandbox(
        factory=deckhand_factory,
        database=tmp_path / "s.db",
        images=tmp_path / "images",
        stdin=io.StringIO(NIGHT_SCRIPT),
        out=out,
        bot_name="Deckhand",
    )
    text = out.getvalue()
    assert code == 0, text
    refused = [ln for ln in text.splitlines() if ln.startswith(("can't:", "error:", "unknown command"))]
    assert refused == [], refused
    assert "5 simulated member(s) signed up: sim1, sim2, sim3, sim4, sim5; they play by the AI" in text
    assert "Set 1 started at 2 tables." in text
    status = text.split("host@#game-night> /night status\n", 1)[1].split("host@", 1)[0]
    alices = next(line for line in status.splitlines() if "Alice" in line)
    assert alices.endswith("Alice to play")  # the simulated members played up to her turn
    assert any(line.endswith(": finished") for line in status.splitlines())  # the other table: played out
    after = text.split("host@#game-night> look 2\n", 1)[1]
    assert "Time is up for set 1: 1 unfinished game was called" in after
    assert text.rstrip().endswith("bye (0 violation(s))")


async def test_the_night_fill_needs_a_night_and_a_number(tmp_path: Path) -> None:
    out = io.StringIO()
    script = "fill\nfill many\nfill 3\nquit\n"
    code = await run_sandbox(
        factory=deckhand_factory,
        database=tmp_path / "s.db",
        images=tmp_path / "images",
        stdin=io.StringIO(script),
        out=out,
        bot_name="Deckhand",
    )
    text = out.getvalue()
    assert code == 0, text
    assert text.count("can't: fill N: 1 to 50 simulated members") == 2
    assert "sees no button 'Join'" in text  # no night is open here: nothing to sign up for
