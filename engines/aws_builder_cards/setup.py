"""Set-up (AB-1..AB-4): starters, the two Builder decks and console, the W-A pile, missions, first hands."""

from __future__ import annotations

from engines.aws_builder_cards.cards import CardDB, catalogue, instance_ids, key_of
from engines.aws_builder_cards.models import ABOptions, ABState, TurnState
from engines.core import Rng, Seat
from engines.deckbuilding import Market, Piles, draw, refill

FREE_SLOTS = 4
PAID_SLOTS = 1
HAND_SIZE = 5
MISSION_PREFIX = "mission-"


def mission_id(key: str) -> str:
    return MISSION_PREFIX + key


def mission_key(mission: str) -> str:
    return mission[len(MISSION_PREFIX) :]


def is_mission(card: str) -> bool:
    return card.startswith(MISSION_PREFIX)


def wa_pile(db: CardDB, players: int) -> list[str]:
    """AB-2: the player-count icon keeps a card out of smaller games; 1-point cards lie above 3-point cards.
    The list's last element is the top."""
    used = [c for c in db.by_kind("wa") if c.defn.players <= players]
    ids = instance_ids(used)
    points = {c.key: c.defn.points for c in used}
    return sorted(ids, key=lambda i: (-points[key_of(i)], i))


def new_state(game: str, players: list[Seat], options: ABOptions, seed: int, rng: Rng) -> ABState:
    db = catalogue(options.card_file)
    # AB-4: the order of ``players`` is the order of play. The lobby shuffled the seats once already; a
    # second shuffle here would make the order it announced wrong.
    order = list(players)
    counters: dict[str, int] = {}
    piles: dict[Seat, Piles] = {}
    for seat in players:  # AB-1: one colour of Starters each
        deck = instance_ids(db.by_kind("starter"), counters)
        rng.shuffle(deck)
        piles[seat] = Piles(deck=deck)
    builders = db.by_kind("builder")
    free_deck = instance_ids([c for c in builders if not c.paid])
    paid_deck = instance_ids([c for c in builders if c.paid])
    rng.shuffle(free_deck)
    rng.shuffle(paid_deck)
    free = Market(deck=free_deck, slots=[[] for _ in range(FREE_SLOTS)], stack=True)
    paid = Market(deck=paid_deck, slots=[[] for _ in range(PAID_SLOTS)], stack=True)
    refill(free, key_of)  # AB-3
    refill(paid, key_of)
    mission_deck: list[str] = []
    mission_hand: dict[Seat, list[str]] = {}
    if options.missions:  # AB-11
        mission_deck = [mission_id(k) for k in sorted(db.missions)]
        rng.shuffle(mission_deck)
        for seat in order:
            mission_hand[seat] = [mission_deck.pop()] if mission_deck else []
    for seat in order:
        draw(piles[seat], HAND_SIZE, rng)
    return ABState(
        game=game,
        players=list(players),
        seed=seed,
        rng=rng.state,
        options=options.model_copy(update={"card_file": None}),  # kept once, in ``card_file``
        card_file=options.card_file,
        order=order,
        current=0,
        piles=piles,
        score={p: [] for p in players},
        retired={p: [] for p in players},
        free=free,
        paid=paid,
        wa=wa_pile(db, len(players)),
        now=TurnState(seat=order[0]),
        mission_deck=mission_deck,
        mission_hand=mission_hand,
    )
