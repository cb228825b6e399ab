"""What the channel and the players see: the lobby card, the table message, the hand.

After each accepted action the channel gets one new table message at the bottom (picture, what
happened, whose turn with a mention, buttons); the previous one loses its buttons, so nobody clicks
stale controls and someone returning after a day sees the current table last.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Literal

import discord

from bot.errors import UserError
from bot.games import GameUI, LabelContext, manifest, ui_for
from bot.i18n import pick, t
from bot.store import GameRecord, SqliteStore, Status
from bot.table import components
from bot.table.pictures import render
from engines.core import Action, Engine, Event, Outcome

log = logging.getLogger(__name__)

SELECT_PAGE = 25
COLOUR = discord.Colour(0x2E7D5B)


@dataclass
class Payload:
    """Arguments for ``send``/``edit``: one shape for every kind of message."""

    content: str | None = None
    embed: discord.Embed | None = None
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None

    def send_kwargs(self) -> dict[str, Any]:
        kw: dict[str, Any] = {"content": self.content, "files": self.files}
        if self.embed is not None:
            kw["embed"] = self.embed
        if self.view is not None:
            kw["view"] = self.view
        return kw

    def edit_kwargs(self) -> dict[str, Any]:
        return {"content": self.content, "attachments": self.files, "view": self.view, "embed": self.embed}


def seat_label(rec: GameRecord, seat: str, lang: str) -> str:
    info = rec.seat_info(seat)
    if info.is_ai:
        return t(lang, "table.ai_name", name=info.name)
    return f"<@{info.user_id}>"


def option_text(value: Any, limit: int = 40) -> str:
    """An option's value as the lobby lists it: booleans as typed, long values (a card file) shortened."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    text = " ".join(text.split()).replace("`", "'")
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def _engine(rec: GameRecord) -> Engine[Any, Any, Any, Any]:
    return manifest(rec.game_id).engine


