"""The lobby's operations of the table service: open a game, who joins, the AI seats, the options. A part
of ``TableService`` (its base); every change is written by the service's one write (``_commit``)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping

import engines
from bot.errors import UserError
from bot.jsontypes import JsonValue
from bot.store import GameRecord, SeatInfo, Status
from bot.table.clock import parse_clock, split_clock
from bot.table.coach_option import split_coach
from bot.table.hooks import Change, Columns
from bot.table.service_parts import ServiceParts

AI_LEVELS = ("normal", "random")
_OPTION = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)\s*[=:]\s*([^\s,;]+)")


def parse_options(text: str | None) -> dict[str, str]:
    """``"hand_size=4, once_passed_may_replay=true"`` -> dict; the engine validates the values."""
    if not text or not text.strip():
        return {}
    pairs = _OPTION.findall(text)
    leftover = _OPTION.sub("", text).strip(" ,;")
    if leftover:
        raise UserError("bad_option_syntax", text=leftover)
    # Names as typed in any case (``Clock=24H``, ``HAND_SIZE=4``): every option name is lower case.
    return {k.replace("-", "_").lower(): v for k, v in pairs}


class LobbyOperations(ServiceParts):
    async def _open_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_id: str,
        host_id: int,
        options: Mapping[str, JsonValue],
        seats: list[SeatInfo],
        parent_channel_id: int | None,
        clock: int,
        rematch_of: int | None = None,
        coach: bool = False,
    ) -> GameRecord:
        """The new game's row (``TableService._open_lobby``: the one writer creates it)."""
        raise NotImplementedError

    async def create_rematch(
        self,
        rec: GameRecord,
        *,
        channel_id: int,
        host_id: int,
        seats: list[SeatInfo],
        parent_channel_id: int | None,
    ) -> GameRecord:
        """The lobby of a rematch of ``rec`` (``bot.table.rematch``): its game, options and clock, with
        ``seats`` (the host's and the AIs'); no lobby limit (it replaces a game just played)."""
        return await self._open_lobby(
            guild_id=rec.guild_id,
            channel_id=channel_id,
            game_id=rec.game_id,
            host_id=host_id,
            options=rec.options,
            seats=seats,
            parent_channel_id=parent_channel_id,
            clock=rec.clock,
            rematch_of=rec.id,
            coach=rec.coach,
        )

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game_id: str,
        options_text: str | None,
        parent_channel_id: int | None = None,
    ) -> GameRecord:
        engine = engines.get(game_id)
        await self.check_lobby_limit(guild_id, parent_channel_id or channel_id, host_id)
        # The clock and the coach are the bot's options, not the rules': out before the engine sees them.
        raw, clock = split_clock(parse_options(options_text))
        raw, coach = split_coach(raw)
        options = engine.make_options(raw)
        changed = options.model_dump(mode="json", exclude_defaults=True)
        if clock is None:
            clock = parse_clock((await self.store.guild_settings(guild_id)).clock or "off")
        return await self._open_lobby(
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=game_id,
            host_id=host_id,
            options=changed,
            seats=[SeatInfo(seat="", user_id=host_id, name=host_name)],
            parent_channel_id=parent_channel_id,
            clock=clock,
            coach=bool(coach),
        )

    async def lobby_limit(self, guild_id: int) -> int:
        """Open lobbies one member may host from one channel: the server's setting, else the bot's."""
        value = (await self.store.guild_settings(guild_id)).lobby_limit
        return value or self.settings.lobby_limit

    async def check_lobby_limit(self, guild_id: int, channel_id: int, host_id: int) -> None:
        """Refuse a new lobby to a member who already hosts the limit of open lobbies started from this
        channel (in it, or in threads under it), naming them so one can be started or closed."""
        limit = await self.lobby_limit(guild_id)
        mine = [
            g
            for g in await self.store.live_games(guild_id)
            if g.status is Status.LOBBY
            and g.host_id == host_id
            and channel_id in (g.channel_id, g.parent_channel_id)
        ]
        if len(mine) >= limit:
            raise UserError(
                "lobby_limit", n=len(mine), limit=limit, threads=" ".join(f"<#{g.channel_id}>" for g in mine)
            )

    def check_options(self, game_id: str, options_text: str | None) -> None:
        """Refuse bad options before anything is made for the game (a thread, a card)."""
        engines.get(game_id).make_options(split_coach(split_clock(parse_options(options_text))[0])[0])

    def _lobby(self, rec: GameRecord) -> None:
        if rec.status is not Status.LOBBY:
            raise UserError("not_in_lobby")

    def _host_only(self, rec: GameRecord, user_id: int) -> None:
        if rec.host_id != user_id:
            raise UserError("host_only")

    async def join(self, pk: int, user_id: int, name: str) -> GameRecord:
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            self._lobby(rec)
            if rec.seat_of(user_id):
                raise UserError("already_joined")
            if len(rec.seats) >= self.engine(rec).max_players:
                raise UserError("game_full", max=self.engine(rec).max_players)
            seats = [*rec.seats, SeatInfo(seat="", user_id=user_id, name=name)]
            rec = await self._commit(Change(rec, {"seats": seats}))
        await self.publisher.update_summary(rec)
        return rec

    async def add_ai(self, pk: int, user_id: int, level: str = "normal") -> GameRecord:
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            self._lobby(rec)
            self._host_only(rec, user_id)
            if level not in AI_LEVELS:
                raise UserError("bad_ai_level", allowed=", ".join(AI_LEVELS))
            if len(rec.seats) >= self.engine(rec).max_players:
                raise UserError("game_full", max=self.engine(rec).max_players)
            # The first free name: after /game remove-ai the next AI must not repeat a name still seated.
            taken = {s.name for s in rec.seats}
            name = next(f"AI-{n}" for n in itertools.count(1) if f"AI-{n}" not in taken)
            seats = [*rec.seats, SeatInfo(seat="", user_id=None, name=name, ai_level=level)]
            rec = await self._commit(Change(rec, {"seats": seats}))
        await self.publisher.update_summary(rec)
        return rec

    async def remove_ai(self, pk: int, user_id: int, name: str | None = None) -> GameRecord:
        """Host only, in the lobby: free the AI seat called ``name`` (any case), or the last one added."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            self._lobby(rec)
            self._host_only(rec, user_id)
            ais = [s for s in rec.seats if s.is_ai]
            if name is None or not name.strip():
                gone = ais[-1] if ais else None
            else:
                wanted = name.strip().casefold()
                gone = next((s for s in ais if s.name.casefold() == wanted), None)
            if gone is None:
                raise UserError(
                    "no_ai_to_remove", seat=name or "", seats=", ".join(s.name for s in ais) or "-"
                )
            seats = [s for s in rec.seats if s is not gone]
            rec = await self._commit(Change(rec, {"seats": seats}))
        await self.publisher.refresh_lobby(rec)
        return rec

    async def edit_options(self, pk: int, user_id: int, options_text: str) -> GameRecord:
        """Host only, in the lobby: the options given replace those of the same name, read and checked
        exactly as ``/game new`` reads them (``clock=`` and ``coach=`` included); nothing changes if any is
        refused."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            self._lobby(rec)
            self._host_only(rec, user_id)
            raw, clock = split_clock(parse_options(options_text))
            raw, coach = split_coach(raw)
            engine = self.engine(rec)
            options = engine.make_options({**rec.options, **raw})
            changed = options.model_dump(mode="json", exclude_defaults=True)
            # A value left out of every dump (a card file) stays as it was.
            kept = {k: v for k, v in rec.options.items() if k not in raw and k not in changed}
            fields: Columns = {"options": {**kept, **changed}}
            if clock is not None:
                fields["clock_seconds"] = clock
            if coach is not None:
                fields["coach"] = coach
            rec = await self._commit(Change(rec, fields))
        await self.publisher.refresh_lobby(rec)
        return rec

    async def set_option(self, pk: int, user_id: int, name: str, value: JsonValue) -> GameRecord:
        """Host only, in the lobby: set (``None``: reset) one option, checked by the engine with the whole
        option set, then shown on the lobby card (``/game options`` is the players' way, ``edit_options``)."""
        async with self.lock(pk):
            rec = await self.store.get_game(pk)
            self._lobby(rec)
            self._host_only(rec, user_id)
            options = {k: v for k, v in rec.options.items() if k != name}
            if value is not None:
                options[name] = value
            self.engine(rec).make_options(options)
            rec = await self._commit(Change(rec, {"options": options}))
        await self.publisher.refresh_lobby(rec)
        return rec
