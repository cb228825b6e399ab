"""What a player built in an AWS game, told to them alone after the game (issue 27 item 5): the services
by category with one line each on what the service does in real AWS, the combos made, the missions solved
and the mission architectures built, and the combos whose parts they held but never made.

Pure: the engine's ``Architecture`` (codes and card keys) and the card data's words go in, an ephemeral
message's payload comes out. Every sentence is a catalog entry of the game (``<words>.<key>``, e.g.
``aws-builder-cards.built.title``), so each game says "deployed" or "owned" in its own terms.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import discord

from bot.presenters.payload import COLOUR, Payload
from engines.core import Text
from engines.deckbuilding.lessons import Architecture, Combo
from i18n import t

#: Discord's limits: an embed's description, and all embeds of one message together.
DESCRIPTION_LIMIT = 4096
TOTAL_LIMIT = 6000
#: Room kept in the total for the titles and the "… more" line.
TITLE_ROOM = 300
#: A combo names at most this many partner kinds (CloudWatch counts every other card).
PARTNERS_SHOWN = 3


@dataclass(frozen=True)
class BuiltWords:
    """The card data's words the message needs: ``words`` is the game's catalog table; ``names`` every card
    key and mission id by name; ``does`` a card's line on what it is in real AWS; ``why`` a mission's
    line on how its services work together."""

    words: str
    game: Text
    names: Mapping[str, Text]
    does: Mapping[str, Text] = field(default_factory=dict)
    why: Mapping[str, Text] = field(default_factory=dict)

    def name(self, key: str, lang: str) -> str:
        found = self.names.get(key)
        return found.get(lang) if found is not None else key


def built(arch: Architecture, words: BuiltWords, lang: str) -> Payload:
    """The player's architecture as an ephemeral message: one embed, or more when it is long."""
    w = words.words
    lines = [t(lang, f"{w}.built.intro")]
    if not arch.groups:
        lines.append(t(lang, f"{w}.built.none"))
    for group in arch.groups:
        lines.append(f"**{group.name.get(lang)}**")
        for b in group.cards:
            does = words.does.get(b.card)
            lines.append(
                t(
                    lang,
                    f"{w}.built.service" if does else f"{w}.built.service_plain",
                    card=words.name(b.card, lang),
                    times=_times(w, b.count, lang),
                    does=does.get(lang) if does else "",
                )
            )
    lines += _combos(arch.combos, words, lang, f"{w}.built.combos", made=True)
    for title, missions in ((f"{w}.built.missions", arch.missions), (f"{w}.built.patterns", arch.patterns)):
        if missions:
            lines += ["", f"**{t(lang, title)}**"]
            lines += [_mission(m, words, lang) for m in missions]
    if arch.missed:
        lines += _combos(arch.missed, words, lang, f"{w}.built.missed", made=False)
        lines.append(t(lang, f"{w}.built.missed_note"))
    title = t(lang, f"{w}.built.title", game=words.game.get(lang))
    pages = pack(lines, lambda n: t(lang, f"{w}.built.more", n=n))
    embeds = [
        discord.Embed(title=title if i == 0 else None, description=p, colour=COLOUR)
        for i, p in enumerate(pages)
    ]
    return Payload(embed=embeds[0], more_embeds=embeds[1:], allowed_mentions=discord.AllowedMentions.none())


def _times(w: str, n: int, lang: str) -> str:
    return t(lang, f"{w}.built.times", n=n) if n > 1 else ""


def _combos(combos: Sequence[Combo], words: BuiltWords, lang: str, title: str, *, made: bool) -> list[str]:
    w = words.words
    if not combos:
        return ["", f"**{t(lang, title)}**", t(lang, f"{w}.built.combos_none")] if made else []
    out = ["", f"**{t(lang, title)}**"]
    for c in combos:
        card = words.name(c.card, lang)
        times = _times(w, c.times, lang) if made else ""
        if not c.partners:  # a condition that names no card (AD: no on-premises card revealed)
            out.append(t(lang, f"{w}.built.combo_alone", card=card, times=times))
            continue
        shown = [words.name(p, lang) for p in c.partners[:PARTNERS_SHOWN]]
        partners = t(lang, f"{w}.built.or").join(shown)
        if len(c.partners) > PARTNERS_SHOWN:
            partners = t(lang, f"{w}.built.and_more", partners=partners, n=len(c.partners) - PARTNERS_SHOWN)
        out.append(t(lang, f"{w}.built.combo", card=card, partners=partners, times=times))
    return out


def _mission(mission: str, words: BuiltWords, lang: str) -> str:
    why = words.why.get(mission)
    return t(
        lang,
        f"{words.words}.built.mission" if why else f"{words.words}.built.mission_plain",
        mission=words.name(mission, lang),
        why=why.get(lang) if why else "",
    )


def pack(lines: list[str], more: Callable[[int], str]) -> list[str]:
    """Lines into embed descriptions within Discord's limits, in order; what does not fit is counted in
    a last line (``more``, which fits the room kept for the titles) instead of being cut mid-sentence."""
    pages: list[list[str]] = [[]]
    sizes = [0]
    used = 0
    for i, line in enumerate(lines):
        last = used + len(line) + 1 > TOTAL_LIMIT - TITLE_ROOM
        if last:
            line = more(sum(1 for rest in lines[i:] if rest and not rest.startswith("**")))
        if sizes[-1] + len(line) + 1 > DESCRIPTION_LIMIT:
            pages.append([])
            sizes.append(0)
        pages[-1].append(line)
        sizes[-1] += len(line) + 1
        used += len(line) + 1
        if last:
            break
    texts = ["\n".join(page).strip("\n") for page in pages]
    return [text for text in texts if text] or [""]
