"""The Previous/Next buttons of histories and replays: custom ids written and read back by the one parser,
and a damaged or forged id refused rather than acted on."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.records.views import HistoryButton, ReplayButton, audit_line
from bot.table.components import Refused


async def read(cls: Any, custom_id: str) -> Any:
    match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None, f"{custom_id} does not reach {cls.__name__}"
    return await cls.from_custom_id(None, discord.ui.Button(custom_id=custom_id), match)


async def test_ids_read_back_what_they_wrote() -> None:
    for cls, pk, position in ((HistoryButton, 12, 3), (ReplayButton, 7, 0)):
        written = cls(pk, position, "Next ▶")
        assert written.item.custom_id == f"dh:{cls.kind.name}:{pk}:{position}"
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
