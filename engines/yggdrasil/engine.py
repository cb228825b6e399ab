"""The Yggdrasil engine: the turn (YG-7) and the glue between placing, effects, invasion and the end."""

from __future__ import annotations

from functools import lru_cache

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
from engines.yggdrasil import board as B
from engines.yggdrasil import called
from engines.yggdrasil.ai import make_agent
from engines.yggdrasil.cards import CARDS, SwapCards
from engines.yggdrasil.effects import do_swap, effect_of, legal_swaps
from engines.yggdrasil.events import (
    CouldNotPlace,
    Destroyed,
    Discarded,
    Drew,
    DrewCard,
    EffectSkipped,
    EffectTriggered,
    EndReason,
    GameEnded,
    Invaded,
    InvasionDeclined,
    Placed,
    Swapped,
    TurnStarted,
)
from engines.yggdrasil.geometry import BIT, FIT
from engines.yggdrasil.invasion import attacks, destroy
from engines.yggdrasil.models import (
    ACTION_ADAPTER,
    Discard,
    Invade,
    InvasionRecord,
    NoInvasion,
    Phase,
    Place,
    PlacementProblem,
    SkipEffect,
    SwapAction,
    YggAction,
    YggOptions,
    YggState,
    YggView,
)
from engines.yggdrasil.notation import YggNotation, parse_cell
from engines.yggdrasil.redeal import redeal_hidden
from engines.yggdrasil.rules_text import card_infos, rule_sections
from engines.yggdrasil.scoring import score
from engines.yggdrasil.setup import deal
from engines.yggdrasil.views import build_view


# Actions are frozen values: the hot path hands out shared instances instead of building new ones.
@lru_cache(maxsize=1 << 14)
def _place(card: str, cell: str) -> Place:
    return Place(card=card, cell=cell)


@lru_cache(maxsize=1 << 12)
def _discard(card: str) -> Discard:
    return Discard(card=card)


@lru_cache(maxsize=1 << 14)
def _swap(first: str, second: str) -> SwapAction:
    return SwapAction(first=first, second=second)


@lru_cache(maxsize=1 << 12)
def _invade(target: str) -> Invade:
    return Invade(target=target)


_SKIP = SkipEffect()
_NO_INVASION = NoInvasion()


