"""The final message: the last moves and every line no table message showed yet, the standings (or a
cooperative game's shared result), the final table (drawn by the publisher), the game's story, and the
rematch button. It names everyone and pings nobody."""

from __future__ import annotations

import discord

from bot.games import manifest, ui_for
from bot.presenters.payload import COLOUR, Payload
from bot.presenters.summary import team_lines
from bot.presenters.words import ViewFor, fit, seat_label
from bot.store import GameRecord
from bot.table.feed import Feed, news
from engines.core import GameState, Outcome
from i18n import t

#: Discord's limit of an embed's description.
DESCRIPTION_LIMIT = 4096
#: The story's share of it.
STORY_LIMIT = 4000
#: At least this many of the last lines close the game, however many were shown before.
LAST_LINES = 8


def standings(rec: GameRecord, outcome: Outcome, lang: str) -> str:
    lines = [t(lang, "table.game_over")]
    team = team_lines(rec, outcome, lang)
    if team is not None:  # a cooperative game: one shared result, no ranking and no points (PC-11a)
        return "\n".join([*lines, *team])
    place = 1
    for group in outcome.ranking:
        for seat in group:
            crown = "👑 " if seat in outcome.winners else ""
            score = outcome.scores.get(seat, 0)
            shown = int(score) if float(score).is_integer() else round(score, 2)
            lines.append(
                t(
                    lang,
                    "table.place",
                    place=place,
                    player=crown + seat_label(rec, seat, lang),
                    score=shown,
                    n=shown,
                )
            )
        place += len(group)
    return "\n".join(lines)


def final(
    rec: GameRecord,
    state: GameState,
    outcome: Outcome,
    feed: Feed,
    lang: str,
    *,
    story: str | None,
    rematch: ViewFor,
) -> Payload:
    """``story``: the game's chronicle (``GameUI.chronicle``), replayed by the publisher; ``rematch``: the
    rematch button (``bot.table.rematch.rematch_view``), a new lobby for the same players. The feed's
    lines not yet shown (``feed.unshown``) are shown here: the publisher then counts them as shown."""
    engine = manifest(rec.game_id).engine
    humans = [s.seat for s in rec.seats if not s.is_ai]
    lines = news(feed, humans)
    # The last moves, and every line no table message has shown yet (the thread tells the whole game).
    shown = lines[-max(LAST_LINES, feed.unshown) :]
    earlier = [t(lang, "table.earlier", n=len(lines) - len(shown))] if len(lines) > len(shown) else []
    text = fit([*earlier, *shown, standings(rec, outcome, lang)])
    embed = discord.Embed(
        title=t(lang, "table.title", game=engine.name.get(lang), move=state.turn + 1), colour=COLOUR
    )
    more = (
        [discord.Embed(title=t(lang, "table.story"), description=story[:STORY_LIMIT], colour=COLOUR)]
        if story
        else []
    )
    view = rematch(rec.id, lang)
    for item in ui_for(rec.game_id).final_items(rec, lang):  # the game's own, beside Rematch
        view.add_item(item)
    return Payload(
        content=text,
        embed=embed,
        more_embeds=more,
        view=view,
        # The standings name everyone; nobody is pinged by a game's end.
        allowed_mentions=discord.AllowedMentions.none(),
    )


def ended(reason: str, name: str, lang: str) -> Payload:
    """A game that ended without a final table (aborted, abandoned …): one line, nobody pinged."""
    return Payload(
        content=t(lang, f"table.ended.{reason}", name=name), allowed_mentions=discord.AllowedMentions.none()
    )
