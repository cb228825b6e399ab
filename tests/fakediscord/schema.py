"""Validation of request (and the fake's own response) bodies against Discord's OpenAPI description.

The spec lives outside the repo, at ``<repo>/../shared/discord-api-spec/openapi.json``. When it is missing,
validation is off and ``SpecStatus.reason`` says why, so tests that need it can skip with that reason.
"""

from __future__ import annotations

import json
import logging
import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

log = logging.getLogger(__name__)

SPEC_URI = "urn:discord-openapi"
REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SPEC_PATH = REPO_ROOT.parent / "shared" / "discord-api-spec" / "openapi.json"


@dataclass(frozen=True)
class SchemaProblem:
    message: str
    pointer: str  # JSON pointer into openapi.json of the failing keyword
    instance_path: str  # JSON pointer into the body


@dataclass(frozen=True)
class SpecRoute:
    template: str  # the spec's path, e.g. /channels/{channel_id}/messages
    pattern: re.Pattern[str]
    literal_segments: int


class Spec:
    """Discord's OpenAPI document, its path templates and lazily built validators."""

    def __init__(self, document: dict[str, Any], source: Path) -> None:
        self.document = document
        self.source = source
        self._registries = {
            "request": _registry(_lenient_snowflakes(document)),
            "response": _registry(document),
        }
        self._routes = [self._compile(template) for template in document["paths"]]
        # More literal segments first: /messages/@original must win over /messages/{message_id}.
        self._routes.sort(key=lambda r: -r.literal_segments)
        self._validators: dict[tuple[str, str], Draft202012Validator] = {}

    @staticmethod
    def _compile(template: str) -> SpecRoute:
        parts = template.strip("/").split("/")
        regex = "".join("/[^/]+" if p.startswith("{") else "/" + re.escape(p) for p in parts)
        literal = sum(1 for p in parts if not p.startswith("{"))
        return SpecRoute(template, re.compile(f"^{regex}$"), literal)

    def match(self, method: str, path: str) -> str | None:
        """The spec's templated path for a concrete request path, or None when the spec lacks it."""
        for route in self._routes:
            if route.pattern.match(path) and method.lower() in self.document["paths"][route.template]:
                return route.template
        return None

    def _validator(self, pointer: str, direction: str) -> Draft202012Validator:
        key = (pointer, direction)
        if key not in self._validators:
            schema = {"$ref": f"{SPEC_URI}#{pointer}"}
            self._validators[key] = Draft202012Validator(schema, registry=self._registries[direction])
        return self._validators[key]

    def request_schema_pointer(self, template: str, method: str, content_type: str) -> str | None:
        operation = self.document["paths"][template][method.lower()]
        content = operation.get("requestBody", {}).get("content", {})
        media = content_type if content_type in content else "application/json"
        if media not in content:
            return None
        return "/" + "/".join(
            _escape(p) for p in ("paths", template, method.lower(), "requestBody", "content", media, "schema")
        )

    def response_schema_pointer(self, template: str, method: str, status: int) -> str | None:
        operation = self.document["paths"][template][method.lower()]
        response = operation.get("responses", {}).get(str(status))
        if not response or "application/json" not in response.get("content", {}):
            return None
        return (
            "/"
            + "/".join(
                _escape(p) for p in ("paths", template, method.lower(), "responses", str(status), "content")
            )
            + "/application~1json/schema"
        )

    def validate(self, pointer: str, instance: Any, *, direction: str = "request") -> list[SchemaProblem]:
        """Problems of ``instance`` against the schema at ``pointer``; direction "request" or "response"."""
        errors = list(self._validator(pointer, direction).iter_errors(instance))
        return [self._problem(pointer, _most_specific(error)) for error in errors]

    def _problem(self, root_pointer: str, error: ValidationError) -> SchemaProblem:
        return SchemaProblem(
            message=_message(error),
            pointer=self._document_pointer(root_pointer, list(error.absolute_schema_path)),
            instance_path="/" + "/".join(_escape(str(p)) for p in error.absolute_path)
            if error.absolute_path
            else "",
        )

    def _document_pointer(self, root_pointer: str, schema_path: list[Any]) -> str:
        """Turn jsonschema's keyword path into a pointer inside openapi.json.

        jsonschema steps through $ref transparently, so each step may first have to follow the $ref of
        the node we stand on (e.g. paths/…/schema -> components/schemas/MessageCreateRequest)."""
        pointer = root_pointer
        node: Any = _resolve_pointer(self.document, pointer)
        for key in schema_path:
            while isinstance(node, dict) and "$ref" in node and key not in node:
                pointer = node["$ref"].split("#", 1)[1]
                node = _resolve_pointer(self.document, pointer)
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                break
            pointer += "/" + _escape(str(key))
        return pointer