class YggdrasilEngine(Engine[YggState, YggOptions, YggAction, YggView]):
    id = "yggdrasil"
    name = Text(en="The Yggdrasil", ja="The Yggdrasil 世界樹創造カードゲーム")
    min_players = 2
    max_players = 2
    options_model = YggOptions
    state_model = YggState
    action_adapter = ACTION_ADAPTER

    @property
    def notation(self) -> YggNotation:
        return YggNotation(self)

    # -- set-up (YG-1, YG-2, YG-12) --------------------------------------------------------------------
    def _new_game(self, players: list[Seat], options: YggOptions, seed: int, rng: Rng) -> YggState:
        return deal(self.id, players, options, seed, rng)

    def copy_state(self, state: YggState) -> YggState:
        # Only the containers the rules change are copied; ``kinds``, ``players``, ``options`` never change
        # after the deal and ``last_invasion`` is replaced, never mutated.
        return state.model_copy(
            update={
                "board": list(state.board),
                "owner": list(state.owner),
                "masks": list(state.masks),
                "hands": {k: list(v) for k, v in state.hands.items()},
                "decks": {k: list(v) for k, v in state.decks.items()},
                "discards": {k: list(v) for k, v in state.discards.items()},
                "placed_this_turn": list(state.placed_this_turn),
                "stuck": dict(state.stuck),
                "last_placed": list(state.last_placed),
            }
        )

    # -- queries ---------------------------------------------------------------------------------------
    def to_move(self, state: YggState) -> list[Seat]:
        return [] if state.phase == "over" else [state.players[state.current]]

    def legal_actions(self, state: YggState, seat: Seat) -> list[YggAction]:
        if state.phase == "over" or seat != state.players[state.current]:
            return []
        si = state.current
        names = B.board_of(state).names
        hand = state.hands[seat]
        if state.phase in ("place", "extra"):
            acts: list[YggAction] = [_place(cid, names[cell]) for cid, cell in B.placements(state, si, hand)]
            if state.phase == "extra":
                acts.append(_SKIP)
            elif not acts:
                acts = [_discard(cid) for cid in hand]  # YG-6
            return acts
        if state.phase == "swap":
            acts = [_swap(names[a], names[b]) for a, b in legal_swaps(state, si, self._swap_effect(state))]
            acts.append(_SKIP)
            return acts
        acts = [_invade(names[a.target]) for a in attacks(state, si)]
        acts.append(_NO_INVASION)
        return acts

    def outcome(self, state: YggState) -> Outcome | None:
        if state.phase != "over":
            return None
        parts = {p: score(state, i) for i, p in enumerate(state.players)}
        scores = {p: float(c + f) for p, (c, f) in parts.items()}
        a, b = state.players
        if scores[a] == scores[b]:
            ranking, winners = [[a, b]], []
        else:
            hi, lo = (a, b) if scores[a] > scores[b] else (b, a)
            ranking, winners = [[hi], [lo]], [hi]
        return Outcome(
            scores=scores,
            ranking=ranking,
            winners=winners,
            reason=state.end_reason or "over",
            details={
                "cards": {p: c for p, (c, _) in parts.items()},
                "fruit": {p: f for p, (_, f) in parts.items()},
            },
        )

    def _redeal(self, state: YggState, seat: Seat, rng: Rng) -> None:
        redeal_hidden(state, seat, rng)

    def hidden_cards(self, state: YggState, seat: Seat | None) -> set[str]:
        hidden: set[str] = set()
        for p in state.players:
            hidden.update(state.decks[p])
            if p != seat:
                hidden.update(state.hands[p])
        return hidden

    def view(self, state: YggState, seat: Seat | None) -> YggView:
        return build_view(state, seat)

    # -- change ----------------------------------------------------------------------------------------
    def _apply(self, state: YggState, seat: Seat, action: YggAction) -> list[Event]:
        si = state.current
        phase = state.phase
        if phase in ("place", "extra"):
            if isinstance(action, Place):
                return self._place(state, si, action)
            if isinstance(action, Discard) and phase == "place":
                return self._discard(state, si, action)
            if isinstance(action, SkipEffect) and phase == "extra":
                events: list[Event] = [EffectSkipped(seat=seat, effect="extra_placement")]
                return events + self._after_effects(state, si)
            raise IllegalAction("wrong_phase", phase=phase, action=action.type)
        if phase == "swap":
            if isinstance(action, SwapAction):
                return self._swap(state, si, action)
            if isinstance(action, SkipEffect):
                return [EffectSkipped(seat=seat, effect="swap"), *self._after_effects(state, si)]
            raise IllegalAction("wrong_phase", phase=phase, action=action.type)
        if isinstance(action, Invade):
            return self._invade(state, si, action)
        if isinstance(action, NoInvasion):
            return [InvasionDeclined(seat=seat), *self._end_turn(state)]
        raise IllegalAction("wrong_phase", phase=phase, action=action.type)

    def _call(self, state: YggState) -> list[Event]:
        return called.call(state)  # GN-3

    def _cell(self, state: YggState, name: str) -> int:
        geo = B.board_of(state)
        cell = parse_cell(name, geo.cols, geo.rows)
        if cell is None:
            raise IllegalAction("bad_cell", cell=name)
        return cell

    def placement_problem(self, state: YggState, si: int, kind: str, cell: int) -> PlacementProblem | None:
        """Why a card of ``kind`` cannot go on ``cell`` for seat ``si`` (a stable code), or None (YG-5)."""
        if state.owner[cell] != -1:
            return "cell_taken"
        mask = CARDS[kind].table_mask(si)
        must = mustnot = 0
        for d, n in enumerate(B.board_of(state).neighbours[cell]):
            if n == -1:
                if mask & BIT[d]:
                    return "branch_off_field"
            elif state.owner[n] == si:
                if state.masks[n] & BIT[(d + 2) % 4]:
                    must |= BIT[d]
                else:
                    mustnot |= BIT[d]
        if not mask & must:
            return "not_connected"
        if not FIT[must | mustnot << 4] & (1 << mask):
            return "branch_mismatch"
        if state.options.branch_colours and not B.colours_match(state, si, kind, cell, must):
            return "colour_mismatch"
        return None

    def _place(self, state: YggState, si: int, action: Place) -> list[Event]:
        seat = state.players[si]
        hand = state.hands[seat]
        if action.card not in hand:
            raise IllegalAction("card_not_in_hand", card=action.card)
        cell = self._cell(state, action.cell)
        kind = state.kinds[action.card]
        problem = self.placement_problem(state, si, kind, cell)
        if problem:
            raise IllegalAction(problem, card=action.card, cell=action.cell)
        hand.remove(action.card)
        B.put(state, si, action.card, cell)
        extra = bool(state.placed_this_turn)
        if not extra:
            state.last_placed = []
            state.last_invasion = None
        state.placed_this_turn.append(action.card)
        state.last_placed.append(action.card)
        state.stuck[seat] = 0
        name = B.board_of(state).names[cell]
        events: list[Event] = [Placed(seat=seat, card=action.card, card_kind=kind, cell=name, extra=extra)]
        effect = effect_of(kind)
        if effect == "extra_placement" and len(state.placed_this_turn) == 1:  # YG-14 "only card this turn"
            available = B.can_place(state, si, hand)
            phase: Phase = "extra"
        elif effect == "swap":
            state.effect_source = action.card
            available = bool(legal_swaps(state, si, self._swap_effect(state)))
            phase = "swap"
        else:
            return events + self._after_effects(state, si)
        events.append(
            EffectTriggered(seat=seat, card=action.card, card_kind=kind, effect=effect, available=available)
        )
        if available:
            state.phase = phase
            state.effect_source = action.card
            return events
        return events + self._after_effects(state, si)

    def _swap_effect(self, state: YggState) -> SwapCards:
        assert state.effect_source is not None
        effect = CARDS[state.kinds[state.effect_source]].effect
        assert isinstance(effect, SwapCards)
        return effect

    def _swap(self, state: YggState, si: int, action: SwapAction) -> list[Event]:
        a, b = self._cell(state, action.first), self._cell(state, action.second)
        pair = (min(a, b), max(a, b))
        if pair not in legal_swaps(state, si, self._swap_effect(state)):
            raise IllegalAction("swap_breaks_connection", first=action.first, second=action.second)
        ida, idb = state.board[pair[0]], state.board[pair[1]]
        assert ida is not None and idb is not None
        owner = state.players[state.owner[pair[0]]]
        do_swap(state, *pair)
        names = B.board_of(state).names
        swapped = Swapped(
            seat=state.players[si],
            owner_seat=owner,
            first_cell=names[pair[0]],
            second_cell=names[pair[1]],
            first_card=ida,
            second_card=idb,
            first_kind=state.kinds[ida],
            second_kind=state.kinds[idb],
        )
        return [swapped, *self._after_effects(state, si)]

    def _after_effects(self, state: YggState, si: int) -> list[Event]:
        """Effects are done: offer the invasion if there is a target (YG-7, YG-8), else end the turn."""
        state.effect_source = None
        if attacks(state, si):
            state.phase = "invade"
            return []
        return self._end_turn(state)

    def _invade(self, state: YggState, si: int, action: Invade) -> list[Event]:
        target = self._cell(state, action.target)
        found = [a for a in attacks(state, si) if a.target == target]
        if not found:
            raise IllegalAction("not_a_target", target=action.target)
        att = found[0]
        names = B.board_of(state).names
        target_card = state.board[target]
        assert target_card is not None
        destroyed_cells: list[int] = []
        destroyed: list[str] = []
        if att.attack >= att.defence:  # YG-8: ties go to the attacker
            before = list(state.board)
            destroyed_cells = destroy(state, target)
            destroyed = [c for c in (before[x] for x in destroyed_cells) if c is not None]
        seat = state.players[si]
        record = InvasionRecord(
            seat=seat,
            target=names[target],
            target_card=target_card,
            supporters=[names[c] for c in att.supporters],
            attack=att.attack,
            defence=att.defence,
            destroyed=destroyed,
            destroyed_cells=[names[c] for c in destroyed_cells],
        )
        state.last_invasion = record
        events: list[Event] = [
            Invaded(
                seat=seat,
                target_seat=state.players[1 - si],
                target=names[target],
                target_card=target_card,
                target_kind=state.kinds[target_card],
                supporters=record.supporters,
                attack=att.attack,
                defence=att.defence,
                success=bool(destroyed),
            )
        ]
        if destroyed:
            events.append(
                Destroyed(
                    seat=state.players[1 - si],
                    card=destroyed[0],
                    card_kind=state.kinds[destroyed[0]],
                    cell=record.destroyed_cells[0],
                    cascade_cards=destroyed[1:],
                    cascade_kinds=[state.kinds[c] for c in destroyed[1:]],
                    cascade_cells=record.destroyed_cells[1:],
                )
            )
        return events + self._end_turn(state)

    def _discard(self, state: YggState, si: int, action: Discard) -> list[Event]:
        seat = state.players[si]
        hand = state.hands[seat]
        if action.card not in hand:
            raise IllegalAction("card_not_in_hand", card=action.card)
        if B.can_place(state, si, hand):
            raise IllegalAction("must_place")  # YG-6: discarding is only for a hand that fits nowhere
        hand.remove(action.card)
        state.discards[seat].append(action.card)
        events: list[Event] = [Discarded(seat=seat, card=action.card, card_kind=state.kinds[action.card])]
        events += self._draw(state, seat)
        state.stuck[seat] += 1
        return events + self._end_turn(state)

    def _draw(self, state: YggState, seat: Seat) -> list[Event]:
        deck = state.decks[seat]
        if not deck:
            return []
        card = deck.pop()
        state.hands[seat].append(card)
        return [
            Drew(seat=seat, visible_to=(seat,), card=card, card_kind=state.kinds[card]),
            DrewCard(seat=seat, deck_left=len(deck)),
        ]

    def _end_turn(self, state: YggState) -> list[Event]:
        events: list[Event] = []
        while True:
            state.placed_this_turn = []
            state.effect_source = None
            reason = self._end_reason(state)
            if reason:
                state.phase = "over"
                state.end_reason = reason
                totals = {p: sum(score(state, i)) for i, p in enumerate(state.players)}
                events.append(GameEnded(reason=reason, scores=totals))
                return events
            state.current = 1 - state.current
            seat = state.players[state.current]
            state.phase = "place"
            events.append(TurnStarted(seat=seat))
            events += self._draw(state, seat)  # YG-7
            if state.hands[seat]:
                return events
            # YG-10: an empty hand and an empty deck cannot place; the turn passes by itself.
            state.stuck[seat] += 1
            events.append(CouldNotPlace(seat=seat))

    def _end_reason(self, state: YggState) -> EndReason | None:
        """YG-10: no cell can take a card for either player, or both could not place twice running; GN-3:
        a called game's round is over."""
        if not B.growth_cells(state, 0) and not B.growth_cells(state, 1):
            return "no_room"
        if all(n >= 2 for n in state.stuck.values()):
            return "both_stuck"
        return "called" if called.round_over(state) else None  # GN-3

    # -- content ---------------------------------------------------------------------------------------
    def explain(self, state: YggState, seat: Seat, action: YggAction) -> Explanation | None:
        from engines.yggdrasil.coach import explain

        return explain(state, seat, action)

    def ai(self, level: str = "normal") -> Agent:
        return make_agent(self, level)

    def rules(self) -> list[RuleSection]:
        return rule_sections()

    def cards(self) -> list[CardInfo]:
        return card_infos()


ENGINE = YggdrasilEngine()
