"""Play the real bot by hand as several members of a simulated guild.

    python -m tests.fakediscord.sandbox [--bot auto|deckhand|minibot] [--db FILE] [--images DIR]

Reads one command per line from stdin (with readline editing on a terminal; a pipe works too, so a script
can drive it). Type ``help`` for the commands. Every image the bot attaches is saved under ``--images``.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import shlex
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TextIO

from .botrunner import BotFactory, RunningBot, deckhand_factory, deckhand_import_error, minibot_factory
from .harness import FakeMember, FakeThread, Reply, SeenMessage
from .interactions import NotPossible, find_command
from .quiet import settle
from .records import ViolationError
from .sandbox_night import NightFill
from .server import FakeDiscord

log = logging.getLogger(__name__)

#: The role ``as NAME --admin`` gives: Manage Server, what a server's admins have.
ADMIN_ROLE = "admins"

HELP = """\
Commands (you act as the current member in the current channel):
  as NAME [LOCALE] [--admin]  become member NAME (created on first use), e.g. "as taro ja"; --admin gives
                            them Manage Server (what a server's admins have), e.g. "as owner --admin"
  /CMD SUB opt:value ...     run a slash command, e.g. /game new game:glorious-crown options: clock=5m
                            (a value runs to the next option of the command, spaces included)
  complete /CMD SUB opt:txt  show the autocomplete choices for the last option typed
  click LABEL               click the newest button you can see with that label
  choose SELECT VALUE...    pick option(s) (label, value, or #N for the N-th) in a select found by its
                            placeholder
  submit field=value ...    fill in and send the modal the bot opened for you
  say TEXT                  post a plain message
  look [N]                  the last N messages (default 6) where you are, and the channel's threads
  hand                      your ephemeral messages (what only you can see) in the channel
  members | channels        who is here / which channels and threads exist
  go THREAD | go #CHANNEL   move into a thread (of this channel first) or a channel; "go .." leaves a thread
  dms                       the DMs the bot sent you
  advance SECONDS           move the clock forward, the bot's too: interaction deadlines, 15 min tokens,
                            and turn clocks (reminders and timeouts due by then fire), e.g. "advance 300"
  fill N                    sign up N simulated members for the game night open here; they play by the AI
  wait [SECONDS]            let the simulated members play until they have nothing to do (default 30 s)
  log [N]                   the bot's last N HTTP requests
  violations                everything the fake refused or flagged so far
  help | quit"""


class Sandbox:
    def __init__(
        self, fake: FakeDiscord, out: TextIO, images: Path, runner: RunningBot | None = None
    ) -> None:
        self.fake = fake
        self.out = out
        self.images = images
        self.runner = runner
        self.member: FakeMember = fake.guild.member("alice")
        self.saved: set[tuple[int, int]] = set()
        self.violations = 0
        self.night = NightFill(
            fake, lambda: getattr(runner.bot if runner else None, "tables", None), self.say
        )
        self.commands: dict[str, Callable[[list[str], str], Awaitable[None]]] = {
            "as": self.cmd_as,
            "complete": self.cmd_complete,
            "click": self.cmd_click,
            "choose": self.cmd_choose,
            "submit": self.cmd_submit,
            "say": self.cmd_say,
            "look": self.cmd_look,
            "hand": self.cmd_hand,
            "members": self.cmd_members,
            "channels": self.cmd_channels,
            "channel": self.cmd_go,
            "go": self.cmd_go,
            "dms": self.cmd_dms,
            "advance": self.cmd_advance,
            "fill": lambda args, rest: self.night.cmd_fill(self.member, args),
            "wait": lambda args, rest: self.night.cmd_wait(args),
            "log": self.cmd_log,
            "violations": self.cmd_violations,
            "help": self.cmd_help,
        }

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    @property
    def prompt(self) -> str:
        return f"{self.member.name}@{self.member.channel}> "

    async def run_line(self, line: str) -> bool:
        """Run one command; False means quit."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        if line in ("quit", "exit"):
            return False
        try:
            if line.startswith("/"):
                await self.cmd_slash(line)
            else:
                words = shlex.split(line)
                handler = self.commands.get(words[0])
                if handler is None:
                    self.say(f"unknown command {words[0]!r}; type help")
                else:
                    await handler(words[1:], line.partition(" ")[2])
        except NotPossible as exc:
            self.say(f"can't: {exc}")
        except ViolationError as exc:
            self.violations += len(exc.violations)
            self.say(f"VIOLATION {exc}")
        except (ValueError, TimeoutError, AssertionError) as exc:
            self.say(f"error: {exc}")
        return True

    # ------------------------------------------------------------------ printing
    def show(self, reply: Reply) -> None:
        if reply.modal is not None:
            fields = [c.get("label") or c.get("custom_id") for c in _modal_inputs(reply.modal)]
            self.say(f"(modal {reply.modal.get('title')!r} opened: fields {fields}; use submit field=value)")
        if reply.choices:
            self.say("choices: " + ", ".join(f"{c.name} ({c.value})" for c in reply.choices))
        for message in reply.messages:
            self.show_message(message)
        if not reply.messages and not reply.modal and not reply.choices:
            self.say(f"(no visible answer; callback type {reply.callback_type})")

    def show_message(self, message: SeenMessage) -> None:
        self.say(message.text())
        for attachment in message.attachments:
            key = (message.id, attachment._attachment.id)
            if key in self.saved:
                continue
            try:
                attachment.image()
            except OSError:
                continue
            self.images.mkdir(parents=True, exist_ok=True)
            path = self.images / f"{message.id}-{attachment.filename}"
            path.write_bytes(attachment.data)
            self.saved.add(key)
            self.say(f"  saved image: {path}")

    # ------------------------------------------------------------------ commands
    def option_names(self, path: str) -> list[str]:
        """The options of the command as it is synced (``[]`` when there is no such command: the member's
        slash command then says why)."""
        try:
            _command, _chain, leaf = find_command(self.fake.store, self.fake.guild.id, path)
        except NotPossible:
            return []
        return [str(option["name"]) for option in leaf]

    async def cmd_slash(self, line: str) -> None:
        path, options = _parse_slash(line, self.option_names)
        self.show(await self.member.slash(path, options=options))

    async def cmd_complete(self, args: list[str], rest: str) -> None:
        path, options = _parse_slash(rest, self.option_names)
        if not options:
            raise NotPossible("type the option to complete, e.g. complete /game new game:glo")
        focus, typed = list(options.items())[-1]
        del options[focus]
        choices = await self.member.autocomplete(path, focus, typed, options=options)
        self.say("choices: " + (", ".join(f"{c.name} ({c.value})" for c in choices) or "none"))

    async def cmd_as(self, args: list[str], rest: str) -> None:
        admin = "--admin" in args
        words = [a for a in args if a != "--admin"]
        if not words or len(words) > 2 or any(a.startswith("--") for a in words):
            raise NotPossible("as NAME [LOCALE] [--admin]")
        channel = self.member.channel
        roles = [self.fake.guild.role(ADMIN_ROLE, "manage_guild")] if admin else []
        self.member = self.fake.guild.member(
            words[0], locale=words[1] if len(words) > 1 else None, roles=roles
        )
        self.member.channel = channel
        manages = " with Manage Server" if admin else ""
        self.say(f"you are now {self.member.name} ({self.member.locale}){manages} in {channel}")

    async def cmd_click(self, args: list[str], rest: str) -> None:
        self.show(await self.member.click(rest.strip().strip('"')))

    async def cmd_choose(self, args: list[str], rest: str) -> None:
        if not args:
            raise NotPossible("choose SELECT VALUE...")
        select, values = (args[0], args[1:]) if len(args) > 1 else (None, args)
        self.show(await self.member.choose(select, values))

    async def cmd_submit(self, args: list[str], rest: str) -> None:
        fields = dict(arg.split("=", 1) for arg in args if "=" in arg)
        self.show(await self.member.submit(fields))

    async def cmd_say(self, args: list[str], rest: str) -> None:
        await self.member.say(rest)

    async def cmd_look(self, args: list[str], rest: str) -> None:
        count = int(args[0]) if args else 6
        here = self.member.channel
        if isinstance(here, FakeThread):
            starter = here.starter_message
            self.say(f"(thread {here.name!r} in {here.parent}" + (", started from:)" if starter else ")"))
            if starter is not None:
                self.show_message(starter)
        seen = self.member.visible_messages()[-count:]
        for message in seen:
            self.show_message(message)
        if not seen:
            self.say(f"(nothing in {here} yet)")
        threads = [t for t in here.threads if self.member.can_view(t.raw)]
        if threads:
            self.say("threads: " + ", ".join(f"{t.name!r} ({len(t.messages())} messages)" for t in threads))
            self.say("(go NAME to enter one)")

    async def cmd_hand(self, args: list[str], rest: str) -> None:
        mine = self.member.ephemerals()[-3:]
        for message in mine:
            self.show_message(message)
        if not mine:
            self.say("(no message only you can see)")

    async def cmd_members(self, args: list[str], rest: str) -> None:
        for member in self.fake.guild.members:
            self.say(f"  {member.name} ({member.locale}){' <- you' if member is self.member else ''}")

    async def cmd_channels(self, args: list[str], rest: str) -> None:
        for channel in self.fake.guild.channels:
            self.say(f"  {channel}")
            for thread in channel.threads:
                if self.member.can_view(thread.raw):
                    self.say(f"    {thread.name!r} ({'private ' if thread.private else ''}thread)")

    async def cmd_go(self, args: list[str], rest: str) -> None:
        target = rest.strip().strip('"')
        if not target:
            raise NotPossible("go THREAD, go #CHANNEL or go ..")
        here = self.member.channel
        if target == "..":
            if not isinstance(here, FakeThread):
                raise NotPossible(f"{here} is not a thread")
            self.member.in_channel(here.parent)
        else:
            # A thread of where you are by its name as typed in any case ("go glorious crown · alice"),
            # else anything the guild knows by that name.
            wanted = target.casefold()
            mine = [t for t in here.threads if t.name.casefold() == wanted and self.member.can_view(t.raw)]
            self.member.in_channel(mine[-1] if mine else target)
        self.say(f"now in {self.member.channel}")

    async def cmd_dms(self, args: list[str], rest: str) -> None:
        received = self.member.dms()[-(int(args[0]) if args else 6) :]
        for message in received:
            self.show_message(message)
        if not received:
            self.say("(no DM from the bot)")

    async def cmd_advance(self, args: list[str], rest: str) -> None:
        if len(args) != 1:
            raise NotPossible("advance SECONDS")
        seconds = float(args[0])
        self.fake.clock.advance(seconds)
        self.say(f"the fake clock moved {seconds:g} s forward")
        scheduler = _scheduler(self.runner)
        if scheduler is not None:
            fired = await scheduler.tick()  # what fell due meanwhile fires now, as it would have on its own
            await settle(self.fake)
            if fired:
                self.say(f"the bot's turn clocks fired {fired} reminder(s) or timeout(s); look to see them")

    async def cmd_log(self, args: list[str], rest: str) -> None:
        for record in self.fake.requests[-(int(args[0]) if args else 10) :]:
            self.say("  " + record.describe()[:200])

    async def cmd_violations(self, args: list[str], rest: str) -> None:
        for violation in self.fake.violations:
            self.say(violation.describe())
        for rejection in self.fake.rejections:
            self.say(
                f"  refused {rejection.status}/{rejection.code} {rejection.message}: "
                f"{rejection.request.method} {rejection.request.path}"
            )
        if not self.fake.violations and not self.fake.rejections:
            self.say("none")

    async def cmd_help(self, args: list[str], rest: str) -> None:
        self.say(HELP)


def _parse_slash(
    line: str, option_names: Callable[[str], list[str]] | None = None
) -> tuple[str, dict[str, str]]:
    """``/game new game:glorious-crown options: clock=24h hand_size=4`` -> the command's path and its
    options, as Discord's client reads them: each value runs to the next option of the command (spaces and
    ``=`` or ``:`` inside included), and quotes around a whole value are dropped. ``option_names`` gives a
    command's options; without it any ``word:`` starts an option."""
    text = line.strip().lstrip("/")
    first = re.search(r"(?:^|\s)[\w-]+:", text)
    head, rest = (text[: first.start()], text[first.start() :]) if first else (text, "")
    path = " ".join(shlex.split(head))
    known = option_names(path) if option_names is not None else []
    name = "|".join(re.escape(n) for n in sorted(known, key=len, reverse=True)) or r"[\w-]+"
    starts = list(re.finditer(rf"(?:^|(?<=\s))({name}):", rest))
    if rest.strip() and (not starts or rest[: starts[0].start()].strip()):
        raise NotPossible(
            f"/{path} has no option {rest.split(':', 1)[0].strip()!r}; it takes {sorted(known)}"
        )
    options: dict[str, str] = {}
    for i, here in enumerate(starts):
        value = rest[here.end() : starts[i + 1].start() if i + 1 < len(starts) else len(rest)].strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        options[here.group(1)] = value
    return path, options


def _scheduler(runner: RunningBot | None) -> Any:
    """The bot's turn-clock scheduler (Deckhand's), if the bot has one."""
    bot = runner.bot if runner is not None else None
    tables = getattr(bot, "tables", None)
    return getattr(tables, "scheduler", None)


def _modal_inputs(modal: dict[str, object]) -> list[dict[str, object]]:
    found = []
    for top in modal.get("components") or []:  # type: ignore[attr-defined]
        for c in [*(top.get("components") or []), top.get("component")]:
            if isinstance(c, dict) and c.get("type") == 4:
                found.append({**c, "label": c.get("label") or top.get("label")})
    return found


async def run_sandbox(
    *,
    factory: BotFactory,
    database: Path,
    images: Path,
    stdin: TextIO = sys.stdin,
    out: TextIO = sys.stdout,
    bot_name: str = "bot",
) -> int:
    """Start a fake Discord and the bot, read commands until EOF or quit; 1 if the bot broke a rule."""
    interactive = stdin.isatty()
    if interactive:
        try:
            import readline  # noqa: F401  (line editing and history for input())
        except ImportError:
            log.debug("readline unavailable")
    async with FakeDiscord() as fake, RunningBot(fake, factory, database) as runner:
        scheduler = _scheduler(runner)
        if scheduler is not None:
            scheduler.clock = fake.clock  # "advance" moves the bot's turn clocks too
        sandbox = Sandbox(fake, out, images, runner)
        sandbox.say(f"fake Discord at {fake.url}; {bot_name} is ready in {fake.guild.name}")
        sandbox.say(f"database {database}; images go to {images}; {fake.spec_status.reason}")
        sandbox.say(f"you are {sandbox.member.name} in {sandbox.member.channel}; type help")
        while True:
            if interactive:
                try:
                    line = await asyncio.to_thread(input, sandbox.prompt)
                except EOFError:
                    break
            else:
                line = await asyncio.to_thread(stdin.readline)
                if not line:
                    break
                if line.strip():
                    sandbox.say(sandbox.prompt + line.rstrip("\n"))
            if not await sandbox.run_line(line):
                break
        await sandbox.night.close()
        total = sandbox.violations + len(fake.unreported_violations())
        sandbox.say(f"bye ({total} violation(s))")
        fake.violations.clear()
        return 1 if total else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.fakediscord.sandbox",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--bot", choices=("auto", "deckhand", "minibot"), default="auto")
    parser.add_argument("--db", type=Path, help="SQLite file (default: a new temporary file)")
    parser.add_argument("--images", type=Path, default=Path("sandbox-images"))
    parser.add_argument("--verbose", action="store_true", help="show the bot's and discord.py's logs")
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.ERROR,
        stream=sys.stderr,
        format="%(levelname)s %(name)s: %(message)s",
    )
    missing = deckhand_import_error()
    if args.bot == "deckhand" and missing:
        parser.error(missing)
    use_deckhand = args.bot == "deckhand" or (args.bot == "auto" and missing is None)
    factory, name = (deckhand_factory, "Deckhand") if use_deckhand else (minibot_factory, "the mini test bot")
    with tempfile.TemporaryDirectory(prefix="deckhand-sandbox-") as tmp:
        database = args.db or Path(tmp) / "sandbox.db"
        return asyncio.run(run_sandbox(factory=factory, database=database, images=args.images, bot_name=name))


if __name__ == "__main__":
    sys.exit(main())
