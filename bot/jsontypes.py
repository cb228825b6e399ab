"""JSON values as types, for what the bot stores as JSON or hands along untouched (options, catalog
parameters, outbox payloads). A leaf module: ``bot.store`` and ``bot.table`` both import it."""

from __future__ import annotations

from typing import TypeAlias

from pydantic import JsonValue

#: A JSON object: a mapping from strings to JSON values (pydantic's recursive ``JsonValue``).
JsonObject: TypeAlias = dict[str, JsonValue]

__all__ = ["JsonObject", "JsonValue"]
