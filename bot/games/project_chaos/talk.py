"""The talk cards' public buttons (PC-12): Yes / No under a vote, Claim / Not me under a claim.

They sit on the public table message (``UI.table_items``) for everyone to see. How a click is guarded (only a
seated player the engine still waits for, only on the state the button was built for) is
``bot.table.answer_buttons``; this module says what each button answers and words the answers. The table
message that follows says who answered, and the result once every seat has answered (the AI seats answer by
the engine's rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import discord

from bot.games import ui_for
from bot.interactions import UiItem
from bot.store import GameRecord
from bot.table import answer_buttons, custom_ids
from bot.table.answer_buttons import AnswerButton
from engines.core import GameState
from engines.project_chaos.models import (
    CastVote,
    ClaimPending,
    MakeClaim,
    NoClaim,
    PCAction,
    PCState,
    VotePending,
)
from i18n import both, t

if TYPE_CHECKING:
    from bot.table.service import Played

GAME = "project-chaos"
NS = GAME

#: the button's operation and its engine action
ACTIONS: dict[str, PCAction] = {
    "yes": CastVote(yes=True),
    "no": CastVote(yes=False),
    "claim": MakeClaim(),
    "pass": NoClaim(),
}
OPS: dict[str, tuple[str, str]] = {"vote": ("yes", "no"), "claim": ("claim", "pass")}

#: the custom ids ``dh:pc:<op>:<pk>:<version>``, read and written by the bot's one parser
KIND = custom_ids.register(custom_ids.Kind("pc", ("pk", "ver"), ops=tuple(ACTIONS)))


class TalkButton(AnswerButton, template=answer_buttons.template(KIND)):
    GAME = GAME
    KIND = KIND
    ACTIONS = ACTIONS
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "yes": discord.ButtonStyle.success,
        "no": discord.ButtonStyle.danger,
        "claim": discord.ButtonStyle.primary,
        "pass": discord.ButtonStyle.secondary,
    }
    NOT_SEATED = "talk_not_seated"
    MOVED_ON = "talk_moved_on"
    #: what each button answers
    TOPIC: ClassVar[dict[str, str]] = {"yes": "vote", "no": "vote", "claim": "claim", "pass": "claim"}

    def check(self, rec: GameRecord, state: GameState, seat: str, lang: str) -> None:
        assert isinstance(state, PCState)
        pending = state.pending
        kind = self.TOPIC[self.op]
        if kind == "vote" and isinstance(pending, VotePending):
            if seat in pending.votes:
                answer = t(lang, f"{NS}.talk.answer_{'yes' if pending.votes[seat] else 'no'}")
                raise self.refuse("talk_voted", answer=answer)
        elif kind == "claim" and isinstance(pending, ClaimPending):
            if seat in pending.passed:
                raise self.refuse("talk_passed")
        else:
            raise self.refuse("talk_closed")

    def done(self, played: Played, state: GameState, lang: str) -> str:
        assert isinstance(state, PCState) and isinstance(state.pending, VotePending | ClaimPending)
        card = ui_for(GAME).card_name(state.pending.card, lang)
        return t(lang, f"{NS}.talk.done_{self.op}", card=card)


def talk_buttons(kind: str, pk: int, version: int, lang: str) -> list[UiItem]:
    """The two public buttons of an open vote or claim, for the state ``version`` of game ``pk``."""
    # Public controls carry both languages, the server's first ("👍 Yes · 👍 賛成").
    return [TalkButton(op, pk, version, both(lang, f"{NS}.talk.button_{op}")) for op in OPS[kind]]
