"""The AWS Builder Cards 2nd Edition engine (game id ``aws-builder-cards``)."""

from __future__ import annotations

from pydantic import TypeAdapter

from engines.aws_builder_cards import called, turn, views
from engines.aws_builder_cards.models import ABAction, ABOptions, ABState, ABView
from engines.aws_builder_cards.notation import ABNotation
from engines.aws_builder_cards.redeal import redeal_hidden
from engines.aws_builder_cards.setup import new_state
from engines.core import (
    Agent,
    CardInfo,
    Engine,
    Event,
    Explanation,
    Outcome,
    Rng,
    RuleSection,
    Seat,
    Text,
    group_ranking,
)
from engines.deckbuilding import shallow_copy


class AwsBuilderCards(Engine[ABState, ABOptions, ABAction, ABView]):
    id = "aws-builder-cards"
    name = Text(en="AWS Builder Cards (2nd Edition)", ja="AWS Builder Cards（第2版）")
    min_players = 2
    max_players = 4
    options_model = ABOptions
    state_model = ABState
    action_adapter = TypeAdapter(ABAction)

    @property
    def notation(self) -> ABNotation:
        return ABNotation(self)

    def _new_game(self, players: list[Seat], options: ABOptions, seed: int, rng: Rng) -> ABState:
        return new_state(self.id, players, options, seed, rng)

    def to_move(self, state: ABState) -> list[Seat]:
        if state.finished:
            return []
        if state.pending is not None:
            return list(state.pending.waiting) if state.pending.kind == "vote" else [state.pending.seat]
        return [turn.current_seat(state)]

    def turn_of(self, state: ABState) -> Seat | None:
        # A vote or another player's answer is part of the current player's turn.
        return None if state.finished else turn.current_seat(state)

    def legal_actions(self, state: ABState, seat: Seat) -> list[ABAction]:
        return turn.legal(state, seat)

    def _apply(self, state: ABState, seat: Seat, action: ABAction) -> list[Event]:
        return turn.apply_action(state, seat, action)

    def _call(self, state: ABState) -> list[Event]:
        return called.call(state)  # GN-2

    def copy_state(self, state: ABState) -> ABState:
        """Structural copy. ``_apply`` changes only the piles, score zone, retired cards and missions of the
        player whose turn it is (votes change none of them), so only those are copied; everything else it
        may change (console, W-A pile, the turn, a pending decision) is copied too, and models it never
        changes in place (options, the finished turn ``last``) are shared."""
        seat = state.now.seat
        pending = state.pending
        piles = dict(state.piles)
        piles[seat] = piles[seat].copy_piles()
        score = dict(state.score)
        score[seat] = list(score[seat])
        retired = dict(state.retired)
        retired[seat] = list(retired[seat])
        hands = dict(state.mission_hand)
        if seat in hands:
            hands[seat] = list(hands[seat])
        return shallow_copy(
            state,
            piles=piles,
            score=score,
            retired=retired,
            free=state.free.copy_market(),
            paid=state.paid.copy_market(),
            wa=list(state.wa),
            now=state.now.copy_turn(),
            pending=None
            if pending is None
            else shallow_copy(pending, waiting=list(pending.waiting), agreed=list(pending.agreed)),
            mission_deck=list(state.mission_deck),
            mission_hand=hands,
            missions_revealed=list(state.missions_revealed),
        )

    def view(self, state: ABState, seat: Seat | None) -> ABView:
        return views.view(state, seat, self.id, self.to_move(state))

    def outcome(self, state: ABState) -> Outcome | None:
        if not state.finished:
            return None
        db = turn.db_of(state)
        rows = views.standings(state, db)
        ranking = group_ranking((r.seat, r.place) for r in rows)
        return Outcome(
            scores={r.seat: float(r.points) for r in rows},
            ranking=ranking,
            winners=list(ranking[0]),
            reason=called.end_reason(state),
            details={
                "builder_cards": {r.seat: r.builder_cards for r in rows},
                "wa_points": {r.seat: r.wa_points for r in rows},
                "missions": {r.seat: r.missions for r in rows},
                "turns": state.turns,
            },
        )

    def _redeal(self, state: ABState, seat: Seat, rng: Rng) -> None:
        redeal_hidden(state, seat, rng)

    def hidden_cards(self, state: ABState, seat: Seat | None) -> set[str]:
        return views.hidden_cards(state, seat)

    def explain(self, state: ABState, seat: Seat, action: ABAction) -> Explanation | None:
        from engines.aws_builder_cards.coach import explain

        return explain(state, seat, action)

    def ai(self, level: str = "normal") -> Agent:
        from engines.aws_builder_cards.ai import BuilderAI, RandomAI

        return RandomAI(self) if level == "random" else BuilderAI(self)

    def rules(self) -> list[RuleSection]:
        from engines.aws_builder_cards.rules_text import rule_sections

        return rule_sections()

    def cards(self) -> list[CardInfo]:
        from engines.aws_builder_cards.rules_text import card_infos

        return card_infos(None)


ENGINE = AwsBuilderCards()
