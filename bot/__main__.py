"""``python -m bot`` (``make run``): start Deckhand with settings from the environment or .env."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from bot.settings import Settings
from bot.shards import ShardSpecError

NO_TOKEN = """\
Deckhand needs a Discord bot token and none is set.

  1. Open https://discord.com/developers/applications and create an application (or pick yours).
  2. Bot -> Reset Token, copy it. No privileged intents are needed.
  3. Put it in a file named .env next to the Makefile:   DISCORD_TOKEN=your-token
     (copy .env.example to start; every setting is explained there)
  4. Invite the bot: OAuth2 -> URL Generator, scopes "bot" and "applications.commands",
     permissions Send Messages, Embed Links, Attach Files, Read Message History, Use External Emojis.
  5. Run `make run` again. Set DECKHAND_DEV_GUILD_ID to your server's id for instant command updates.

No Discord account at hand? `make sandbox` runs the real bot against a local simulated Discord
in your terminal, where you play as several members.
"""


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Start Deckhand (settings: .env).")
    parser.add_argument(
        "--shards", help="the shards this process connects, e.g. 0-1 or 0,2 (default: all; DECKHAND_SHARDS)"
    )
    parser.add_argument(
        "--shard-count", type=int, help="how many shards the bot has in all (default: as Discord recommends)"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(argv)
    settings = Settings()
    if args.shards is not None or args.shard_count is not None:
        changes: dict[str, object] = {}
        if args.shards is not None:
            changes["shards_text"] = args.shards
        if args.shard_count is not None:
            changes["shard_count"] = args.shard_count
        settings = settings.model_copy(update=changes)
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        shards = settings.shards
    except ShardSpecError as exc:
        print(f"Deckhand: {exc}", file=sys.stderr)
        return 2
    token = settings.token
    if not token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.client import Deckhand

    logging.getLogger(__name__).info("starting with %s", shards.describe())
    Deckhand(settings).run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
