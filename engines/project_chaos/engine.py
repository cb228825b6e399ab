"""The Project Chaos engine: set-up (PC-5, PC-6), the actions and answers of every pending decision, the end.

Rule ids are on the rule page ``rules/project-chaos.md``; decisions the page leaves open are documented in
``effects.py`` (PC-2a, PC-4a, PC-10a, PC-11a, PC-12a, PC-12b), ``flow.py`` (PC-8a, PC-9b, PC-9c, PC-10b; and
the page's PC-9a), ``scenarios.py`` (PC-5a..c) and below (PC-6a)."""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

from engines.core import (
    Agent,
    CardInfo,
    Engine,
    Event,
    Explanation,
    IllegalAction,
    Outcome,
    Rng,
    RuleSection,
    Seat,
    Text,
)
from engines.core.models import Action
from engines.project_chaos import called, flow
from engines.project_chaos.cards import CARD_IDS, CATEGORIES, CATS, PLAYABLE, VALUE, Category
from engines.project_chaos.effects import move_workplace_card, queue_front
from engines.project_chaos.events import (
    CardDiscarded,
    CardPlayed,
    ClaimClosed,
    ClaimMade,
    ClaimPassed,
    VoteCast,
    VoteClosed,
    shared,
)
from engines.project_chaos.models import (
    ACTION_ADAPTER,
    CastVote,
    ChaosDiscardPending,
    ClaimPending,
    Discard,
    ForcedPending,
    MakeClaim,
    NoClaim,
    NoPay,
    Pay,
    PCAction,
    PCOptions,
    PCState,
    Pick,
    Place,
    Play,
    PushOutPending,
    TargetPending,
    VotePending,
)
from engines.project_chaos.notation import PCNotation
from engines.project_chaos.progress import team_progress
from engines.project_chaos.redeal import redeal_hidden
from engines.project_chaos.scenarios import HAND_SIZE, SCENARIO_IDS, SCENARIOS, Seed
from engines.project_chaos.views import PCView, build


@lru_cache(maxsize=512)
def _play(card: str) -> Play:
    return Play(card=card)


@lru_cache(maxsize=512)
def _discard(card: str) -> Discard:
    return Discard(card=card)


@lru_cache(maxsize=1024)
def _place(card: str, workplace: Category) -> Place:
    return Place(card=card, workplace=workplace)


_PAY, _NO_PAY = Pay(), NoPay()
_VOTES = (CastVote(yes=True), CastVote(yes=False))
_CLAIMS = (MakeClaim(), NoClaim())
_PICKS = {c: Pick(workplace=c) for c in CATEGORIES}


def _take_seeded(deck: list[str], seed: Seed, category: Category | None) -> str | None:
    """The top-most deck card matching ``seed`` (PC-6a: the start board takes its cards from the shuffled deck
    after the deal, so which card it is stays random)."""
    cat = category or seed.category
    for i in range(len(deck) - 1, -1, -1):
        card = deck[i]
        if seed.min_value <= VALUE[card] <= seed.max_value and (cat is None or cat in CATS[card]):
            return deck.pop(i)
    return None


