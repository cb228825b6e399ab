"""Who decided each move, and whose private events a member reads, as the action log records them: the
member, the AI of its own seat, the AI on a member's timed-out turn, under ``/game auto`` or after a leave;
a member who left reads their old seat's private events only up to the leave and again after taking it
back (the README: "your own private ones if you play")."""

from __future__ import annotations

from typing import Any

import pytest

from bot.records import views
from bot.records.history import blocks, history_page
from bot.records.replay import load
from bot.store import Store
from bot.table.service import TableService
from tests.bot.records.conftest import ai_move, stored_game

ALICE, BOB, CAROL, NOBODY = 1, 2, 3, 99
DRAW = {"type": "draw"}


def move_heads(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("**")][1:]  # the first: the start


async def new_game(svc: TableService, *, ai: bool) -> int:
    rec = await svc.create(
        guild_id=9,
        channel_id=50,
        host_id=ALICE,
        host_name="alice",
        game_id="test-climb",
        options_text="hand_size=2",
    )
    if ai:
        await svc.add_ai(rec.id, ALICE)
    else:
        await svc.join(rec.id, BOB, "bob")
    await svc.start(rec.id, ALICE, fixed_order=True)  # alice p1, the other p2
    return rec.id


async def test_history_names_who_decided_each_move(service: TableService) -> None:
    pk = await new_game(service, ai=True)
    await service.act(pk, ALICE, DRAW)  # 1: alice
    await ai_move(service, pk, "p2", DRAW)  # 2: the AI's own seat
    await service.hand_seat(pk, ALICE, False, "AI-1", CAROL, "carol")
    await service.act(pk, ALICE, DRAW)  # 3: alice
    await service.act(pk, CAROL, DRAW)  # 4: carol, in the seat the AI had
    await ai_move(service, pk, "p1", DRAW)  # 5: alice's turn ran out, the AI plays it
    await service.auto(pk, ALICE, "alice")
    await service.act(pk, CAROL, DRAW)  # 6: carol
    await ai_move(service, pk, "p1", DRAW)  # 7: the AI under /game auto
    rec = await service.store.get_game(pk)
    replayed = await load(service.store, rec)
    heads = move_heads("\n".join(blocks(replayed, NOBODY, "en")))
    assert heads == [
        "**1.** alice",
        "**2.** 🤖 AI-1",
        "**3.** alice",
        "**4.** carol",
        "**5.** 🤖 AI for alice (time ran out)",
        "**6.** carol",
        "**7.** 🤖 AI for alice (/game auto)",
    ]
    text = "\n".join(blocks(replayed, NOBODY, "en"))
    assert "• 🤖 AI-1 drew a card." in text and text.count("carol drew a card.") == 2
    ja = move_heads("\n".join(blocks(replayed, NOBODY, "ja")))
    assert ja[4] == "**5.** 🤖 AI（alice の代わり・時間切れ）" and ja[1] == "**2.** 🤖 AI-1"


async def test_moves_logged_before_the_log_said_who_decided_read_sensibly(store: Store) -> None:
    """Old rows (no ``decided_by``, no seats): a member's move is theirs, and the AI's move in a seat a member
    holds now is the AI's, not that member's."""
    from bot.store import SeatInfo

    seats = [SeatInfo(seat="p1", user_id=11, name="alice"), SeatInfo(seat="p2", user_id=None, name="AI-1")]
    rec, _ = await stored_game(store, "test-climb", seats, moves=4)
    carol = [seats[0], SeatInfo(seat="p2", user_id=33, name="carol")]
    rec = await store.update(rec.id, rec.version, seats=carol)
    heads = move_heads("\n".join(blocks(await load(store, rec), None, "en")))
    assert heads == ["**1.** alice", "**2.** 🤖 AI", "**3.** alice", "**4.** 🤖 AI"]


async def left_and_back(svc: TableService) -> int:
    """alice draws, leaves, the AI draws for her seat, she takes it back and draws: moves 1, 3, 5 are p1's."""
    pk = await new_game(svc, ai=False)
    await svc.act(pk, ALICE, DRAW)  # 1
    await svc.act(pk, BOB, DRAW)  # 2
    await svc.leave(pk, ALICE)
    await ai_move(svc, pk, "p1", DRAW)  # 3: the AI in alice's seat
    await svc.act(pk, BOB, DRAW)  # 4
    await svc.take_back(pk, ALICE, "alice")
    await svc.act(pk, ALICE, DRAW)  # 5
    return pk


def private_lines(block: str) -> list[str]:
    return [line for line in block.splitlines() if line.startswith("🔒")]


async def test_a_leaver_reads_their_seats_private_events_only_while_they_held_it(
    service: TableService,
) -> None:
    pk = await left_and_back(service)
    replayed = await load(service.store, await service.store.get_game(pk))
    mine = blocks(replayed, ALICE, "en")[1:6]  # the blocks of moves 1..5
    assert [bool(private_lines(b)) for b in mine] == [True, False, False, False, True]
    assert mine[2].splitlines()[0] == "**3.** 🤖 AI for alice (who left)"
    assert "(nothing you may see)" not in mine[2]  # the public "drew a card" stays
    assert [bool(private_lines(b)) for b in blocks(replayed, BOB, "en")[1:6]] == [
        False,
        True,
        False,
        True,
        False,
    ]
    page = history_page(replayed, ALICE, "en")
    assert "your own private ones" in (page.embed.footer.text or "")


async def test_a_leavers_replay_hides_the_seats_events_and_cards_after_the_leave(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    pk = await left_and_back(service)
    drawn: list[Any] = []

    async def render(game_id: str, kind: str, view: Any, *args: Any) -> None:
        drawn.append(view)

    monkeypatch.setattr(views, "render", render)
    rec = await service.store.get_game(pk)
    for step, seen in ((1, True), (3, False), (5, True)):
        reply = await views.replay_reply(service.store, rec, step, ALICE, "en")
        text = reply.embed.description or ""
        assert bool(private_lines(text)) is seen, (step, text)
        assert drawn[-1].hand is None  # the table picture is the public view: no seat's hand in it
    reply = await views.replay_reply(service.store, rec, 3, ALICE, "ja")
    assert (reply.embed.description or "").startswith("**3.** 🤖 AI（退席した alice の代わり）")
