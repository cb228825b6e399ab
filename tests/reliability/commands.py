"""The slash commands as the bot synced them, and a legal move of a game's own commands, for the suites
that send commands (fuzz, races, authorisation)."""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any

from bot.games.cog import GameCommands
from tests.fakediscord import FakeDiscord
from tests.fakediscord.harness import FakeMember
from tests.fakediscord.interactions import NotPossible, synced_commands
from tests.reliability.tables import Table

STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
FUZZABLE = (STRING, INTEGER, NUMBER)


@dataclass
class Leaf:
    """A command down to its subcommand (``"aws deploy"``) and its options as synced."""

    path: str
    options: list[dict[str, Any]]

    @property
    def fuzzable(self) -> bool:
        """Whether it takes text (or numbers) a member types freely."""
        return any(o["type"] in FUZZABLE and not o.get("choices") for o in self.options)


def leaves(fake: FakeDiscord) -> list[Leaf]:
    """Every slash command the bot synced, down to its subcommands, with their options."""
    out: list[Leaf] = []

    def walk(node: dict[str, Any], path: str) -> None:
        subs = [o for o in node.get("options") or [] if o["type"] in (1, 2)]
        if not subs:
            out.append(Leaf(path, list(node.get("options") or [])))
        for sub in subs:
            walk(sub, f"{path} {sub['name']}")

    for command in synced_commands(fake.store, fake.guild.id):
        if int(command.get("type", 1)) == 1:
            walk(command, command["name"])
    return sorted(out, key=lambda leaf: leaf.path)


def lang_of(member: FakeMember) -> str:
    return "ja" if member.raw.user.locale.startswith("ja") else "en"


def game_groups(table: Table) -> set[str]:
    """The top-level commands of the table's game (its cog's groups)."""
    if table.game.cog is None:
        return set()
    module = importlib.import_module(table.game.cog)
    return {
        str(getattr(cls, "__cog_group_name__", ""))
        for cls in vars(module).values()
        if isinstance(cls, type) and issubclass(cls, GameCommands) and cls is not GameCommands
    }


def move_commands(table: Table) -> list[tuple[str, list[str]]]:
    """The game's own commands whose required options all autocomplete, with those options."""
    groups = game_groups(table)
    out = []
    for leaf in leaves(table.fake):
        names = [o["name"] for o in leaf.options if o.get("autocomplete")]
        required = [o for o in leaf.options if o.get("required")]
        if names and all(o.get("autocomplete") for o in required) and leaf.path.split()[0] in groups:
            out.append((leaf.path, names))
    return out


async def legal_slash(
    table: Table, member: FakeMember, rng: random.Random
) -> tuple[str, dict[str, str]] | None:
    """A command of the table's game and option values its autocompletes offer ``member`` now (a legal
    move), or ``None`` when none offers one."""
    commands = move_commands(table)
    rng.shuffle(commands)
    for path, options in commands:
        values: dict[str, str] = {}
        for name in options:
            try:
                choices = await member.autocomplete(path, name, "", options=values)
            except NotPossible:
                break
            if not choices:
                break
            values[name] = rng.choice(choices).value
        else:
            return path, values
    return None
