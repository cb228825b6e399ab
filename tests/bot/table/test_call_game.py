"""The table service calls a game (rules/game-night.md GN-1): the table's action goes into the log like a
move, by the actor ``@table``, the game goes on as its called rule says, and history and replay word it."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.records.history import history_page
from bot.records.replay import load
from bot.store import Status
from bot.table.call_ops import BY_TABLE
from bot.table.service import TableService
from engines.core import GameError
from engines.core.call import TABLE
from i18n import t

GUILD, CHANNEL = 9, 70
MEMBERS = [(1, "alice"), (2, "bob"), (3, "carol")]


async def running(service: TableService, game_id: str, channel: int = CHANNEL) -> int:
    host, name = MEMBERS[0]
    rec = await service.create(
        guild_id=GUILD, channel_id=channel, host_id=host, host_name=name, game_id=game_id, options_text=None
    )
    for user, who in MEMBERS[1:]:
        await service.join(rec.id, user, who)
    await service.start(rec.id, host)
    return rec.id


async def test_gn1_a_call_is_logged_by_the_table_and_worded_in_history(service: TableService) -> None:
    pk = await running(service, "glorious-crown")
    rec = await service.call_game(pk)
    # GN-4: Glorious Crown plays on until the field is next cleared, so the game still runs.
    assert rec.status is Status.RUNNING
    last = (await service.store.actions(pk))[-1]
    assert (last.seat, last.user_id, last.decided_by, last.action) == (
        TABLE,
        None,
        BY_TABLE,
        {"type": "call"},
    )
    replayed = await load(service.store, rec)
    assert replayed.matches and replayed.moves[-1].events[0].kind == "game_called"
    for lang in ("en", "ja"):
        page = history_page(replayed, None, lang, None).embed.description or ""
        assert t(lang, "history.by_table") in page
        assert t(lang, "glorious-crown.events.game_called").split("{")[0][:6] in page


async def test_gn1_calling_twice_or_an_ended_game_is_refused(service: TableService) -> None:
    pk = await running(service, "glorious-crown")
    await service.call_game(pk)
    with pytest.raises(GameError) as twice:
        await service.call_game(pk)
    assert twice.value.code == "already_called"
    await service.abort(pk, None, MEMBERS[0][0], can_manage=True)
    with pytest.raises(UserError) as over:
        await service.call_game(pk)
    assert over.value.code == "game_not_running"


async def test_a_game_without_a_called_rule_refuses_the_call(service: TableService) -> None:
    pk = await running(service, "test-climb", channel=CHANNEL + 1)
    version = (await service.store.get_game(pk)).version
    with pytest.raises(GameError) as refused:
        await service.call_game(pk)
    assert refused.value.code == "not_callable"
    assert (await service.store.get_game(pk)).version == version
