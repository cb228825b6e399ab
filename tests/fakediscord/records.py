"""What the fake remembers about the bot's behaviour: requests, violations, rejections, latencies."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Upload:
    """One ``files[n]`` part of a multipart request."""

    field_name: str
    filename: str
    content_type: str | None
    data: bytes


@dataclass
class RequestRecord:
    """One HTTP request the bot made, as the fake saw it."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    uploads: list[Upload]
    started: float  # time.perf_counter() when it arrived
    content_type: str | None = None
    spec_path: str | None = None
    status: int | None = None
    finished: float | None = None
    response: Any = None
    interaction_id: int | None = None
    injected: str | None = None  # the fault kind when the fake made the answer up (see faults.py)

    @property
    def duration(self) -> float | None:
        return None if self.finished is None else self.finished - self.started

    def describe(self) -> str:
        body = json.dumps(self.body, ensure_ascii=False, default=str) if self.body is not None else ""
        if len(body) > 600:
            body = body[:600] + "…"
        files = f" files={[u.filename for u in self.uploads]}" if self.uploads else ""
        return f"{self.method} {self.path} -> {self.status}{files} {body}".rstrip()


@dataclass
class Violation:
    """Something the bot did that real Discord would refuse or that breaks a rule the bot must keep."""

    kind: (
        str  # schema, limits, deadline, double-ack, unimplemented, trap, bad-request, fake-response, gateway
    )
    message: str
    request: RequestRecord | None = None
    pointer: str | None = None  # JSON pointer into openapi.json of the failing schema keyword
    instance_path: str | None = None  # JSON pointer into the request body

    def describe(self) -> str:
        lines = [f"[{self.kind}] {self.message}"]
        if self.pointer:
            lines.append(f"    schema: openapi.json#{self.pointer}")
        if self.instance_path is not None:
            lines.append(f"    body at: {self.instance_path or '/'}")
        if self.request is not None:
            lines.append(f"    request: {self.request.describe()}")
        return "\n".join(lines)


@dataclass
class Rejection:
    """A 4xx answer the fake gave that real Discord would give too (not necessarily a bug)."""

    status: int
    code: int
    message: str
    request: RequestRecord


@dataclass
class Notice:
    """Something Discord does without an error that the bot may not expect (embeds dropped, ...)."""

    text: str
    request: RequestRecord | None = None


@dataclass
class LatencySample:
    """Per interaction: seconds from INTERACTION_CREATE to the first callback and to the last request."""

    kind: str
    first_response: float | None
    last_request: float | None
    extra: dict[str, Any] = field(default_factory=dict)


class ViolationError(AssertionError):
    """Raised by the harness when the bot broke a rule; lists every violation."""

    def __init__(self, violations: list[Violation]) -> None:
        self.violations = list(violations)
        text = "\n".join(v.describe() for v in self.violations)
        super().__init__(f"the fake Discord recorded {len(self.violations)} violation(s):\n{text}")
