"""A player's cards: deck (top = last element), hand, play area and discard pile."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from engines.core.rng import Rng
from engines.deckbuilding.fastcopy import shallow_copy


class Piles(BaseModel):
    """Card instance ids in each of a player's piles. The deck's top is its *last* element so a draw is a
    cheap ``pop()``; retired cards are not here (they left the game)."""

    model_config = ConfigDict(extra="forbid")

    deck: list[str] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list)
    play: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)

    def copy_piles(self) -> Piles:
        """A cheap structural copy (the engines' hot path copies state on every action)."""
        return shallow_copy(
            self, deck=list(self.deck), hand=list(self.hand), play=list(self.play), discard=list(self.discard)
        )


def draw_one(piles: Piles, rng: Rng) -> str | None:
    """Draw the top card into the hand. The discard pile is shuffled into a new deck only when a draw finds
    the deck empty (never earlier), so cards acquired this turn can come back the same turn if the deck
    runs out. Returns ``None`` when both deck and discard are empty."""
    if not piles.deck:
        if not piles.discard:
            return None
        piles.deck = piles.discard
        piles.discard = []
        rng.shuffle(piles.deck)
    card = piles.deck.pop()
    piles.hand.append(card)
    return card


def draw(piles: Piles, n: int, rng: Rng) -> list[str]:
    """Draw up to ``n`` cards; fewer if the player owns too few."""
    drawn: list[str] = []
    for _ in range(n):
        card = draw_one(piles, rng)
        if card is None:
            break
        drawn.append(card)
    return drawn


def draw_noting_reshuffle(piles: Piles, n: int, rng: Rng) -> tuple[list[str], int]:
    """``draw``, also telling how many discarded cards became the deck on the way (0: no reshuffle), so a
    game can announce the reshuffle."""
    drawn: list[str] = []
    reshuffled = 0
    for _ in range(n):
        if not piles.deck:
            reshuffled += len(piles.discard)
        card = draw_one(piles, rng)
        if card is None:
            break
        drawn.append(card)
    return drawn, reshuffled


def remove_from(pile: list[str], card: str) -> None:
    """Remove one card instance, raising ``ValueError`` if it is not there (callers turn that into an
    ``IllegalAction`` before changing anything else)."""
    pile.remove(card)


def end_turn_cleanup(piles: Piles) -> list[str]:
    """Play area then hand go to the discard pile. Returns the cards moved."""
    moved = [*piles.play, *piles.hand]
    piles.discard.extend(moved)
    piles.play = []
    piles.hand = []
    return moved


def owned(piles: Piles) -> list[str]:
    """Every card the player still owns in these piles."""
    return [*piles.deck, *piles.hand, *piles.play, *piles.discard]
