"""The one place a component's custom id is written and read back, with the values of its selects.

A custom id comes back from the Discord client, so it is input like any other: an old message made by an
earlier version of the bot, or a tampered client, can send anything. ``parse`` reads one into a
``ControlId`` or refuses it with ``BadControl`` (worded ``errors.bad_control``: nothing was done), never
with an internal error; ``chosen`` does the same for a select's value. ``build`` writes what ``parse``
reads, so the two cannot drift apart.

The layout is ``dh:<kind>[:<op>]:<number>…``: the kind names the control, ``op`` (for kinds that have
one) says which of its buttons, and the numbers are the game's key, the state version the control was
built for, and positions (page, group, move index). Numbers are plain ASCII digits and fit SQLite's
INTEGER, so a forged "huge" key is refused here rather than failing in the store.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.errors import UserError

log = logging.getLogger(__name__)

PREFIX = "dh"
#: Discord's limit for a custom id.
MAX_LENGTH = 100
#: The largest game key SQLite stores (a signed 64-bit INTEGER).
MAX_KEY = 2**63 - 1
#: Positions (pages, groups, move indexes) the bot writes are small; anything beyond is not ours.
MAX_POSITION = 100_000
_NUMBER = re.compile(r"0|[1-9][0-9]{0,18}")


class BadControl(UserError):
    """A component the bot cannot read: refused, nothing done (``errors.bad_control``)."""

    def __init__(self, why: str) -> None:
        super().__init__("bad_control")
        # Kept out of ``params``: the reason is for the log, the player gets one plain sentence.
        self.why = why


@dataclass(frozen=True)
class Kind:
    """One kind of control: its operations (empty: none) and its numeric fields, in order."""

    name: str
    fields: tuple[str, ...]
    ops: tuple[str, ...] = ()


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind("lobby", ("pk",), ops=("join", "leave", "start")),
        Kind("hand", ("pk",)),
        Kind("act", ("pk", "ver", "page")),
        Kind("grp", ("pk", "ver", "page")),
        Kind("quick", ("pk", "ver", "idx")),
        Kind("page", ("pk", "ver", "grp", "page")),
        Kind("abort", ("pk", "ver"), ops=("yes", "no")),
        Kind("airetry", ("pk",)),
    )
}


def register(kind: Kind) -> Kind:
    """Another module's control kind (a game's answer buttons, the records' pagers), so its controls build
    and read ids with ``build``/``parse`` too. Its control's template should take every id of the kind
    (``controls.control_template``) and refuse what ``parse`` refuses; an id no control's template takes is
    answered by ``controls.UnknownControl``."""
    if kind.name in KINDS and KINDS[kind.name] != kind:
        raise ValueError(f"control kind {kind.name!r} is defined twice")
    KINDS[kind.name] = kind
    return kind


@dataclass(frozen=True)
class ControlId:
    kind: str
    values: Mapping[str, int]
    op: str = ""

    @property
    def pk(self) -> int:
        return self.values["pk"]

    def __getitem__(self, name: str) -> int:
        return self.values[name]


def build(kind: str, *numbers: int, op: str = "") -> str:
    """The custom id of a control; refuses (a bug, not input) what ``parse`` would not read back."""
    spec = KINDS[kind]
    if (op or spec.ops) and op not in spec.ops:
        raise ValueError(f"{kind}: op {op!r} not in {spec.ops}")
    if len(numbers) != len(spec.fields) or any(not 0 <= n <= MAX_KEY for n in numbers):
        raise ValueError(f"{kind}: {numbers!r} do not fit {spec.fields}")
    text = ":".join([PREFIX, kind, *([op] if op else []), *(str(n) for n in numbers)])
    if len(text) > MAX_LENGTH:
        raise ValueError(f"custom id longer than {MAX_LENGTH}: {text!r}")
    return text


def kind_of(custom_id: str) -> str | None:
    """The kind an id claims (``dh:act:…`` -> ``act``), whether or not the rest reads; ``None`` for an id
    that is not the bot's at all."""
    parts = custom_id.split(":", 2)
    return parts[1] if len(parts) >= 2 and parts[0] == PREFIX else None


def parse(custom_id: str, kind: str | None = None) -> ControlId:
    """Read a custom id (``kind``: the one the caller handles), or refuse it with ``BadControl``."""
    if not isinstance(custom_id, str) or len(custom_id) > MAX_LENGTH:
        raise BadControl("not a string of at most 100 characters")
    parts = custom_id.split(":")
    if len(parts) < 2 or parts[0] != PREFIX:
        raise BadControl(f"not a {PREFIX}: id")
    spec = KINDS.get(parts[1])
    if spec is None or (kind is not None and spec.name != kind):
        raise BadControl(f"unknown kind {parts[1][:20]!r}")
    rest = parts[2:]
    op = ""
    if spec.ops:
        if not rest or rest[0] not in spec.ops:
            raise BadControl(f"{spec.name}: unknown op")
        op, rest = rest[0], rest[1:]
    if len(rest) != len(spec.fields):
        raise BadControl(f"{spec.name}: {len(rest)} fields, {len(spec.fields)} expected")
    values = {name: _number(text, name) for name, text in zip(spec.fields, rest, strict=True)}
    if values["pk"] < 1:
        raise BadControl("game key below 1")
    return ControlId(spec.name, values, op)


def _number(text: str, name: str) -> int:
    if not _NUMBER.fullmatch(text):
        raise BadControl(f"{name}: not a plain number")
    value = int(text)
    limit = MAX_KEY if name in ("pk", "ver") else MAX_POSITION
    if value > limit:
        raise BadControl(f"{name}: out of range")
    return value


def chosen(data: Mapping[str, object] | None, limit: int = MAX_POSITION) -> int:
    """The one value picked in a select the bot built (its values are positions, ``0 <= n < limit``), or
    ``BadControl``: no value, several, or one that is not such a number."""
    values = (data or {}).get("values")
    if not isinstance(values, Sequence) or isinstance(values, str) or len(values) != 1:
        raise BadControl("a select of the bot takes exactly one value")
    text = values[0]
    if not isinstance(text, str) or not _NUMBER.fullmatch(text) or int(text) >= limit:
        raise BadControl("select value is not a position")
    return int(text)
