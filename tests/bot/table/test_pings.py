"""Who a new table message pings (``Publisher._post_table``): exactly the players it asks to act. A member
whose hand changed while it is not their turn is told by name, never mentioned or pinged (item 9 of
"Fixes found by playing every game as a new user would")."""

from __future__ import annotations

from typing import Any, cast

import discord

from bot.games import manifest
from bot.store import GameRecord, SeatInfo, Status
from bot.table.feed import Feed
from bot.table.publisher import Publisher

ALICE, BOB = 101, 202
GAME = "glorious-crown"


class Channel:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, **kwargs: Any) -> discord.Object:
        self.sent.append(kwargs)
        return discord.Object(999)


class Client:
    def __init__(self) -> None:
        self.channel = Channel()

    def get_partial_messageable(self, channel_id: int) -> Channel:
        return self.channel


async def test_a_hand_changed_outside_the_turn_is_named_and_never_pinged() -> None:
    engine = manifest(GAME).engine
    seats = ["p1", "p2", "p3"]
    state = engine.new_game(seats, {}, 3)
    rec = GameRecord(
        id=5,
        guild_id=1,
        channel_id=2,
        game_id=GAME,
        status=Status.RUNNING,
        host_id=ALICE,
        seed=3,
        seats=[
            SeatInfo(seat="p1", user_id=ALICE, name="Alice"),
            SeatInfo(seat="p2", user_id=BOB, name="Bob"),
            SeatInfo(seat="p3", name="AI-1", ai_level="normal"),
        ],
        state_json=engine.dump_state(state),
        version=1,
    )
    mover = engine.to_move(state)[0]
    other = "p2" if mover == "p1" else "p1"
    if mover == "p3":  # the AI moves first with this seed: alice is to act in this message regardless
        mover, other = "p1", "p2"
    client = Client()
    publisher = Publisher(cast(Any, client), cast(Any, None))
    feed = Feed(to=[mover], lines=["• something happened"])
    await publisher._post_table(rec, state, feed, "en", [other], nonce="n", picture=b"png")

    sent = client.channel.sent[0]
    mover_id, other_info = rec.seat_info(mover).user_id, rec.seat_info(other)
    pinged = [u.id for u in sent["allowed_mentions"].users]
    assert pinged == [mover_id], "only the player asked to act is pinged"
    told = next(line for line in sent["content"].splitlines() if line.startswith("🔔"))
    assert other_info.name in told and f"<@{other_info.user_id}>" not in sent["content"], sent["content"]
