"""What a seat built in one of the two AWS games, as data for the review after the game: the services by
category, the combos it made, the missions it achieved, and the combos it held the parts for but never
made. Each game fills it from its own rules (``engines/<game>/lessons.py``); codes and card keys only, the
bot words them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core import Seat, Text


@dataclass(frozen=True)
class Built:
    """One service kind: ``count`` is how many times it was deployed (AB) or how many copies were owned
    (AD), as the game's ``Architecture.basis`` says."""

    card: str
    count: int


@dataclass(frozen=True)
class Group:
    """The services of one category (``name`` from the card data), in the card file's order."""

    category: str
    name: Text
    cards: tuple[Built, ...]


@dataclass(frozen=True)
class Combo:
    """A combo, named by its card and the index of the effect in that card's data. Made: ``partners`` are
    the card kinds that served as its partners and ``times`` how many times it gave something. Missed: the
    kinds the seat held that could have served, and ``times`` 0."""

    card: str
    effect: int
    partners: tuple[str, ...]
    times: int = 0


@dataclass(frozen=True)
class Architecture:
    seat: Seat
    #: what "built with" means in the game: cards deployed (AB-5) or cards owned (AD: the deck is played)
    basis: Literal["deployed", "owned"]
    groups: tuple[Group, ...]
    combos: tuple[Combo, ...]
    missed: tuple[Combo, ...]
    #: missions solved for points (AB-11), as mission card ids
    missions: tuple[str, ...] = ()
    #: missions whose architecture one turn's deployed cards built, scored or not (mission card ids)
    patterns: tuple[str, ...] = ()

    @property
    def services(self) -> int:
        return sum(len(g.cards) for g in self.groups)
