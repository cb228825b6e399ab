"""The error answers Discord gives, as an exception the REST handlers raise."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data


def form_errors(problems: list[tuple[str, str]]) -> dict[str, Any]:
    """Discord's nested "errors" object for 50035 Invalid Form Body, keyed by body path."""
    errors: dict[str, Any] = {}
    for pointer, message in problems:
        node = errors
        for part in [p for p in pointer.split("/") if p]:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": "BASE_TYPE_INVALID", "message": message})
    return errors
