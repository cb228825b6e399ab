"""Deploying (AB-5.2..AB-5.4): which deploys are legal, what a deploy would give before it is chosen
(``preview_deploy``, pure), and the deploy itself with the draws it earns.

Any non-empty set of deployable hand cards may go down at once (AB-5.2: "play any cards from hand"). Going
down together can give more than card by card: the engine pairs the whole play area anew after each deploy,
but a card already drawn is never given back, so an earlier pairing that drew may hold a partner that a
later, richer combo would have used. ``preview_deploy`` shows the player what each choice gives now.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engines.aws_builder_cards.architecture import Result, Slot, evaluate
from engines.aws_builder_cards.cards import CardDB, catalogue, key_of
from engines.aws_builder_cards.events import ArchitectureBuilt, Deployed, Drew, DrewCount
from engines.aws_builder_cards.models import ABState, Deploy, DeployPreview, PairLine, Pending, TurnState
from engines.core import Event, IllegalAction, Rng, Seat
from engines.deckbuilding import draw


def deployable(db: CardDB, card: str) -> bool:
    """Builder and Starter cards can be deployed; W-A cards in hand (long game, AB-12) cannot."""
    return not db.card(card).is_wa


def deployable_hand(state: ABState, db: CardDB, seat: Seat) -> list[str]:
    return [c for c in state.piles[seat].hand if deployable(db, c)]


def deploy_choices(state: ABState, db: CardDB, seat: Seat) -> tuple[list[Deploy], list[Deploy]]:
    """The legal deploys in the order a player should meet them: first the whole hand (going down together
    never gives less), then each card alone (a Sunset card also without its effect); second, every other
    set of two or more cards (listed last: they matter only to keep a card back)."""
    cards = deployable_hand(state, db, seat)
    first: list[Deploy] = []
    if len(cards) >= 2:
        first.append(Deploy(cards=tuple(cards)))
    for c in cards:
        first.append(Deploy(cards=(c,)))
        if db.card(c).sunset:
            first.append(Deploy(cards=(c,), decline_sunset=True))
    partial = [Deploy(cards=group) for size in range(2, len(cards)) for group in combinations(cards, size)]
    return first, partial


def check_deploy(state: ABState, db: CardDB, seat: Seat, action: Deploy) -> list[str]:
    """The cards of a legal deploy in hand order, or ``IllegalAction`` with the reason."""
    now = state.now
    hand = state.piles[seat].hand
    if now.phase != "build":
        raise IllegalAction("deploy_after_acquire")
    cards = list(action.cards)
    if not cards or len(set(cards)) != len(cards):
        raise IllegalAction("bad_deploy")
    for c in cards:
        if c not in hand:
            raise IllegalAction("card_not_in_hand", card=c)
        if not deployable(db, c):
            raise IllegalAction("not_deployable", card=c)
    if action.decline_sunset and (len(cards) != 1 or not db.card(cards[0]).sunset):
        raise IllegalAction("no_sunset_to_decline")
    cards.sort(key=hand.index)  # the action's order is canonical (sorted); cards go down in hand order
    return cards


def _evaluate(
    db: CardDB, play: Sequence[str], declined: Sequence[str], draws_taken: int
) -> tuple[Result, list[str]]:
    """The architecture of a play area. Sorted so equal multisets share the evaluation cache."""
    out = set(declined)
    ordered = sorted(play, key=lambda c: (key_of(c), c in out, c))
    slots: tuple[Slot, ...] = tuple((key_of(c), c in out) for c in ordered)
    return evaluate(db, slots, draws_taken), ordered


def _lines(result: Result, ordered: list[str], deployed: Sequence[str]) -> list[PairLine]:
    at = {c: i for i, c in enumerate(deployed)}
    return [
        PairLine(
            kind=line.kind,
            card=ordered[line.owner],
            partner_cards=[ordered[j] for j in line.partners],
            at=at[ordered[line.owner]],
            partners_at=[at[ordered[j]] for j in line.partners],
            effect=line.effect,
            credits=line.credits,
            draw=line.draw,
            adopt=line.adopt,
        )
        for line in result.lines
    ]


def preview_deploy(state: ABState, seat: Seat, action: Deploy, *, lines: bool = True) -> DeployPreview:
    """What ``action`` would give if chosen now, without changing anything: the same evaluation the deploy
    makes, on the play area it would make. ``draws`` counts the cards it would draw (no more than the
    player's deck and discard pile hold); ``lines=False`` leaves the pairs out (labels need the totals).
    Raises ``IllegalAction`` as the deploy would."""
    db = catalogue(state.card_file)
    cards = check_deploy(state, db, seat, action)
    now = state.now
    piles = state.piles[seat]
    declined = [*now.declined, *(cards if action.decline_sunset else [])]
    result, _ordered = _evaluate(db, [*piles.play, *cards], declined, now.draws_taken)
    owed = result.draw - now.draws_taken
    return DeployPreview(
        cards=action.cards,
        decline_sunset=action.decline_sunset,
        unlocked=result.unlocked,
        credits=result.credits,
        draws=min(owed, len(piles.deck) + len(piles.discard)),
        adoptions=result.adopt,
        acquisitions=1 + result.adopt,
        to_deck=max(0, result.discard_to_deck - now.to_deck_done),
        lines=_lines(result, _ordered, [*now.deployed, *cards]) if lines else None,
    )


def reevaluate(state: ABState, db: CardDB) -> None:
    """Recompute the architecture of the play area (AB-5.3/4) and store it in the turn."""
    now = state.now
    result, ordered = _evaluate(db, state.piles[now.seat].play, now.declined, now.draws_taken)
    now.unlocked = result.unlocked
    now.credits = result.credits
    now.adopt = result.adopt
    now.draws = result.draw
    now.to_deck = result.discard_to_deck
    now.wa_costs = result.wa_costs
    now.lines = [line.as_dict() for line in _lines(result, ordered, now.deployed)]


def draw_events(state: ABState, seat: Seat, n: int, reason: str, rng: Rng) -> list[Event]:
    drawn = draw(state.piles[seat], n, rng)
    why = "end_phase" if reason == "end_phase" else "combo"
    return [
        Drew(seat=seat, visible_to=(seat,), cards=drawn, reason=why),
        DrewCount(seat=seat, count=len(drawn), reason=why),
    ]


def settle(state: ABState, rng: Rng) -> list[Event]:
    """Resolve owed effects: CDK's choice first (so a card put on the deck can be drawn at once), then
    draws the architecture has earned but not yet taken."""
    now = state.now
    piles = state.piles[now.seat]
    events: list[Event] = []
    if now.to_deck_done < now.to_deck:
        if piles.discard:
            state.pending = Pending(kind="move_to_deck", seat=now.seat)
            return events
        now.to_deck_done = now.to_deck  # nothing to move: the effect fizzles
    owed = now.draws - now.draws_taken
    if owed > 0:
        now.draws_taken = now.draws
        events += draw_events(state, now.seat, owed, "combo", rng)
    return events


def architecture_event(now: TurnState) -> ArchitectureBuilt:
    return ArchitectureBuilt(
        seat=now.seat,
        cards=list(now.deployed),
        unlocked=now.unlocked,
        lines=[PairLine.from_dict(line) for line in now.lines],
        credits=now.credits,
        credits_left=now.credits_left,
        draws=now.draws,
        adoptions=now.adopt,
        acquisitions=now.acquisitions,
    )


def do_deploy(state: ABState, db: CardDB, seat: Seat, action: Deploy, rng: Rng) -> list[Event]:
    cards = check_deploy(state, db, seat, action)
    now = state.now
    piles = state.piles[seat]
    for c in cards:
        piles.hand.remove(c)
        piles.play.append(c)
        now.deployed.append(c)
    if action.decline_sunset:
        now.declined.append(cards[0])
    reevaluate(state, db)
    events: list[Event] = [
        Deployed(seat=seat, cards=cards, declined_sunset=action.decline_sunset),
        architecture_event(now),
    ]
    return events + settle(state, rng)
