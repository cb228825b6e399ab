"""REST routes for guild scheduled events (the rules Discord applies are in ``scheduled_events``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import payloads
from .errors import ApiError
from .permissions import Permission, base_permissions
from .rest import Call, Result, Router
from .routes_basic import snowflake
from .scheduled_events import (
    EXTERNAL,
    ScheduledEvent,
    check_shape,
    move_status,
    parse_time,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

CREATE_EVENTS = int(Permission.CREATE_EVENTS)
MANAGE_EVENTS = int(Permission.MANAGE_EVENTS)


def event_payload(fake: FakeDiscord, event: ScheduledEvent, *, with_count: bool = True) -> dict[str, Any]:
    store = fake.store
    data: dict[str, Any] = {
        "id": str(event.id),
        "guild_id": str(event.guild_id),
        "name": event.name,
        "description": event.description,
        "channel_id": None if event.channel_id is None else str(event.channel_id),
        "creator_id": str(event.creator_id),
        "creator": payloads.user(store.users[event.creator_id]),
        "image": None,
        "scheduled_start_time": store.clock.iso(event.start),
        "scheduled_end_time": None if event.end is None else store.clock.iso(event.end),
        "status": event.status,
        "entity_type": event.entity_type,
        "entity_id": None,
        "recurrence_rule": None,
        "privacy_level": event.privacy_level,
        "guild_scheduled_event_exceptions": [],
        "entity_metadata": {"location": event.location} if event.entity_type == EXTERNAL else None,
    }
    if with_count:
        data["user_count"] = len(event.interested)
    return data


def register(router: Router, fake: FakeDiscord) -> None:
    store = fake.store
    bot = store.bot_user

    def guild_of(call: Call) -> int:
        guild_id = snowflake(call, "guild_id")
        if guild_id not in store.guilds:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild_id

    def event_of(call: Call, guild_id: int) -> ScheduledEvent:
        event = store.scheduled_events.get(snowflake(call, "guild_scheduled_event_id"))
        if event is None or event.guild_id != guild_id:
            raise ApiError(404, 10070, "Unknown Guild Scheduled Event")
        return event

    def may(guild_id: int, needed: int, *, own: ScheduledEvent | None = None) -> None:
        have = base_permissions(store, guild_id, bot.id)
        if have & MANAGE_EVENTS:
            return
        if have & CREATE_EVENTS and (own is None or own.creator_id == bot.id):
            return
        raise ApiError(403, 50013, "Missing Permissions")

    async def dispatch(kind: str, event: ScheduledEvent) -> None:
        await fake.gateway.dispatch(kind, event_payload(fake, event, with_count=False))

    async def listing(call: Call) -> Result:
        guild_id = guild_of(call)
        counted = call.flag("with_user_count")
        events = [e for e in store.scheduled_events.values() if e.guild_id == guild_id]
        return 200, [event_payload(fake, e, with_count=counted) for e in events]

    async def create(call: Call) -> Result:
        guild_id = guild_of(call)
        may(guild_id, CREATE_EVENTS)
        body = call.json()
        meta = body.get("entity_metadata") or {}
        end = body.get("scheduled_end_time")
        channel = body.get("channel_id")
        event = ScheduledEvent(
            id=store.ids.next(),
            guild_id=guild_id,
            creator_id=bot.id,
            name=str(body["name"]),
            description=body.get("description"),
            start=parse_time(body["scheduled_start_time"], "/scheduled_start_time"),
            end=None if end is None else parse_time(end, "/scheduled_end_time"),
            entity_type=int(body["entity_type"]),
            location=meta.get("location"),
            channel_id=None if channel is None else int(channel),
            privacy_level=int(body["privacy_level"]),
        )
        check_shape(event, store.clock.now(), new=True)
        store.scheduled_events[event.id] = event
        store.bump()
        await dispatch("GUILD_SCHEDULED_EVENT_CREATE", event)
        return 200, event_payload(fake, event)

    async def get_one(call: Call) -> Result:
        guild_id = guild_of(call)
        return 200, event_payload(fake, event_of(call, guild_id), with_count=call.flag("with_user_count"))

    async def edit(call: Call) -> Result:
        guild_id = guild_of(call)
        event = event_of(call, guild_id)
        may(guild_id, MANAGE_EVENTS, own=event)
        if event.status not in (1, 2):
            raise ApiError(400, 180000, "Cannot modify a finished event")
        body = call.json()
        changed = ScheduledEvent(**{**event.__dict__, "interested": event.interested})
        if "name" in body:
            changed.name = str(body["name"])
        if "description" in body:
            changed.description = body["description"]
        if "scheduled_start_time" in body:
            changed.start = parse_time(body["scheduled_start_time"], "/scheduled_start_time")
        if "scheduled_end_time" in body:
            end = body["scheduled_end_time"]
            changed.end = None if end is None else parse_time(end, "/scheduled_end_time")
        if "entity_type" in body:
            changed.entity_type = int(body["entity_type"])
        if "channel_id" in body:
            changed.channel_id = None if body["channel_id"] is None else int(body["channel_id"])
        if "entity_metadata" in body:
            changed.location = (body["entity_metadata"] or {}).get("location")
        check_shape(changed, store.clock.now(), new="scheduled_start_time" in body)
        if "status" in body:
            move_status(changed, int(body["status"]))
        event.__dict__.update(changed.__dict__)
        store.bump()
        await dispatch("GUILD_SCHEDULED_EVENT_UPDATE", event)
        return 200, event_payload(fake, event)

    async def delete(call: Call) -> Result:
        guild_id = guild_of(call)
        event = event_of(call, guild_id)
        may(guild_id, MANAGE_EVENTS, own=event)
        del store.scheduled_events[event.id]
        store.bump()
        await dispatch("GUILD_SCHEDULED_EVENT_DELETE", event)
        return 204, None

    async def users(call: Call) -> Result:
        guild_id = guild_of(call)
        event = event_of(call, guild_id)
        limit = int(call.query.get("limit") or 100)
        with_member = call.flag("with_member")
        out = []
        for user_id in sorted(event.interested)[:limit]:
            row: dict[str, Any] = {
                "guild_scheduled_event_id": str(event.id),
                "user_id": str(user_id),
                "user": payloads.user(store.users[user_id]),
                "response": 1,
            }
            member = store.member(guild_id, user_id)
            if with_member and member is not None:
                row["member"] = payloads.member(member, with_user=False)
            out.append(row)
        return 200, out

    base = "/guilds/{guild_id}/scheduled-events"
    router.add("GET", base, listing)
    router.add("POST", base, create)
    one = base + "/{guild_scheduled_event_id}"
    router.add("GET", one, get_one)
    router.add("PATCH", one, edit)
    router.add("DELETE", one, delete)
    router.add("GET", one + "/users", users)
