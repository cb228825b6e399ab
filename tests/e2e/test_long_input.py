"""Every string option of every command, at Discord's maximum option length, gets a clear reply within
Discord's limits (before: an echo of the text made the reply too long, Discord refused it, and the user saw
"The application did not respond")."""

from __future__ import annotations

from typing import Any

from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot

STRING, USER = 3, 6
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
LONGEST = 6000  # Discord's limit for a string option's value


def string_commands(commands: list[dict[str, Any]]) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """(command path, option name, all options of the leaf) for every string option."""
    found = []

    def walk(path: str, node: dict[str, Any]) -> None:
        options = node.get("options") or []
        subs = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        for sub in subs:
            walk(f"{path} {sub['name']}", sub)
        for option in options:
            if option["type"] == STRING and not option.get("choices"):  # Discord enforces choices itself
                found.append((path, option["name"], options))

    for command in commands:
        if int(command.get("type", 1)) == 1:
            walk(command["name"], command)
    return found


async def test_every_string_option_at_full_length_gets_a_reply(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    await running_bot()
    alice = fake.guild.member("alice")
    await alice.slash("game new", game="glorious-crown")  # so game commands have a game to refuse for
    synced = [c for cmds in fake.store.guild_commands.values() for c in cmds] or [
        c for cmds in fake.store.global_commands.values() for c in cmds
    ]
    cases = string_commands(synced)
    assert len(cases) >= 8, cases
    for path, name, options in cases:
        values: dict[str, Any] = {}
        for option in options:
            if option["type"] == STRING and (option.get("required") or option["name"] == name):
                values[option["name"]] = "長" * LONGEST if option["name"] == name else "x"
            elif option["type"] == USER and option.get("required"):
                values[option["name"]] = alice
        if path == "game new" and name != "game":
            values["game"] = "glorious-crown"
        reply = await alice.slash(path, options=values)
        text = reply.text()
        assert text.strip(), f"/{path} {name}: no reply"
        assert len(reply.content or "") <= 2000, f"/{path} {name}: reply too long"
        assert "Something went wrong" not in text, f"/{path} {name}: {text[:200]}"
