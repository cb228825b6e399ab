"""Climb: a tiny card game that lives only in tests (``tests/extra_games``, plugged in like any game) and
exercises every part of the contract (hidden hands, a hidden deck, a pending decision, options, an end).

Cards c1..c12 (rank = number). Each player is dealt ``hand_size``; the rest is a face-down deck.
On your turn: play a card higher than the pile's top, or draw (while the deck lasts), or pass (only
when you cannot play and the deck is empty; the pile is cleared). Playing a 7 with ``gift_sevens``
makes you give a card of your choice to the next player (a pending decision). Empty hand wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from engines.core import (
    Action,
    CardInfo,
    Engine,
    Event,
    GameState,
    IllegalAction,
    NameIndex,
    Options,
    Outcome,
    Phrase,
    Phrasebook,
    Rng,
    RuleSection,
    Seat,
    Text,
    View,
)
from engines.core.redeal import reshuffle


class ClimbOptions(Options):
    hand_size: int = Field(3, ge=2, le=5, description="cards dealt to each player")
    gift_sevens: bool = Field(True, description="a played 7 gives a card to the next player")


class Play(Action):
    type: Literal["play"] = "play"
    card: str


class Draw(Action):
    type: Literal["draw"] = "draw"


class Pass(Action):
    type: Literal["pass"] = "pass"


class Give(Action):
    type: Literal["give"] = "give"
    card: str


ClimbAction = Annotated[Play | Draw | Pass | Give, Field(discriminator="type")]


class Played(Event):
    kind: Literal["played"] = "played"
    card: str


class Won(Event):
    kind: Literal["won"] = "won"


class Drew(Event):
    """Private: the drawer's card."""

    kind: Literal["drew"] = "drew"
    card: str


class DrewCard(Event):
    kind: Literal["drew_card"] = "drew_card"


class Passed(Event):
    kind: Literal["passed"] = "passed"


class Gave(Event):
    """Private to giver and receiver: the card of a 7's gift."""

    kind: Literal["gave"] = "gave"
    card: str
    to_seat: Seat


class GaveCard(Event):
    kind: Literal["gave_card"] = "gave_card"
    to_seat: Seat


ClimbEvent = Annotated[Played | Won | Drew | DrewCard | Passed | Gave | GaveCard, Field(discriminator="kind")]


class Pending(BaseModel):
    kind: Literal["give"]
    seat: Seat
    to: Seat


class ClimbState(GameState):
    options: ClimbOptions
    hands: dict[Seat, list[str]]
    deck: list[str]
    pile: list[str]
    current: int = 0
    pending: Pending | None = None
    winner: Seat | None = None


class ClimbView(View):
    hand: list[str] | None
    hand_counts: dict[Seat, int]
    deck_count: int
    pile: list[str]
    pending: Pending | None


def rank(card: str) -> int:
    return int(card[1:])


PHRASES = {
    "play": Phrase(en="{card}", ja="{card}", also=("play {card}", "{card}を出す")),
    "give": Phrase(en="give {card}", ja="{card}を渡す"),
    "draw": Phrase(en="draw", ja="引く", also=("ドロー",)),
    "pass": Phrase(en="pass", ja="パス"),
}


class ClimbNotation(Phrasebook[ClimbState, ClimbAction]):
    """A card by its name in either language ("Card 5", "カード5") or number; "give Card 3" / "カード3を渡す"
    answers a 7; "draw" / "引く" and "pass" / "パス"."""

    @cached_property
    def _cards(self) -> dict[str, CardInfo]:
        return {c.id: c for c in self.engine.cards()}

    @cached_property
    def _index(self) -> NameIndex:
        return NameIndex({c.id: (c.name.en, c.name.ja, *c.aliases) for c in self._cards.values()})

    def spell(self, state: ClimbState, seat: Seat, action: ClimbAction, lang: str, *, precise: bool) -> str:
        if isinstance(action, Play | Give):
            return PHRASES[action.type].write(lang, card=self._cards[action.card].name.get(lang))
        return PHRASES[action.type].write(lang)

    def read(self, state: ClimbState, seat: Seat, text: str) -> Sequence[ClimbAction]:
        out: list[ClimbAction] = []
        for args in PHRASES["play"].read(text):
            out += [Play(card=c) for c in sorted(self._index.keys(args["card"]))]
        for args in PHRASES["give"].read(text):
            out += [Give(card=c) for c in sorted(self._index.keys(args["card"]))]
        if PHRASES["draw"].read(text):
            out.append(Draw())
        if PHRASES["pass"].read(text):
            out.append(Pass())
        return out


