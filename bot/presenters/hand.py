"""The words of a player's private hand: a note (what their move did), the cards when the game draws no
picture, and whether it is their move or whose it is; the moves' controls come from ``hand_view`` in
``bot.table.components`` (passed in as ``menus``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import discord

from bot.games import LabelContext, manifest, ui_for
from bot.games.base import SomeUI
from bot.presenters.payload import COLOUR, Payload
from bot.presenters.words import seat_label
from bot.store import GameRecord, Status
from engines.core import Action, Event, GameState, View
from i18n import t

#: ``bot.table.hand_controls.hand_view``: (record, legal moves, UI, language, page, group, label context).
MenusFor = Callable[
    [GameRecord, list[Action], SomeUI, str, int, int, LabelContext[View] | None], discord.ui.View | None
]


def hand(
    rec: GameRecord,
    state: GameState,
    seat: str,
    lang: str,
    *,
    menus: MenusFor,
    pictured: bool,
    keep_picture: bool = False,
    page: int = 0,
    note: str = "",
    group: int = 0,
) -> Payload:
    """``pictured``: the publisher draws the hand (no list of cards in words); ``keep_picture``: an edit of
    a hand message drawn from this same state (another page or group of its moves) keeps its picture."""
    engine = manifest(rec.game_id).engine
    ui = ui_for(rec.game_id)
    view = engine.view(state, seat)
    legal: list[Action] = engine.legal_actions(state, seat) if rec.status is Status.RUNNING else []
    lines = [note] if note else []
    if not pictured and not keep_picture:
        cards = getattr(view, "hand", None)
        if isinstance(cards, list):
            lines.append(
                t(lang, "hand.cards", cards=" ".join(ui.card_name(str(c), lang) for c in cards) or "-")
            )
    movers = engine.to_move(state) if rec.status is Status.RUNNING else []
    waiting_for = ", ".join(seat_label(rec, m, lang) for m in movers)
    if legal and seat in movers:
        lines.append(t(lang, "hand.your_move"))
    elif legal:
        # Moves open to a seat that is not to move (proposing a reshuffle): say whose turn it is.
        lines.append(t(lang, "hand.waiting_may_act", players=waiting_for))
    elif rec.status is Status.RUNNING:
        lines.append(t(lang, "hand.waiting", players=waiting_for))
    embed = discord.Embed(title=t(lang, "hand.title", game=engine.name.get(lang)), colour=COLOUR)
    return Payload(
        content="\n".join(lines) or None,
        embed=embed,
        view=menus(rec, legal, ui, lang, page, group, LabelContext(view, rec.names())),
        keep_picture=keep_picture,
    )


def private_note(ui: SomeUI, events: Sequence[Event], seat: str, lang: str, names: Mapping[str, str]) -> str:
    """The acting player's own view of what happened (private events included)."""
    lines = [ui.describe_event(e, lang, names) for e in events if e.visible_for(seat) and e.visible_to]
    return "\n".join(f"🔒 {line}" for line in lines if line)
