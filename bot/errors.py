"""The one error funnel: every failure of a slash command or a component ends here.

A rule refusal (``GameError``, including the bot's own ``UserError``) becomes an ephemeral sentence in
the user's language and changes nothing. Anything else is logged with a short reference the user is
shown, so a report in the server can be matched with the log line.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping

import discord
from discord import app_commands

from bot.interactions import Interaction
from bot.store import ChannelBusy, StaleVersion
from bot.store.errors import GameNotFound
from engines.core import AmbiguousMove, GameError, IllegalMove, NotationError, UnreadableMove
from engines.core.i18n import Text
from i18n import has, pick, t
from i18n.words import clip

log = logging.getLogger(__name__)


class UserError(GameError):
    """A lobby or table refusal by the bot itself (not the rules): ``code`` names a catalog entry
    ``errors.<code>``."""


class Answered(Exception):
    """Raised by a command that has already answered the user in full (e.g. with their refreshed hand
    and "the table changed"): the funnel has nothing to add and stays silent."""


def user_lang(interaction: Interaction) -> str:
    guild_locale = interaction.guild_locale if interaction.guild_id else None
    return pick(str(interaction.locale), str(guild_locale) if guild_locale else None)


#: The longest piece of a user's own text a reply repeats: an echo must never push a reply past Discord's
#: limits (a 6,000-character option would otherwise make the reply fail and the user see nothing).
ECHO_LIMIT = 80
#: Discord's error code for an interaction token that is unknown or expired.
UNKNOWN_INTERACTION = 10062
#: Discord's limit for a message's content.
CONTENT_LIMIT = 2000


#: Parameters the bot composed itself (lists of allowed values, a file's problems, a refusal's reason, the
#: moves an ambiguous text reads as): not user text.
_WORDED_BY_US = frozenset({"allowed", "problems", "topics", "reason", "moves"})
#: At most this many readings of an ambiguous move are listed.
MOVES_LISTED = 6


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """User text as a reply may repeat it: one line, at most ``limit`` characters."""
    flat = " ".join(text.split())
    return clip(flat, limit)


def format_params(params: Mapping[str, object], lang: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in params.items():
        if key == "problems" and isinstance(value, list):
            out[key] = "\n".join(
                t(lang, f"errors.option_{p.get('error', 'invalid')}", **{k: str(v) for k, v in p.items()})
                for p in value
            )
        elif isinstance(value, Text):  # a game's name: in the reader's language
            out[key] = value.get(lang)
        elif isinstance(value, list | tuple):
            words = (v.get(lang) if isinstance(v, Text) else str(v) for v in value)
            out[key] = shorten(", ".join(words), ECHO_LIMIT * 4)
        elif isinstance(value, str) and key not in _WORDED_BY_US:
            out[key] = shorten(value)
        else:
            out[key] = value
    return out


def _worded(error: GameError, code: str, params: dict[str, object], lang: str) -> str:
    """``<game>.errors.<code>`` when the game words it itself, else ``errors.<code>``."""
    candidates = [f"{error.game}.errors.{code}"] if error.game else []
    candidates += [f"errors.{code}", "errors.illegal_action"]
    key = next(k for k in candidates if has(lang, k) or k == candidates[-1])
    return t(lang, key, **format_params(params, lang))


def notation_message(error: NotationError, lang: str) -> str:
    """Typed text a game's notation refused: unreadable (with the closest names when the game offers
    some), illegal now (with the rules' own reason, worded by the game's catalog, when the engine gave one),
    or ambiguous (listing each move it reads as, written in the notation by the command that read it)."""
    params = dict(error.params)
    code = error.code
    if isinstance(error, IllegalMove) and error.cause is not None:
        cause = error.cause
        cause.game = cause.game or error.game
        params["reason"] = message_for(cause, lang)[0]
        code = "illegal_move_because"
    elif isinstance(error, UnreadableMove) and params.get("suggestions"):
        code = "unreadable_move_suggest"
    elif isinstance(error, AmbiguousMove):
        moves = [m.get(lang) if isinstance(m, Text) else str(m) for m in params.get("moves", ())]
        listed = [f"`{shorten(m)}`" for m in moves[:MOVES_LISTED]]
        params["moves"] = " / ".join(listed + (["…"] if len(moves) > MOVES_LISTED else []))
    return _worded(error, code, params, lang)


def message_for(error: BaseException, lang: str) -> tuple[str, bool]:
    """The sentence for an error and whether it was expected (a refusal) rather than a fault."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or error
    if isinstance(error, app_commands.CheckFailure) and isinstance(error.__cause__, GameError):
        error = error.__cause__  # a refusal found while checking (GameCommands.interaction_check)
    if isinstance(error, NotationError):
        return notation_message(error, lang), True
    if isinstance(error, GameError):
        return _worded(error, error.code, error.params, lang), True
    if isinstance(error, StaleVersion):
        return t(lang, "errors.stale"), True
    if isinstance(error, ChannelBusy):
        return t(lang, "errors.channel_busy"), True
    if isinstance(error, GameNotFound):
        return t(lang, "errors.game_gone"), True
    if isinstance(error, app_commands.CommandOnCooldown):
        return t(lang, "errors.cooldown", seconds=f"{error.retry_after:.0f}"), True
    if isinstance(error, app_commands.NoPrivateMessage):
        return t(lang, "errors.guild_only"), True
    if isinstance(error, app_commands.CheckFailure):
        return t(lang, "errors.not_allowed"), True
    ref = uuid.uuid4().hex[:8]
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
        # Discord lost or delayed the click past its 3 seconds: nobody can be answered, nothing is wrong here.
        log.warning("interaction expired before it was answered (ref %s)", ref)
        return t(lang, "errors.unexpected", ref=ref), False
    if isinstance(error, discord.HTTPException) and (error.status == 429 or error.status >= 500):
        # Discord's bad moment (still rate limited or failing after discord.py's own retries), not a fault of
        # ours. Whether the move landed depends on which request failed, so the player is sent to the table.
        log.warning("Discord refused a request: HTTP %s (ref %s)", error.status, ref, exc_info=error)
        return t(lang, "errors.discord_busy", ref=ref), False
    log.error("unexpected error (ref %s)", ref, exc_info=error)
    return t(lang, "errors.unexpected", ref=ref), False


async def report(interaction: Interaction, error: BaseException) -> None:
    if isinstance(error, Answered) or isinstance(error.__cause__, Answered):
        return
    text, _expected = message_for(error, user_lang(interaction))
    text = text[:CONTENT_LIMIT]
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell the user about an error", exc_info=True)
