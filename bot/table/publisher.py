"""What the game's place and the players see: the lobby card, the table messages, the summary card in
the channel a game was opened from, and the hand.

Changes reach Discord through the outbox (``bot.table.outbox``): ``publish`` takes one entry and follows the
feed's plan (``bot.table.feed``): a new table message when the turn passes to a human (mentioning exactly
the players to act), edits in place for the steps of a turn, AI moves gathered into the next message. The
newest table message carries the buttons; the previous one loses them, so nobody clicks stale controls.
"""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.errors import UserError
from bot.games import GameUI, LabelContext, manifest, ui_for
from bot.i18n import pick, t
from bot.records import timelapse
from bot.store import GameRecord, OutboxEntry, SqliteStore, Status
from bot.table import clock as turn_clock
from bot.table import components, seat_buttons, summary
from bot.table.events import load_event
from bot.table.feed import Feed, Plan, advance, news, notified
from bot.table.lobby_words import option_row, player_range
from bot.table.pictures import render, render_bytes
from bot.table.rematch import rematch_view
from engines.core import Action, Engine, Event, Outcome

log = logging.getLogger(__name__)

SELECT_PAGE = 25
COLOUR = discord.Colour(0x2E7D5B)


def span(lang: str, seconds: float) -> str:
    """A length of time in words (``"1 hour 30 minutes"``, ``"1 時間 30 分"``), to the minute below."""
    minutes = int(seconds // 60)
    hours, rest = divmod(minutes, 60)
    if not minutes:
        return t(lang, "clock.span_seconds")
    if not hours:
        return t(lang, "clock.span_minutes", n=rest)
    if not rest:
        return t(lang, "clock.span_hours", n=hours)
    return t(
        lang,
        "clock.span_hours_minutes",
        h=t(lang, "clock.span_hours", n=hours),
        m=t(lang, "clock.span_minutes", n=rest),
    )


@dataclass
class Payload:
    """Arguments for ``send``/``edit``: one shape for every kind of message."""

    content: str | None = None
    embed: discord.Embed | None = None
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    allowed_mentions: discord.AllowedMentions | None = None
    #: An edit of a message that shows this picture already: the words and controls change, and Discord
    #: keeps the attachment and embed the edit does not name (nothing drawn, nothing uploaded).
    keep_picture: bool = False

    def send_kwargs(self) -> dict[str, Any]:
        kw: dict[str, Any] = {"content": self.content, "files": self.files}
        if self.embed is not None:
            kw["embed"] = self.embed
        if self.view is not None:
            kw["view"] = self.view
        if self.allowed_mentions is not None:
            kw["allowed_mentions"] = self.allowed_mentions
        return kw

    def edit_kwargs(self) -> dict[str, Any]:
        if self.keep_picture:
            return {"content": self.content, "view": self.view}
        return {"content": self.content, "attachments": self.files, "view": self.view, "embed": self.embed}


def _nonce(entry: OutboxEntry) -> str:
    """The entry's post, named for Discord: with ``enforce_nonce`` (discord.py sends it with every nonce)
    Discord returns the message already created for a repeat within minutes instead of posting it twice,
    which closes the window between Discord accepting a post and a crash before the bot records it."""
    return f"dh{entry.game_pk}-{entry.id}"[:25]


def _fit(lines: list[str], limit: int = 2000) -> str:
    """Lines joined within Discord's content limit, dropping the oldest event lines first."""
    text = "\n".join(lines)
    while len(text) > limit and len(lines) > 1:
        lines = lines[1:]
        text = "\n".join(lines)
    return text[:limit]


def seat_label(rec: GameRecord, seat: str, lang: str) -> str:
    info = rec.seat_info(seat)
    if info.is_ai:
        return t(lang, "table.ai_name", name=info.name)
    return f"<@{info.user_id}>"


def _engine(rec: GameRecord) -> Engine[Any, Any, Any, Any]:
    return manifest(rec.game_id).engine


def table_controls(rec: GameRecord, state: Any, lang: str) -> discord.ui.View:
    """ "My hand" and the game's own public controls (``GameUI.table_items``: a vote's Yes/No …)."""
    view = components.table_view(rec.id, lang)
    for item in ui_for(rec.game_id).table_items(rec, _engine(rec).view(state, None), lang):
        view.add_item(item)
    return view


class Publisher:
    """Words and posts; never changes a game. It gets the record, the state and the events from the table
    service and reads nothing back from it (the service depends on the publisher, not the other way)."""

    def __init__(self, client: discord.Client, store: SqliteStore, default_locale: str = "en") -> None:
        self.client = client
        self.store = store
        self.default_locale = default_locale
        #: Unix seconds now: the table service hands over its scheduler's (injectable) clock.
        self.now: Callable[[], float] = time.time

    @staticmethod
    def seat_name(rec: GameRecord, seat: str, lang: str) -> str:
        """A seat by name, never a mention: lines about the game must not ping anyone."""
        info = rec.seat_info(seat)
        return t(lang, "table.ai_name", name=info.name) if info.is_ai else info.name

    async def public_lang(self, guild_id: int) -> str:
        """The language of public messages: the server's choice (/game language), its Discord locale,
        then the bot's default."""
        guild = self.client.get_guild(guild_id)
        preferred = str(guild.preferred_locale) if guild else None
        return pick(await self.store.guild_locale(guild_id), preferred, self.default_locale)

    # -- lobby ------------------------------------------------------------------------------------
    def lobby_payload(self, rec: GameRecord, lang: str) -> Payload:
        engine = _engine(rec)
        embed = discord.Embed(
            title=t(lang, "lobby.title", game=engine.name.get(lang)),
            colour=COLOUR,
            description=t(lang, f"lobby.status.{rec.status.value}"),
        )
        players = "\n".join(
            t(lang, "lobby.ai_player", name=s.name, level=t(lang, f"lobby.ai_level.{s.ai_level or 'normal'}"))
            if s.is_ai
            else f"<@{s.user_id}>" + (f" {t(lang, 'lobby.host_mark')}" if s.user_id == rec.host_id else "")
            for s in rec.seats
        )
        embed.add_field(
            name=t(
                lang,
                "lobby.players",
                n=len(rec.seats),
                range=player_range(lang, engine.min_players, engine.max_players),
            ),
            value=players or "-",
            inline=False,
        )
        options = engine.make_options(rec.options).model_dump(mode="json")
        embed.add_field(
            name=t(lang, "lobby.options"),
            value="\n".join(option_row(rec.game_id, k, v, lang) for k, v in options.items())[:1024]
            or t(lang, "lobby.no_options"),
            inline=False,
        )
        embed.add_field(
            name=t(lang, "clock.lobby_field"),
            value=t(lang, "clock.lobby_value", clock=turn_clock.clock_name(rec.clock)),
            inline=False,
        )
        if rec.status is Status.LOBBY:
            embed.set_footer(text=t(lang, "lobby.footer"))
        view = components.lobby_view(rec.id, lang) if rec.status is Status.LOBBY else None
        return Payload(embed=embed, view=view)

    async def refresh_lobby(self, rec: GameRecord) -> None:
        """Edit the lobby message after a change made by a slash command (buttons edit in place)."""
        if rec.lobby_message_id is None:
            return
        lang = await self.public_lang(rec.guild_id)
        payload = self.lobby_payload(rec, lang)
        message = self.client.get_partial_messageable(rec.channel_id).get_partial_message(
            rec.lobby_message_id
        )
        try:
            await message.edit(embed=payload.embed, view=payload.view)
        except discord.HTTPException:
            log.warning("could not edit lobby message of game %s", rec.id, exc_info=True)
        await self.update_summary(rec, lang)

    # -- the table: one message per human turn (bot.table.feed decides) -----------------------------
    async def publish(self, entry: OutboxEntry, *, followed: bool = False) -> None:
        """Publish one outbox entry. Raises ``discord.HTTPException`` when Discord refuses; the outbox then
        retries the same entry, and what was already posted for it is not posted again.

        ``followed``: more entries of the game are waiting behind this one (a burst: the AI seats moved on,
        or the player clicked again, while this one waited its turn to be drawn). Its edit of the table
        message then changes the words only; the picture is drawn once for the burst, by the entry that
        posts or edits last, or by :meth:`refresh_stale_picture` when the burst ends."""
        rec = await self.store.get_game(entry.game_pk)
        feed = Feed.load(rec.feed)
        lang = await self.public_lang(rec.guild_id)
        if feed.posted_for == entry.id:  # posted before a crash or a failed later step: finish it
            feed.card_stale = True  # the step that may have failed: the outbox makes it good
            await self.store.published(entry.id, rec.id, feed.dump())
            return
        if entry.kind in ("start", "move"):
            await self._publish_change(rec, entry, feed, lang, followed=followed)
        elif entry.kind == "notice":
            await self._publish_notice(rec, entry, lang)
        elif entry.kind == "end":
            await self.retire_table_message(rec, feed, lang)
            reason = str(entry.payload.get("reason", "aborted"))
            await self.client.get_partial_messageable(rec.channel_id).send(
                content=t(lang, f"table.ended.{reason}", name=entry.payload.get("name", "")),
                allowed_mentions=discord.AllowedMentions.none(),
                nonce=_nonce(entry),  # a retry after a failed card edit is not posted twice
            )
            feed.card_stale |= not await self.update_summary(rec, lang)
        await self.store.published(entry.id, rec.id, feed.dump())

    async def _publish_change(
        self, rec: GameRecord, entry: OutboxEntry, feed: Feed, lang: str, *, followed: bool = False
    ) -> None:
        engine = _engine(rec)
        ui = ui_for(rec.game_id)
        names = rec.names()
        assert entry.state_json is not None
        state = engine.load_state(entry.state_json)
        events = [load_event(engine, e) for e in entry.payload.get("events", [])]
        lines = []
        for ev in events:
            if not ev.public:
                continue
            if ev.kind == "game_started":
                order = " → ".join(self.seat_name(rec, s.seat, lang) for s in rec.seats)
                lines.append(t(lang, "table.started", order=order))
                continue
            text = ui.describe_event(ev, lang, names)
            if text:
                lines.append(f"• {text}")
        humans = {s.seat for s in rec.seats if not s.is_ai}
        private_to = [s for ev in events if not ev.public for s in ev.visible_to or () if s in humans]
        outcome = engine.outcome(state)
        movers = engine.to_move(state) if outcome is None else []
        plan = advance(
            feed,
            actor=entry.seat,
            lines=lines,
            private_to=private_to,
            humans_to_move=[m for m in movers if m in humans],
            over=outcome is not None,
            start=entry.kind == "start",
        )
        picture = await self._table_picture(rec, state, lang) if plan.post and outcome is None else None
        retired = False  # the closing edit took the buttons off the old message already
        if plan.edit and feed.message_id is not None:
            if plan.close:
                # While the AI seats move, "My hand" stays on the closed message; a newer one takes it.
                keep_view = not plan.post and outcome is None
                # In a burst the next entries move on at once: the words only, no picture drawn for it.
                redraw = plan.redraw and not followed
                await self._close_table(rec, state, feed, lang, plan, keep_view=keep_view, redraw=redraw)
                retired = not keep_view
                feed.picture_stale = False
            elif followed and outcome is None and not plan.post:
                await self._edit_table(rec, state, feed, lang, keep_view=True, words_only=True)
                feed.picture_stale = True
            else:
                await self._edit_table(rec, state, feed, lang, keep_view=outcome is None)
                feed.picture_stale = False
        if outcome is not None:
            await self._post_final(rec, state, outcome, feed, lang, entry, buttons_off=not retired)
            return
        if plan.post:
            changed = notified(feed)
            message = await self._post_table(
                rec, state, feed, lang, changed, nonce=_nonce(entry), picture=picture
            )
            feed.picture_stale = False
            old = rec.table_message_id
            feed.message_id = message.id
            feed.posted_for = entry.id
            await self.store.set_message_ids(rec.id, table_message_id=message.id, feed=feed.dump())
            if old is not None and old != message.id and not retired:
                await self._take_buttons_off(rec.channel_id, old, rec.id)
            rec = rec.model_copy(update={"table_message_id": message.id})
            feed.card_stale = not await self.update_summary(rec, lang, state=state)

    def _table_text(
        self, rec: GameRecord, state: Any, feed: Feed, lang: str, changed: list[str] | None = None
    ) -> str:
        lines = []
        if feed.hidden:
            lines.append(t(lang, "table.earlier", n=feed.hidden))
        lines.extend(feed.lines)
        movers = _engine(rec).to_move(state)
        prompt = ui_for(rec.game_id).table_prompt(_engine(rec).view(state, None), lang, rec.names())
        if prompt and movers:
            lines.append(prompt)
        if movers:
            lines.append(
                t(lang, "table.to_move", players=", ".join(seat_label(rec, m, lang) for m in movers))
            )
        if changed:
            # Named, never mentioned: it is not their turn, and a ping they can do nothing about is noise
            # in a busy server; the message that asks them to act pings them.
            lines.append(
                t(
                    lang,
                    "table.hand_changed",
                    players=", ".join(self.seat_name(rec, s, lang) for s in changed),
                )
            )
        clocks = self._time_left(rec, movers, lang)
        if clocks:
            lines.append(clocks)
        return _fit(lines)

    def _time_left(self, rec: GameRecord, movers: list[str], lang: str) -> str:
        """The time of each player to act, the turn's own time apart from the reserve: "⏳ Turn time ends
        <t:…:R> · reserve: 5 minutes (runs out <t:…:R>)" (a relative timestamp counts down by itself). A
        turn the AI plays because its time ran out is not shown."""
        turns = rec.clock_state.get("turns", {})
        seats = rec.clock_state.get("seats", {})
        now = self.now()
        parts: list[tuple[str, str, str]] = []
        for m in movers:
            turn = turns.get(m) or {}
            deadline = turn.get("deadline")
            if not deadline or turn.get("expired"):
                continue
            bank = float((seats.get(m) or {}).get("bank") or 0.0)
            turn_end = deadline - bank
            end = f"<t:{int(deadline)}:R>"
            if turn_end <= now:  # the turn's own time is over: only the reserve is left
                parts.append((m, "", t(lang, "clock.reserve_only", end=end)))
                continue
            reserve = (
                t(lang, "clock.reserve", span=span(lang, bank), end=end)
                if bank >= 1
                else t(lang, "clock.no_reserve")
            )
            parts.append((m, f"<t:{int(turn_end)}:R>", reserve))
        if not parts:
            return ""

        def one(turn_end: str, reserve: str) -> str:
            return t(lang, "clock.turn_time", turn=turn_end, reserve=reserve) if turn_end else reserve

        if len(parts) == 1:
            return t(lang, "clock.time_left", left=one(*parts[0][1:]))
        # One line each: several players deciding at once (a vote) each have their own clock.
        return "\n".join(
            t(lang, "clock.time_left_one", name=self.seat_name(rec, m, lang), left=one(e, r))
            for m, e, r in parts
        )

    async def _table_picture(self, rec: GameRecord, state: Any, lang: str) -> bytes | None:
        return await render_bytes(
            rec.game_id, "table", _engine(rec).view(state, None), lang, rec.names(), rec.ai_seats()
        )

    async def _table_payload(
        self,
        rec: GameRecord,
        state: Any,
        text: str,
        lang: str,
        view: bool,
        picture: bytes | None = None,
    ) -> Payload:
        engine = _engine(rec)
        data = picture if picture is not None else await self._table_picture(rec, state, lang)
        embed = discord.Embed(
            title=t(lang, "table.title", game=engine.name.get(lang), turn=state.turn + 1), colour=COLOUR
        )
        files = [] if data is None else [discord.File(io.BytesIO(data), filename="table.png")]
        if files:
            embed.set_image(url="attachment://table.png")
        return Payload(
            content=text,
            embed=embed,
            files=files,
            view=table_controls(rec, state, lang) if view else None,
        )

    async def _post_table(
        self,
        rec: GameRecord,
        state: Any,
        feed: Feed,
        lang: str,
        changed: list[str],
        *,
        nonce: str,
        picture: bytes | None = None,
    ) -> discord.Message:
        text = self._table_text(rec, state, feed, lang, changed)
        payload = await self._table_payload(rec, state, text, lang, view=True, picture=picture)
        # Exactly the players who must act are pinged (those told their hand changed are only named).
        pinged = [rec.seat_info(s).user_id for s in feed.to]
        payload.allowed_mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in pinged if u is not None]
        )
        channel = self.client.get_partial_messageable(rec.channel_id)
        return await channel.send(nonce=nonce, **payload.send_kwargs())

    async def _edit_table(
        self,
        rec: GameRecord,
        state: Any,
        feed: Feed,
        lang: str,
        keep_view: bool,
        *,
        picture: bytes | None = None,
        words_only: bool = False,
    ) -> None:
        """``words_only``: the text and buttons, keeping the picture the message has (Discord leaves
        attachments and embeds that an edit does not name)."""
        assert feed.message_id is not None
        text = self._table_text(rec, state, feed, lang)
        kwargs: dict[str, Any]
        if words_only:
            controls = table_controls(rec, state, lang) if keep_view else None
            kwargs = {"content": text, "view": controls}
        else:
            payload = await self._table_payload(rec, state, text, lang, view=keep_view, picture=picture)
            kwargs = payload.edit_kwargs()
        message = self.client.get_partial_messageable(rec.channel_id).get_partial_message(feed.message_id)
        try:
            await message.edit(**kwargs)
        except discord.NotFound:  # deleted by a moderator: the next turn posts a new one
            log.info("table message %s of game %s is gone", feed.message_id, rec.id)
            feed.message_id = None

    async def _close_table(
        self,
        rec: GameRecord,
        state: Any,
        feed: Feed,
        lang: str,
        plan: Plan,
        *,
        keep_view: bool,
        redraw: bool = False,
    ) -> None:
        """The message the turn has left: its lines without the turn and clock lines (stale from now on).
        Its picture stays, so it never shows what the next message shows; with ``redraw`` (nothing newer
        follows yet) it shows the table after the step that closed it."""
        assert feed.message_id is not None
        lines = [t(lang, "table.earlier", n=plan.hidden)] if plan.hidden else []
        text = _fit([*lines, *plan.lines])
        kwargs: dict[str, Any]
        if redraw and state is not None:
            payload = await self._table_payload(rec, state, text, lang, view=keep_view)
            kwargs = payload.edit_kwargs()
        else:
            controls = table_controls(rec, state, lang) if keep_view and state is not None else None
            kwargs = {"content": text, "view": controls}
        message = self.client.get_partial_messageable(rec.channel_id).get_partial_message(feed.message_id)
        try:
            await message.edit(**kwargs)
        except discord.NotFound:
            log.info("table message %s of game %s is gone", feed.message_id, rec.id)
            feed.message_id = None

    async def refresh_stale_picture(self, pk: int) -> None:
        """After a burst (see :meth:`publish`): the table message's picture catches up with its words,
        drawn once from the game as it stands. Raises ``discord.HTTPException`` as :meth:`publish`."""
        rec = await self.store.get_game(pk)
        feed = Feed.load(rec.feed)
        if not feed.picture_stale:
            return
        # A closed message keeps the picture it had when the turn left it.
        open_message = feed.message_id is not None and not feed.closed
        if open_message and rec.status is Status.RUNNING and rec.state_json is not None:
            lang = await self.public_lang(rec.guild_id)
            state = _engine(rec).load_state(rec.state_json)
            await self._edit_table(rec, state, feed, lang, keep_view=_engine(rec).outcome(state) is None)
        feed.picture_stale = False
        await self.store.set_feed(pk, feed.dump())

    async def _post_final(
        self,
        rec: GameRecord,
        state: Any,
        outcome: Outcome,
        feed: Feed,
        lang: str,
        entry: OutboxEntry,
        *,
        buttons_off: bool = True,
    ) -> None:
        engine = _engine(rec)
        humans = [s.seat for s in rec.seats if not s.is_ai]
        lines = news(feed, humans)
        # The last moves, and every line no table message has shown yet (the thread tells the whole game).
        shown = lines[-max(8, feed.unshown) :]
        feed.unshown = 0
        text = _fit(
            ([t(lang, "table.earlier", n=len(lines) - len(shown))] if len(lines) > len(shown) else [])
            + shown
            + [self.standings(rec, outcome, lang)]
        )
        picture = await render(
            rec.game_id, "final", engine.view(state, None), lang, "final.png", rec.names(), rec.ai_seats()
        )
        embeds = [
            discord.Embed(
                title=t(lang, "table.title", game=engine.name.get(lang), turn=state.turn + 1), colour=COLOUR
            )
        ]
        if picture is not None:
            embeds[0].set_image(url=f"attachment://{picture.filename}")
        story = await self.chronicle(rec, lang)
        if story:
            embeds.append(
                discord.Embed(title=t(lang, "table.story"), description=story[:4000], colour=COLOUR)
            )
        files = [picture] if picture else []
        files.extend(await timelapse.final_extras(rec, lang, self.store))
        channel = self.client.get_partial_messageable(rec.channel_id)
        # The standings name everyone; nobody is pinged by a game's end.
        message = await channel.send(
            content=text,
            embeds=embeds,
            files=files,
            allowed_mentions=discord.AllowedMentions.none(),
            view=rematch_view(rec.id, lang),  # a new lobby for the same players
            nonce=_nonce(entry),
        )
        feed.posted_for = entry.id
        feed.to, feed.closed = [], True  # the final message has no turn to close
        await self.store.set_message_ids(rec.id, table_message_id=message.id, feed=feed.dump())
        if rec.table_message_id is not None and buttons_off:
            await self._take_buttons_off(rec.channel_id, rec.table_message_id, rec.id)
        updated = rec.model_copy(update={"table_message_id": message.id})
        feed.card_stale = not await self.update_summary(updated, lang, state=state)

    async def chronicle(self, rec: GameRecord, lang: str) -> str | None:
        """The game's own end-of-game story (``GameUI.chronicle``) from every public event, replayed."""
        ui = ui_for(rec.game_id)
        if type(ui).chronicle is GameUI.chronicle:
            return None
        engine = _engine(rec)
        players = [s.seat for s in rec.seats]
        state = engine.new_game(players, rec.options, rec.seed)
        public: list[Event] = [Event(kind="game_started")]
        for action in await self.store.actions(rec.id):
            step = engine.apply(state, action.seat, action.action)
            state = step.state
            public.extend(e for e in step.events if e.public)
        return ui.chronicle(public, lang, rec.names())

    async def _publish_notice(self, rec: GameRecord, entry: OutboxEntry, lang: str) -> None:
        """A line about the table itself (a player left, came back, was seated): text only, no picture."""
        key = str(entry.payload.get("key", ""))
        params = {k: v for k, v in entry.payload.items() if k not in ("key", "button", "ping")}
        # Nobody is pinged by a notice but the members it names in ``ping`` (a reminder: its player).
        ping = [int(u) for u in entry.payload.get("ping", [])]
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in ping]
        )
        view = None
        if entry.payload.get("button") == "take_back":
            view = seat_buttons.take_back_view(rec.id, lang)
        channel = self.client.get_partial_messageable(rec.channel_id)
        kwargs: dict[str, Any] = {"view": view} if view is not None else {}
        await channel.send(
            content=t(lang, key, **params)[:2000],
            allowed_mentions=mentions if ping else discord.AllowedMentions.none(),
            nonce=_nonce(entry),  # a retry of a post Discord carried out returns it instead of a repeat
            **kwargs,
        )

    async def _take_buttons_off(self, channel_id: int, message_id: int, pk: int) -> None:
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(view=None)
        except discord.HTTPException:
            log.info("previous table message of game %s could not be edited", pk)

    # -- the summary card in the channel the game was opened from -----------------------------------
    async def update_summary(self, rec: GameRecord, lang: str | None = None, *, state: Any = None) -> bool:
        """Bring the card up to date; ``False`` when Discord refused the edit. A card never holds up the
        game's own messages: a failed edit is marked (``Feed.card_stale``) and made good by the outbox."""
        if rec.summary_message_id is None or rec.parent_channel_id is None:
            return True
        lang = lang or await self.public_lang(rec.guild_id)
        if state is None and rec.state_json is not None:
            state = _engine(rec).load_state(rec.state_json)
        payload = summary.card(rec, state, lang)
        message = self.client.get_partial_messageable(rec.parent_channel_id).get_partial_message(
            rec.summary_message_id
        )
        try:
            await message.edit(**payload.edit_kwargs())
        except discord.NotFound:
            log.info("summary card of game %s is gone", rec.id)
        except discord.HTTPException as exc:
            log.warning("summary card of game %s not updated (%s); will retry", rec.id, exc.status)
            return False
        return True

    async def refresh_stale_card(self, pk: int) -> bool:
        """The card again, if an earlier edit failed; ``False`` while Discord still refuses."""
        rec = await self.store.get_game(pk)
        feed = Feed.load(rec.feed)
        if not feed.card_stale:
            return True
        if not await self.update_summary(rec):
            return False
        feed.card_stale = False
        await self.store.set_feed(pk, feed.dump())
        return True

    async def retire_table_message(self, rec: GameRecord, feed: Feed, lang: str) -> None:
        """Take the buttons off the newest table message (the game ended or was aborted); a message still
        addressing players loses its turn and clock lines too ("⏳ Time left" of a game that is over)."""
        if rec.table_message_id is None:
            return
        if not feed.closed and feed.message_id == rec.table_message_id:
            plan = Plan(edit=True, close=True, lines=tuple(feed.lines), hidden=feed.hidden)
            await self._close_table(rec, None, feed, lang, plan, keep_view=False)
            feed.to, feed.closed = [], True
            return
        await self._take_buttons_off(rec.channel_id, rec.table_message_id, rec.id)

    def standings(self, rec: GameRecord, outcome: Outcome, lang: str) -> str:
        lines = [t(lang, "table.game_over")]
        team = summary.team_lines(rec, outcome, lang)
        if team is not None:  # a cooperative game: one shared result, no ranking and no points (PC-11a)
            return "\n".join([*lines, *team])
        place = 1
        for group in outcome.ranking:
            for seat in group:
                crown = "👑 " if seat in outcome.winners else ""
                score = outcome.scores.get(seat, 0)
                shown = int(score) if float(score).is_integer() else round(score, 2)
                lines.append(
                    t(
                        lang,
                        "table.place",
                        place=place,
                        player=crown + seat_label(rec, seat, lang),
                        score=shown,
                        n=shown,
                    )
                )
            place += len(group)
        return "\n".join(lines)

    async def status_payload(self, rec: GameRecord, state: Any, lang: str) -> Payload:
        engine = _engine(rec)
        picture = await render(
            rec.game_id, "table", engine.view(state, None), lang, "table.png", rec.names(), rec.ai_seats()
        )
        movers = engine.to_move(state)
        embed = discord.Embed(
            title=t(lang, "table.title", game=engine.name.get(lang), turn=state.turn + 1),
            colour=COLOUR,
        )
        if picture is not None:
            embed.set_image(url=f"attachment://{picture.filename}")
        # Names, not mentions: a status asked for in a busy channel must not look like a call to anyone.
        content = t(lang, "table.to_move", players=", ".join(self.seat_name(rec, m, lang) for m in movers))
        clocks = self._time_left(rec, movers, lang)
        if clocks:
            content = f"{content}\n{clocks}"
        return Payload(
            content=content,
            embed=embed,
            files=[picture] if picture else [],
            view=table_controls(rec, state, lang),
            # Anyone may look at the table at any time: that never pings the players it names.
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # -- the hand ---------------------------------------------------------------------------------
    async def hand_payload(
        self,
        rec: GameRecord,
        state: Any,
        user_id: int,
        lang: str,
        page: int = 0,
        note: str = "",
        group: int = 0,
        keep_picture: bool = False,
    ) -> Payload:
        """``keep_picture``: for an edit of a hand message drawn from this same state (another page or
        group of its moves): the picture it shows stays."""
        seat = rec.seat_of(user_id)
        if seat is None or not seat.seat:
            raise UserError("not_in_game")
        engine = _engine(rec)
        ui = ui_for(rec.game_id)
        view = engine.view(state, seat.seat)
        keep_picture = keep_picture and manifest(rec.game_id).renderer is not None
        picture = (
            None
            if keep_picture
            else await render(rec.game_id, "hand", view, lang, "hand.png", rec.names(), rec.ai_seats())
        )
        legal: list[Action] = engine.legal_actions(state, seat.seat) if rec.status is Status.RUNNING else []
        lines = [note] if note else []
        if picture is None and not keep_picture:
            hand = getattr(view, "hand", None)
            if isinstance(hand, list):
                lines.append(
                    t(lang, "hand.cards", cards=" ".join(ui.card_name(str(c), lang) for c in hand) or "-")
                )
        movers = engine.to_move(state) if rec.status is Status.RUNNING else []
        waiting_for = ", ".join(seat_label(rec, m, lang) for m in movers)
        if legal and seat.seat in movers:
            lines.append(t(lang, "hand.your_move"))
        elif legal:
            # Moves open to a seat that is not to move (proposing a reshuffle): say whose turn it is.
            lines.append(t(lang, "hand.waiting_may_act", players=waiting_for))
        elif rec.status is Status.RUNNING:
            lines.append(t(lang, "hand.waiting", players=waiting_for))
        embed = discord.Embed(title=t(lang, "hand.title", game=engine.name.get(lang)), colour=COLOUR)
        if picture is not None:
            embed.set_image(url=f"attachment://{picture.filename}")
        return Payload(
            content="\n".join(lines) or None,
            embed=embed,
            files=[picture] if picture else [],
            view=components.hand_view(rec, legal, ui, lang, page, group, LabelContext(view, rec.names())),
            keep_picture=keep_picture,
        )

    @staticmethod
    def describe(ui: GameUI, events: list[Event], seat: str, lang: str, names: dict[str, str]) -> str:
        """The acting player's own view of what happened (private events included)."""
        lines = [ui.describe_event(e, lang, names) for e in events if e.visible_for(seat) and e.visible_to]
        return "\n".join(f"🔒 {line}" for line in lines if line)
