"""What the game's place and the players see, posted: the lobby card, the table messages, the summary card
in the channel a game was opened from, and the hand.

Changes reach Discord through the outbox (``bot.table.outbox``): ``publish`` takes one entry and follows the
feed's plan (``bot.table.feed``): a new table message when the turn passes to a human (mentioning exactly
the players to act), edits in place for the steps of a turn, AI moves gathered into the next message. The
newest table message carries the buttons; the previous one loses them, so nobody clicks stale controls.

The words and controls of each message are the presenters' (``bot.presenters``, pure); this module keeps
the plan of what to post or edit, draws the pictures, and does the Discord I/O.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import discord

from bot.errors import UserError
from bot.games import SomeEngine, manifest
from bot.presenters import final, hand, lobby, notice, table
from bot.presenters.payload import Kwargs, Payload
from bot.records import timelapse
from bot.store import GameRecord, OutboxEntry, Status, Store
from bot.store.messages import Changed, Ended, Told
from bot.table import components, hand_controls, seat_buttons, summary
from bot.table.events import load_event
from bot.table.feed import Feed, Plan, advance, notified
from bot.table.pictures import render, render_bytes
from bot.table.rematch import rematch_view
from engines.core import GameState, Outcome
from i18n import pick

log = logging.getLogger(__name__)


def _nonce(entry: OutboxEntry) -> str:
    """The entry's post, named for Discord: with ``enforce_nonce`` (discord.py sends it with every nonce)
    Discord returns the message already created for a repeat within minutes instead of posting it twice,
    which closes the window between Discord accepting a post and a crash before the bot records it."""
    return f"dh{entry.game_pk}-{entry.id}"[:25]


def _engine(rec: GameRecord) -> SomeEngine:
    return manifest(rec.game_id).engine


class Publisher:
    """Posts and edits; never changes a game. It gets the record, the state and the events from the table
    service and reads nothing back from it (the service depends on the publisher, not the other way)."""

    def __init__(self, client: discord.Client, store: Store, default_locale: str = "en") -> None:
        self.client = client
        self.store = store
        self.default_locale = default_locale
        #: Unix seconds now: the table service hands over its scheduler's (injectable) clock.
        self.now: Callable[[], float] = time.time
        self.final_view: Callable[[int, str], discord.ui.View] = rematch_view  # the assembly adds Review

    async def public_lang(self, guild_id: int) -> str:
        """The language of public messages: the server's choice (/game language), its Discord locale,
        then the bot's default."""
        guild = self.client.get_guild(guild_id)
        preferred = str(guild.preferred_locale) if guild else None
        return pick(await self.store.guild_locale(guild_id), preferred, self.default_locale)

    # -- lobby ------------------------------------------------------------------------------------
    @staticmethod
    def lobby_payload(rec: GameRecord, lang: str) -> Payload:
        return lobby.lobby(rec, lang, buttons=components.lobby_view)

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
        match entry.message:
            case Changed() as changed:
                await self._publish_change(rec, entry, changed, feed, lang, followed=followed)
            case Told() as told:
                await self._publish_notice(rec, entry, told, lang)
            case Ended(reason=reason, name=name):
                await self._publish_end(rec, entry, feed, lang, reason, name or "")
        await self.store.published(entry.id, rec.id, feed.dump())

    async def _publish_end(
        self, rec: GameRecord, entry: OutboxEntry, feed: Feed, lang: str, reason: str, name: str
    ) -> None:
        """The game ended without a result: the table message loses its buttons, the reason is posted."""
        await self.retire_table_message(rec, feed, lang)
        ended = final.ended(reason, name, lang)
        await self.client.get_partial_messageable(rec.channel_id).send(
            nonce=_nonce(entry),  # a retry after a failed card edit is not posted twice
            **ended.words_kwargs(),
        )
        feed.card_stale |= not await self.update_summary(rec, lang)

    async def _publish_change(
        self,
        rec: GameRecord,
        entry: OutboxEntry,
        moved: Changed,
        feed: Feed,
        lang: str,
        *,
        followed: bool = False,
    ) -> None:
        engine = _engine(rec)
        assert entry.state_json is not None
        state = engine.load_state(entry.state_json)
        events = [load_event(engine, e) for e in moved.events]
        lines = table.event_lines(rec, events, lang)
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
            start=moved.kind == "start",
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

    async def _table_picture(self, rec: GameRecord, state: GameState, lang: str) -> bytes | None:
        return await render_bytes(
            rec.game_id, "table", _engine(rec).view(state, None), lang, rec.names(), rec.ai_seats()
        )

    async def _post_table(
        self,
        rec: GameRecord,
        state: GameState,
        feed: Feed,
        lang: str,
        changed: list[str],
        *,
        nonce: str,
        picture: bytes | None = None,
    ) -> discord.Message:
        data = picture if picture is not None else await self._table_picture(rec, state, lang)
        payload = table.turn(
            rec, state, feed, lang, now=self.now(), changed=changed, buttons=components.table_view
        ).attach(data)
        channel = self.client.get_partial_messageable(rec.channel_id)
        return await channel.send(nonce=nonce, **payload.send_kwargs())

    async def _edit_table(
        self,
        rec: GameRecord,
        state: GameState,
        feed: Feed,
        lang: str,
        keep_view: bool,
        *,
        words_only: bool = False,
    ) -> None:
        """``words_only``: the text and buttons, keeping the picture the message has (Discord leaves
        attachments and embeds that an edit does not name)."""
        text = table.text(rec, state, feed, lang, now=self.now())
        await self._edit(rec, state, feed, text, lang, keep_view=keep_view, draw=not words_only)

    async def _close_table(
        self,
        rec: GameRecord,
        state: GameState | None,
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
        text = table.closed_text(plan, lang)
        live = state is not None  # a game that ended: no controls, nothing to draw
        await self._edit(rec, state, feed, text, lang, keep_view=keep_view and live, draw=redraw and live)

    async def _edit(
        self,
        rec: GameRecord,
        state: GameState | None,
        feed: Feed,
        text: str,
        lang: str,
        *,
        keep_view: bool,
        draw: bool,
    ) -> None:
        """An edit of the table message: with ``draw`` its picture drawn anew, else the words and controls
        only (Discord leaves the attachments and embeds an edit does not name)."""
        assert feed.message_id is not None
        kwargs: Kwargs
        if draw:
            assert state is not None  # a game that ended is never drawn again (``_close_table``)
            buttons = components.table_view if keep_view else None
            payload = table.table(rec, state, text, lang, buttons=buttons)
            kwargs = payload.attach(await self._table_picture(rec, state, lang)).edit_kwargs()
        else:
            controls = (
                table.controls(rec, state, lang, buttons=components.table_view)
                if keep_view and state is not None
                else None
            )
            kwargs = {"content": text, "view": controls}
        message = self.client.get_partial_messageable(rec.channel_id).get_partial_message(feed.message_id)
        try:
            await message.edit(**kwargs)
        except discord.NotFound:  # deleted by a moderator: the next turn posts a new one
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
        state: GameState,
        outcome: Outcome,
        feed: Feed,
        lang: str,
        entry: OutboxEntry,
        *,
        buttons_off: bool = True,
    ) -> None:
        story = await timelapse.chronicle(rec, lang, self.store)
        payload = final.final(rec, state, outcome, feed, lang, story=story, rematch=self.final_view)
        feed.unshown = 0  # the final message showed them
        picture = await render(
            rec.game_id,
            "final",
            _engine(rec).view(state, None),
            lang,
            "final.png",
            rec.names(),
            rec.ai_seats(),
        )
        payload.attach(picture)
        payload.files.extend(await timelapse.final_extras(rec, lang, self.store))
        channel = self.client.get_partial_messageable(rec.channel_id)
        message = await channel.send(nonce=_nonce(entry), **payload.send_kwargs())
        feed.posted_for = entry.id
        feed.to, feed.closed = [], True  # the final message has no turn to close
        await self.store.set_message_ids(rec.id, table_message_id=message.id, feed=feed.dump())
        if rec.table_message_id is not None and buttons_off:
            await self._take_buttons_off(rec.channel_id, rec.table_message_id, rec.id)
        updated = rec.model_copy(update={"table_message_id": message.id})
        feed.card_stale = not await self.update_summary(updated, lang, state=state)

    async def _publish_notice(self, rec: GameRecord, entry: OutboxEntry, told: Told, lang: str) -> None:
        """A line about the table itself (a player left, came back, was seated): text only, no picture."""
        payload = notice.notice(rec.id, told, lang, take_back=seat_buttons.take_back_view)
        channel = self.client.get_partial_messageable(rec.channel_id)
        await channel.send(
            nonce=_nonce(entry),  # a retry of a post Discord carried out returns it instead of a repeat
            **payload.words_kwargs(),
        )

    async def _take_buttons_off(self, channel_id: int, message_id: int, pk: int) -> None:
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(view=None)
        except discord.HTTPException:
            log.info("previous table message of game %s could not be edited", pk)

    # -- the summary card in the channel the game was opened from -----------------------------------
    async def update_summary(
        self, rec: GameRecord, lang: str | None = None, *, state: GameState | None = None
    ) -> bool:
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

    async def status_payload(self, rec: GameRecord, state: GameState, lang: str) -> Payload:
        picture = await render(
            rec.game_id,
            "table",
            _engine(rec).view(state, None),
            lang,
            "table.png",
            rec.names(),
            rec.ai_seats(),
        )
        payload = table.status(rec, state, lang, now=self.now(), buttons=components.table_view)
        return payload.attach(picture)

    # -- the hand ---------------------------------------------------------------------------------
    async def hand_payload(
        self,
        rec: GameRecord,
        state: GameState,
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
        keep_picture = keep_picture and manifest(rec.game_id).renderer is not None
        picture = (
            None
            if keep_picture
            else await render(
                rec.game_id,
                "hand",
                _engine(rec).view(state, seat.seat),
                lang,
                "hand.png",
                rec.names(),
                rec.ai_seats(),
            )
        )
        payload = hand.hand(
            rec,
            state,
            seat.seat,
            lang,
            menus=hand_controls.hand_view,
            pictured=picture is not None,
            keep_picture=keep_picture,
            page=page,
            note=note,
            group=group,
        )
        return payload.attach(picture)
