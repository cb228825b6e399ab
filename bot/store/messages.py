"""What an outbox entry tells the players: one typed message per kind, told apart by ``kind``.

The outbox table keeps the kind in its own column and the rest as JSON (``payload_json``); each message
writes the same keys the entries were written with before it was typed, so every row of an older version
reads back (``tests/bot/store/test_outbox_messages.py``).
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bot.jsontypes import JsonObject, JsonValue


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True)

    def stored(self) -> JsonObject:
        """The JSON of ``payload_json`` (the kind has its own column)."""
        return self.model_dump(mode="json", exclude={"kind"}, exclude_none=True)


class Changed(_Message):
    """The rules moved the game: it began (``start``) or a seat moved (``move``). ``events``: every event of
    the change as the engine dumped it (the publisher shows each audience only its own, read back as the
    game's classes by ``bot.table.events``)."""

    kind: Literal["start", "move"]
    events: list[JsonObject] = []


class Told(_Message):
    """A line about the table itself (a player left, came back, timed out): the catalog ``key`` and its
    ``params``, the members it may mention (``ping``) and its button (``"take_back"``), if any."""

    kind: Literal["notice"] = "notice"
    key: str = ""
    params: JsonObject = {}
    ping: list[int] | None = None
    button: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _flat(cls, data: object) -> object:
        # Stored flat (``{"key": …, "name": …, "ping": …}``): the params are the keys that are not the others.
        if isinstance(data, dict) and "params" not in data:
            own = {"kind", "key", "ping", "button"}
            params = {k: v for k, v in data.items() if k not in own}
            return {**{k: v for k, v in data.items() if k in own}, "params": params}
        return data

    def stored(self) -> JsonObject:
        out: JsonObject = {"key": self.key, **self.params}
        if self.ping:
            out["ping"] = list(self.ping)
        if self.button:
            out["button"] = self.button
        return out


class Ended(_Message):
    """The game ended without a result: ``reason`` ("aborted", "aborted_by", "abandoned") and the
    ``name`` it names, if any."""

    kind: Literal["end"] = "end"
    reason: str = "aborted"
    name: str | None = None


#: One outbox message, told apart by its ``kind``.
OutboxMessage: TypeAlias = Annotated[Changed | Told | Ended, Field(discriminator="kind")]


def message_of(kind: str, payload: JsonValue) -> dict[str, JsonValue]:
    """The input of an ``OutboxMessage`` from a row's kind and payload."""
    return {**(payload if isinstance(payload, dict) else {}), "kind": kind}
