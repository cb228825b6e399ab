"""Pings that matter: the "your hand changed" notice never pings a seat already mentioned as the one to
move (The Yggdrasil drew the next player's card inside the previous move, so its players were pinged twice
a turn)."""

from __future__ import annotations

from typing import Any

from bot.store import GameRecord, SeatInfo, Status
from bot.table.publisher import Publisher
from engines.core import Rng
from engines.yggdrasil import ENGINE


def record() -> GameRecord:
    seats = [SeatInfo(seat="p1", user_id=1, name="alice"), SeatInfo(seat="p2", user_id=2, name="bob")]
    return GameRecord(
        id=1,
        guild_id=9,
        channel_id=5,
        game_id="yggdrasil",
        status=Status.RUNNING,
        host_id=1,
        seed=3,
        seats=seats,
    )


def a_move_that_deals_the_next_player_a_card() -> tuple[Any, Any, str, str]:
    state = ENGINE.new_game(["p1", "p2"], None, 3)
    rng = Rng.from_seed(3)
    for _ in range(200):
        actor = ENGINE.to_move(state)[0]
        after = ENGINE.apply(state, actor, ENGINE.ai().choose(state, actor, rng)).state
        mover = ENGINE.to_move(after)[0] if ENGINE.to_move(after) else actor
        if mover != actor:
            seen = ENGINE.hidden_cards(state, None) - ENGINE.hidden_cards(state, mover)
            now = ENGINE.hidden_cards(after, None) - ENGINE.hidden_cards(after, mover)
            if seen != now:
                return state, after, actor, mover
        state = after
    raise AssertionError("no turn change dealt the next player a card")


def test_the_player_to_move_is_not_pinged_twice() -> None:
    before, after, actor, mover = a_move_that_deals_the_next_player_a_card()
    rec = record()
    uid = rec.seat_info(mover).user_id
    # Without the mover skipped, the notice would name them (their hand did change) …
    assert Publisher._hands_changed(rec, ENGINE, before, after, {actor}) == [f"<@{uid}>"]
    # … but they are mentioned as the one to move already: one ping a turn.
    assert Publisher._hands_changed(rec, ENGINE, before, after, {actor, mover}) == []
