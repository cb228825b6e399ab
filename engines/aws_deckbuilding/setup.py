"""Set-up (AD-5..AD-8): colours and on-premises cards, the marketplace, the W-A pile, the first player."""

from __future__ import annotations

from engines.aws_deckbuilding import play
from engines.aws_deckbuilding.cards import DB, CardDB
from engines.aws_deckbuilding.models import ADOptions, ADState
from engines.core import Rng, Seat
from engines.deckbuilding import Market, Piles, refill


def service_ids(db: CardDB) -> list[str]:
    """AD-3: ``qty`` instances of every service card: ``ec2#1`` ... ``ec2#8``."""
    return [i for c in db.services for i in db.service_ids(c)]


def onprem_ids(db: CardDB, colour: str) -> list[str]:
    """AD-4: one colour's 10 on-premises cards: ``mainframe#blue1``, ``bare-metal#blue1`` ..."""
    return [i for c in db.onprem for i in db.onprem_ids(c, colour)]


def wa_pile(db: CardDB, players: int) -> list[str]:
    """AD-5: every 3-point card below the 1-point cards for this player count; the last element is the
    top."""
    pile: list[str] = []
    for card in sorted(db.wa, key=lambda c: -c.points):
        copies = next(w.copies for w in db.data.wa if w.key == card.key)[players]
        pile += db.wa_ids(card, copies)
    return pile


def new_state(game: str, players: list[Seat], options: ADOptions, seed: int, rng: Rng) -> ADState:
    db = DB
    order = list(players)  # AD-8: the lobby's seat order decides the first player (random unless fixed)
    colours = dict(zip(order, db.colours, strict=False))  # AD-6: one colour each
    piles = {seat: Piles(deck=onprem_ids(db, colours[seat])) for seat in players}
    deck = service_ids(db)
    rng.shuffle(deck)  # AD-7
    market = Market(deck=deck, slots=[[] for _ in range(play.MARKET_SLOTS)], stack=False)
    refill(market, lambda c: c)
    state = ADState(
        game=game,
        players=list(players),
        seed=seed,
        rng=rng.state,
        options=options,
        order=order,
        colours=colours,
        drafted={p: [] for p in players},
        piles=piles,
        score={p: [] for p in players},
        retired={p: [] for p in players},
        market=market,
        wa=wa_pile(db, len(players)),
    )
    play.draft_check(state, rng)  # AD-8 applies to the very first five cards too
    state.rng = rng.state
    return state
