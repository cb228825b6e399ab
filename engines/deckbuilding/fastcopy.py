"""A shallow copy of a pydantic model with some fields replaced, without validation.

Engines copy their state on every action (``Engine.apply``); ``model_construct`` walks every field and
costs several microseconds per model, which adds up at thousands of AI games. This copies the instance
dict and swaps in the given (already copied) values; the caller guarantees they are valid.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_set = object.__setattr__


def shallow_copy(model: M, **updates: Any) -> M:
    new = _new(model.__class__)
    values = model.__dict__.copy()
    values.update(updates)
    _set(new, "__dict__", values)
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__.union(updates))
    _set(new, "__pydantic_extra__", model.__pydantic_extra__)
    _set(new, "__pydantic_private__", model.__pydantic_private__)
    return new
