"""The lobby card in the game's place: the game, who sits (the host marked, AI seats with their level),
the options as either language reads them, the clock, and Join/Leave/Start while the lobby is open."""

from __future__ import annotations

import discord

from bot.games import manifest
from bot.presenters.payload import COLOUR, Payload
from bot.presenters.words import ViewFor
from bot.store import GameRecord, Status
from bot.table.clock import clock_name
from bot.table.lobby_words import option_row, player_range
from i18n import t


def lobby(rec: GameRecord, lang: str, *, buttons: ViewFor) -> Payload:
    """``buttons``: the lobby's Join/Leave/Start (``bot.table.components.lobby_view``)."""
    engine = manifest(rec.game_id).engine
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
    embed.add_field(  # issue 27: the coach under each hand
        name=t(lang, "coach.lobby_field"),
        value=t(lang, "coach.lobby_on" if rec.coach else "coach.lobby_off"),
        inline=False,
    )
    embed.add_field(
        name=t(lang, "clock.lobby_field"),
        value=t(lang, "clock.lobby_value", clock=clock_name(rec.clock)),
        inline=False,
    )
    if rec.status is Status.LOBBY:
        embed.set_footer(text=t(lang, "lobby.footer"))
    view = buttons(rec.id, lang) if rec.status is Status.LOBBY else None
    return Payload(embed=embed, view=view)
