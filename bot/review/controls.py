"""The review in Discord (issue 27 items 2 and 3): the Review button on every game's final message and
``/game review`` answer each player privately with their own review; Share posts it in the game's thread.

Who may see what: a review is of the asker's own seat (the seat they played; one handed to the AI is still
theirs), always in an ephemeral message, and only once the game has ended. Its Share and "Try it again"
controls carry the seat they belong to (its place in the game's seats) and refuse anyone else, so a forged
id never shows or shares another player's review. The Review button itself is public and names no seat.

While a review is computed (``bot.review.service``) the ephemeral answer shows a progress line, edited at
most about once a second (``ProgressLine``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import discord

from bot.errors import UserError, user_lang
from bot.games.built import player_seat
from bot.interactions import Interaction, UiButton
from bot.presenters.review import private_review, progress_line, shared_review
from bot.review import service, words
from bot.review.retry import RetryButton, owner_seat
from bot.store import GameRecord
from bot.table import custom_ids
from bot.table.controls import Control, control_template, game_of
from bot.table.custom_ids import ControlId
from bot.table.host import tables_of
from bot.table.rematch import rematch_view
from i18n import both, t

log = logging.getLogger(__name__)

REVIEW = custom_ids.register(custom_ids.Kind("review", ("pk",)))
SHARE = custom_ids.register(custom_ids.Kind("revshare", ("pk", "seat")))
#: Seconds between two edits of a progress line (Discord's rate limits, and a line that does not flicker).
PROGRESS_EVERY = 1.0


def final_view(pk: int, lang: str) -> discord.ui.View:
    """The final message's own controls: Rematch and Review (a game adds its own after them)."""
    view = rematch_view(pk, lang)
    view.add_item(ReviewButton(pk, both(lang, "buttons.review", limit=80)))
    return view


def reviewable_seat(rec: GameRecord, user_id: int) -> str:
    """The seat of ``user_id`` in a game that has ended, or the refusal (nothing changes)."""
    if rec.status.live:
        raise UserError("review_running")
    if rec.state_json is None:
        raise UserError("review_not_started")
    seat = player_seat(rec, user_id)
    if seat is None:
        raise UserError("review_players_only")
    return seat


class ProgressLine:
    """The deferred answer's progress line: the latest figure, edited at most every ``PROGRESS_EVERY``
    seconds, one edit at a time; ``close`` ends it before the answer replaces it."""

    def __init__(self, interaction: Interaction, lang: str) -> None:
        self.interaction = interaction
        self.lang = lang
        self.latest: tuple[int, int] | None = None
        self.shown_at = float("-inf")
        self.task: asyncio.Task[None] | None = None
        self.closed = False

    def update(self, done: int, total: int) -> None:
        self.latest = (done, total)
        if not self.closed and (self.task is None or self.task.done()):
            self.task = asyncio.create_task(self._edit(), name="deckhand: review progress")

    async def _edit(self) -> None:
        loop = asyncio.get_running_loop()
        wait = self.shown_at + PROGRESS_EVERY - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        if self.closed or self.latest is None:
            return
        self.shown_at = loop.time()
        try:
            await self.interaction.edit_original_response(content=progress_line(*self.latest, self.lang))
        except discord.HTTPException as exc:  # a line that failed to update must not end the review
            log.info("a review's progress line was not updated: %s", exc)

    async def close(self) -> None:
        self.closed = True
        task = self.task
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


async def send_review(interaction: Interaction, rec: GameRecord) -> None:
    """Answer the clicker (or the command's caller) privately with their review of ``rec``."""
    seat = reviewable_seat(rec, interaction.user.id)
    lang = user_lang(interaction)
    tables = tables_of(interaction)
    settings = service.analysis_settings(tables.settings)
    await interaction.response.defer(ephemeral=True, thinking=True)
    line = ProgressLine(interaction, lang)
    try:
        stored = await service.review_of(tables.store, rec, seat, settings, progress=line.update)
    except Exception as exc:
        log.exception("game %s: the review of %s failed", rec.id, seat)
        raise UserError("review_failed") from exc
    finally:
        await line.close()
    actions = await tables.store.actions(rec.id)
    ready = await words.shown(rec, actions, stored, words.player_name(rec, seat, lang), lang, hands=True)
    place = [s.seat for s in rec.seats].index(seat)
    view = discord.ui.View(timeout=None)
    for number, moment in enumerate(ready.facts.moments, start=1):
        view.add_item(RetryButton(rec.id, place, moment.index, t(lang, "buttons.retry", number=number)))
    view.add_item(ShareButton(rec.id, place, t(lang, "buttons.share")))
    payload = private_review(ready.facts, lang, course=ready.course, hands=ready.hands, view=view)
    log.info("game %s: %s got their review", rec.id, seat)
    await interaction.edit_original_response(
        content=None, embeds=payload.embeds(), attachments=payload.files, view=view
    )


class ReviewButton(Control[UiButton], template=control_template("review")):
    """On every game's final message: each player who presses it is answered privately with their review."""

    kind = "review"

    def __init__(self, pk: int, label: str = "") -> None:
        self.pk = pk
        super().__init__(
            discord.ui.Button(
                label=label or "Review",
                emoji="🔍",
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.build("review", pk),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> ReviewButton:
        return cls(control.pk)

    async def run(self, interaction: Interaction) -> None:
        await send_review(interaction, await game_of(interaction, self.pk))


#: Shares being posted (store, game, seat): a second click meanwhile is told it is shared, not posted twice.
_sharing: set[tuple[int, int, str]] = set()


class ShareButton(Control[UiButton], template=control_template("revshare")):
    """Under a review: posts it in the game's thread, once, for its own player only."""

    kind = "revshare"
    private = True

    def __init__(self, pk: int, place: int, label: str = "") -> None:
        self.pk, self.place = pk, place
        super().__init__(
            discord.ui.Button(
                label=label or "Share",
                emoji="📣",
                style=discord.ButtonStyle.primary,
                custom_id=custom_ids.build("revshare", pk, place),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> ShareButton:
        return cls(control.pk, control["seat"])

    async def run(self, interaction: Interaction) -> None:
        rec = await game_of(interaction, self.pk)
        seat = owner_seat(rec, self.place, interaction.user.id)
        lang = user_lang(interaction)
        tables = tables_of(interaction)
        stored = await service.stored_review(
            tables.store, rec, seat, service.analysis_settings(tables.settings)
        )
        if stored is None:  # computed with other settings since: the player asks for it again
            raise UserError("review_failed")
        key = (id(tables.store), rec.id, seat)
        if key in _sharing:  # the first click is posting it
            await interaction.response.send_message(t(lang, "review.shared_done"), ephemeral=True)
            return
        if stored.shared_message_id is not None:
            link = f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}/{stored.shared_message_id}"
            await interaction.response.send_message(
                t(lang, "review.shared_already", link=link), ephemeral=True
            )
            return
        _sharing.add(key)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            public = await tables.public_lang(rec.guild_id)
            actions = await tables.store.actions(rec.id)
            ready = await words.shown(
                rec, actions, stored, words.player_name(rec, seat, public), public, hands=False
            )
            payload = shared_review(ready.facts, public, course=ready.course)
            channel = interaction.client.get_partial_messageable(rec.channel_id)
            message = await channel.send(**payload.send_kwargs())
            await tables.store.share_review(rec.id, seat, message.id, time.time())
        finally:
            _sharing.discard(key)
        log.info("game %s: %s shared their review", rec.id, seat)
        await interaction.edit_original_response(content=t(lang, "review.shared_done"))
