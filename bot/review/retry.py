"""Learn from your mistakes (issue 27 item 3): "Try it again" under each key moment of a review opens that
position as the player saw it (their hand picture then) with its legal moves in selects; after the choice,
an analysis process (lane "retry", before waiting reviews) scores that move against the one played and the
best one, on the same redeals (``engines.core.analysis.retry``), and the player is told how it did.

The moves are the seat's legal moves there in the analysis' canonical order (``words.Position.legal``): a
select's value is a place in that list, rebuilt from the log at each click, so nothing of the position is
kept between clicks. A select holds 25 moves; a position with more gets up to ``PAGES`` selects (a message
holds five rows). Every control here carries the seat it belongs to and refuses anyone else.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Self

import discord

from bot.analysis import pool
from bot.errors import UserError, user_lang
from bot.interactions import Interaction, UiButton, UiSelect
from bot.presenters.review import KeyMoment, RetryScore, retry_answer, retry_prompt
from bot.review import service, words
from bot.review.jobs import retry_job
from bot.store import GameRecord, Store
from bot.table import custom_ids, pictures
from bot.table.controls import Control, control_template, game_of
from bot.table.custom_ids import ControlId
from bot.table.host import tables_of
from engines.core.analysis import AnalysisSettings, DecisionReview, SeatReview
from engines.core.analysis.retry import RetryResult
from i18n import t
from i18n.words import clip

log = logging.getLogger(__name__)

RETRY = custom_ids.register(custom_ids.Kind("revtry", ("pk", "seat", "idx")))
PICK = custom_ids.register(custom_ids.Kind("revpick", ("pk", "seat", "idx", "page")))
#: Moves a select holds (Discord's limit), and selects a message holds (its five rows).
PER_SELECT = 25
PAGES = 5


def owner_seat(rec: GameRecord, place: int, user_id: int) -> str:
    """The seat at ``place`` of the game, if ``user_id`` played it; anyone else is refused."""
    if not 0 <= place < len(rec.seats):
        raise custom_ids.BadControl("no such seat")
    info = rec.seats[place]
    if user_id not in (info.user_id, info.left_by):
        raise UserError("review_not_yours")
    return info.seat


async def _moment(
    store: Store, rec: GameRecord, seat: str, settings: AnalysisSettings, index: int
) -> tuple[SeatReview, DecisionReview]:
    """The key decision at the log's ``index`` of the seat's kept review, or the refusal."""
    stored = await service.stored_review(store, rec, seat, settings)
    if stored is None:
        raise UserError("review_failed")
    review = SeatReview.model_validate_json(stored.review_json)
    for decision in words.key_decisions(review):
        if decision.index == index:
            return review, decision
    raise UserError("review_not_a_moment")


class RetryButton(Control[UiButton], template=control_template("revtry")):
    """Under a review: one key moment again, the player's hand as it was and the legal moves."""

    kind = "revtry"
    private = True

    def __init__(self, pk: int, place: int, index: int, label: str = "") -> None:
        self.pk, self.place, self.index = pk, place, index
        super().__init__(
            discord.ui.Button(
                label=label or "Try it again",
                emoji="🔁",
                style=discord.ButtonStyle.secondary,
                custom_id=custom_ids.build("revtry", pk, place, index),
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> RetryButton:
        return cls(control.pk, control["seat"], control["idx"])

    async def run(self, interaction: Interaction) -> None:
        rec = await game_of(interaction, self.pk)
        seat = owner_seat(rec, self.place, interaction.user.id)
        tables = tables_of(interaction)
        lang = user_lang(interaction)
        settings = service.analysis_settings(tables.settings)
        _review, decision = await _moment(tables.store, rec, seat, settings, self.index)
        await interaction.response.defer(ephemeral=True, thinking=True)
        actions = await tables.store.actions(rec.id)
        found = await asyncio.to_thread(words.positions, rec, actions, seat, [decision.index])
        position = found[decision.index]
        legal = await asyncio.to_thread(position.legal, rec.game_id)
        labels = await asyncio.to_thread(lambda: [words.word(rec, position, a, lang) for a in legal])
        view = discord.ui.View(timeout=None)
        pages = min(PAGES, -(-len(labels) // PER_SELECT))
        for page in range(pages):
            chunk = labels[page * PER_SELECT : (page + 1) * PER_SELECT]
            placeholder = (
                t(lang, "review.retry_choose")
                if pages == 1
                else t(lang, "review.retry_choose_page", page=page + 1, pages=pages)
            )
            options = [
                discord.SelectOption(label=clip(label, 100), value=str(page * PER_SELECT + i))
                for i, label in enumerate(chunk)
            ]
            view.add_item(PickSelect(rec.id, self.place, decision.index, page, options, placeholder))
        hand = await pictures.render_bytes(
            rec.game_id, "hand", position.view, lang, rec.names(), rec.ai_seats()
        )
        moment = KeyMoment(decision.index, decision.grade, "", None, None, None)
        payload = retry_prompt(moment, lang, hand=hand, view=view)
        await interaction.edit_original_response(
            content=None, embed=payload.embed, attachments=payload.files, view=view
        )


class PickSelect(Control[UiSelect], template=control_template("revpick")):
    """The moves of a "Try it again" position; the value is the move's place in the canonical list."""

    kind = "revpick"
    private = True

    def __init__(
        self,
        pk: int,
        place: int,
        index: int,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        self.pk, self.place, self.index, self.page = pk, place, index, page
        super().__init__(
            discord.ui.Select(
                custom_id=custom_ids.build("revpick", pk, place, index, page),
                options=options or [discord.SelectOption(label="-", value="0")],
                placeholder=placeholder or None,
            )
        )

    @classmethod
    def from_control(cls, control: ControlId) -> Self:
        return cls(control.pk, control["seat"], control["idx"], control["page"])

    async def run(self, interaction: Interaction) -> None:
        rec = await game_of(interaction, self.pk)
        seat = owner_seat(rec, self.place, interaction.user.id)
        tables = tables_of(interaction)
        lang = user_lang(interaction)
        settings = service.analysis_settings(tables.settings)
        picked = custom_ids.chosen(interaction.data, PER_SELECT * PAGES)
        _review, decision = await _moment(tables.store, rec, seat, settings, self.index)
        actions = await tables.store.actions(rec.id)
        found = await asyncio.to_thread(words.positions, rec, actions, seat, [decision.index])
        position = found[decision.index]
        legal = await asyncio.to_thread(position.legal, rec.game_id)
        if picked >= len(legal):
            raise custom_ids.BadControl("not a move of this position")
        chosen = legal[picked]
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.edit_original_response(content=t(lang, "review.retry_computing"))
        result_json = await pool.run(
            "retry",
            retry_job,
            rec.game_id,
            [s.seat for s in rec.seats],
            dict(rec.options),
            rec.seed,
            service.log_of(actions),
            seat,
            decision.index,
            chosen.model_dump(mode="json"),
            decision.model_dump_json(),
            settings.model_dump_json(),
        )
        result = RetryResult.model_validate_json(result_json)
        score = await asyncio.to_thread(_score, rec, position, result, lang)
        log.info("game %s: %s tried move %s again", rec.id, seat, decision.index + 1)
        await interaction.edit_original_response(content=None, embed=retry_answer(score, lang).embed)


def _score(rec: GameRecord, position: words.Position, result: RetryResult, lang: str) -> RetryScore:
    return RetryScore(
        chosen=words.word(rec, position, result.chosen, lang),
        chosen_value=result.chosen_value,
        played=words.word(rec, position, result.played, lang),
        played_value=result.played_value,
        best=words.word(rec, position, result.best, lang),
        best_value=result.best_value,
    )
