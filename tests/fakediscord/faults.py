"""Faults on demand: Discord's bad days (5xx, 429 rate limits, a dropped gateway), logged in
``fake.faults.log``.

    fake.faults.server_error(503, method="POST", path="/channels/{channel_id}/messages", times=2)
    fake.faults.server_error(500, path="/interactions/**", seconds=1.5)
    fake.faults.server_error(502, rate=0.2, seed=7)                  # a fifth of all requests, seeded
    fake.faults.rate_limit(retry_after=0.3, path="/channels/*/messages")  # the next one
    await fake.faults.drop_gateway()                                   # now, once
    fake.faults.drop_gateway_every(1.5, times=3)                       # periodically
    fake.faults.clear()                                                # stop everything

A rule without ``times``, ``seconds`` or ``rate`` hits the next matching request only. Paths are matched on
the request path: ``{name}`` and ``*`` stand for one segment, ``**`` for any rest. Periods and
``retry_after`` run on ``fake.clock`` (``clock.advance`` ends a period early).

discord.py retries by itself: 429 after ``retry_after`` (it needs the ``Via`` header Discord's edge adds,
or it takes the 429 for a Cloudflare ban), and 500/502/504 after 1, 3, 5… seconds for REST, any 5xx for the
interaction webhook. A 503 on REST reaches the bot as ``DiscordServerError``. ``processed=True`` answers
the error after carrying the request out, as when Discord's edge times out on a request that went
through: a retry then repeats it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import random
import re
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .records import RequestRecord

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

# What Discord's edge answers for each status (a 500 comes from the API as JSON, the others from proxies).
SERVER_ERROR_BODIES: dict[int, tuple[str, str]] = {
    500: ("application/json", json.dumps({"message": "500: Internal Server Error", "code": 0})),
    502: ("text/html", "<html><head><title>502 Bad Gateway</title></head><body>502</body></html>"),
    503: ("text/plain", "upstream connect error or disconnect/reset before headers. reset reason: overflow"),
    504: ("text/html", "<html><head><title>504 Gateway Time-out</title></head><body>504</body></html>"),
}


@dataclass(frozen=True)
class InjectedFault:
    """One fault the fake caused: an HTTP answer it made up, or a gateway connection it dropped."""

    kind: str  # "server-error", "rate-limit" or "gateway-drop"
    rule: str
    status: int | None = None
    method: str | None = None
    path: str | None = None
    at: float = 0.0  # fake.clock.monotonic()
    request: RequestRecord | None = None

    def describe(self) -> str:
        target = f" {self.method} {self.path}" if self.method else ""
        return f"[{self.kind}]{target} -> {self.status or ''} ({self.rule})".replace(" -> ()", "")


@dataclass
class FaultRule:
    kind: str
    status: int
    method: str | None
    pattern: re.Pattern[str] | None
    times: int | None
    until: float | None
    rate: float | None
    rng: random.Random
    retry_after: float = 0.0
    is_global: bool = False
    processed: bool = False
    description: str = ""

    def matches(self, record: RequestRecord, now: float) -> bool:
        if self.method is not None and record.method != self.method:
            return False
        if self.pattern is not None and not self.pattern.match(record.path):
            return False
        return self.rate is None or self.rng.random() < self.rate

    def spent(self, now: float) -> bool:
        return (self.times is not None and self.times <= 0) or (self.until is not None and now > self.until)


class Faults:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.rules: list[FaultRule] = []
        self.log: list[InjectedFault] = []
        self._drops: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ configuring
    def server_error(
        self,
        status: int = 500,
        *,
        method: str | None = None,
        path: str | None = None,
        times: int | None = None,
        seconds: float | None = None,
        rate: float | None = None,
        seed: int = 0,
        processed: bool = False,
    ) -> FaultRule:
        """Answer ``status`` (5xx) to matching requests."""
        if not 500 <= status <= 599:
            raise ValueError(f"a server error is 5xx, not {status} (use rate_limit for 429)")
        extra = {"processed": processed}
        return self._add("server-error", status, method, path, times, seconds, rate, seed, **extra)

    def rate_limit(
        self,
        retry_after: float = 0.25,
        *,
        method: str | None = None,
        path: str | None = None,
        times: int | None = None,
        seconds: float | None = None,
        rate: float | None = None,
        seed: int = 0,
        is_global: bool = False,
    ) -> FaultRule:
        """Answer 429 with ``retry_after`` seconds (body and headers as Discord sends them)."""
        extra = {"retry_after": retry_after, "is_global": is_global}
        return self._add("rate-limit", 429, method, path, times, seconds, rate, seed, **extra)

    def _add(
        self,
        kind: str,
        status: int,
        method: str | None,
        path: str | None,
        times: int | None,
        seconds: float | None,
        rate: float | None,
        seed: int,
        **extra: Any,
    ) -> FaultRule:
        if times is None and seconds is None and rate is None:
            times = 1
        if rate is not None and not 0 < rate <= 1:
            raise ValueError(f"rate is a fraction in (0, 1], not {rate}")
        parts = [f"{status}", method or "any method", path or "any path"]
        parts += [f"{times} time(s)"] if times is not None else []
        parts += [f"for {seconds:g} s"] if seconds is not None else []
        parts += [f"rate {rate:g} seed {seed}"] if rate is not None else []
        parts += ["processed"] if extra.get("processed") else []
        rule = FaultRule(
            kind=kind,
            status=status,
            method=method.upper() if method else None,
            pattern=compile_path(path) if path else None,
            times=times,
            until=None if seconds is None else self.fake.clock.monotonic() + seconds,
            rate=rate,
            rng=random.Random(seed),
            description=" ".join(parts),
            **extra,
        )
        self.rules.append(rule)
        return rule

    def clear(self) -> None:
        """Remove every rule and stop periodic gateway drops (the log stays)."""
        self.rules.clear()
        for task in list(self._drops):
            task.cancel()

    def injected(self, kind: str | None = None) -> list[InjectedFault]:
        return [f for f in self.log if kind is None or f.kind == kind]

    # ------------------------------------------------------------------ the gateway
    async def drop_gateway(self, *, code: int = 4000, rule: str = "drop once") -> bool:
        """Close the bot's websocket now (discord.py resumes); False when it was not connected."""
        gateway = self.fake.gateway
        if not gateway.connected:
            return False
        self.log.append(InjectedFault("gateway-drop", rule, status=code, at=self.fake.clock.monotonic()))
        await gateway.drop(code)
        return True

    def drop_gateway_every(self, interval: float, *, times: int | None = None, code: int = 4000) -> None:
        """Drop the gateway every ``interval`` seconds (``times`` times, or until ``clear()``)."""
        rule = f"drop every {interval:g} s" + (f", {times} time(s)" if times is not None else "")

        async def loop() -> None:
            done = 0
            while times is None or done < times:
                await asyncio.sleep(interval)
                if await self.drop_gateway(code=code, rule=rule):
                    done += 1

        task = asyncio.get_running_loop().create_task(loop(), name="fakediscord-gateway-drops")
        self._drops.add(task)
        task.add_done_callback(self._drops.discard)

    async def stop(self) -> None:
        tasks = list(self._drops)
        self.clear()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # ------------------------------------------------------------------ HTTP (called by the REST pipeline)
    def take(self, record: RequestRecord, *, processed: bool) -> FaultRule | None:
        """The rule that hits this request at this stage (before or after carrying it out), if any."""
        now = self.fake.clock.monotonic()
        self.rules = [r for r in self.rules if not r.spent(now)]
        for rule in self.rules:
            if rule.processed == processed and rule.matches(record, now):
                if rule.times is not None:
                    rule.times -= 1
                return rule
        return None

    def answer(self, rule: FaultRule, record: RequestRecord) -> web.Response:
        self.log.append(
            InjectedFault(
                rule.kind,
                rule.description,
                status=rule.status,
                method=record.method,
                path=record.path,
                at=self.fake.clock.monotonic(),
                request=record,
            )
        )
        record.injected = rule.kind
        record.status = rule.status
        log.info("fake Discord injects %s into %s %s", rule.status, record.method, record.path)
        if rule.kind == "rate-limit":
            return self._rate_limited(rule, record)
        generic = ("application/json", json.dumps({"message": f"{rule.status}: Server Error", "code": 0}))
        content_type, text = SERVER_ERROR_BODIES.get(rule.status, generic)
        record.response = text
        # Exactly "application/json", no charset: discord.py compares the header verbatim.
        return web.Response(status=rule.status, body=text.encode(), headers={"Content-Type": content_type})

    def _rate_limited(self, rule: FaultRule, record: RequestRecord) -> web.Response:
        body = {
            "message": "You are being rate limited.",
            "retry_after": rule.retry_after,
            "global": rule.is_global,
            "code": 0,
        }
        record.response = body
        headers = {
            "Content-Type": "application/json",
            "Retry-After": str(max(1, math.ceil(rule.retry_after))),
            # Discord's edge adds it; discord.py takes a 429 without it for a Cloudflare ban.
            "Via": "1.1 google",
            "X-RateLimit-Scope": "global" if rule.is_global else "user",
        }
        if rule.is_global:
            headers["X-RateLimit-Global"] = "true"
        else:
            headers.update(
                {
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset": f"{self.fake.clock.now() + rule.retry_after:.3f}",
                    "X-RateLimit-Reset-After": f"{rule.retry_after:.3f}",
                    "X-RateLimit-Bucket": _bucket(record),
                }
            )
        return web.Response(status=429, body=json.dumps(body).encode(), headers=headers)


def _bucket(record: RequestRecord) -> str:
    return format(zlib.crc32(f"{record.method} {record.path}".encode()), "08x")


def compile_path(pattern: str) -> re.Pattern[str]:
    """``{name}`` and ``*`` match one path segment, ``**`` anything (slashes included)."""
    regex = ""
    for token in re.split(r"(\{[^}/]+\}|\*\*|\*)", pattern):
        if token == "**":
            regex += ".*"
        elif token == "*" or (token.startswith("{") and token.endswith("}")):
            regex += "[^/]+"
        else:
            regex += re.escape(token)
    return re.compile(f"^{regex}$")
