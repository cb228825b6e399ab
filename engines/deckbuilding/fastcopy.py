"""A shallow copy of a pydantic model with some fields replaced, without validation.

Engines copy their state on every action (``Engine.apply``); ``model_construct`` walks every field and
costs several microseconds per model, which adds up at thousands of AI games. This copies the instance
dict and swaps in the given (already copied) values; the caller guarantees they are valid.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


def shallow_copy(model: M, **updates: Any) -> M:
    new = model.__class__.__new__(model.__class__)
    object.__setattr__(new, "__dict__", {**model.__dict__, **updates})
    object.__setattr__(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__) | set(updates))
    object.__setattr__(new, "__pydantic_extra__", model.__pydantic_extra__)
    object.__setattr__(new, "__pydantic_private__", model.__pydantic_private__)
    return new
