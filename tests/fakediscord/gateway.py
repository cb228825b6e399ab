"""The fake gateway: one websocket session per shard, HELLO/IDENTIFY/READY/RESUME and event dispatch.

Sharding as Discord does it: IDENTIFY carries ``[shard_id, shard_count]`` (none means ``[0, 1]``); a session
hears about the guilds it owns, ``(guild_id >> 22) % shard_count == shard_id`` (READY, GUILD_CREATE, and every
event that names a guild, interactions included), and DMs reach shard 0 only. Sessions of different shard
counts may be connected at once (a re-shard): each hears what its own count gives it. An invalid shard closes
with 4010, fewer shards than ``required_shards`` with 4011 "Sharding required".

discord.py asks for ``compress=zlib-stream``; we honour it (zlib with a sync flush per message), so its real
decompression path runs. Events dispatched while the bot is disconnected are buffered and replayed on RESUME.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from . import payloads

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

HEARTBEAT_INTERVAL_MS = 41250
REPLAY_LIMIT = 5000

# Intent bits that gate the events this fake sends.
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
GUILD_MESSAGE_REACTIONS = 1 << 10
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15
GUILD_SCHEDULED_EVENTS = 1 << 16


class Connection:
    def __init__(self, ws: web.WebSocketResponse, *, compress: bool) -> None:
        self.ws = ws
        self._compressor = zlib.compressobj() if compress else None
        self._lock = asyncio.Lock()

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
        # The lock keeps compressed frames in stream order when several coroutines dispatch at once.
        async with self._lock:
            if self.ws.closed:
                raise ConnectionResetError("gateway connection closed")
            if self._compressor is None:
                await self.ws.send_str(text)
            else:
                data = self._compressor.compress(text.encode()) + self._compressor.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)


@dataclass
class Session:
    id: str
    intents: int
    shard: list[int] | None
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    connection: Connection | None = None


#: Events whose payload is the guild itself, so its id is ``id``, not ``guild_id``.
GUILD_EVENTS = ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")


def owner_shard(guild_id: int, shard_count: int) -> int:
    """The shard that hears about a guild (Discord's sharding formula)."""
    return (guild_id >> 22) % shard_count


class Gateway:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        #: Connected or resumable sessions, by (shard_id, shard_count).
        self.sessions: dict[tuple[int, int], Session] = {}
        #: Fewer shards than this are refused with 4011, as Discord refuses a bot in too many guilds.
        self.required_shards = 1
        self.connections = 0
        self.identifies = 0
        self.resumes = 0
        self.ready = asyncio.Event()
        self.resumed = asyncio.Event()
        self._open: set[web.WebSocketResponse] = set()
        self.queries: list[dict[str, str]] = []  # each connection's query string, e.g. compress=zlib-stream

    # ------------------------------------------------------------------ websocket handler
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        trap = request.match_info.get("trap") is not None or request.path.startswith("/trap")
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._open.add(ws)
        self.connections += 1
        if trap:
            self.fake.violation(
                "trap",
                "the bot connected to DiscordWebSocket.DEFAULT_GATEWAY instead of the url from "
                "GET /gateway/bot (a discord.py client never asks unless sharded without a shard count; "
                "see tests/fakediscord/README.md)",
            )
        query = request.query
        self.queries.append(dict(query))
        if query.get("v") != "10" or query.get("encoding", "json") != "json":
            self.fake.violation(
                "gateway", f"unexpected gateway query {dict(query)} (want v=10, encoding=json)"
            )
            await ws.close(code=4012, message=b"Invalid API version")
            return ws
        conn = Connection(ws, compress=query.get("compress") == "zlib-stream")
        try:
            await conn.send(
                {"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": ["fake"]}}
            )
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self._receive(conn, json.loads(msg.data))
                elif msg.type is WSMsgType.ERROR:
                    log.debug("gateway socket error %s", ws.exception())
        except ConnectionResetError:
            log.debug("gateway connection reset")
        finally:
            self._open.discard(ws)
            for session in self.sessions.values():
                if session.connection is conn:
                    session.connection = None
        return ws

    async def _receive(self, conn: Connection, message: dict[str, Any]) -> None:
        op = message.get("op")
        data = message.get("d")
        if op == 1:
            await conn.send({"op": 11})
        elif op == 2:
            await self._identify(conn, data or {})
        elif op == 6:
            await self._resume(conn, data or {})
        elif op == 8:
            await self._request_members(conn, data or {})
        elif op in (3, 4):
            pass  # presence and voice state updates change nothing the tests look at
        else:
            self.fake.violation("gateway", f"unknown gateway opcode {op}: {message}")

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        if data.get("token") != self.fake.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        shard = data.get("shard")
        shard_id, shard_count = (int(shard[0]), int(shard[1])) if shard else (0, 1)
        if shard_count < 1 or not 0 <= shard_id < shard_count:
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return
        if shard_count < self.required_shards:
            await conn.ws.close(code=4011, message=b"Sharding required.")
            return
        self.identifies += 1
        self.ready.clear()
        session = Session(id=secrets.token_hex(16), intents=int(data.get("intents") or 0), shard=shard)
        session.connection = conn
        # A disconnected session of another shard count is from before a re-shard: Discord lets it expire.
        for key in [k for k, old in self.sessions.items() if k[1] != shard_count and old.connection is None]:
            del self.sessions[key]
        self.sessions[(shard_id, shard_count)] = session
        store = self.fake.store
        owned = [g for g in store.guilds.values() if owner_shard(g.id, shard_count) == shard_id]
        ready: dict[str, Any] = {
            "v": 10,
            "user": payloads.user_pii(store.bot_user),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in owned],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.fake.gateway_url,
            "application": {"id": str(store.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
            "_trace": ["fake-discord"],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        await self._send(session, "READY", ready)
        for guild in owned:
            await self._send(session, "GUILD_CREATE", payloads.guild_create(guild, store))
        self.ready.set()

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = next((s for s in self.sessions.values() if s.id == data.get("session_id")), None)
        if session is None or data.get("token") != self.fake.token:
            await conn.send({"op": 9, "d": False})
            return
        self.resumes += 1
        session.connection = conn
        last = int(data.get("seq") or 0)
        for payload in [p for p in session.sent if p["s"] > last]:
            await conn.send(payload)
        session.seq += 1
        resumed = {"op": 0, "t": "RESUMED", "s": session.seq, "d": {"_trace": ["fake-discord"]}}
        session.sent.append(resumed)
        await conn.send(resumed)
        self.resumed.set()

    async def _request_members(self, conn: Connection, data: dict[str, Any]) -> None:
        store = self.fake.store
        guild = store.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = (data.get("query") or "").lower()
        members = [
            store.members[(guild.id, uid)]
            for uid in guild.member_ids
            if (not wanted or uid in wanted) and store.users[uid].username.lower().startswith(query)
        ]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [payloads.member(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await self.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # ------------------------------------------------------------------ events
    @property
    def session(self) -> Session | None:
        """The one session of an unsharded bot (shard 0's when sharded; see ``sessions``)."""
        return next((s for (shard_id, _), s in self.sessions.items() if shard_id == 0), None)

    def sessions_for(self, event: str, data: dict[str, Any]) -> list[Session]:
        """The sessions that hear an event: those owning its guild, or shard 0 for one without a guild."""
        guild_id = data.get("id") if event in GUILD_EVENTS else data.get("guild_id")
        if guild_id is None:
            return [s for (shard_id, _), s in self.sessions.items() if shard_id == 0]
        gid = int(guild_id)
        return [s for (sid, count), s in self.sessions.items() if owner_shard(gid, count) == sid]

    async def dispatch(self, event: str, data: dict[str, Any]) -> bool:
        """Send an event to the sessions that own it (or buffer it for RESUME). False when no session hears
        it (none connected, another process's shard, or intents that exclude it)."""
        heard = False
        for session in self.sessions_for(event, data):
            heard = await self._send(session, event, data) or heard
        return heard

    async def _send(self, session: Session, event: str, data: dict[str, Any]) -> bool:
        filtered = self._filter(session.intents, event, data)
        if filtered is None:
            return False
        session.seq += 1
        payload = {"op": 0, "t": event, "s": session.seq, "d": filtered}
        session.sent.append(payload)
        del session.sent[:-REPLAY_LIMIT]
        if session.connection is not None:
            try:
                await session.connection.send(payload)
            except ConnectionResetError:
                log.debug("event %s buffered: connection went away", event)
        return True

    def _filter(self, intents: int, event: str, data: dict[str, Any]) -> dict[str, Any] | None:
        if event.startswith("MESSAGE_REACTION"):
            return data if intents & GUILD_MESSAGE_REACTIONS else None
        if event.startswith("MESSAGE_"):
            is_dm = "guild_id" not in data
            if not intents & (DIRECT_MESSAGES if is_dm else GUILD_MESSAGES):
                return None
            author = (data.get("author") or {}).get("id")
            if not intents & MESSAGE_CONTENT and author != str(self.fake.store.bot_user.id) and not is_dm:
                # Without the privileged intent Discord blanks other people's message content.
                return {**data, "content": "", "embeds": [], "attachments": [], "components": []}
            return data
        if event in ("GUILD_MEMBER_ADD", "GUILD_MEMBER_UPDATE", "GUILD_MEMBER_REMOVE"):
            return data if intents & GUILD_MEMBERS else None
        if event.startswith("GUILD_SCHEDULED_EVENT_"):
            return data if intents & GUILD_SCHEDULED_EVENTS else None
        if event.startswith(("CHANNEL_", "THREAD_", "GUILD_ROLE_")):
            return data if intents & GUILDS else None
        return data

    # ------------------------------------------------------------------ test controls
    @property
    def connected(self) -> bool:
        """Every session has its websocket (and there is at least one)."""
        return bool(self.sessions) and all(s.connection is not None for s in self.sessions.values())

    async def drop(self, code: int = 4000) -> None:
        """Close every shard's websocket the way a network blip does; discord.py should RESUME."""
        self.resumed.clear()
        for session in list(self.sessions.values()):
            conn = session.connection
            if conn is not None:
                session.connection = None
                await conn.ws.close(code=code, message=b"fake: connection dropped")

    async def request_reconnect(self) -> None:
        """Opcode 7: Discord asks the client to reconnect and resume."""
        self.resumed.clear()
        if self.session is not None and self.session.connection is not None:
            await self.session.connection.send({"op": 7, "d": None})

    async def close_all(self) -> None:
        for ws in list(self._open):
            await ws.close(code=1001, message=b"fake Discord stopping")
