"""The REST pipeline: parse the body, validate it against the spec, route it, answer like Discord.

Handlers live in ``routes_*`` modules; each registers (method, path template) pairs on the ``Router``.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from .errors import ApiError, form_errors
from .records import RequestRecord, Upload

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)


@dataclass
class Call:
    """What a handler gets: the request as parsed, path parameters, and the log record."""

    request: web.Request
    record: RequestRecord
    params: dict[str, str]
    body: Any
    uploads: list[Upload]

    @property
    def query(self) -> dict[str, str]:
        return self.record.query

    def json(self) -> dict[str, Any]:
        if not isinstance(self.body, dict):
            raise ApiError(400, 50109, "The request body contains invalid JSON.")
        return self.body

    def flag(self, name: str) -> bool:
        return self.query.get(name, "").lower() in ("1", "true")


class InjectedAnswer(Exception):
    """A fault rule answers instead of the route (see faults.py)."""

    def __init__(self, response: web.Response) -> None:
        super().__init__(response.status)
        self.response = response


Result = tuple[int, Any]  # status and JSON body (None for 204)
Handler = Callable[[Call], Awaitable[Result]]


@dataclass
class Route:
    method: str
    template: str
    pattern: re.Pattern[str]
    handler: Handler
    auth: bool


class Router:
    def __init__(self) -> None:
        self.routes: list[Route] = []

    def add(self, method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
        regex = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template)
        self.routes.append(Route(method, template, re.compile(f"^{regex}$"), handler, auth))
        # Literal segments win (…/messages/@original before …/messages/{message_id}).
        self.routes.sort(key=lambda r: -sum(1 for p in r.template.split("/") if p and "{" not in p))

    def find(self, method: str, path: str) -> tuple[Route, dict[str, str]] | None:
        for route in self.routes:
            match = route.pattern.match(path)
            if match and route.method == method:
                return route, match.groupdict()
        return None


class RestApi:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.router = Router()

    async def handle(self, request: web.Request, *, trap: bool) -> web.Response:
        path = "/" + request.match_info["tail"]
        record = RequestRecord(
            method=request.method,
            path=path,
            query=dict(request.query),
            body=None,
            uploads=[],
            started=time.perf_counter(),
            content_type=request.content_type if request.body_exists else None,
        )
        self.fake.requests.append(record)
        self.fake.activity_started()
        try:
            status, body = await self._process(request, record, trap=trap)
        except ApiError as exc:
            status, body = exc.status, exc.body()
            self.fake.reject(exc, record)
        except InjectedAnswer as injected:
            record.finished = time.perf_counter()
            return injected.response
        finally:
            self.fake.activity_finished()
        after = self.fake.faults.take(record, processed=True)
        if after is not None:
            answer = self.fake.faults.answer(after, record)
            record.finished = time.perf_counter()
            return answer
        record.status = status
        record.response = body
        record.finished = time.perf_counter()
        if body is None:
            return web.Response(status=204)
        # Exactly "application/json", no charset: discord.py compares the header verbatim.
        data = json.dumps(body, ensure_ascii=False).encode()
        return web.Response(body=data, status=status, headers={"Content-Type": "application/json"})

    async def _process(self, request: web.Request, record: RequestRecord, *, trap: bool) -> Result:
        fake = self.fake
        if trap:
            fake.violation(
                "trap",
                "the bot called discord.com's API base: it must set discord.http.Route.BASE from "
                "DECKHAND_API_BASE before login",
                request=record,
            )
        body, uploads = await self._read_body(request, record)
        record.body, record.uploads = body, uploads
        spec = fake.spec_status.spec
        if spec is not None:
            record.spec_path = spec.match(record.method, record.path)
        if body is not None and spec is not None and record.spec_path is not None:
            media = (
                "multipart/form-data"
                if uploads or record.content_type == "multipart/form-data"
                else ("application/json")
            )
            pointer = spec.request_schema_pointer(record.spec_path, record.method, media)
            if pointer is not None:
                problems = spec.validate(pointer, body)
                for p in problems:
                    fake.violation(
                        "schema",
                        f"{record.method} {record.spec_path}: {p.message}",
                        request=record,
                        pointer=p.pointer,
                        instance_path=p.instance_path,
                    )
                if problems:
                    raise ApiError(
                        400,
                        50035,
                        "Invalid Form Body",
                        form_errors([(p.instance_path, p.message) for p in problems]),
                    )
        before = fake.faults.take(record, processed=False)
        if before is not None:
            raise InjectedAnswer(fake.faults.answer(before, record))
        found = self.router.find(record.method, record.path)
        if found is None:
            fake.violation(
                "unimplemented",
                f"the fake Discord has no handler for {record.method} {record.spec_path or record.path}",
                request=record,
            )
            raise ApiError(404, 0, "404: Not Found")
        route, params = found
        if route.auth and request.headers.get("Authorization") != f"Bot {fake.token}":
            raise ApiError(401, 0, "401: Unauthorized")
        status, result = await route.handler(Call(request, record, params, body, uploads))
        if spec is not None and record.spec_path is not None and fake.check_responses and result is not None:
            pointer = spec.response_schema_pointer(record.spec_path, record.method, status)
            if pointer is not None:
                for p in spec.validate(pointer, result, direction="response"):
                    fake.violation(
                        "fake-response",
                        f"fake's answer to {record.method} {record.spec_path} breaks the spec: {p.message}",
                        request=record,
                        pointer=p.pointer,
                        instance_path=p.instance_path,
                    )
        return status, result

    async def _read_body(self, request: web.Request, record: RequestRecord) -> tuple[Any, list[Upload]]:
        if not request.body_exists:
            return None, []
        if request.content_type == "multipart/form-data":
            return await self._read_multipart(request, record)
        raw = await request.read()
        if not raw:
            return None, []
        try:
            return json.loads(raw), []
        except ValueError as exc:
            self.fake.violation("bad-request", f"request body is not JSON: {exc}", request=record)
            raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc

    async def _read_multipart(self, request: web.Request, record: RequestRecord) -> tuple[Any, list[Upload]]:
        reader = await request.multipart()
        body: Any = None
        uploads: list[Upload] = []
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            data = await part.read(decode=False)
            if name == "payload_json":
                try:
                    body = json.loads(data)
                except ValueError as exc:
                    self.fake.violation("bad-request", f"payload_json is not JSON: {exc}", request=record)
                    raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc
            elif name.startswith("files[") or part.filename:
                uploads.append(
                    Upload(
                        field_name=name,
                        filename=part.filename or name,
                        content_type=part.headers.get("Content-Type"),
                        data=bytes(data),
                    )
                )
            else:
                self.fake.violation("bad-request", f"unexpected multipart field {name!r}", request=record)
        return body, uploads
