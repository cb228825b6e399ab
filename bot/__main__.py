"""``python -m bot`` (``make run``): start Deckhand with settings from the environment or .env."""

from __future__ import annotations

import logging
import sys

from bot.settings import Settings

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


def main() -> int:
    settings = Settings()
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    token = settings.token
    if not token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.client import Deckhand

    Deckhand(settings).run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
