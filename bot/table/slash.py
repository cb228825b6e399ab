"""What every game's cog needs to turn a typed command into a move: autocomplete of the caller's legal
actions and "act, then show me my refreshed hand". Game cogs stay thin by using these two."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from discord import app_commands

from bot.errors import UserError, user_lang
from bot.games import LabelContext
from bot.games.manifest import SomeEngine
from bot.interactions import Interaction
from bot.jsontypes import JsonValue
from bot.store import GameRecord
from bot.table.host import tables_of
from bot.table.pick import pick
from engines.core import Action, GameState

_PICK = re.compile(r"^(?P<ver>\d+):(?P<idx>\d+)$")


async def game_for(interaction: Interaction, game_id: str) -> GameRecord:
    tables = tables_of(interaction)
    if interaction.channel_id is None:
        raise UserError("no_game_here")
    rec = await tables.game_in(interaction.channel_id)
    if rec.game_id != game_id:
        raise UserError("wrong_game", game=tables.engine(rec).name.get(user_lang(interaction)))
    return rec


@dataclass(frozen=True)
class Position:
    """The caller's seat in the channel's game, with the engine and the current state."""

    record: GameRecord
    seat: str
    engine: SomeEngine
    state: GameState

    def legal(self) -> list[Action]:
        return self.engine.legal_actions(self.state, self.seat)


async def caller_position(interaction: Interaction, game_id: str) -> Position | None:
    """Where the caller sits in the running ``game_id`` game here, or ``None`` (autocomplete then offers
    nothing rather than an error)."""
    tables = tables_of(interaction)
    try:
        rec = await game_for(interaction, game_id)
    except UserError:
        return None
    seat = rec.seat_of(interaction.user.id)
    if seat is None or not seat.seat or rec.state_json is None:
        return None
    return Position(rec, seat.seat, tables.engine(rec), tables.state(rec))


async def legal_choices(
    interaction: Interaction,
    game_id: str,
    current: str,
    keep: Callable[[Action], bool] = lambda a: True,
) -> list[app_commands.Choice[str]]:
    """The caller's legal actions matching what they typed, labelled by the game's UI. Values are
    ``<version>:<index>`` so the pick is applied to exactly the state it was offered for."""
    tables = tables_of(interaction)
    pos = await caller_position(interaction, game_id)
    if pos is None:
        return []
    rec = pos.record
    lang = user_lang(interaction)
    ui = tables.ui(rec)
    needle = current.casefold().strip()
    out = []
    ctx = LabelContext(pos.engine.view(pos.state, pos.seat), rec.names())
    for i, action in enumerate(pos.legal()):
        if not keep(action):
            continue
        label = ui.action_label(action, lang, ctx=ctx)
        if needle and needle not in label.casefold():
            continue
        out.append(app_commands.Choice(name=label[:100], value=f"{rec.version}:{i}"))
    return out[:25]


async def resolve_pick(
    interaction: Interaction, rec: GameRecord, value: str, keep: Callable[[Action], bool]
) -> Action | None:
    """The action an autocomplete value stands for, or ``None`` when the user typed free text. ``keep``
    says which moves the command makes (the same test its autocomplete offers them by): a value standing
    for a move of another kind (a pass typed into a play command) is refused, never applied."""
    match = _PICK.match(value.strip())
    if not match:
        return None
    tables = tables_of(interaction)
    engine = tables.engine(rec)
    return pick(
        rec,
        interaction.user.id,
        int(match["ver"]),
        int(match["idx"]),
        lambda seat: engine.legal_actions(tables.state(rec), seat),
        keep,
    )


async def act_and_show_hand(
    interaction: Interaction,
    rec: GameRecord,
    action: Action | Mapping[str, JsonValue],
    expected_version: int | None = None,
) -> None:
    """Apply the caller's action through the table service, then answer with their refreshed hand
    (ephemeral). The public table message is posted by the service. ``expected_version``: the version the
    action was built on, checked inside the table lock (``StaleVersion`` if the table moved since)."""
    tables = tables_of(interaction)
    lang = user_lang(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    played = await tables.act(rec.id, interaction.user.id, action, expected_version=expected_version)
    note = tables.played_note(played, lang)
    payload = await tables.hand(played.record, interaction.user.id, lang, note=note)
    sent = await interaction.followup.send(ephemeral=True, wait=True, **payload.send_kwargs())
    tables.coach.follow_message(sent, rec.id, interaction.user.id)