def _registry(document: dict[str, Any]) -> Registry[Any]:
    resource: Resource[Any] = Resource.from_contents(document, default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource(SPEC_URI, resource)
    return registry


def _lenient_snowflakes(document: dict[str, Any]) -> dict[str, Any]:
    """The spec types every snowflake as a string, but Discord also parses JSON integers (discord.py
    sends ``attachments[].id`` as the integer index of ``files[n]``). Requests get that leniency;
    the fake's own responses are still held to strings, as Discord sends them."""
    schemas = dict(document["components"]["schemas"])
    strict = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {"anyOf": [strict, {"type": "integer", "minimum": 0}]}
    return {**document, "components": {**document["components"], "schemas": schemas}}


def _most_specific(error: ValidationError) -> ValidationError:
    """Descend into anyOf/oneOf to the branch the body meant (the one whose "type" discriminator fits).

    jsonschema's best_match prefers shallow errors and so blames the wrong component kind; Discord's
    unions are discriminated by a "type" field, which tells us which branch to explain.
    """
    if not error.context:
        return error
    branches: dict[Any, list[ValidationError]] = defaultdict(list)
    for sub in error.context:
        branches[sub.relative_schema_path[0]].append(sub)

    def discriminator_mismatch(errors: list[ValidationError]) -> bool:
        return any(
            list(e.relative_path) == ["type"] and e.validator in ("enum", "const") for e in errors
        ) or any(e.validator == "type" and not e.relative_path for e in errors)

    plausible = [errs for errs in branches.values() if not discriminator_mismatch(errs)]
    if not plausible:
        return error
    chosen = min(plausible, key=len)
    deepest = max(chosen, key=lambda e: len(e.absolute_path))
    return _most_specific(deepest)


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


def _resolve_pointer(document: Any, pointer: str) -> Any:
    node = document
    for raw in pointer.lstrip("/").split("/"):
        if not raw:
            continue
        key = raw.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node[key]
    return node


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _message(error: ValidationError) -> str:
    # jsonschema quotes the whole offending value; for long strings the length is what matters.
    if error.validator in ("maxLength", "minLength") and isinstance(error.instance, str):
        return (
            f"a string of {len(error.instance)} characters breaks {error.validator} {error.validator_value}"
        )
    if error.validator in ("maxItems", "minItems") and isinstance(error.instance, list):
        return f"an array of {len(error.instance)} items breaks {error.validator} {error.validator_value}"
    return _short(error.message)


@dataclass(frozen=True)
class SpecStatus:
    spec: Spec | None
    reason: str  # why validation is on or off, for logs and pytest.skip


@cache
def load_spec(path: Path = DEFAULT_SPEC_PATH) -> SpecStatus:
    """Load the spec once per process; a missing or unreadable file turns validation off, visibly."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        reason = f"Discord OpenAPI spec not found at {path}: request bodies are NOT validated"
        log.warning("%s", reason)
        return SpecStatus(None, reason)
    except (OSError, ValueError) as exc:
        reason = f"Discord OpenAPI spec at {path} unreadable ({exc}): request bodies are NOT validated"
        log.warning("%s", reason)
        return SpecStatus(None, reason)
    return SpecStatus(Spec(document, path), f"validating bodies against {path}")
