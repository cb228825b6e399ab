"""The AWS Deckbuilding Game engine (game id ``aws-deckbuilding``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import TypeAdapter

from engines.aws_deckbuilding import called, play, turn, views
from engines.aws_deckbuilding.models import ADAction, ADOptions, ADState, ProposeReshuffle
from engines.aws_deckbuilding.notation import ADNotation
from engines.aws_deckbuilding.redeal import redeal_hidden
from engines.aws_deckbuilding.setup import new_state
from engines.aws_deckbuilding.views import ADView
from engines.core import (
    TABLE,
    Action,
    Agent,
    CallGame,
    CardInfo,
    Engine,
    Event,
    Explanation,
    GameError,
    GameOver,
    NotYourTurn,
    Outcome,
    Rng,
    RuleSection,
    Seat,
    Step,
    Text,
)
from engines.deckbuilding import shallow_copy

_STEP = Step[ADState]  # parametrised once: ``Step[...]`` costs a lookup on every use


class AwsDeckbuilding(Engine[ADState, ADOptions, ADAction, ADView]):
    id = "aws-deckbuilding"
    name = Text(
        en="AWS Deckbuilding Game (BuilderCards 1st edition)",
        ja="AWS デッキ構築ゲーム（BuilderCards 第1版）",
    )
    min_players = 2
    max_players = 4
    options_model = ADOptions
    state_model = ADState
    action_adapter = TypeAdapter(ADAction)

    @property
    def notation(self) -> ADNotation:
        return ADNotation(self)

    def _new_game(self, players: list[Seat], options: ADOptions, seed: int, rng: Rng) -> ADState:
        return new_state(self.id, players, options, seed, rng)

    def to_move(self, state: ADState) -> list[Seat]:
        if state.phase == "over":
            return []
        if state.vote is not None:
            return list(state.vote.waiting)
        seat = play.acting_seat(state)
        return [seat] if seat is not None else []

    def turn_of(self, state: ADState) -> Seat | None:
        # A vote interrupts the turn (or draft pick) of the acting seat; it does not start another turn.
        return play.acting_seat(state)

    def legal_actions(self, state: ADState, seat: Seat) -> list[ADAction]:
        return turn.legal(state, seat)

    def apply(
        self, state: ADState, seat: Seat, action: ADAction | CallGame | Mapping[str, Any]
    ) -> Step[ADState]:
        """The contract's ``apply`` (parse, refuse a finished game or a seat that is not to move, change a
        copy, count the step), written out here because it runs on every AI step. AD-14: any player may
        propose a reshuffle at any time, so a seat that is not to move may still do that one thing."""
        parsed = action if isinstance(action, Action) else self.parse_action(action)
        if seat == TABLE or isinstance(parsed, CallGame):  # GN-1: the table's call
            return self.table_action(state, seat, parsed)
        if state.phase == "over":  # ``outcome`` is set exactly then
            raise GameOver()
        vote = state.vote
        to_move = seat in vote.waiting if vote is not None else seat == play.acting_seat(state)
        if not to_move and not (isinstance(parsed, ProposeReshuffle) and seat in state.piles):
            raise NotYourTurn(seat=seat)
        new = self._copy(state, step=state.turn + 1)  # the step counted in the copy
        try:
            events = turn.apply_action(new, seat, parsed)
        except GameError as exc:
            exc.game = self.id
            raise
        return _STEP(state=new, events=events)

    def _apply(self, state: ADState, seat: Seat, action: ADAction) -> list[Event]:
        return turn.apply_action(state, seat, action)

    def _call(self, state: ADState) -> list[Event]:
        return called.call(state)  # GN-2

    def copy_state(self, state: ADState) -> ADState:
        return self._copy(state, step=state.turn)

    def _copy(self, state: ADState, *, step: int) -> ADState:
        """Structural copy of what an action may change. Outside the draft only the acting seat's piles,
        score and retired cards change (the next player's reveal only reads a hand), so only those are
        copied; the draft's last pick deals every seat, so there every seat is copied (and the drafted
        cards, which stay empty after the draft). Options and the finished turn ``last`` (replaced, never
        changed in place) are shared. ``step``: the copy's ``turn`` (how many actions it has seen)."""
        now = state.now
        vote = state.vote
        piles = dict(state.piles)
        score = dict(state.score)
        retired = dict(state.retired)
        drafting = state.phase == "draft"
        drafted = {s: list(c) for s, c in state.drafted.items()} if drafting else state.drafted
        for seat in state.order if drafting else (state.order[state.current],):
            piles[seat] = piles[seat].copy_piles()
            score[seat] = list(score[seat])
            retired[seat] = list(retired[seat])
        return shallow_copy(
            state,
            turn=step,
            drafted=drafted,
            piles=piles,
            score=score,
            retired=retired,
            market=state.market.copy_market(),
            wa=list(state.wa),
            now=None if now is None else now.copy_turn(),
            vote=None
            if vote is None
            else shallow_copy(vote, waiting=list(vote.waiting), agreed=list(vote.agreed)),
        )

    def view(self, state: ADState, seat: Seat | None) -> ADView:
        return views.view(state, seat, self.id, self.to_move(state))

    def outcome(self, state: ADState) -> Outcome | None:
        if state.phase != "over":
            return None
        groups = play.ranking(state)
        rows = views.standings(state)
        return Outcome(
            scores={r.seat: float(r.points) for r in rows},
            ranking=[list(g) for g in groups],
            winners=list(groups[0]),
            reason=called.end_reason(state),
            details={
                "ones": {r.seat: r.ones for r in rows},
                "threes": {r.seat: r.threes for r in rows},
                "onprem_left": {r.seat: r.onprem_left for r in rows},
                "turns": state.turns,
            },
        )

    def _redeal(self, state: ADState, seat: Seat, rng: Rng) -> None:
        redeal_hidden(state, seat, rng)

    def hidden_cards(self, state: ADState, seat: Seat | None) -> set[str]:
        return views.hidden_cards(state, seat)

    def explain(self, state: ADState, seat: Seat, action: ADAction) -> Explanation | None:
        from engines.aws_deckbuilding.coach import explain

        return explain(state, seat, action)

    def ai(self, level: str = "normal") -> Agent:
        from engines.aws_deckbuilding.ai import CloudArchitectAI, RandomPlayer

        return RandomPlayer(self) if level == "random" else CloudArchitectAI(self)

    def rules(self) -> list[RuleSection]:
        from engines.aws_deckbuilding.rules_text import rule_sections

        return rule_sections()

    def cards(self) -> list[CardInfo]:
        from engines.aws_deckbuilding.rules_text import card_infos

        return card_infos()


ENGINE = AwsDeckbuilding()
