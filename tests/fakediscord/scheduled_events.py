"""Guild scheduled events, as Discord keeps them: created by the bot (or a member), edited, started,
ended or cancelled, with the members who marked themselves interested.

What Discord checks, and so the fake does (from Discord's documentation of the resource):
- creating needs CREATE_EVENTS (MANAGE_EVENTS also does); editing or deleting an event needs MANAGE_EVENTS,
  or CREATE_EVENTS for an event the same user created;
- an EXTERNAL event (entity_type 3, the kind a text-channel game night is) has no channel_id, needs
  ``entity_metadata.location`` and a ``scheduled_end_time``; a start in the past is refused, as is an end
  before the start;
- status moves SCHEDULED → ACTIVE → COMPLETED, or SCHEDULED → CANCELED, and nothing else; a finished event
  cannot be edited.
Gateway: GUILD_SCHEDULED_EVENT_CREATE / UPDATE / DELETE and GUILD_SCHEDULED_EVENT_USER_ADD / REMOVE, for a bot
with the GUILD_SCHEDULED_EVENTS intent.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from .errors import ApiError, form_errors

SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
STAGE, VOICE, EXTERNAL = 1, 2, 3
GUILD_ONLY = 2

#: The status changes Discord allows.
MOVES = {SCHEDULED: {ACTIVE, CANCELED}, ACTIVE: {COMPLETED}}


@dataclass
class ScheduledEvent:
    id: int
    guild_id: int
    creator_id: int
    name: str
    start: float
    end: float | None
    entity_type: int = EXTERNAL
    location: str | None = None
    channel_id: int | None = None
    description: str | None = None
    status: int = SCHEDULED
    privacy_level: int = GUILD_ONLY
    interested: list[int] = field(default_factory=list)


def parse_time(value: Any, where: str) -> float:
    try:
        return dt.datetime.fromisoformat(str(value)).timestamp()
    except ValueError:
        raise _invalid(where, "Could not interpret the value as a date and time.") from None


def _invalid(where: str, message: str) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", form_errors([(where, message)]))


def check_shape(event: ScheduledEvent, now: float, *, new: bool) -> None:
    """The rules Discord applies to an event's fields, on create and after an edit."""
    if event.entity_type == EXTERNAL:
        if event.channel_id is not None:
            raise _invalid("/channel_id", "An external event cannot have a channel.")
        if not event.location:
            raise _invalid("/entity_metadata/location", "This field is required for external events.")
        if event.end is None:
            raise _invalid("/scheduled_end_time", "This field is required for external events.")
    elif event.channel_id is None:
        raise _invalid("/channel_id", "This field is required for stage and voice events.")
    if new and event.start < now:
        raise _invalid("/scheduled_start_time", "Cannot schedule event in the past.")
    if event.end is not None and event.end <= event.start:
        raise _invalid("/scheduled_end_time", "Cannot schedule event to end before starting.")


def move_status(event: ScheduledEvent, status: int) -> None:
    if status == event.status:
        return
    if status not in MOVES.get(event.status, set()):
        raise _invalid("/status", f"Cannot change an event's status from {event.status} to {status}.")
    event.status = status
