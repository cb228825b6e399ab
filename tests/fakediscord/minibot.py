"""A small discord.py bot that exercises what Deckhand will use, for testing the fake without Deckhand.

It is configured the way Deckhand must be: ``discord.http.Route.BASE`` from the API base setting before
login, and the gateway URL taken from ``GET /gateway/bot`` in ``setup_hook`` (a non-sharded discord.py
client never asks for it and would otherwise dial wss://gateway.discord.gg).
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route
from PIL import Image, ImageDraw

log = logging.getLogger(__name__)

GAMES = ["glorious-crown", "yggdrasil", "project-chaos", "aws-builder-cards", "aws-deckbuilding"]
HAND = ["S3", "H4", "D5", "C6", "S7"]
GREETINGS = {"ja": "こんにちは", "en-US": "Hello"}


def table_png(text: str, size: tuple[int, int] = (320, 200)) -> bytes:
    image = Image.new("RGB", size, (24, 96, 48))
    draw = ImageDraw.Draw(image)
    draw.rectangle((8, 8, size[0] - 8, size[1] - 8), outline=(240, 220, 120), width=3)
    draw.text((20, 20), text, fill=(255, 255, 255))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"mini:join:(?P<table>\d+)"):
    """Persistent Join button: survives restarts because discord.py rebuilds it from the custom id."""

    def __init__(self, table: int) -> None:
        super().__init__(
            discord.ui.Button(label="Join", style=discord.ButtonStyle.primary, custom_id=f"mini:join:{table}")
        )
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> JoinButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: MiniBot = interaction.client
        players = bot.tables.setdefault(self.table, [])
        if interaction.user.name in players:
            await interaction.response.send_message("You are already seated.", ephemeral=True)
            return
        players.append(interaction.user.name)
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(self.table))
        await interaction.response.edit_message(content=f"Players: {', '.join(players)}", view=view)
        await interaction.followup.send(f"You joined table {self.table}.", ephemeral=True)


class HandView(discord.ui.View):
    def __init__(self, bot: MiniBot) -> None:
        super().__init__(timeout=None)
        self.bot = bot

    @discord.ui.select(
        placeholder="Play a card",
        custom_id="mini:play",
        options=[discord.SelectOption(label=c, value=c) for c in HAND],
    )
    async def play(self, interaction: discord.Interaction[Any], select: discord.ui.Select[Any]) -> None:
        card = select.values[0]
        await interaction.response.edit_message(content=f"You played {card}.", view=None, attachments=[])
        assert interaction.channel is not None
        await interaction.channel.send(f"{interaction.user.name} played {card}.")  # type: ignore[union-attr]

    @discord.ui.button(label="Refresh", custom_id="mini:refresh")
    async def refresh(self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]) -> None:
        old = self.bot.hands.get(interaction.user.id)
        if old is not None:
            try:
                await old.edit_original_response(content="Your hand (refreshed).")
            except discord.HTTPException as exc:
                # An interaction token dies after 15 minutes; a fresh ephemeral is the only way on.
                log.info("old hand token refused (%s); sending a new hand", exc.code)
                self.bot.hands[interaction.user.id] = interaction
                await interaction.response.send_message(
                    "Your hand (new).", ephemeral=True, view=HandView(self.bot)
                )
                return
        await interaction.response.send_message("Refreshed.", ephemeral=True)


class PingView(discord.ui.View):
    """A persistent button that answers where it was clicked (a thread or a channel)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Ping", custom_id="mini:ping")
    async def ping(self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message(f"Pong in {describe_channel(interaction)}.")


def describe_channel(interaction: discord.Interaction[Any]) -> str:
    """What discord.py made of the interaction's channel: kind, name, parent, and whether it is cached."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        cached = interaction.guild is not None and interaction.guild.get_thread(channel.id) is not None
        parent = channel.parent.name if channel.parent else channel.parent_id
        return f"thread {channel.name} of #{parent} (cached: {cached})"
    if isinstance(channel, discord.DMChannel):
        return "a DM"
    return f"#{getattr(channel, 'name', '?')}"


class NameModal(discord.ui.Modal, title="Name your table"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Table name", custom_id="mini:table-name", max_length=40
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"Table renamed to {self.name.value}.")


class Settings(app_commands.Group, name="settings", description="Table settings"):
    @app_commands.command(name="language", description="Set the table language")
    @app_commands.choices(
        value=[
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="日本語", value="ja"),
        ]
    )
    async def language(self, interaction: discord.Interaction[Any], value: app_commands.Choice[str]) -> None:
        await interaction.response.send_message(f"Language set to {value.value}.", ephemeral=True)


class Game(commands.GroupCog, group_name="game", group_description="Play a card game"):
    def __init__(self, bot: MiniBot) -> None:
        self.bot = bot
        super().__init__()
        assert self.app_command is not None
        self.app_command.add_command(Settings())

    @app_commands.command(name="new", description="Open a table")
    @app_commands.describe(game="Which game")
    async def new(self, interaction: discord.Interaction[Any], game: str, seats: int = 4) -> None:
        if game not in GAMES:
            await interaction.response.send_message(f"Unknown game {game}.", ephemeral=True)
            return
        table = interaction.id
        self.bot.tables[table] = []
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(table))
        embed = discord.Embed(title=f"New table: {game}", description=f"{seats} seats")
        embed.set_image(url="attachment://table.png")
        await interaction.response.send_message(
            f"{interaction.user.name} opened a table.",
            embed=embed,
            view=view,
            file=discord.File(io.BytesIO(table_png(game)), "table.png"),
        )

    @new.autocomplete("game")
    async def new_game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g, value=g) for g in GAMES if current.lower() in g]

    @app_commands.command(name="hand", description="Show your hand")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        self.bot.hands[interaction.user.id] = interaction
        await interaction.response.send_message(
            "Your hand: " + " ".join(HAND),
            ephemeral=True,
            view=HandView(self.bot),
            file=discord.File(io.BytesIO(table_png("hand", (200, 120))), "hand.png"),
        )

    @app_commands.command(name="think", description="Defer, render, then follow up")
    async def think(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        png = await asyncio.to_thread(table_png, "rendered", (400, 240))
        await interaction.followup.send("Rendered.", file=discord.File(io.BytesIO(png), "board.png"))

    @app_commands.command(name="slow", description="Answer only when the test opens the gate")
    async def slow(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.gate.wait()
        try:
            await interaction.response.send_message("Finally.")
        except discord.NotFound:
            log.info("too late: Discord forgot the interaction")

    @app_commands.command(name="shout", description="Send an over-long message")
    async def shout(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("Shouting…", ephemeral=True)
        try:
            await interaction.followup.send("A" * 2001)
        except discord.HTTPException as exc:
            log.info("Discord refused the long message: %s", exc)

    @app_commands.command(name="form", description="Open a modal")
    async def form(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(NameModal())

    @app_commands.command(name="thread", description="Open a public thread here and post in it")
    async def thread(self, interaction: discord.Interaction[Any], name: str) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        try:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
            await thread.send(f"Welcome to {name}.", view=PingView())
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"Forbidden ({exc.code}).", ephemeral=True)
            return
        await interaction.response.send_message(f"Opened {thread.mention}.", ephemeral=True)

    @app_commands.command(name="spinoff", description="Answer, then start a thread from the answer")
    async def spinoff(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("Spin-off below.")
        message = await interaction.original_response()
        thread = await message.create_thread(name="Spin-off")
        await thread.send("In the spin-off.")

    @app_commands.command(name="where", description="Say where this was run and with which permissions")
    async def where(self, interaction: discord.Interaction[Any]) -> None:
        text = (
            f"{describe_channel(interaction)}; app {interaction.app_permissions.value}; "
            f"member {interaction.permissions.value}"
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="post", description="Post in the channel through REST")
    @app_commands.choices(
        kind=[app_commands.Choice(name=k, value=k) for k in ("text", "file", "embed", "embed+text")]
    )
    async def post(self, interaction: discord.Interaction[Any], kind: app_commands.Choice[str]) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel | discord.Thread)
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed = discord.Embed(title="Posted embed")
        try:
            if kind.value == "text":
                await channel.send("Posted text.")
            elif kind.value == "file":
                await channel.send(file=discord.File(io.BytesIO(table_png("post")), "post.png"))
            elif kind.value == "embed":
                await channel.send(embed=embed)
            else:
                await channel.send("Posted text with embed.", embed=embed)
        except discord.Forbidden as exc:
            await interaction.followup.send(f"Forbidden ({exc.code}).", ephemeral=True)
        except discord.DiscordServerError as exc:
            await interaction.followup.send(f"Discord failed ({exc.status}).", ephemeral=True)
        else:
            await interaction.followup.send("Posted.", ephemeral=True)

    @app_commands.command(name="dm", description="Send you a DM")
    async def dm(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.user.send("A secret for you.", view=PingView())
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"Cannot DM you ({exc.code}).", ephemeral=True)
            return
        await interaction.response.send_message("Sent you a DM.", ephemeral=True)

    @app_commands.command(name="hello", description="Greet in your language")
    async def hello(self, interaction: discord.Interaction[Any]) -> None:
        text = GREETINGS.get(str(interaction.locale), GREETINGS["en-US"])
        guild_locale = str(interaction.guild_locale)
        await interaction.response.send_message(f"{text} ({guild_locale})", ephemeral=True)


@app_commands.command(name="setup", description="Server setup (Manage Server only)")
@app_commands.default_permissions(manage_guild=True)
async def setup_command(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("Setup done.", ephemeral=True)


class MiniBot(commands.Bot):
    """``api_base=None`` or ``ask_gateway=False`` make it forget one of the two settings (to test traps)."""

    def __init__(self, *, api_base: str | None, guild_id: int, ask_gateway: bool = True) -> None:
        if api_base is not None:
            # As Deckhand does from DECKHAND_API_BASE: every REST call (and webhook) goes through Route.BASE.
            Route.BASE = api_base
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.guild_id = guild_id
        self.ask_gateway = ask_gateway
        self.tables: dict[int, list[str]] = {}
        self.hands: dict[int, discord.Interaction[Any]] = {}
        self.gate = asyncio.Event()

    async def setup_hook(self) -> None:
        # discord.py only asks GET /gateway/bot when sharded; ask here so the gateway follows the API base.
        if self.ask_gateway:
            _, url, _ = await self.http.get_bot_gateway()
            DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
        self.add_dynamic_items(JoinButton)
        self.add_view(HandView(self))
        self.add_view(PingView())
        await self.add_cog(Game(self))
        self.tree.add_command(setup_command)
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)