class Publisher:
    """Words and posts; never changes a game. It gets the record, the state and the events from the table
    service and reads nothing back from it (the service depends on the publisher, not the other way)."""

    def __init__(self, client: discord.Client, store: SqliteStore, default_locale: str = "en") -> None:
        self.client = client
        self.store = store
        self.default_locale = default_locale

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
            name=t(lang, "lobby.players", n=len(rec.seats), min=engine.min_players, max=engine.max_players),
            value=players or "-",
            inline=False,
        )
        options = engine.make_options(rec.options).model_dump(mode="json")
        embed.add_field(
            name=t(lang, "lobby.options"),
            value="\n".join(f"`{k}` = `{option_text(v)}`" for k, v in options.items())[:1024]
            or t(lang, "lobby.no_options"),
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

    # -- the table --------------------------------------------------------------------------------
    async def announce(
        self,
        rec: GameRecord,
        state: Any,
        events: list[Event],
        *,
        actor: str | None,
        before: Any = None,
    ) -> None:
        lang = await self.public_lang(rec.guild_id)
        engine = _engine(rec)
        ui = ui_for(rec.game_id)
        names = rec.names()
        lines = []
        for ev in events:
            if ev.public:
                if ev.kind == "game_started":
                    order = " → ".join(seat_label(rec, s.seat, lang) for s in rec.seats)
                    lines.append(t(lang, "table.started", order=order))
                    continue
                text = ui.describe_event(ev, lang, names)
                if text:
                    lines.append(f"• {text}")
        outcome = engine.outcome(state)
        if outcome is None:
            movers = engine.to_move(state)
            lines.append(
                t(lang, "table.to_move", players=", ".join(seat_label(rec, m, lang) for m in movers))
            )
            # Whoever is to move is mentioned already: one ping a turn, not two.
            changed = self._hands_changed(rec, engine, before, state, {actor, *movers})
            if changed:
                lines.append(t(lang, "table.hand_changed", players=", ".join(changed)))
        else:
            lines.append(self.standings(rec, outcome, lang))

        view_public = engine.view(state, None)
        kind: Literal["final", "table"] = "final" if outcome is not None else "table"
        picture = await render(rec.game_id, kind, view_public, lang, f"{kind}.png", names, rec.ai_seats())
        embed = discord.Embed(
            title=t(lang, "table.title", game=engine.name.get(lang), turn=state.turn + 1),
            colour=COLOUR,
        )
        if picture is not None:
            embed.set_image(url=f"attachment://{picture.filename}")
        view = components.table_view(rec.id, lang) if outcome is None else None
        channel = self.client.get_partial_messageable(rec.channel_id)
        content = "\n".join(lines)[:2000]
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        message = await channel.send(
            content=content, embed=embed, files=[picture] if picture else [], **extra
        )
        await self.retire_table_message(rec)
        await self.store.set_message_ids(rec.id, table_message_id=message.id)

    @staticmethod
    def _hands_changed(
        rec: GameRecord, engine: Any, before: Any, after: Any, skip: set[str | None]
    ) -> list[str]:
        """Humans (other than the actor) whose private knowledge changed: the cards they may see that
        the public may not. A field that merely makes other cards playable does not count."""
        if before is None:
            return []
        changed = []
        for s in rec.seats:
            if s.is_ai or s.seat in skip:
                continue
            old = engine.hidden_cards(before, None) - engine.hidden_cards(before, s.seat)
            new = engine.hidden_cards(after, None) - engine.hidden_cards(after, s.seat)
            if old != new:
                changed.append(f"<@{s.user_id}>")
        return changed

    async def retire_table_message(self, rec: GameRecord) -> None:
        """Take the buttons off the previous table message."""
        if rec.table_message_id is None:
            return
        message = self.client.get_partial_messageable(rec.channel_id).get_partial_message(
            rec.table_message_id
        )
        try:
            await message.edit(view=None)
        except discord.HTTPException:
            log.info("previous table message of game %s could not be edited", rec.id)

    def standings(self, rec: GameRecord, outcome: Outcome, lang: str) -> str:
        lines = [t(lang, "table.game_over")]
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
        content = t(lang, "table.to_move", players=", ".join(seat_label(rec, m, lang) for m in movers))
        return Payload(
            content=content,
            embed=embed,
            files=[picture] if picture else [],
            view=components.table_view(rec.id, lang),
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
    ) -> Payload:
        seat = rec.seat_of(user_id)
        if seat is None or not seat.seat:
            raise UserError("not_in_game")
        engine = _engine(rec)
        ui = ui_for(rec.game_id)
        view = engine.view(state, seat.seat)
        picture = await render(rec.game_id, "hand", view, lang, "hand.png", rec.names(), rec.ai_seats())
        legal: list[Action] = engine.legal_actions(state, seat.seat) if rec.status is Status.RUNNING else []
        lines = [note] if note else []
        if picture is None:
            hand = getattr(view, "hand", None)
            if isinstance(hand, list):
                lines.append(
                    t(lang, "hand.cards", cards=" ".join(ui.card_name(str(c), lang) for c in hand) or "-")
                )
        if legal:
            lines.append(t(lang, "hand.your_move"))
        elif rec.status is Status.RUNNING:
            movers = engine.to_move(state)
            lines.append(t(lang, "hand.waiting", players=", ".join(seat_label(rec, m, lang) for m in movers)))
        embed = discord.Embed(title=t(lang, "hand.title", game=engine.name.get(lang)), colour=COLOUR)
        if picture is not None:
            embed.set_image(url=f"attachment://{picture.filename}")
        return Payload(
            content="\n".join(lines) or None,
            embed=embed,
            files=[picture] if picture else [],
            view=components.hand_view(rec, legal, ui, lang, page, group, LabelContext(view, rec.names())),
        )

    @staticmethod
    def describe(ui: GameUI, events: list[Event], seat: str, lang: str, names: dict[str, str]) -> str:
        """The acting player's own view of what happened (private events included)."""
        lines = [ui.describe_event(e, lang, names) for e in events if e.visible_for(seat) and e.visible_to]
        return "\n".join(f"🔒 {line}" for line in lines if line)
