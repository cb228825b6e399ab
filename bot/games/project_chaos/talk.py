"""The talk cards' public buttons (PC-12): Yes / No under a vote, Claim / Not me under a claim.

They sit on the public table message (``UI.table_items``) for everyone to see; only a seated player the engine
still waits for may answer. A button is a persistent ``DynamicItem`` whose custom id carries the game's pk and
the state version it was built for (``dh:pc:<op>:<pk>:<version>``), so it survives a restart and a click on a
button built for an older state is refused, never applied to the wrong state. The answer goes through the same
path as every move, ``TableService.act`` with the version check; the table message that follows says who
answered, and the result once every seat has answered (the AI seats answer by the engine's rule).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.errors import UserError, report, user_lang
from bot.i18n import both, t
from bot.store import StaleVersion, Status
from bot.table import custom_ids
from bot.table.custom_ids import BadControl
from bot.table.host import tables_of
from engines.project_chaos.models import CastVote, ClaimPending, MakeClaim, NoClaim, PCAction, VotePending

GAME = "project-chaos"
NS = GAME

#: the button's operation, its engine action and its look
ACTIONS: dict[str, PCAction] = {
    "yes": CastVote(yes=True),
    "no": CastVote(yes=False),
    "claim": MakeClaim(),
    "pass": NoClaim(),
}
STYLES: dict[str, discord.ButtonStyle] = {
    "yes": discord.ButtonStyle.success,
    "no": discord.ButtonStyle.danger,
    "claim": discord.ButtonStyle.primary,
    "pass": discord.ButtonStyle.secondary,
}
OPS: dict[str, tuple[str, str]] = {"vote": ("yes", "no"), "claim": ("claim", "pass")}


def refusal(code: str, **params: Any) -> UserError:
    """A refusal worded by this game's catalog (``errors.project-chaos.<code>``)."""
    error = UserError(code, **params)
    error.game = GAME
    return error


#: the custom ids ``dh:pc:<op>:<pk>:<version>``, read and written by the bot's one parser
KIND = custom_ids.register(custom_ids.Kind("pc", ("pk", "ver"), ops=tuple(ACTIONS)))


class TalkButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    # Anything claiming the kind reaches this item, well formed or not: ``from_custom_id`` refuses the rest.
    template=rf"(?s){custom_ids.PREFIX}:{KIND.name}(?::.*)?",
):
    #: what each button answers
    TOPIC: ClassVar[dict[str, str]] = {"yes": "vote", "no": "vote", "claim": "claim", "pass": "claim"}

    def __init__(
        self, op: str, pk: int, version: int, label: str = "", *, refusal: UserError | None = None
    ) -> None:
        self.op, self.pk, self.version = op, pk, version
        self.refusal = refusal
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=STYLES.get(op, discord.ButtonStyle.secondary),
                custom_id=custom_ids.build(KIND.name, pk, version, op=op) if refusal is None else "dh:pc",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TalkButton:
        try:
            control = custom_ids.parse(str(getattr(item, "custom_id", "")), KIND.name)
        except BadControl as refused:  # a forged or garbled id: answered, nothing done
            return cls("yes", 1, 0, refusal=refused)
        return cls(control.op, control.pk, control["ver"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self.run(interaction)
        except Exception as exc:  # the one error funnel: refusals worded, faults logged with a reference
            await report(interaction, exc)

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        if self.refusal is not None:
            raise self.refusal
        tables = tables_of(interaction)
        lang = user_lang(interaction)
        rec = await tables.store.get_game(self.pk)
        if rec.game_id != GAME or rec.status is not Status.RUNNING:
            raise UserError("game_not_running")
        mine = rec.seat_of(interaction.user.id)
        if mine is None or not mine.seat:
            raise refusal("talk_not_seated")
        if rec.version != self.version:
            raise refusal("talk_moved_on")
        state = tables.state(rec)
        pending = state.pending
        kind = self.TOPIC[self.op]
        if kind == "vote" and isinstance(pending, VotePending):
            if mine.seat in pending.votes:
                answer = t(lang, f"{NS}.talk.answer_{'yes' if pending.votes[mine.seat] else 'no'}")
                raise refusal("talk_voted", answer=answer)
        elif kind == "claim" and isinstance(pending, ClaimPending):
            if mine.seat in pending.passed:
                raise refusal("talk_passed")
        else:
            raise refusal("talk_closed")
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            played = await tables.act(
                self.pk, interaction.user.id, ACTIONS[self.op], expected_version=self.version
            )
        except StaleVersion:
            raise refusal("talk_moved_on") from None
        ui = tables.ui(played.record)
        card = ui.card_name(pending.card, lang)
        await interaction.followup.send(t(lang, f"{NS}.talk.done_{self.op}", card=card), ephemeral=True)


def talk_buttons(kind: str, pk: int, version: int, lang: str) -> list[Any]:
    """The two public buttons of an open vote or claim, for the state ``version`` of game ``pk``."""
    # Public controls carry both languages, the server's first ("👍 Yes · 👍 賛成").
    return [TalkButton(op, pk, version, both(lang, f"{NS}.talk.button_{op}")) for op in OPS[kind]]
