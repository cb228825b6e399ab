"""Opening a game as a player does: ``/game new`` in a channel answers with the summary card and opens the
game's thread; the lobby and the whole game live in the thread. ``open_game`` does that and moves the
players into the thread, as clicking it in the sidebar does, so a test then plays where the game is."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tests.fakediscord import FakeDiscord
from tests.fakediscord.channels import FakeThread
from tests.fakediscord.harness import FakeMember, Reply, SeenMessage


@dataclass
class OpenedGame:
    card: Reply  # the answer to /game new in the channel: the summary card
    thread: FakeThread
    host: FakeMember

    @property
    def lobby(self) -> SeenMessage:
        """The lobby message, first in the thread (the bot's; seen live, so it shows later edits)."""
        return next(m for m in self.host.visible_messages(self.thread) if not m.ephemeral)

    @property
    def summary(self) -> SeenMessage:
        assert self.card.message is not None
        return self.card.message

    def follow(self, *members: FakeMember) -> None:
        for member in members:
            member.in_channel(self.thread)


async def open_game(
    fake: FakeDiscord,
    host: FakeMember,
    game: str,
    *,
    players: Iterable[FakeMember] = (),
    ais: int = 0,
    options: str | None = None,
    start: bool = False,
    **slash: Any,
) -> OpenedGame:
    """``/game new`` by ``host``; ``players`` join with the lobby's button, ``ais`` AI seats are added, and
    with ``start`` the host presses Start. Everyone named ends up in the game's thread."""
    given: dict[str, Any] = {"game": game, **slash}
    if options is not None:
        given["options"] = options
    card = await host.slash("game new", options=given)
    assert card.message is not None and not card.ephemeral, card
    thread = card.message.thread
    assert thread is not None, f"/game new opened no thread: {card}"
    opened = OpenedGame(card=card, thread=thread, host=host)
    opened.follow(host, *players)
    for member in players:
        await member.click("Join", message=opened.lobby)
    for _ in range(ais):
        await host.slash("game add-ai")
    if start:
        await host.click("Start", message=opened.lobby)
    return opened


async def choose_first_move(member: FakeMember, hand: SeenMessage) -> Reply:
    """Choose the first move of a hand message's select. Where the moves are too many for one select they
    are grouped, cards first: the first group's first move."""
    menu = hand.selects()[0]
    reply = await member.choose(menu.custom_id, [menu.options[0].value], message=hand)
    if menu.custom_id.startswith("dh:grp:") and reply.message is not None and reply.message.selects():
        moves = reply.message.selects()[0]
        reply = await member.choose(moves.custom_id, [moves.options[0].value], message=reply.message)
    return reply
