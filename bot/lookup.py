"""Finding rule sections and cards by what a player types, in Japanese or English; splitting long text
to fit Discord's limits."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

import engines
from bot.games import manifests
from bot.games.manifest import SomeEngine
from engines.core import CardInfo, RuleSection

# Case, width and kana folded, so "ｓ３", "S3" and "s3" meet: the engines' one fold, re-exported for the cogs.
from engines.core.notation import fold as fold


def playable_engines() -> list[SomeEngine]:
    """The games offered to players (test-only games are hosted but not listed)."""
    return [m.engine for m in manifests(listed_only=True)]


#: No card name or rule title is longer; a longer query (Discord allows 6,000 characters) is cut, so a
#: search stays fast enough to answer within Discord's 3 seconds.
QUERY_LIMIT = 100


def _score(query: str, keys: list[str]) -> float:
    q = fold(query[:QUERY_LIMIT])
    if not q:
        return 0.0
    best = 0.0
    for key in keys:
        k = fold(key)
        if not k:
            continue
        if k == q:
            return 1.0
        if k.startswith(q):
            best = max(best, 0.9)
        elif q in k:
            best = max(best, 0.8)
        else:
            best = max(best, difflib.SequenceMatcher(None, q, k).ratio() * 0.75)
    return best


def card_keys(card: CardInfo) -> list[str]:
    """Every way a card is written: its names in both languages, its id and its aliases."""
    return [card.name.en, card.name.ja, card.id, *card.aliases]


@dataclass(frozen=True)
class CardHit:
    engine: SomeEngine
    card: CardInfo
    score: float


def search_cards(
    query: str, game_id: str | None = None, limit: int = 25, prefer: str | None = None
) -> list[CardHit]:
    """Cards matching ``query`` best first; among equal matches, cards of ``prefer`` (the game running
    in the channel) first, so "S3" at a Glorious Crown table is the spade 3, not Amazon S3."""
    hits = []
    for engine in playable_engines() if game_id is None else [engines.get(game_id)]:
        for card in engine.cards():
            score = _score(query, card_keys(card))
            if score >= 0.45:
                hits.append(CardHit(engine, card, score))
    hits.sort(key=lambda h: (-h.score, h.engine.id != prefer, h.engine.id, h.card.name.en))
    return hits[:limit]


def search_sections(engine: SomeEngine, query: str, lang: str) -> list[RuleSection]:
    sections = engine.rules()
    if not query.strip():
        return sections
    scored = [(_score(query, [s.title.en, s.title.ja, s.id, *s.rule_ids]), s) for s in sections]
    return [s for score, s in sorted(scored, key=lambda x: -x[0]) if score >= 0.4]


def split_text(text: str, limit: int) -> list[str]:
    """Split at paragraph, then line, then hard boundaries so each part is at most ``limit`` characters."""
    parts: list[str] = []
    current = ""
    for para in text.split("\n"):
        candidate = f"{current}\n{para}" if current else para
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            parts.append(current)
        while len(para) > limit:
            parts.append(para[:limit])
            para = para[limit:]
        current = para
    if current:
        parts.append(current)
    return parts or [""]
