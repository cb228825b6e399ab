"""Options validation that tells the player what is allowed instead of a pydantic traceback."""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, TypeVar

from pydantic import ValidationError
from pydantic.fields import FieldInfo

from engines.core.errors import BadOptions
from engines.core.models import Options

OptionsT = TypeVar("OptionsT", bound=Options)


def allowed_values(field: FieldInfo) -> str:
    """A short human-readable description of what a field accepts, e.g. ``true|false`` or ``3..5``."""
    ann = field.annotation
    origin = typing.get_origin(ann)
    if ann is bool:
        return "true|false"
    if origin is Literal:
        return "|".join(str(a) for a in typing.get_args(ann))
    if isinstance(ann, type) and issubclass(ann, enum.Enum):
        return "|".join(str(m.value) for m in ann)
    if origin in (typing.Union, types.UnionType):
        return "|".join(
            "none" if a is type(None) else getattr(a, "__name__", str(a)) for a in typing.get_args(ann)
        )
    lo = hi = None
    for meta in field.metadata:
        lo = getattr(meta, "ge", lo) if getattr(meta, "ge", None) is not None else lo
        hi = getattr(meta, "le", hi) if getattr(meta, "le", None) is not None else hi
    if lo is not None or hi is not None:
        return f"{'' if lo is None else lo}..{'' if hi is None else hi}"
    return getattr(ann, "__name__", str(ann))


def describe(model: type[Options]) -> list[dict[str, str]]:
    """Each option's name, default and allowed values: for ``/game new`` help and autocomplete."""
    return [
        {
            "name": name,
            "default": _fmt(field.default),
            "allowed": allowed_values(field),
            "description": field.description or "",
        }
        for name, field in model.model_fields.items()
    ]


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def validate_options(model: type[OptionsT], raw: OptionsT | Mapping[str, Any] | None) -> OptionsT:
    """Build options from user data. Unknown names and bad values raise ``BadOptions`` listing the
    allowed values of each offending field, so the bot can answer in one message."""
    if isinstance(raw, model):
        return raw
    data = dict(raw or {})
    unknown = sorted(k for k in data if k not in model.model_fields)
    if unknown:
        raise BadOptions(
            problems=[
                {"field": k, "error": "unknown", "allowed": ", ".join(model.model_fields)} for k in unknown
            ]
        )
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            name = str(err["loc"][0]) if err["loc"] else ""
            field = model.model_fields.get(name)
            problems.append(
                {
                    "field": name,
                    "error": "invalid",
                    "value": _fmt(err.get("input")),
                    "allowed": allowed_values(field) if field else "",
                }
            )
        raise BadOptions(problems=problems) from None
