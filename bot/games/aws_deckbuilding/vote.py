"""The public Yes / No buttons of a marketplace reshuffle vote (AD-14).

A player may propose a reshuffle (from the hand's button or ``/cloud reshuffle``); every other player must
agree. While a seat played by a person still has to answer, the table message carries these two buttons
(``UI.table_items``) and mentions the players to answer. How a click is guarded (only a seat the engine still
waits for, only on the state the button was built for) is ``bot.table.answer_buttons``; this module says
who the vote waits for and words the answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import discord

from bot.interactions import UiItem
from bot.store import GameRecord
from bot.table import answer_buttons, custom_ids
from bot.table.answer_buttons import AnswerButton
from engines.aws_deckbuilding.models import ADState, Vote
from engines.core import GameState
from i18n import both, t

if TYPE_CHECKING:
    from bot.table.service import Played

GAME = "aws-deckbuilding"
NS = "aws-deckbuilding"

ACTIONS: dict[str, Vote] = {"yes": Vote(agree=True), "no": Vote(agree=False)}

#: the custom ids ``dh:adv:<op>:<pk>:<version>``, read and written by the bot's one parser
KIND = custom_ids.register(custom_ids.Kind("adv", ("pk", "ver"), ops=tuple(ACTIONS)))


class VoteButton(AnswerButton, template=answer_buttons.template(KIND)):
    GAME = GAME
    KIND = KIND
    ACTIONS = ACTIONS
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "yes": discord.ButtonStyle.success,
        "no": discord.ButtonStyle.danger,
    }
    NOT_SEATED = "vote_not_seated"
    MOVED_ON = "vote_moved_on"

    def check(self, rec: GameRecord, state: GameState, seat: str, lang: str) -> None:
        assert isinstance(state, ADState)
        vote = state.vote
        if vote is None:
            raise self.refuse("vote_closed")
        if seat not in vote.waiting:
            names = rec.names()
            waiting = ", ".join(names.get(s, s) for s in vote.waiting)
            raise self.refuse("vote_already" if seat in vote.agreed else "vote_not_asked", waiting=waiting)

    def done(self, played: Played, state: GameState, lang: str) -> str:
        return t(lang, f"{NS}.vote.done_{self.op}")


def vote_buttons(pk: int, version: int, lang: str) -> list[UiItem]:
    """The two public buttons of an open vote, for the state ``version`` of game ``pk``; they read in both
    languages, the server's first ("👍 Reshuffle · 👍 リシャッフルする")."""
    return [VoteButton(op, pk, version, both(lang, f"{NS}.vote.button_{op}")) for op in ACTIONS]
