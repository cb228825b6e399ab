"""The Previous/Next buttons of histories and replays: custom ids written and read back by the one parser,
and a damaged or forged id refused rather than acted on."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.errors import UserError
from bot.records.views import HistoryButton, ReplayButton, audit_line, game_for
from bot.store import SeatInfo, Store
from bot.table.controls import Refused
from tests.bot.records.conftest import stored_game


async def read(cls: Any, custom_id: str) -> Any:
    match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None, f"{custom_id} does not reach {cls.__name__}"
    return await cls.from_custom_id(None, discord.ui.Button(custom_id=custom_id), match)


async def test_ids_read_back_what_they_wrote() -> None:
    for cls, pk, position in ((HistoryButton, 12, 3), (ReplayButton, 7, 0)):
        written = cls(pk, position, "Next ▶")
        assert written.item.custom_id == f"dh:{cls.kind}:{pk}:{position}"
        back = await read(cls, written.item.custom_id)
        assert isinstance(back, cls) and (back.pk, back.position) == (pk, position)


@pytest.mark.parametrize(
    "custom_id",
    ["dh:hist:12", "dh:hist:12:x", "dh:hist:0:1", "dh:hist:12:3:4", "dh:replay:5:9999999", "dh:replay:-1:2"],
)
async def test_a_damaged_id_is_refused(custom_id: str) -> None:
    cls = HistoryButton if custom_id.startswith("dh:hist") else ReplayButton
    assert isinstance(await read(cls, custom_id), Refused)


def test_the_audit_line_says_what_was_found() -> None:
    assert audit_line("en", True, 12, None).startswith("✅")
    assert "differs" in audit_line("en", False, 12, None)
    assert "move 4" in audit_line("en", False, 12, 4)
    assert audit_line("ja", True, 12, None).startswith("✅ 監査")


async def test_a_game_is_found_by_number_in_its_own_server_only(store: Store) -> None:
    seats = [SeatInfo(seat="p1", user_id=11, name="alice"), SeatInfo(seat="p2", user_id=22, name="bob")]
    rec, _ = await stored_game(store, "test-climb", seats, guild_id=1)
    assert (await game_for(store, 1, rec.id)).id == rec.id
    for guild, number in ((2, rec.id), (1, rec.id + 50)):
        with pytest.raises(UserError) as refused:
            await game_for(store, guild, number)
        assert refused.value.code == "no_such_game" and refused.value.params == {"number": number}
    lobby = await store.create_game(
        guild_id=1, channel_id=200, game_id="test-climb", host_id=11, seed=1, options={}, seats=seats
    )
    with pytest.raises(UserError, match="game_not_started"):
        await game_for(store, 1, lobby.id)
