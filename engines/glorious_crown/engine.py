"""The Glorious Crown engine: deal (GC-2, GC-3), plays and passes (GC-4..GC-10), special cards
(GC-11..GC-16) and the end (GC-19..GC-21). Rule ids are on the rule page ``rules/glorious-crown.md``."""

from __future__ import annotations

from itertools import combinations
from typing import ClassVar

from engines.core import (
    Action,
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
from engines.glorious_crown import called, flow, views
from engines.glorious_crown.cards import ALL_IDS, RANK, RANK_EFFECT, canonical
from engines.glorious_crown.events import (
    DiscardDeclined,
    Discarded,
    ElevenBack,
    Locked,
    Passed,
    Played,
    Revolution,
    Traded,
    TradeDeclined,
    TradeOffered,
    TradeOfferedCards,
    TradeReceived,
)
from engines.glorious_crown.models import (
    ACTION_ADAPTER,
    Answer,
    Decline,
    Discard,
    GCAction,
    GCOptions,
    GCState,
    GCView,
    Give,
    Pass,
    Pending,
    Play,
    TopPlay,
)
from engines.glorious_crown.notation import GCNotation
from engines.glorious_crown.plays import group_rank, is_counter, legal_plays, new_lock, play_error
from engines.glorious_crown.redeal import redeal_hidden
from engines.glorious_crown.scoring import is_foul_finish
from engines.glorious_crown.scoring import outcome as final_outcome

DIAMOND_3 = "D3"
#: GC-2: (cards each, blind cards) by player count
DEAL: dict[int, tuple[int, int]] = {3: (18, 0), 4: (13, 2), 5: (10, 4)}


_PLAYS: dict[tuple[str, ...], Play] = {}
_PASS = Pass()
_DECLINE = Decline()


def _play(cards: tuple[str, ...]) -> Play:
    # Actions are immutable and the distinct groups are few (under a thousand): build each once.
    action = _PLAYS.get(cards)
    if action is None:
        action = _PLAYS[cards] = Play(cards=list(cards))
    return action


class GloriousCrownEngine(Engine[GCState, GCOptions, GCAction, GCView]):
    id: ClassVar[str] = "glorious-crown"
    name: ClassVar[Text] = Text(en="Glorious Crown", ja="グローリアスクラウン")
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    options_model = GCOptions
    state_model = GCState
    action_adapter = ACTION_ADAPTER

    @property
    def notation(self) -> GCNotation:
        return GCNotation(self)

    # -- deal -------------------------------------------------------------------------------------------
    def _new_game(self, players: list[Seat], options: GCOptions, seed: int, rng: Rng) -> GCState:
        each, blind_n = DEAL[len(players)]
        # GC-2: blind cards are random but never the diamond 3.
        others = [c for c in ALL_IDS if c != DIAMOND_3]
        rng.shuffle(others)
        blind = canonical(others[:blind_n])
        rest = [DIAMOND_3, *others[blind_n:]]
        rng.shuffle(rest)
        hands = {p: canonical(rest[i * each : (i + 1) * each]) for i, p in enumerate(players)}
        first = next(p for p in players if DIAMOND_3 in hands[p])  # GC-3
        return GCState(
            game=self.id,
            players=players,
            seed=seed,
            rng=rng.state,
            options=options,
            hands=hands,
            blind=blind,
            current=first,
            points={p: 0 for p in players},
        )

    def copy_state(self, state: GCState) -> GCState:
        # Frozen parts (options, top, pending, last_clear) and the never-changed blind list are shared.
        new = state.model_copy()
        d = new.__dict__  # a fresh dict: only the mutable containers need copying
        d["hands"] = {p: list(h) for p, h in state.hands.items()}
        d["discard"] = list(state.discard)
        d["field"] = list(state.field)
        d["passed"] = list(state.passed)
        d["points"] = dict(state.points)
        d["finished"] = list(state.finished)
        d["fouls"] = list(state.fouls)
        return new

    # -- queries ----------------------------------------------------------------------------------------
    def to_move(self, state: GCState) -> list[Seat]:
        if state.over:
            return []
        if state.pending is not None:
            return [state.pending.seat]
        return [state.current]

    def legal_actions(self, state: GCState, seat: Seat) -> list[GCAction]:
        if state.over:
            return []
        pending = state.pending
        hand = state.hands[seat]
        if pending is not None:
            if seat != pending.seat:
                return []
            if pending.kind == "seven_give":
                gives: list[GCAction] = [_DECLINE]
                for m in range(1, pending.count + 1):
                    gives.extend(
                        Give.model_construct(type="give", cards=list(c)) for c in combinations(hand, m)
                    )
                return gives
            if pending.kind == "seven_answer":
                return [
                    Answer.model_construct(type="answer", cards=list(c))
                    for c in combinations(hand, pending.count)
                ]
            return [_DECLINE, *(Discard.model_construct(type="discard", card=c) for c in hand)]
        if seat != state.current:
            return []
        actions: list[GCAction] = [
            _play(c) for c in legal_plays(hand, state.top, state.lock, state.effective_revolution)
        ]
        if state.top is not None:
            actions.append(_PASS)
        return actions

    def outcome(self, state: GCState) -> Outcome | None:
        return final_outcome(state) if state.over else None

    def _redeal(self, state: GCState, seat: Seat, rng: Rng) -> None:
        redeal_hidden(state, seat, rng)

    def hidden_cards(self, state: GCState, seat: Seat | None) -> set[str]:
        if state.over:
            return set() if state.options.show_blind_at_end else set(state.blind)
        hidden = set(state.blind)
        for p, hand in state.hands.items():
            if p != seat:
                hidden.update(hand)
        return hidden

    def view(self, state: GCState, seat: Seat | None) -> GCView:
        return views.build(state, seat, self.to_move(state))

    # -- change -----------------------------------------------------------------------------------------
    def _apply(self, state: GCState, seat: Seat, action: GCAction) -> list[Event]:
        pending = state.pending
        if pending is not None:
            if pending.kind == "seven_give":
                return self._seven_give(state, seat, action, pending)
            if pending.kind == "seven_answer":
                return self._seven_answer(state, seat, action, pending)
            return self._ten_discard(state, seat, action)
        if isinstance(action, Play):
            return self._play(state, seat, action.cards)
        if isinstance(action, Pass):
            return self._pass(state, seat)
        raise IllegalAction("not_now", type=action.type)

    def _call(self, state: GCState) -> list[Event]:
        return called.call(state)  # GN-4

    def _pass(self, state: GCState, seat: Seat) -> list[Event]:
        if state.top is None:
            raise IllegalAction("leader_must_play")  # GC-5
        events: list[Event] = [Passed(seat=seat)]
        if seat not in state.passed:
            state.passed.append(seat)
        flow.advance(state, seat, events)
        return events

    def _play(self, state: GCState, seat: Seat, cards: list[str]) -> list[Event]:
        hand = state.hands[seat]
        revolution = state.effective_revolution  # the state this play is made in
        top = state.top
        err = play_error(cards, hand, top, state.lock, revolution)
        if err is not None:
            raise IllegalAction(err[0], **err[1])
        cards = canonical(cards)
        played = tuple(cards)
        rank = group_rank(played)
        assert rank is not None
        counter = is_counter(played, top)
        for c in played:
            hand.remove(c)
        state.field.extend(played)
        state.top = TopPlay(seat=seat, cards=played, rank=rank)
        events: list[Event] = [Played(seat=seat, cards=cards, rank=rank)]
        if top is not None and not counter and state.lock is None:
            state.lock = new_lock(played, top, None)  # GC-9
            if state.lock is not None:
                events.append(Locked(suits=list(state.lock)))
        if state.options.once_passed_may_replay:
            state.passed = []
        if len(played) == 4:  # GC-8
            state.revolution = not state.revolution
            events.append(Revolution(revolution=state.revolution))
        effect = RANK_EFFECT.get(rank) if rank else None
        if effect is not None and effect.type == "reverse_until_clear" and not state.eleven_back:  # GC-15
            state.eleven_back = True
            events.append(ElevenBack(seat=seat))
        if not hand:
            flow.go_out(state, seat, events, is_foul_finish(played, revolution), "play")
        if counter:  # GC-7
            flow.clear_field(state, events, "counter")
        elif effect is not None and effect.type == "clear_field":  # GC-13
            flow.clear_field(state, events, "eight")
        if flow.check_over(state, events) or counter or (effect is not None and effect.type == "clear_field"):
            return events
        if hand and effect is not None:
            if effect.type == "trade_cards":  # GC-12
                to = flow.next_holder(state, seat)
                assert to is not None
                sevens = sum(1 for c in played if RANK[c] == rank)
                count = min(sevens * effect.per_card, len(hand), len(state.hands[to]))
                state.pending = Pending(kind="seven_give", seat=seat, other=to, count=count)
                return events
            if effect.type == "discard":  # GC-14
                state.pending = Pending(kind="ten_discard", seat=seat, count=effect.count)
                return events
        flow.advance(state, seat, events, skip=effect is not None and effect.type == "skip_next")  # GC-11
        return events

    def _seven_give(self, state: GCState, seat: Seat, action: Action, pending: Pending) -> list[Event]:
        to = pending.other
        assert to is not None
        if isinstance(action, Decline):
            state.pending = None
            events: list[Event] = [TradeDeclined(seat=seat)]
            flow.advance(state, seat, events)
            return events
        if not isinstance(action, Give):
            raise IllegalAction("choose_cards_to_give", max=pending.count)
        cards = action.cards
        if len(set(cards)) != len(cards) or any(c not in state.hands[seat] for c in cards):
            raise IllegalAction("card_not_in_hand")
        if len(cards) > pending.count:
            raise IllegalAction("too_many_cards", max=pending.count)
        given = tuple(canonical(cards))
        state.pending = Pending(kind="seven_answer", seat=to, other=seat, count=len(given), given=given)
        return [
            TradeOffered(seat=seat, to_seat=to, count=len(given)),
            TradeOfferedCards(seat=seat, visible_to=(seat,), to_seat=to, cards=list(given)),
        ]

    def _seven_answer(self, state: GCState, seat: Seat, action: Action, pending: Pending) -> list[Event]:
        giver = pending.other
        assert giver is not None
        if not isinstance(action, Answer):
            raise IllegalAction("choose_cards_to_return", count=pending.count)
        back = action.cards
        mine = state.hands[seat]
        if len(set(back)) != len(back) or any(c not in mine for c in back):
            raise IllegalAction("card_not_in_hand")
        if len(back) != pending.count:
            raise IllegalAction("wrong_count", need=pending.count)
        back = canonical(back)
        given = list(pending.given)
        # Both sets change hands at once (GC-12).
        state.hands[giver] = canonical([c for c in state.hands[giver] if c not in given] + back)
        state.hands[seat] = canonical([c for c in mine if c not in back] + given)
        state.pending = None
        events: list[Event] = [
            Traded(seat=giver, other_seat=seat, count=len(back)),
            TradeReceived(seat=giver, visible_to=(giver,), gave_cards=given, got_cards=back),
            TradeReceived(seat=seat, visible_to=(seat,), gave_cards=back, got_cards=given),
        ]
        flow.advance(state, giver, events)
        return events

    def _ten_discard(self, state: GCState, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Decline):
            events.append(DiscardDeclined(seat=seat))
        elif isinstance(action, Discard):
            hand = state.hands[seat]
            if action.card not in hand:
                raise IllegalAction("card_not_in_hand", card=action.card)
            hand.remove(action.card)
            state.discard.append(action.card)  # discarded face up
            events.append(Discarded(seat=seat, card=action.card))
            if not hand:
                flow.go_out(state, seat, events, True, "discard")  # GC-20
        else:
            raise IllegalAction("discard_or_decline")
        state.pending = None
        if flow.check_over(state, events):
            return events
        flow.advance(state, seat, events)
        return events

    # -- content ----------------------------------------------------------------------------------------
    def explain(self, state: GCState, seat: Seat, action: GCAction) -> Explanation | None:
        from engines.glorious_crown.coach import explain

        return explain(state, seat, action)

    def ai(self, level: str = "normal") -> Agent:
        from engines.glorious_crown.ai import make_agent

        return make_agent(self, level)

    def rules(self) -> list[RuleSection]:
        from engines.glorious_crown.rules_text import rule_sections

        return rule_sections()

    def cards(self) -> list[CardInfo]:
        from engines.glorious_crown.rules_text import card_infos

        return card_infos()


ENGINE = GloriousCrownEngine()