class ProjectChaosEngine(Engine[PCState, PCOptions, PCAction, PCView]):
    id: ClassVar[str] = "project-chaos"
    name: ClassVar[Text] = Text(en="Project Chaos", ja="プロジェクト・カオス")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    cooperative: ClassVar[bool] = True
    options_model = PCOptions
    state_model = PCState
    action_adapter = ACTION_ADAPTER

    @property
    def notation(self) -> PCNotation:
        return PCNotation(self)

    # -- set-up (PC-5, PC-6) -------------------------------------------------------------------------------
    def _new_game(self, players: list[Seat], options: PCOptions, seed: int, rng: Rng) -> PCState:
        deck = list(CARD_IDS)
        rng.shuffle(deck)
        scenario_id = options.scenario if options.scenario != "random" else rng.choice(SCENARIO_IDS)
        hands = {p: [deck.pop() for _ in range(HAND_SIZE)] for p in players}
        start = SCENARIOS[scenario_id].start
        workplaces: dict[Category, str | None] = dict.fromkeys(CATEGORIES)
        for cat, wanted in start.workplaces.items():
            workplaces[cat] = _take_seeded(deck, wanted, cat)
        lane = [c for c in (_take_seeded(deck, wanted, None) for wanted in start.lane) if c is not None]
        # PC-6: every card goes into the deck; only the difficulty option cuts it to the scenario's own
        # shorter deck (PC-5a).
        cut = 0
        if options.deck == "short" and start.deck is not None:
            cut = max(0, len(deck) - start.deck)
        set_aside, deck = deck[:cut], deck[cut:]
        return PCState(
            game=self.id,
            players=players,
            seed=seed,
            rng=rng.state,
            options=options,
            scenario=scenario_id,
            deck=deck,
            set_aside=set_aside,
            hands=hands,
            workplaces=workplaces,
            lane=lane,
            die=start.die,
            tokens=start.tokens,
        )

    def copy_state(self, state: PCState) -> PCState:
        # Pending decisions, queued effects and options are frozen: shared. Only the lists and dicts the rules
        # change are copied.
        new = state.model_copy()
        d = new.__dict__
        d["deck"] = list(state.deck)
        d["hands"] = {p: list(h) for p, h in state.hands.items()}
        d["workplaces"] = dict(state.workplaces)
        d["lane"] = list(state.lane)
        d["discard"] = list(state.discard)
        d["revealed"] = list(state.revealed)
        d["queue"] = list(state.queue)
        return new

    # -- queries -------------------------------------------------------------------------------------------
    def to_move(self, state: PCState) -> list[Seat]:
        if state.stage == "over":
            return []
        p = state.pending
        if p is None:
            return [state.players[state.current]]
        if isinstance(p, VotePending):
            return [s for s in state.players if s not in p.votes]
        if isinstance(p, ClaimPending):
            return [s for s in state.players if s not in p.passed]
        return [p.seat]

    def turn_of(self, state: PCState) -> Seat | None:
        # PC-7..PC-9: votes, claims (PC-12) and chaos steps all happen inside the current player's turn.
        return None if state.stage == "over" else state.players[state.current]

    def legal_actions(self, state: PCState, seat: Seat) -> list[PCAction]:
        if seat not in self.to_move(state):
            return []
        p = state.pending
        if p is None:
            acts: list[PCAction] = []
            for card in state.hands[seat]:
                if PLAYABLE[card]:
                    acts.append(_play(card))
                acts.append(_discard(card))
                acts.extend(_place(card, c) for c in CATS[card])
            return acts
        if isinstance(p, ForcedPending):
            out: list[PCAction] = []
            for card in state.revealed:
                if PLAYABLE[card]:
                    out.append(_play(card))
                else:
                    out.extend(_place(card, c) for c in CATS[card])
            return out
        if isinstance(p, ChaosDiscardPending):
            return [_discard(c) for c in state.hands[seat]]
        if isinstance(p, PushOutPending):
            return [_PAY, _NO_PAY]
        if isinstance(p, TargetPending):
            return [_PICKS[c] for c in p.candidates]
        if isinstance(p, VotePending):
            return list(_VOTES)
        return list(_CLAIMS)

    def outcome(self, state: PCState) -> Outcome | None:
        if state.stage != "over":
            return None
        won = state.result == "win"
        return Outcome(
            scores=dict.fromkeys(state.players, 1.0 if won else 0.0),
            ranking=[list(state.players)],
            winners=list(state.players) if won else [],
            reason=state.reason or "loss",
            details={
                "scenario": state.scenario,
                "result": state.result,
                "die": state.die,
                "tokens": state.tokens,
                "lane": len(state.lane),
                "rounds": state.round,
                "turns": state.turns,
                "deck": len(state.deck),
                "cause_card": state.cause_card,
            },
        )

    def progress(self, state: PCState) -> float:
        """How far the team got, from the public board (``progress.team_progress``): how soon a success
        shipped, or how close a failure came to its scenario's goal (PC-5) and how long it held out."""
        return team_progress(state)

    def _redeal(self, state: PCState, seat: Seat, rng: Rng) -> None:
        redeal_hidden(state, seat, rng)

    def hidden_cards(self, state: PCState, seat: Seat | None) -> set[str]:
        hidden = set(state.deck)
        hidden.update(state.set_aside)
        for p, hand in state.hands.items():
            if p != seat:
                hidden.update(hand)
        return hidden

    def view(self, state: PCState, seat: Seat | None) -> PCView:
        return build(state, seat, self.to_move(state))

    # -- change --------------------------------------------------------------------------------------------
    def _apply(self, state: PCState, seat: Seat, action: PCAction) -> list[Event]:
        events: list[Event] = []
        p = state.pending
        if p is None:
            self._action(state, seat, action, events)
        elif isinstance(p, ForcedPending):
            self._forced(state, seat, action, events)
        elif isinstance(p, ChaosDiscardPending):
            if not isinstance(action, Discard):
                raise IllegalAction("not_now", action=action.type, pending=p.kind)
            self._from_hand(state, seat, action.card)
            state.discard.append(action.card)
            state.pending = None
            events.append(shared(CardDiscarded, seat=seat, card=action.card, reason="chaos"))
        elif isinstance(p, PushOutPending):
            if not isinstance(action, Pay | NoPay):
                raise IllegalAction("not_now", action=action.type, pending=p.kind)
            flow.resolve_push_out(state, p, isinstance(action, Pay), events)
        elif isinstance(p, TargetPending):
            if not isinstance(action, Pick):
                raise IllegalAction("not_now", action=action.type, pending=p.kind)
            if action.workplace not in p.candidates:
                raise IllegalAction("not_a_target", workplace=action.workplace, candidates=list(p.candidates))
            state.pending = None
            move_workplace_card(
                state, events, action.workplace, "lane" if p.effect == "ship" else "discard", p.card
            )
        elif isinstance(p, VotePending):
            if not isinstance(action, CastVote):
                raise IllegalAction("not_now", action=action.type, pending=p.kind)
            self._vote(state, seat, p, action.yes, events)
        else:
            self._claim(state, seat, p, action, events)
        flow.advance(state, events)
        return events

    def _call(self, state: PCState) -> list[Event]:
        return called.call(state)  # GN-5

    def _from_hand(self, state: PCState, seat: Seat, card: str) -> None:
        hand = state.hands[seat]
        if card not in hand:
            raise IllegalAction("card_not_in_hand", card=card)
        hand.remove(card)

    def _action(self, state: PCState, seat: Seat, action: Action, events: list[Event]) -> None:
        """PC-7: exactly one of play, discard, place."""
        if isinstance(action, Play):
            if action.card in state.hands[seat] and not PLAYABLE[action.card]:
                raise IllegalAction("not_playable", card=action.card)
            self._from_hand(state, seat, action.card)
            state.stage = "chaos"
            events.append(shared(CardPlayed, seat=seat, card=action.card))
            flow.start_play(state, action.card, events)
        elif isinstance(action, Discard):
            self._from_hand(state, seat, action.card)
            state.stage = "chaos"
            state.discard.append(action.card)
            events.append(shared(CardDiscarded, seat=seat, card=action.card, reason="action"))
        elif isinstance(action, Place):
            if action.card in state.hands[seat] and action.workplace not in CATS[action.card]:
                raise IllegalAction("wrong_workplace", card=action.card, workplace=action.workplace)
            self._from_hand(state, seat, action.card)
            state.stage = "chaos"
            flow.place(state, action.card, action.workplace, False, events)
        else:
            raise IllegalAction("not_now", action=action.type, pending=None)

    def _forced(self, state: PCState, seat: Seat, action: Action, events: list[Event]) -> None:
        """PC-9 die 3 (decision PC-9b)."""
        if not isinstance(action, Play | Place):
            raise IllegalAction("not_now", action=action.type, pending="forced")
        card = action.card
        if card not in state.revealed:
            raise IllegalAction("card_not_revealed", card=card)
        if isinstance(action, Play):
            if not PLAYABLE[card]:
                raise IllegalAction("must_place_revealed", card=card)
            state.revealed.remove(card)
            state.pending = None
            events.append(shared(CardPlayed, seat=seat, card=card, forced=True))
            flow.start_play(state, card, events)
            return
        if PLAYABLE[card]:
            raise IllegalAction("must_play_revealed", card=card)
        if action.workplace not in CATS[card]:
            raise IllegalAction("wrong_workplace", card=card, workplace=action.workplace)
        state.revealed.remove(card)
        state.pending = None
        flow.place(state, card, action.workplace, True, events)

    def _vote(self, state: PCState, seat: Seat, p: VotePending, yes: bool, events: list[Event]) -> None:
        """PC-12a."""
        votes = {**p.votes, seat: yes}
        events.append(shared(VoteCast, seat=seat, card=p.card, yes=yes))
        if len(votes) < len(state.players):
            state.pending = p.model_copy(update={"votes": votes})
            return
        passed = all(votes.values())
        state.pending = None
        events.append(
            VoteClosed(
                seat=p.seat,
                card=p.card,
                passed=passed,
                yes_seats=[s for s in state.players if votes[s]],
                no_seats=[s for s in state.players if not votes[s]],
            )
        )
        queue_front(state, p.card, p.effect.yes if passed else p.effect.no)

    def _claim(
        self, state: PCState, seat: Seat, p: ClaimPending, action: Action, events: list[Event]
    ) -> None:
        """PC-12b."""
        if isinstance(action, MakeClaim):
            state.pending = None
            events.append(shared(ClaimMade, seat=seat, card=p.card))
            events.append(shared(ClaimClosed, seat=p.seat, card=p.card, claimant_seat=seat))
            queue_front(state, p.card, p.effect.claimed)
            return
        if not isinstance(action, NoClaim):
            raise IllegalAction("not_now", action=action.type, pending=p.kind)
        passed = (*p.passed, seat)
        events.append(shared(ClaimPassed, seat=seat, card=p.card))
        if len(passed) < len(state.players):
            state.pending = p.model_copy(update={"passed": passed})
            return
        state.pending = None
        events.append(shared(ClaimClosed, seat=p.seat, card=p.card, claimant_seat=None))
        queue_front(state, p.card, p.effect.unclaimed)

    # -- content -------------------------------------------------------------------------------------------
    def explain(self, state: PCState, seat: Seat, action: PCAction) -> Explanation | None:
        from engines.project_chaos.coach import explain

        return explain(state, seat, action)

    def ai(self, level: str = "normal") -> Agent:
        from engines.project_chaos.ai import make_agent

        return make_agent(self, level)

    def rules(self) -> list[RuleSection]:
        from engines.project_chaos.rules_text import rule_sections

        return rule_sections()

    def cards(self) -> list[CardInfo]:
        from engines.project_chaos.rules_text import card_infos

        return card_infos()


ENGINE = ProjectChaosEngine()