class ClimbEngine(Engine[ClimbState, ClimbOptions, ClimbAction, ClimbView]):
    id = "test-climb"
    name = Text(en="Climb (test game)", ja="クライム（テスト用）")
    min_players = 2
    max_players = 4
    options_model = ClimbOptions
    state_model = ClimbState
    action_adapter = TypeAdapter(ClimbAction)

    @property
    def notation(self) -> ClimbNotation:
        return ClimbNotation(self)

    def _new_game(self, players: list[Seat], options: ClimbOptions, seed: int, rng: Rng) -> ClimbState:
        deck = [f"c{i}" for i in range(1, 13)]
        rng.shuffle(deck)
        hands = {
            p: sorted(deck[i * options.hand_size : (i + 1) * options.hand_size], key=rank)
            for i, p in enumerate(players)
        }
        rest = deck[len(players) * options.hand_size :]
        return ClimbState(
            game=self.id,
            players=players,
            seed=seed,
            rng=rng.state,
            options=options,
            hands=hands,
            deck=rest,
            pile=[],
        )

    def to_move(self, state: ClimbState) -> list[Seat]:
        if state.winner is not None:
            return []
        if state.pending is not None:
            return [state.pending.seat]
        return [state.players[state.current]]

    def legal_actions(self, state: ClimbState, seat: Seat) -> list[ClimbAction]:
        if seat not in self.to_move(state):
            return []
        hand = state.hands[seat]
        if state.pending is not None:
            return [Give(card=c) for c in hand]
        top = rank(state.pile[-1]) if state.pile else 0
        actions: list[Action] = [Play(card=c) for c in hand if rank(c) > top]
        if state.deck:
            actions.append(Draw())
        elif not actions:
            actions.append(Pass())
        return actions

    def _next(self, state: ClimbState) -> None:
        state.current = (state.current + 1) % len(state.players)

    def _apply(self, state: ClimbState, seat: Seat, action: ClimbAction) -> list[Event]:
        hand = state.hands[seat]
        if state.pending is not None:
            if not isinstance(action, Give) or action.card not in hand:
                raise IllegalAction("must_give")
            hand.remove(action.card)
            to = state.pending.to
            state.hands[to] = sorted([*state.hands[to], action.card], key=rank)
            state.pending = None
            self._next(state)
            return [
                Gave(seat=seat, visible_to=(seat, to), card=action.card, to_seat=to),
                GaveCard(seat=seat, to_seat=to),
            ]
        top = rank(state.pile[-1]) if state.pile else 0
        if isinstance(action, Play):
            if action.card not in hand:
                raise IllegalAction("card_not_in_hand", card=action.card)
            if rank(action.card) <= top:
                raise IllegalAction("too_weak", card=action.card)
            hand.remove(action.card)
            state.pile.append(action.card)
            events: list[Event] = [Played(seat=seat, card=action.card)]
            if not hand:
                state.winner = seat
                events.append(Won(seat=seat))
                return events
            if state.options.gift_sevens and rank(action.card) == 7:
                to = state.players[(state.current + 1) % len(state.players)]
                state.pending = Pending(kind="give", seat=seat, to=to)
                return events
            self._next(state)
            return events
        if isinstance(action, Draw):
            if not state.deck:
                raise IllegalAction("deck_empty")
            rng = Rng(state.rng)
            card = state.deck.pop(rng.below(len(state.deck)))
            state.rng = rng.state
            state.hands[seat] = sorted([*hand, card], key=rank)
            self._next(state)
            return [
                Drew(seat=seat, visible_to=(seat,), card=card),
                DrewCard(seat=seat),
            ]
        if isinstance(action, Pass):
            if state.deck or any(rank(c) > top for c in hand):
                raise IllegalAction("must_play")
            state.pile = []
            self._next(state)
            return [Passed(seat=seat)]
        raise IllegalAction("unexpected_action", type=action.type)

    def view(self, state: ClimbState, seat: Seat | None) -> ClimbView:
        return ClimbView(
            game=self.id,
            seat=seat,
            players=state.players,
            to_move=self.to_move(state),
            finished=state.winner is not None,
            hand=list(state.hands[seat]) if seat is not None else None,
            hand_counts={p: len(h) for p, h in state.hands.items()},
            deck_count=len(state.deck),
            pile=list(state.pile),
            pending=state.pending,
        )

    def outcome(self, state: ClimbState) -> Outcome | None:
        if state.winner is None:
            return None
        others = [p for p in state.players if p != state.winner]
        scores = {p: float(-len(state.hands[p])) for p in state.players}
        groups: dict[float, list[Seat]] = {}
        for p in others:
            groups.setdefault(scores[p], []).append(p)
        ranking = [[state.winner]] + [groups[s] for s in sorted(groups, reverse=True)]
        return Outcome(scores=scores, ranking=ranking, winners=[state.winner], reason="emptied_hand")

    def _redeal(self, state: ClimbState, seat: Seat, rng: Rng) -> None:
        """The deck and the other hands are one pool, cut back to the same sizes."""
        others = [p for p in state.players if p != seat]
        dealt = reshuffle([state.deck, *(state.hands[p] for p in others)], rng)
        state.deck = dealt[0]
        for p, cards in zip(others, dealt[1:], strict=True):
            state.hands[p] = sorted(cards, key=rank)

    def hidden_cards(self, state: ClimbState, seat: Seat | None) -> set[str]:
        hidden = set(state.deck)
        for p, hand in state.hands.items():
            if p != seat:
                hidden.update(hand)
        return hidden

    def rules(self) -> list[RuleSection]:
        return [
            RuleSection(
                id="play",
                title=Text(en="Playing", ja="出し方"),
                body=Text(
                    en="Play a higher card, draw, or pass.", ja="より強いカードを出すか、引くか、パス。"
                ),
            )
        ]

    def cards(self) -> list[CardInfo]:
        return [
            CardInfo(
                id=f"c{i}",
                name=Text(en=f"Card {i}", ja=f"カード{i}"),
                text=Text(en="A card.", ja="カード。"),
                aliases=(str(i),),
            )
            for i in range(1, 13)
        ]


ENGINE = ClimbEngine()
