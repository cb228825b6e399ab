"""Playing through the fake Discord for the benches: open a game, find the table message, open a hand, pick a
move, and the figures' arithmetic. Not a benchmark itself (the runner takes ``bench_*`` only).

Everything about *where* a game lives and *what* its messages look like is here, in a few small functions, so
a change of publication (a thread per game, one table message per human turn) is adapted in one place:

- ``create_game``: ``/game new`` in a channel, AIs added, Start clicked; finds the lobby wherever the bot put
  it (the channel or a thread of it) by its Start button.
- "the table message": the newest public message by the bot that uploaded a picture in the game's channel or
  any of its threads (``MessageWatch.pictures_since``), posted or edited after a given moment.
- ``hand_button`` / ``move_controls`` / ``first_legal``: the controls of the table message and of a hand.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from bot.games import GameManifest, manifests
from i18n import t
from tests.fakediscord import FakeDiscord, FakeMember, NotPossible, SeenMessage, crowd
from tests.fakediscord.crowd import MessageWatch, PictureChange
from tests.fakediscord.state import Channel, Interaction, Message

#: The note of a hand whose click came after the game moved on (``errors.stale``), in both languages.
STALE_NOTES = (t("en", "errors.stale"), t("ja", "errors.stale"))
STEP_TIMEOUT = 30.0  # seconds for one reply under load (a reply after 3 s already missed Discord's deadline)
NAVIGATION_LABELS = {"next", "previous", "back", "my hand"}
NAVIGATION_PREFIXES = ("dh:page:", "dh:hand:", "dh:grp:")


def listed_games() -> list[GameManifest]:
    """Every game a server can start (``/game new``), whatever lands in bot/games."""
    return manifests(listed_only=True)


# -- figures -----------------------------------------------------------------------------------------------
def percentile(values: Iterable[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return math.nan
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def med_p95(values: list[float]) -> tuple[float, float]:
    if not values:
        return math.nan, math.nan
    return statistics.median(values), percentile(values, 0.95)


def ms(seconds: float) -> str:
    return "-" if math.isnan(seconds) else f"{seconds * 1000:.1f} ms"


def verdict(value: float, goal: float, *, below: bool = True) -> str:
    if math.isnan(value):
        return "no data"
    met = value < goal if below else value >= goal
    return "met" if met else "MISSED"


# -- the game's messages -----------------------------------------------------------------------------------
@dataclass
class Table:
    """One game as a member finds it: the channel it was opened in (``root``), its lobby message, and the
    picture changes of its table there (or in the root's threads)."""

    fake: FakeDiscord
    watch: MessageWatch
    game: GameManifest
    host: FakeMember
    root: Channel
    lobby: Message
    started_at: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def place(self) -> Channel:
        """Where the game is played (the lobby's channel or thread): where its slash commands are run."""
        return self.fake.store.channels[self.lobby.channel_id]

    def table_changes(self, since: float) -> list[PictureChange]:
        return [
            c
            for c in self.watch.pictures_since(self.root.id, since)
            if c.message_id != self.lobby.id and self.fake.store.messages[c.message_id].author.bot
        ]

    def first_table_after(self, since: float) -> PictureChange | None:
        found = self.table_changes(since)
        return found[0] if found else None

    def newest_table(self, since: float | None = None) -> Message | None:
        found = self.table_changes(self.started_at if since is None else since)
        return self.fake.store.messages[found[-1].message_id] if found else None

    def my_turn(self, member: FakeMember, message: Message) -> bool:
        return member.mention in message.content

    @staticmethod
    def over(message: Message) -> bool:
        """The table message of a finished game: no "My hand" on it."""
        return hand_button(message) is None


def _messages_under(fake: FakeDiscord, root: Channel, since_seq: int) -> list[Message]:
    """Messages in ``root`` and its threads changed after ``since_seq``, newest first."""
    store = fake.store
    places = [root.id] + [t.id for t in store.threads_of(store.guilds[root.guild_id or 0], root.id)]
    found = [
        store.messages[m]
        for p in places
        for m in store.channel_messages.get(p, [])
        if store.messages[m].updated_seq > since_seq
    ]
    return sorted(found, key=lambda m: m.updated_seq, reverse=True)


def _start_button(message: Message) -> str | None:
    for button in _seen(message).buttons():
        cid, label = button.custom_id or "", (button.label or "").casefold()
        if cid.startswith("dh:lobby:start") or label.startswith("start"):
            return cid or None
    return None


def _seen(message: Message) -> SeenMessage:
    # Buttons and selects are read from the message alone; the fake is needed only for attachments.
    return SeenMessage(cast(FakeDiscord, None), message)


def hand_button(message: Message) -> str | None:
    """The custom id of the "My hand" button on a table message (None: there is none)."""
    for button in _seen(message).buttons():
        cid, label = button.custom_id or "", (button.label or "").casefold()
        if cid.startswith("dh:hand:") or "my hand" in label or "手札" in label:
            return cid or None
    return None


async def create_game(
    fake: FakeDiscord,
    watch: MessageWatch,
    host: FakeMember,
    channel: Channel,
    game: GameManifest,
    *,
    ais: int | None = None,
    start: bool = True,
    timeout: float = STEP_TIMEOUT,
) -> Table:
    """``/game new`` by ``host`` in ``channel``, ``ais`` computer seats (default: enough for the game's
    minimum with one human), then Start; returns when the first table message is there. ``start=False``
    leaves it a lobby. The one function to adapt when the way a game opens changes."""
    seq = fake.store.seq
    opened = await crowd.slash(host, "game new", channel, {"game": game.id})
    await watch.until(lambda: crowd.answered(fake, opened), timeout=timeout, on=channel.id)
    lobby = await watch.until(
        lambda: next((m for m in _messages_under(fake, channel, seq) if _start_button(m)), None),
        timeout=timeout,
        on=channel.id,
    )
    table = Table(fake, watch, game, host, channel, lobby)
    for _ in range(max(1, game.engine.min_players - 1) if ais is None else ais):
        await until_answered(table, await crowd.slash(host, "game add-ai", table.place))
    if not start:
        return table
    lobby = fake.store.messages[lobby.id]
    button = _start_button(lobby)
    assert button is not None
    table.started_at = time.perf_counter()
    started = await crowd.click(host, lobby, button)
    await table_after(table, table.started_at, timeout=timeout)
    await until_answered(table, started)
    return table


async def wait_for_turn(
    table: Table, member: FakeMember, since: float, timeout: float = STEP_TIMEOUT
) -> tuple[Message, float]:
    """The table message once a picture change after ``since`` leaves it asking ``member`` to play, or
    showing the end of the game; with the time of that change (wait again from just after it if the hand
    then offers nothing, so each change is looked at once). ``TimeoutError`` otherwise."""

    def ready() -> tuple[Message, float] | None:
        changes = table.table_changes(since)
        if not changes:
            return None
        newest = table.fake.store.messages[changes[-1].message_id]
        if table.over(newest) or table.my_turn(member, newest):
            return newest, changes[-1].perf
        return None

    return await table.watch.until(ready, timeout=timeout, on=table.root.id)


async def until_answered(table: Table, inter: Interaction) -> None:
    """Until the bot acknowledged ``inter`` and filled in any deferred reply."""
    fake = table.fake
    await table.watch.until(lambda: crowd.answered(fake, inter), timeout=STEP_TIMEOUT, on=table.root.id)


async def reply_to(table: Table, inter: Interaction) -> Message:
    """The message answering ``inter``, once filled in."""
    fake = table.fake
    return await table.watch.until(
        lambda: crowd.reply_message(fake, inter), timeout=STEP_TIMEOUT, on=table.root.id
    )


def refused_as_stale(hand: Message) -> bool:
    """The refreshed hand says the click came after the game moved on: nothing was played (proposing an AWS
    Deckbuilding reshuffle, legal at any time, clicked while an AI seat was moving), so no table message
    follows it."""
    return any(note in (hand.content or "") for note in STALE_NOTES)


async def refreshed(table: Table, message: Message, after: float) -> Message:
    """``message`` once the bot edited it at or after ``after`` (a hand after a click in it)."""
    watch = table.watch
    await watch.until(
        lambda: watch.changed_at.get(message.id, 0.0) >= after, timeout=STEP_TIMEOUT, on=table.root.id
    )
    return table.fake.store.messages[message.id]


async def table_after(table: Table, since: float, timeout: float = STEP_TIMEOUT) -> PictureChange:
    """The first table picture posted or edited at or after ``since``."""
    return await table.watch.until(lambda: table.first_table_after(since), timeout=timeout, on=table.root.id)


async def open_hand(table: Table, member: FakeMember, message: Message) -> tuple[Interaction, Message]:
    """Click "My hand" on a table message; the filled-in private hand."""
    button = hand_button(message)
    if button is None:
        raise NotPossible("no My hand button on the table message")
    inter = await crowd.click(member, message, button)
    return inter, await reply_to(table, inter)


async def abort_game(table: Table, member: FakeMember) -> None:
    """``/game abort`` and its confirmation: the game ends, as when a host gives up on it."""
    fake = table.fake
    asked = await crowd.slash(member, "game abort", table.place)
    confirm = await table.watch.until(lambda: crowd.reply_message(fake, asked), timeout=STEP_TIMEOUT)
    yes = next(
        (b.custom_id for b in _seen(confirm).buttons() if (b.custom_id or "").startswith("dh:abort:yes")),
        None,
    )
    if yes is None:
        raise NotPossible(f"no confirmation button in the answer to /game abort: {confirm.content!r}")
    done = await crowd.click(member, confirm, yes)
    await table.watch.until(lambda: crowd.answered(fake, done), timeout=STEP_TIMEOUT)


# -- a hand's controls -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Control:
    """One thing to press on a hand: a button, or one option of a select."""

    custom_id: str
    value: str | None  # the option's value for a select, None for a button
    label: str
    index: int | None  # the move's index in the legal actions, when the control says it
    navigation: bool  # pages, groups, back: shows other moves, plays nothing

    async def press(self, member: FakeMember, hand: Message) -> Interaction:
        if self.value is None:
            return await crowd.click(member, hand, self.custom_id)
        return await crowd.choose(member, hand, self.custom_id, [self.value])


def _index(custom_id: str, value: str | None) -> int | None:
    parts = custom_id.split(":")
    if custom_id.startswith("dh:quick:") and parts[-1].isdigit():
        return int(parts[-1])
    if custom_id.startswith("dh:act:") and value is not None and value.isdigit():
        return int(value)
    return None


def move_controls(hand: Message) -> list[Control]:
    """Every control of a hand; ``navigation`` marks those that play nothing."""
    seen = _seen(hand)
    found = []
    for b in seen.buttons():
        if b.custom_id is None or b.disabled:
            continue
        nav = b.custom_id.startswith(NAVIGATION_PREFIXES) or (b.label or "").casefold() in NAVIGATION_LABELS
        found.append(Control(b.custom_id, None, b.label or "", _index(b.custom_id, None), nav))
    for s in seen.selects():
        if s.disabled:
            continue
        nav = s.custom_id.startswith(NAVIGATION_PREFIXES)
        for o in s.options:
            found.append(Control(s.custom_id, o.value, o.label, _index(s.custom_id, o.value), nav))
    return found


def first_legal(hand: Message) -> Control | None:
    """The first legal move the hand shows (lowest index); with only groups shown, the first group (a
    navigation step that then shows its moves); with controls that carry no index, the first of them."""
    controls = move_controls(hand)
    moves = [c for c in controls if not c.navigation]
    indexed = [c for c in moves if c.index is not None]
    if indexed:
        return min(indexed, key=lambda c: c.index or 0)
    if moves:
        return moves[0]
    groups = [c for c in controls if c.custom_id.startswith("dh:grp:")]
    return groups[0] if groups else None


def table_controls(message: Message) -> list[Control]:
    """Moves offered on the public table message itself (a vote's Yes/No …): its buttons but "My hand"."""
    mine = hand_button(message)
    return [c for c in move_controls(message) if c.custom_id != mine and not c.navigation]


def random_control(hand: Message, rng: random.Random) -> Control | None:
    """A move chosen at random (groups opened as a person would), as the every-game e2e test plays."""
    controls = [c for c in move_controls(hand) if not c.navigation or c.custom_id.startswith("dh:grp:")]
    return rng.choice(controls) if controls else None
