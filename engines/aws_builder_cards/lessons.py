"""What a seat built in a game of AWS Builder Cards, for the review after the game (issue 27 item 5).

Read from the finished state and the game's events in order (the bot replays the log); only public events
are read, so nothing a seat kept hidden (its hand, its secret missions) is used:

- built with: the Builder cards the seat *deployed* (AB-5: deployed cards form the architecture), counted
  per deploy, grouped by category. Starters and W-A cards are not services.
- combos made: the pairs of the architecture each turn ended with (the last ``architecture`` event before
  ``turn_ended``, AB-5.3: the engine re-pairs the whole play area after each deploy), ``with``, "for each"
  and stacking lines; a combo is its card and the index of the effect in the card's data.
- missions: solved for points (AB-11), and the mission architectures one turn's deployed cards built
  whether missions were on or not (each requirement met by its own card, as AB-11 asks).
- held but never made: "held" means *owned* (deck, hand, discard or play area), since every owned card
  comes round in a deck-builder; a combo counts when the seat owned its card and enough partners at the
  same moment. Ownership is followed through the public events: the seat's cards at the end, plus what it
  retired (AB-5.1, AB-10, Sunset), minus what it acquired, is what it started with; the acquisitions and
  retirements are then replayed in order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engines.aws_builder_cards.architecture import is_cmp
from engines.aws_builder_cards.cards import BUILDER, CMP, OTHER, CardDB, StackEffect, catalogue, key_of
from engines.aws_builder_cards.events import (
    Acquired,
    ArchitectureBuilt,
    MissionSolved,
    RetiredBuilder,
    RetiredOnprem,
    TurnEnded,
)
from engines.aws_builder_cards.models import ABState, PairLine
from engines.aws_builder_cards.setup import mission_id
from engines.core import Event, Seat, Text
from engines.deckbuilding.lessons import Architecture, Built, Combo, Group

#: a combo: (card key, index of the effect in the card's data)
Ref = tuple[str, int]


def architecture(state: ABState, events: Iterable[Event], seat: Seat) -> Architecture:
    db = catalogue(state.card_file)
    public = [e for e in events if e.public and e.seat == seat]
    deployed: Counter[str] = Counter()
    made: dict[Ref, tuple[set[str], int]] = {}
    patterns: list[str] = []
    last: ArchitectureBuilt | None = None
    for event in public:
        if isinstance(event, ArchitectureBuilt):
            last = event
        elif isinstance(event, TurnEnded):
            deployed.update(k for k in event.deployed_cards if db.cards[k].is_builder)
            for ref, partners in _made_in(db, last.lines if last else []):
                seen, times = made.get(ref, (set(), 0))
                made[ref] = (seen | partners, times + 1)
            patterns += [m for m in mission_patterns(db, event.deployed_cards) if m not in patterns]
            last = None
    missions = tuple(e.mission_card for e in public if isinstance(e, MissionSolved))
    held = held_combos(db, state, public, seat)
    order = {k: i for i, k in enumerate(db.cards)}

    def ranked(ref: Ref) -> tuple[int, int]:
        return order[ref[0]], ref[1]

    return Architecture(
        seat=seat,
        basis="deployed",
        groups=groups(db, deployed),
        combos=tuple(
            Combo(card=r[0], effect=r[1], partners=_sorted(order, made[r][0]), times=made[r][1])
            for r in sorted(made, key=ranked)
        ),
        missed=tuple(
            Combo(card=r[0], effect=r[1], partners=_sorted(order, held[r]))
            for r in sorted(held, key=ranked)
            if r not in made
        ),
        missions=missions,
        patterns=tuple(p for p in patterns if p not in missions),
    )


def groups(db: CardDB, counts: Counter[str]) -> tuple[Group, ...]:
    out: list[Group] = []
    for key, cat in db.categories.items():
        cards = tuple(
            Built(k, counts[k]) for k, c in db.cards.items() if c.defn.category == key and counts[k]
        )
        if cards:
            out.append(Group(category=key, name=Text(en=cat.en, ja=cat.ja), cards=cards))
    return tuple(out)


def _sorted(order: dict[str, int], keys: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(keys), key=lambda k: order.get(k, len(order))))


def _stack_index(db: CardDB, key: str) -> int:
    effects = db.cards[key].defn.effects
    return next(i for i, e in enumerate(effects) if isinstance(e, StackEffect))


def _made_in(db: CardDB, lines: list[PairLine]) -> list[tuple[Ref, set[str]]]:
    """The combos a turn's architecture made: its ``with``, "for each" and stacking lines (a card's own
    effect needs no partner, so it is no combo)."""
    out: list[tuple[Ref, set[str]]] = []
    for line in lines:
        if line.kind == "effect":
            continue
        key = key_of(line.card)
        effect = _stack_index(db, key) if line.kind == "stack" else line.effect
        out.append(((key, effect), {key_of(p) for p in line.partner_cards}))
    return out


def mission_patterns(db: CardDB, keys: list[str]) -> list[str]:
    """The missions (card ids) whose every requirement one of these deployed cards meets, each its own."""
    out: list[str] = []
    for key, mission in db.missions.items():
        fits = [
            [i for i, k in enumerate(keys) if k in need or (CMP in need and is_cmp(db, keys, i))]
            for need in mission.needs
        ]
        if _distinct(fits, 0, set()):
            out.append(mission_id(key))
    return out


def _distinct(fits: list[list[int]], at: int, used: set[int]) -> bool:
    if at == len(fits):
        return True
    return any(_distinct(fits, at + 1, used | {i}) for i in fits[at] if i not in used)


# ------------------------------------------------------------------------------------------------ held
def held_combos(db: CardDB, state: ABState, public: list[Event], seat: Seat) -> dict[Ref, set[str]]:
    """Every combo whose card and partners the seat owned at one moment, with the partner kinds it owned
    then (``public``: the seat's own public events, in order)."""
    piles = state.piles[seat]
    owned: Counter[str] = Counter(
        key_of(c) for pile in (piles.deck, piles.hand, piles.play, piles.discard) for c in pile
    )
    changes: list[tuple[str, int]] = []
    for event in public:
        if isinstance(event, Acquired) and event.to == "discard":
            changes.append((key_of(event.card), 1))
        elif isinstance(event, RetiredOnprem | RetiredBuilder):
            changes.append((key_of(event.card), -1))
        elif isinstance(event, TurnEnded):
            changes += [(k, -1) for k in event.sunset_cards]
    for key, step in changes:  # back to the start: undo every change
        owned[key] -= step
    held: dict[Ref, set[str]] = {}
    _note(db, owned, held)
    for key, step in changes:
        owned[key] += step
        _note(db, owned, held)
    return held


def _note(db: CardDB, owned: Counter[str], held: dict[Ref, set[str]]) -> None:
    keys = [k for k, n in owned.items() for _ in range(n) if not db.cards[k].is_wa]
    for i, key in enumerate(keys):
        if i and keys[i - 1] == key:
            continue  # one copy of a kind asks for everything its kind can
        for ref, partners in _possible(db, keys, i):
            held.setdefault(ref, set()).update(partners)


def _possible(db: CardDB, keys: list[str], i: int) -> list[tuple[Ref, set[str]]]:
    """The combos of ``keys[i]`` the other cards of ``keys`` could partner, with the kinds that could."""
    card = db.cards[keys[i]]
    others = [j for j in range(len(keys)) if j != i]
    out: list[tuple[Ref, set[str]]] = []
    for combo in card.combos:
        fit = [
            j
            for j in others
            if keys[j] in combo.partners
            or (CMP in combo.partners and is_cmp(db, keys, j))
            or (BUILDER in combo.partners and db.cards[keys[j]].is_builder)
        ]
        if len(fit) >= combo.count:
            out.append(((card.key, combo.index), {keys[j] for j in fit}))
    for per in card.per:
        fit = [
            j
            for j in others
            if per.per == OTHER or (per.per == CMP and is_cmp(db, keys, j)) or keys[j] == per.per
        ]
        if fit:
            out.append(((card.key, per.index), {keys[j] for j in fit}))
    if card.stack is not None and keys.count(card.key) >= 2:
        out.append(((card.key, _stack_index(db, card.key)), {card.key}))
    return out
