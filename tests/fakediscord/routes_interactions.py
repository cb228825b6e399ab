"""Interaction callbacks and the interaction webhook (follow-ups, @original), with Discord's timing rules.

- The first callback must arrive within ``fake.interaction_deadline`` (3 s) of INTERACTION_CREATE:
  later ones get 404 Unknown interaction (10062) and are recorded as a violation.
- An interaction is acknowledged once: a second callback gets 400 (40060) and a violation.
- The token serves the webhook routes for ``fake.token_lifetime`` (15 min); afterwards 401 (50027).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from . import limits, payloads
from .errors import ApiError
from .rest import Call, Result, Router
from .routes_messages import check_limits, require_not_empty
from .state import EPHEMERAL, LOADING, Interaction, Message

if TYPE_CHECKING:
    from .server import FakeDiscord

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = (
    4,
    5,
    6,
    7,
    8,
    9,
)

ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}


def interaction_metadata(fake: FakeDiscord, inter: Interaction, *, followup: bool = False) -> dict[str, Any]:
    store = fake.store
    data: dict[str, Any] = {
        "id": str(inter.id),
        "type": inter.type,
        "user": payloads.user(store.users[inter.user_id]),
        "authorizing_integration_owners": {"0": str(inter.guild_id)}
        if inter.guild_id
        else {"1": str(inter.user_id)},
    }
    if followup and inter.original_message_id is not None:
        data["original_response_message_id"] = str(inter.original_message_id)
    if inter.type == MESSAGE_COMPONENT and inter.source_message_id is not None:
        data["interacted_message_id"] = str(inter.source_message_id)
    if inter.type == MODAL_SUBMIT:
        opener = store.interactions.get(inter.opened_by or 0)
        data["triggering_interaction_metadata"] = (
            interaction_metadata(fake, opener)
            if opener
            else {"id": str(inter.id), "type": APPLICATION_COMMAND, "authorizing_integration_owners": {}}
        )
    return data


def register(router: Router, fake: FakeDiscord) -> None:
    store = fake.store
    ops = fake.messages

    def _by_token(call: Call) -> Interaction:
        if call.params["webhook_id"] != str(store.application_id):
            raise ApiError(404, 10015, "Unknown Webhook")
        inter = store.interactions_by_token.get(call.params["token"])
        if inter is None:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        call.record.interaction_id = inter.id
        inter.last_related_perf = time.perf_counter()
        if fake.clock.monotonic() - inter.created_clock > fake.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return inter

    def _message_type(inter: Interaction) -> int:
        return 20 if inter.type == APPLICATION_COMMAND else 0

    # ------------------------------------------------------------------ callback
    async def callback(call: Call) -> Result:
        inter = store.interactions.get(snowflake_or_zero(call.params["interaction_id"]))
        if inter is None or inter.token != call.params["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        call.record.interaction_id = inter.id
        now = time.perf_counter()
        inter.last_related_perf = now
        if inter.acknowledged:
            fake.violation(
                "double-ack",
                f"interaction {inter.kind!r} was already acknowledged (callback type {inter.callback_type})",
                request=call.record,
            )
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = fake.clock.monotonic() - inter.created_clock
        if elapsed > fake.interaction_deadline:
            fake.mark_late(inter, elapsed, call.record)
            raise ApiError(404, 10062, "Unknown interaction")
        body = call.json()
        kind = int(body.get("type", 0))
        data: dict[str, Any] = body.get("data") or {}
        allowed = ALLOWED_CALLBACKS.get(inter.type, set())
        if kind in (DEFERRED_UPDATE, UPDATE_MESSAGE) and inter.source_message_id is None:
            allowed = allowed - {DEFERRED_UPDATE, UPDATE_MESSAGE}
        if kind not in allowed:
            fake.violation(
                "bad-callback",
                f"callback type {kind} is not allowed for interaction type {inter.type} ({inter.kind!r})",
                request=call.record,
            )
            raise ApiError(400, 50035, "Invalid Form Body: interaction response type not allowed")
        if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            check_limits(fake, call, limits.check_message(data, call.uploads, at="/data"))
        elif kind == MODAL:
            check_limits(fake, call, limits.check_modal(data))
        elif kind == AUTOCOMPLETE_RESULT:
            check_limits(fake, call, limits.check_choices(data))
        if kind == CHANNEL_MESSAGE:
            require_not_empty(data, call.uploads)

        # Acknowledge before any await, so a racing second callback sees it.
        inter.callback_type = kind
        inter.callback_perf = now
        message: Message | None = None
        channel = store.channels[inter.channel_id]
        ephemeral_to = inter.user_id if int(data.get("flags") or 0) & EPHEMERAL else None
        try:
            if kind == CHANNEL_MESSAGE:
                message = await ops.create(
                    channel,
                    store.bot_user,
                    data,
                    call.uploads,
                    ephemeral_to=ephemeral_to,
                    webhook_id=store.application_id,
                    application_id=store.application_id,
                    interaction_metadata=interaction_metadata(fake, inter),
                    interaction_id=inter.id,
                    type=_message_type(inter),
                )
                inter.original_message_id = message.id
            elif kind == DEFERRED_MESSAGE:
                message = await ops.create(
                    channel,
                    store.bot_user,
                    {"flags": data.get("flags")},
                    [],
                    ephemeral_to=ephemeral_to,
                    extra_flags=LOADING,
                    webhook_id=store.application_id,
                    application_id=store.application_id,
                    interaction_metadata=interaction_metadata(fake, inter),
                    interaction_id=inter.id,
                    type=_message_type(inter),
                )
                inter.original_message_id = message.id
            elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
                message = store.messages[inter.source_message_id or 0]
                inter.original_message_id = message.id
                if kind == UPDATE_MESSAGE:
                    await ops.edit(message, data, call.uploads)
            elif kind == AUTOCOMPLETE_RESULT:
                inter.choices = list(data.get("choices") or [])
            elif kind == MODAL:
                inter.modal = data
        finally:
            store.bump()

        if not call.flag("with_response"):
            return 204, None
        info: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        if inter.channel_id:
            info["channel_id"] = str(inter.channel_id)
        if inter.guild_id:
            info["guild_id"] = str(inter.guild_id)
        if message is not None and kind in (CHANNEL_MESSAGE, DEFERRED_MESSAGE, UPDATE_MESSAGE):
            info["response_message_id"] = str(message.id)
            info["response_message_loading"] = message.loading
            info["response_message_ephemeral"] = message.ephemeral
        result: dict[str, Any] = {"interaction": info}
        if message is not None and kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            result["resource"] = {"type": kind, "message": payloads.message(message, store)}
        return 200, result

    # ------------------------------------------------------------------ webhook with the interaction token
    def _require_ack(inter: Interaction, call: Call) -> None:
        if not inter.acknowledged:
            fake.violation(
                "protocol",
                f"webhook call for {inter.kind!r} before the interaction was acknowledged",
                request=call.record,
            )
            raise ApiError(404, 10015, "Unknown Webhook")

    async def followup(call: Call) -> Result:
        inter = _by_token(call)
        _require_ack(inter, call)
        body = call.json()
        check_limits(fake, call, limits.check_message(body, call.uploads))
        require_not_empty(body, call.uploads)
        original = store.messages.get(inter.original_message_id or 0)
        if original is not None and original.loading and original.interaction_id == inter.id:
            # Discord turns the first follow-up after a deferred reply into that reply.
            message = await ops.edit(original, body, call.uploads)
        else:
            channel = store.channels[inter.channel_id]
            ephemeral_to = inter.user_id if int(body.get("flags") or 0) & EPHEMERAL else None
            message = await ops.create(
                channel,
                store.bot_user,
                body,
                call.uploads,
                ephemeral_to=ephemeral_to,
                webhook_id=store.application_id,
                application_id=store.application_id,
                interaction_metadata=interaction_metadata(fake, inter, followup=True),
                interaction_id=inter.id,
                type=0,
            )
            inter.followup_ids.append(message.id)
        if not call.flag("wait"):
            return 204, None
        return 200, payloads.message(message, store)

    def _target(call: Call, inter: Interaction) -> Message:
        ref = call.params.get("message_id", "@original")
        if ref == "@original":
            message_id = inter.original_message_id
        else:
            message_id = snowflake_or_zero(ref)
            if message_id != inter.original_message_id and message_id not in inter.followup_ids:
                message_id = None
        message = store.messages.get(message_id or 0)
        if message is None or message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def get_message(call: Call) -> Result:
        inter = _by_token(call)
        return 200, payloads.message(_target(call, inter), store)

    async def edit_message(call: Call) -> Result:
        inter = _by_token(call)
        _require_ack(inter, call)
        message = _target(call, inter)
        body = call.json()
        check_limits(fake, call, limits.check_message(body, call.uploads))
        await ops.edit(message, body, call.uploads)
        return 200, payloads.message(message, store)

    async def delete_message(call: Call) -> Result:
        inter = _by_token(call)
        await ops.delete(_target(call, inter))
        return 204, None

    router.add("POST", "/interactions/{interaction_id}/{token}/callback", callback, auth=False)
    hook = "/webhooks/{webhook_id}/{token}"
    router.add("POST", hook, followup, auth=False)
    for ref in ("/messages/@original", "/messages/{message_id}"):
        router.add("GET", hook + ref, get_message, auth=False)
        router.add("PATCH", hook + ref, edit_message, auth=False)
        router.add("DELETE", hook + ref, delete_message, auth=False)


def snowflake_or_zero(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0
