"""Which shards a process runs (``--shards``/``--shard-count``, DECKHAND_SHARDS/DECKHAND_SHARD_COUNT) and
which servers it therefore works for: Discord's formula, ``(guild_id >> 22) % shard_count``."""

from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.settings import Settings
from bot.shards import Shards, ShardSpecError, shard_of


@pytest.mark.parametrize(
    ("spec", "count", "ids"),
    [("0-1", 4, (0, 1)), ("0,2", 4, (0, 2)), ("3", 4, (3,)), (" 1 - 2 , 0 ", 3, (0, 1, 2)), ("", 4, None)],
)
def test_a_shard_setting_reads_ranges_and_lists(spec: str, count: int, ids: tuple[int, ...] | None) -> None:
    assert Shards.parse(spec, count) == Shards(ids, count)


@pytest.mark.parametrize(
    ("spec", "count", "words"),
    [
        ("0-1", None, "needs the shard count"),
        ("4", 4, "do not exist with 4 shards"),
        ("2-1", 4, "runs backwards"),
        ("a", 4, "not a shard"),
        ("", 0, "at least 1"),
    ],
)
def test_a_wrong_shard_setting_says_what_is_wrong(spec: str, count: int | None, words: str) -> None:
    with pytest.raises(ShardSpecError, match=words):
        Shards.parse(spec, count)


def test_a_process_owns_the_servers_of_its_shards() -> None:
    guilds = [(n << 22) | 12345 for n in range(12)]
    half = Shards.parse("0-1", 4)
    other = Shards.parse("2-3", 4)
    for guild_id in guilds:
        assert half.owns(guild_id) != other.owns(guild_id)
        assert half.owns(guild_id) == (shard_of(guild_id, 4) in (0, 1))
    assert [shard_of(g, 4) for g in guilds[:5]] == [0, 1, 2, 3, 0]
    # Every shard, or no setting at all: every server.
    assert all(Shards.parse("0-3", 4).owns(g) and Shards().owns(g) for g in guilds)
    # A DM belongs to shard 0, as on Discord.
    assert half.owns(None) and not other.owns(None)


def test_settings_read_the_shards_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DECKHAND_SHARDS", "1,3")
    monkeypatch.setenv("DECKHAND_SHARD_COUNT", "4")
    assert Settings(_env_file=None).shards == Shards((1, 3), 4)


def test_a_wrong_command_line_stops_before_connecting(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    assert main(["--shards", "0-5", "--shard-count", "4"]) == 2
    assert "do not exist with 4 shards" in capsys.readouterr().err
