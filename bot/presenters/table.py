"""The table message: the turn's lines, what the table asks, who is to act (mentioned) and their clocks,
a picture (drawn and attached by the publisher) and the controls: "My hand" and the game's own public
controls (``GameUI.table_items``: a vote's Yes/No …). Also ``/game status``, the same table by names."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.games import manifest, ui_for
from bot.presenters.payload import COLOUR, Payload
from bot.presenters.words import ViewFor, fit, seat_label, seat_name, time_left
from bot.store import GameRecord
from bot.table.feed import Feed, Plan
from engines.core import Event, GameState
from i18n import t


def event_lines(rec: GameRecord, events: Sequence[Event], lang: str) -> list[str]:
    """The public events of one step as the table message's lines (the game's start: the seat order)."""
    ui = ui_for(rec.game_id)
    lines = []
    for ev in events:
        if not ev.public:
            continue
        if ev.kind == "game_started":
            order = " → ".join(seat_name(rec, s.seat, lang) for s in rec.seats)
            lines.append(t(lang, "table.started", order=order))
            continue
        said = ui.describe_event(ev, lang, rec.names())
        if said:
            lines.append(f"• {said}")
    return lines


def controls(rec: GameRecord, state: GameState, lang: str, *, buttons: ViewFor) -> discord.ui.View:
    """ "My hand" (``buttons``: ``bot.table.components.table_view``) and the game's own public controls."""
    view = buttons(rec.id, lang)
    for item in ui_for(rec.game_id).table_items(rec, manifest(rec.game_id).engine.view(state, None), lang):
        view.add_item(item)
    return view


def text(
    rec: GameRecord, state: GameState, feed: Feed, lang: str, *, now: float, changed: Sequence[str] = ()
) -> str:
    """The words of the open table message: the feed's lines, the table's question, who is to act (by
    mention), whose hand changed (``changed``, by name), and the clock line."""
    engine = manifest(rec.game_id).engine
    lines = []
    if feed.hidden:
        lines.append(t(lang, "table.earlier", n=feed.hidden))
    lines.extend(feed.lines)
    movers = engine.to_move(state)
    prompt = ui_for(rec.game_id).table_prompt(engine.view(state, None), lang, rec.names())
    if prompt and movers:
        lines.append(prompt)
    if movers:
        lines.append(t(lang, "table.to_move", players=", ".join(seat_label(rec, m, lang) for m in movers)))
    if changed:
        # Named, never mentioned: it is not their turn, and a ping they can do nothing about is noise
        # in a busy server; the message that asks them to act pings them.
        lines.append(
            t(lang, "table.hand_changed", players=", ".join(seat_name(rec, s, lang) for s in changed))
        )
    clocks = time_left(rec, movers, lang, now)
    if clocks:
        lines.append(clocks)
    return fit(lines)


def closed_text(plan: Plan, lang: str) -> str:
    """The message the turn has left: its lines without the turn and clock lines (stale from now on)."""
    lines = [t(lang, "table.earlier", n=plan.hidden)] if plan.hidden else []
    return fit([*lines, *plan.lines])


def table(rec: GameRecord, state: GameState, words: str, lang: str, *, buttons: ViewFor | None) -> Payload:
    """The table message with ``words`` (:func:`text` or :func:`closed_text`); ``buttons`` ``None``: a
    message that has lost its controls."""
    engine = manifest(rec.game_id).engine
    embed = discord.Embed(
        title=t(lang, "table.title", game=engine.name.get(lang), move=state.turn + 1), colour=COLOUR
    )
    view = controls(rec, state, lang, buttons=buttons) if buttons is not None else None
    return Payload(content=words, embed=embed, view=view)


def turn(
    rec: GameRecord,
    state: GameState,
    feed: Feed,
    lang: str,
    *,
    now: float,
    changed: Sequence[str],
    buttons: ViewFor,
) -> Payload:
    """A new table message, for the players to act (``feed.to``): exactly they are pinged; those told their
    hand changed are only named."""
    payload = table(rec, state, text(rec, state, feed, lang, now=now, changed=changed), lang, buttons=buttons)
    pinged = [rec.seat_info(s).user_id for s in feed.to]
    payload.allowed_mentions = discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in pinged if u is not None]
    )
    return payload


def status(rec: GameRecord, state: GameState, lang: str, *, now: float, buttons: ViewFor) -> Payload:
    """``/game status``: the table as it stands, who is to act and their clocks."""
    engine = manifest(rec.game_id).engine
    movers = engine.to_move(state)
    embed = discord.Embed(
        title=t(lang, "table.title", game=engine.name.get(lang), move=state.turn + 1), colour=COLOUR
    )
    # Names, not mentions: a status asked for in a busy channel must not look like a call to anyone.
    content = t(lang, "table.to_move", players=", ".join(seat_name(rec, m, lang) for m in movers))
    clocks = time_left(rec, movers, lang, now)
    if clocks:
        content = f"{content}\n{clocks}"
    return Payload(
        content=content,
        embed=embed,
        view=controls(rec, state, lang, buttons=buttons),
        # Anyone may look at the table at any time: that never pings the players it names.
        allowed_mentions=discord.AllowedMentions.none(),
    )
