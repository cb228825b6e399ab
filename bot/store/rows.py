"""What both backends share of a row: how a stored row becomes a record, and how a record's parts are
written (JSON text, the tuples the transactions take). No SQL dialect here: each backend has its own."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.store.messages import message_of
from bot.store.models import (
    ActionRecord,
    ClockWrite,
    GameRecord,
    OutboxEntry,
    OutboxItem,
    ResultRow,
    SeatInfo,
    Status,
    TimerRow,
)
from bot.store.transactions import Action, Clock, Publish, Result

#: The game fields ``update`` may change, by the column each is stored in.
UPDATABLE = {
    "status": "status",
    "options": "options_json",
    "seats": "seats_json",
    "fixed_order": "fixed_order",
    "state_json": "state_json",
    "lobby_message_id": "lobby_message_id",
    "table_message_id": "table_message_id",
    "host_id": "host_id",
    "parent_channel_id": "parent_channel_id",
    "summary_message_id": "summary_message_id",
    "end_reason": "end_reason",
    # The game's turn clock in seconds (column ``clock``; ``update``'s own ``clock`` is the clocks' state).
    "clock_seconds": "clock",
    "coach": "coach",
}
#: Columns ``set_message_ids`` may write.
MESSAGE_COLUMNS = ("lobby_message_id", "table_message_id", "summary_message_id", "feed_json")


class Row(Protocol):
    """A row by column name: ``sqlite3.Row``/``aiosqlite.Row`` and ``asyncpg.Record`` alike."""

    def __getitem__(self, key: str, /) -> Any: ...


def dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def loads_object(text: str | None) -> dict[str, Any]:
    return dict(json.loads(text)) if text else {}


def game_record(row: Row) -> GameRecord:
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game_id=row["game_id"],
        status=Status(row["status"]),
        host_id=row["host_id"],
        options=loads_object(row["options_json"]),
        seed=row["seed"],
        seats=[SeatInfo.model_validate(s) for s in json.loads(row["seats_json"])],
        fixed_order=bool(row["fixed_order"]),
        state_json=row["state_json"],
        version=row["version"],
        lobby_message_id=row["lobby_message_id"],
        table_message_id=row["table_message_id"],
        parent_channel_id=row["parent_channel_id"],
        summary_message_id=row["summary_message_id"],
        feed=loads_object(row["feed_json"]),
        end_reason=row["end_reason"],
        clock=row["clock"],
        clock_state=loads_object(row["clock_json"]),
        rematch_of=row["rematch_of"],
        coach=bool(row["coach"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


def action_record(row: Row) -> ActionRecord:
    return ActionRecord(
        seq=row["seq"],
        seat=row["seat"],
        user_id=row["user_id"],
        action=json.loads(row["action_json"]),
        created_at=row["created_at"],
        decided_by=row["decided_by"],
        seats=None if row["seats_json"] is None else json.loads(row["seats_json"]),
    )


def result_row(row: Row) -> ResultRow:
    return ResultRow(
        seat=row["seat"],
        user_id=row["user_id"],
        place=row["place"],
        score=row["score"],
        winner=bool(row["winner"]),
    )


def outbox_entry(row: Row) -> OutboxEntry:
    return OutboxEntry(
        id=row["id"],
        game_pk=row["game_pk"],
        version=row["version"],
        message=message_of(row["kind"], json.loads(row["payload_json"])),
        seat=row["seat"],
        state_json=row["state_json"],
        attempts=row["attempts"],
        last_error=row["last_error"],
    )


def timer_row(row: Row) -> TimerRow:
    return TimerRow(
        id=row["id"],
        game_pk=row["game_pk"],
        seat=row["seat"],
        kind=row["kind"],
        due_at=row["due_at"],
        version=row["version"],
        done_at=row["done_at"],
        outcome=row["outcome"],
    )


# -- writing ---------------------------------------------------------------------------------------------
def publish(item: OutboxItem | None) -> Publish | None:
    if item is None:
        return None
    return (item.kind, item.seat, dumps(item.payload), item.state_json)


def clock(write: ClockWrite | None) -> Clock | None:
    if write is None:
        return None
    timers = [(t.seat, t.kind, t.due_at, t.version) for t in write.timers]
    return (dumps(write.state), write.cancel_all, list(write.cancel), timers)


def results(rows: Sequence[ResultRow] | None) -> list[Result]:
    return [(r.seat, r.user_id, r.place, r.score, int(r.winner)) for r in rows or ()]


def action(
    seat: str,
    user_id: int | None,
    move: Mapping[str, object],
    decided_by: str | None,
    holders: Sequence[SeatInfo] | None,
) -> Action:
    held = None
    if holders is not None:
        held = json.dumps([h.model_dump(mode="json", exclude_defaults=True) for h in holders])
    return (seat, user_id, dumps(dict(move)), decided_by, held)


def seats_json(seats: Sequence[SeatInfo]) -> str:
    return json.dumps([s.model_dump() for s in seats])


def assignments(fields: Mapping[str, object]) -> list[tuple[str, object]]:
    """``update``'s fields as ``(column, stored value)``; an unknown field is the caller's mistake."""
    unknown = set(fields) - set(UPDATABLE)
    if unknown:
        raise ValueError(f"not updatable: {sorted(unknown)}")
    out: list[tuple[str, object]] = []
    for key, value in fields.items():
        stored = value
        if key == "options":
            assert isinstance(value, Mapping)
            stored = json.dumps(dict(value))
        elif key == "seats":
            assert isinstance(value, list)
            stored = seats_json(value)
        elif key == "status":
            stored = Status(str(value)).value
        elif key in ("fixed_order", "coach"):
            stored = int(bool(value))
        out.append((UPDATABLE[key], stored))
    return out


def message_columns(
    lobby_message_id: int | None,
    table_message_id: int | None,
    summary_message_id: int | None,
    feed: Mapping[str, object] | None,
) -> dict[str, int | str]:
    """``set_message_ids``' columns: those given, by name."""
    columns: dict[str, int | str] = {}
    if feed is not None:
        columns["feed_json"] = json.dumps(dict(feed))
    for column, value in (
        ("lobby_message_id", lobby_message_id),
        ("table_message_id", table_message_id),
        ("summary_message_id", summary_message_id),
    ):
        if value is not None:
            columns[column] = value
    return columns


def new_game_row(
    *,
    guild_id: int,
    channel_id: int,
    game_id: str,
    host_id: int,
    seed: int,
    options: Mapping[str, object],
    seats: Sequence[SeatInfo],
    parent_channel_id: int | None,
    clock: int,
    rematch_of: int | None,
    coach: bool = False,
) -> dict[str, object]:
    """A new lobby's columns (its status, version and times are the table's defaults)."""
    return {
        "guild_id": guild_id,
        "channel_id": channel_id,
        "game_id": game_id,
        "host_id": host_id,
        "options_json": json.dumps(dict(options)),
        "seed": seed,
        "seats_json": seats_json(seats),
        "parent_channel_id": parent_channel_id,
        "clock": clock,
        "rematch_of": rematch_of,
        "coach": int(coach),
    }
