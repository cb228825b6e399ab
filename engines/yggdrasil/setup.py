"""The deal of The Yggdrasil (YG-1, YG-2, YG-12): each seat's deck built and shuffled, its root on its home
cell, its opening hand drawn; the first seat given moves first and does not draw (YG-7)."""

from __future__ import annotations

from engines.core import Rng, Seat
from engines.yggdrasil.cards import CARDS, DECK_IDS, DECKS
from engines.yggdrasil.geometry import board
from engines.yggdrasil.models import YggOptions, YggState


def deal(game: str, players: list[Seat], options: YggOptions, seed: int, rng: Rng) -> YggState:
    """A new game of ``players`` (in order of play) with ``options``, shuffled by ``rng``."""
    geo = board(options.columns, options.rows)
    kinds: dict[str, str] = {}
    hands: dict[Seat, list[str]] = {}
    decks: dict[Seat, list[str]] = {}
    used: dict[Seat, str] = {}
    cells: list[str | None] = [None] * geo.cells
    owner = [-1] * geo.cells
    masks = [0] * geo.cells
    choices = (options.deck_p1, options.deck_p2)
    for si, seat in enumerate(players):
        deck_id = choices[si] if choices[si] != "random" else rng.choice(DECK_IDS)
        used[seat] = deck_id
        deck = DECKS[deck_id]
        order = deck.build_order()
        pile = [order[i % len(order)] for i in range(options.deck_size)]
        rng.shuffle(pile)
        # Ids are numbered after the shuffle, so an id says nothing about the card behind it.
        ids = [f"{seat}:{i + 1:02d}" for i in range(len(pile))]
        kinds.update(zip(ids, pile, strict=True))
        root = f"{seat}:root"
        kinds[root] = deck.root
        home = geo.home_cell(si)
        cells[home] = root
        owner[home] = si
        masks[home] = CARDS[deck.root].table_mask(si)
        ids.reverse()  # the top of a deck is its end: drawing is ``pop()``
        hand_n = min(options.hand_size, len(ids))
        hands[seat] = [ids.pop() for _ in range(hand_n)]
        decks[seat] = ids
    # The lobby shuffled the seats once: the order given is the order of play, players[0] first.
    first = 0
    return YggState(
        game=game,
        players=players,
        seed=seed,
        rng=rng.state,
        options=options,
        decks_used=used,
        kinds=kinds,
        board=cells,
        owner=owner,
        masks=masks,
        hands=hands,
        decks=decks,
        discards={p: [] for p in players},
        first=first,
        current=first,  # YG-7: the first player does not draw on their first turn
        stuck={p: 0 for p in players},
    )
