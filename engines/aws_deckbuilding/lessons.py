"""What a seat built in a game of the AWS Deckbuilding Game, for the review after the game (issue 27 item 5).

Read from the finished state and the game's events in order; only public events are read (AD: every event
but ``drew`` is public), so nothing a seat kept hidden is used:

- built with: the service cards the seat *owned* at the end, drafted (AD-8) or bought (AD-10), counted by
  copies and grouped by category. The whole hand is revealed every turn (AD-9), so the deck the seat
  built is its architecture; a service card never leaves a deck (only on-premises cards are retired,
  AD-12), so the end holds every service the seat ever had.
- combos made: the effects with a condition on the other revealed cards that were applied (AD-9), a
  combo being the card and its effect (0 primary, 1 secondary), with the cards that met the condition.
- held but never made: a condition naming services or categories (or a number of categories) that the
  seat's own services met together, while the effect was never applied. Owned services only grow, so the
  end shows every pair the seat ever held. "No on-premises card revealed" names no partner: it is a
  combo to make, never one to hold the parts of.
- missions: the game has none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engines.aws_deckbuilding.cards import DB, WHICH, CardDB, Eff, key_of
from engines.aws_deckbuilding.events import EffectApplied
from engines.aws_deckbuilding.models import ADState
from engines.aws_deckbuilding.play import Revealed
from engines.core import Event, Seat
from engines.deckbuilding.lessons import Architecture, Built, Combo, Group

#: a combo: (card key, index of the effect: 0 primary, 1 secondary)
Ref = tuple[str, int]


def architecture(state: ADState, events: Iterable[Event], seat: Seat) -> Architecture:
    db = DB
    made: dict[Ref, tuple[set[str], int]] = {}
    for event in events:
        if not (isinstance(event, EffectApplied) and event.public and event.seat == seat):
            continue
        card = db.card(event.card)
        eff = card.effect(event.effect)
        if eff is None or eff.cond is None:
            continue  # no condition: the card's own effect, no combo
        ref = (card.key, WHICH.index(event.effect))
        seen, times = made.get(ref, (set(), 0))
        made[ref] = (seen | {key_of(c) for c in event.because_cards}, times + 1)
    owned = owned_services(state, seat)
    held = held_combos(db, owned)
    order = {k: i for i, k in enumerate(db.cards)}

    def ranked(ref: Ref) -> tuple[int, int]:
        return order[ref[0]], ref[1]

    def named(keys: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted(set(keys), key=order.__getitem__))

    return Architecture(
        seat=seat,
        basis="owned",
        groups=groups(db, Counter(key_of(c) for c in owned)),
        combos=tuple(
            Combo(card=r[0], effect=r[1], partners=named(made[r][0]), times=made[r][1])
            for r in sorted(made, key=ranked)
        ),
        missed=tuple(
            Combo(card=r[0], effect=r[1], partners=named(held[r]))
            for r in sorted(held, key=ranked)
            if r not in made
        ),
    )


def owned_services(state: ADState, seat: Seat) -> list[str]:
    """The seat's service cards (instance ids) wherever they are: its piles, and the draft's picks not yet
    shuffled in."""
    p = state.piles[seat]
    return [
        c
        for pile in (p.deck, p.hand, p.play, p.discard, state.drafted.get(seat, []))
        for c in pile
        if DB.card(c).is_service
    ]


def groups(db: CardDB, counts: Counter[str]) -> tuple[Group, ...]:
    out: list[Group] = []
    for key, cat in db.categories.items():
        cards = tuple(Built(c.key, counts[c.key]) for c in db.services if c.category == key and counts[c.key])
        if cards:
            out.append(Group(category=key, name=cat.name, cards=cards))
    return tuple(out)


def held_combos(db: CardDB, owned: list[str]) -> dict[Ref, set[str]]:
    """Every conditional effect whose condition the owned services meet together, had they all been
    revealed at once, with the kinds that meet it."""
    together = Revealed(db, owned)
    counts = Counter(key_of(c) for c in owned)
    held: dict[Ref, set[str]] = {}
    for key in counts:
        card = db.cards[key]
        for index, eff in enumerate(card.effects):
            if eff.cond is None or eff.cond.kind == "no_onprem" or not together.holds(card, eff):
                continue
            held[(key, index)] = _partners(db, key, eff, counts)
    return held


def _partners(db: CardDB, key: str, eff: Eff, counts: Counter[str]) -> set[str]:
    assert eff.cond is not None
    cond = eff.cond
    others = {k for k, n in counts.items() if k != key or n > 1}
    if cond.kind == "service":
        return others & cond.keys
    if cond.kind == "category":
        return {k for k in others if db.cards[k].category in cond.keys}
    return others  # "categories": every other service counts towards the spread
