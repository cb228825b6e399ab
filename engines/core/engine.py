"""The engine contract every game implements (see DESIGN.md, "The engine contract")."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol

from pydantic import TypeAdapter, ValidationError

from engines.core.call import TABLE, AlreadyCalled, CallGame, NotCallable, TableOnly, parse_call
from engines.core.errors import BadAction, BadPlayerCount, GameError, GameOver, NotYourTurn
from engines.core.i18n import Text
from engines.core.models import (
    Action,
    ActionT,
    CardInfo,
    Event,
    Explanation,
    Options,
    OptionsT,
    Outcome,
    RuleSection,
    Seat,
    StateT,
    Step,
    ViewT,
)
from engines.core.notation import Notation
from engines.core.options import validate_options
from engines.core.rng import Rng, seed_state


class Agent(Protocol):
    """An AI player. It is handed the full state for speed but must decide only from what ``seat`` may
    see (``engine.view(state, seat)``) plus the legal actions: our AIs never peek at hidden cards."""

    def choose(self, state: Any, seat: Seat, rng: Rng) -> Action: ...


class RandomAgent:
    """Uniformly random legal play: the baseline every AI must beat."""

    def __init__(self, engine: Engine[Any, Any, Any, Any]) -> None:
        self.engine = engine

    def choose(self, state: Any, seat: Seat, rng: Rng) -> Action:
        legal: list[Action] = self.engine.legal_actions(state, seat)
        return rng.choice(legal)


class Engine(ABC, Generic[StateT, OptionsT, ActionT, ViewT]):
    """Pure rules for one game, typed by its state, options, action union and view, so callers (the bot,
    the renderers) read views and actions as the game's own classes, never through ``getattr``/``Any``.
    Subclasses set the class attributes and implement the abstract methods.

    ``apply`` is the only way a state changes: it copies the state, lets ``_apply`` change the copy and
    return events, so the input is never mutated and a refused action changes nothing.
    """

    id: ClassVar[str]
    name: ClassVar[Text]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[Options]]
    state_model: ClassVar[type[Any]]
    #: A TypeAdapter over the game's discriminated union of actions.
    action_adapter: ClassVar[TypeAdapter[Any]]
    #: The players win or lose together (``Outcome.winners`` is the whole team or nobody): an analysis then
    #: scores a seat by the team's success, not by a share of the win.
    cooperative: ClassVar[bool] = False

    # -- life cycle -------------------------------------------------------------------------------
    def make_options(self, raw: Mapping[str, Any] | Options | None = None) -> OptionsT:
        opts: OptionsT = validate_options(self.options_model, raw)  # type: ignore[assignment]
        return opts

    def new_game(
        self,
        players: Sequence[Seat],
        options: Mapping[str, Any] | Options | None = None,
        seed: int = 0,
    ) -> StateT:
        if not self.min_players <= len(players) <= self.max_players:
            raise BadPlayerCount(min=self.min_players, max=self.max_players, got=len(players))
        if len(set(players)) != len(players):
            raise BadPlayerCount(min=self.min_players, max=self.max_players, got=len(players), duplicate=True)
        return self._new_game(list(players), self.make_options(options), seed, Rng(seed_state(seed)))

    @abstractmethod
    def _new_game(self, players: list[Seat], options: OptionsT, seed: int, rng: Rng) -> StateT:
        """Deal. Store ``rng.state`` in the returned state (field ``rng``)."""

    # -- queries ----------------------------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: StateT) -> list[Seat]:
        """Seats that must decide now; ``[]`` once the game is over."""

    def turn_of(self, state: StateT) -> Seat | None:
        """The seat whose turn it is, which need not be a seat that decides now (``to_move``): another
        player may have to decide inside it (a vote), and the decision may come back to it. Turn clocks
        count a turn once however many decisions it holds. ``None``: the game does not say (each seat's
        stretch of decisions is then taken as its turn), or it is over."""
        return None

    @abstractmethod
    def legal_actions(self, state: StateT, seat: Seat) -> list[ActionT]:
        """Every legal action for ``seat`` (``[]`` if it need not act)."""

    @abstractmethod
    def view(self, state: StateT, seat: Seat | None) -> ViewT:
        """What ``seat`` may see; ``None`` is the public view (spectators, the table picture)."""

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """``None`` while the game runs."""

    @abstractmethod
    def hidden_cards(self, state: StateT, seat: Seat | None) -> set[str]:
        """Ids of every card instance ``seat`` may not see (``None``: every card hidden from the public).

        Card ids are unique within a game. The contract tests check that no view or public event
        handed to that audience contains any of them."""

    @property
    @abstractmethod
    def notation(self) -> Notation[StateT, ActionT]:
        """How players write this game's moves: ``format`` an action as typed text, ``parse`` typed text
        (either language) back to a legal action (``engines.core.notation``)."""

    # -- change -----------------------------------------------------------------------------------
    def apply(
        self, state: StateT, seat: Seat, action: ActionT | CallGame | Mapping[str, Any]
    ) -> Step[StateT]:
        if not isinstance(action, Action):
            action = self.parse_action(action)
        if seat == TABLE or isinstance(action, CallGame):
            return self.table_action(state, seat, action)
        if self.outcome(state) is not None:
            raise GameOver()
        if seat not in self.to_move(state):
            raise NotYourTurn(seat=seat)
        new = self.copy_state(state)
        try:
            events = self._apply(new, seat, action)
        except GameError as exc:
            exc.game = self.id
            raise
        new.turn += 1
        return Step[Any](state=new, events=events)

    def table_action(self, state: StateT, seat: Seat, action: Action) -> Step[StateT]:
        """An action of the table, not a seat (GN-1): only ``TABLE`` may make one, and only a call."""
        if seat != TABLE:
            raise TableOnly(seat=seat)
        if not isinstance(action, CallGame):
            raise NotYourTurn(seat=seat)
        return self.call(state)

    # -- calling (rules/game-night.md) ----------------------------------------------------------------
    def call(self, state: StateT) -> Step[StateT]:
        """GN-1: the table calls the game. Pure like ``apply`` (a copy changes, the input never does) and
        logged as ``(TABLE, CallGame())``, so replay rebuilds it. Refused on an ended game (``game_over``)
        and a second time (``already_called``). A pending decision is not cut short: it is completed by the
        game's normal flow, and the game's ``_call`` rule decides how far play goes after that."""
        if self.outcome(state) is not None:
            raise GameOver()
        if state.called:
            raise AlreadyCalled()
        new = self.copy_state(state)
        new.called = True
        try:
            events = self._call(new)
        except GameError as exc:
            exc.game = self.id
            raise
        new.turn += 1
        return Step[Any](state=new, events=events)

    def _call(self, state: StateT) -> list[Event]:
        """The game's called rule on ``state`` (a private copy, ``called`` already set): return the events of
        the call (``GameCalled``), ending the game at once if its rule says so. A game without a called rule
        refuses (``not_callable``)."""
        raise NotCallable()

    @property
    def can_be_called(self) -> bool:
        """Whether the game has a called rule (a game night calls only games that do)."""
        return type(self)._call is not Engine._call

    @abstractmethod
    def _apply(self, state: StateT, seat: Seat, action: ActionT) -> list[Event]:
        """Validate and perform ``action`` on ``state`` (a private copy). Raise ``IllegalAction`` with a
        stable code before or during the change; the copy is then thrown away."""

    # -- hidden information -----------------------------------------------------------------------
    def redeal(self, state: StateT, seat: Seat, rng: Rng) -> StateT:
        """A copy of ``state`` in which everything ``seat`` cannot see (other hands, decks, blind cards) is
        dealt afresh from ``rng``, consistently with the seat's view: the view is unchanged, every card is
        kept, the game plays on legally. The result depends only on the seat's view and ``rng`` (never on
        where the hidden cards really were), and the copy gets a fresh generator, so the rules' own future
        draws are no secret either. A finished game is returned as an unchanged copy. The post-game analysis
        (``engines.core.analysis``) samples positions with it."""
        new: StateT = state.model_copy(deep=True)
        if self.outcome(state) is not None:
            return new
        self._redeal(new, seat, rng)
        new.rng = rng.next_u64()
        return new

    @abstractmethod
    def _redeal(self, state: StateT, seat: Seat, rng: Rng) -> None:
        """Deal the cards hidden from ``seat`` afresh in ``state`` (a private deep copy), pooling only cards
        the seat cannot tell apart from where it stands (``engines.core.redeal.reshuffle``)."""

    def copy_state(self, state: StateT) -> StateT:
        """Deep copy. Engines with a hot path may override with a cheaper structural copy."""
        copied: StateT = state.model_copy(deep=True)
        return copied

    # -- serialisation ----------------------------------------------------------------------------
    def parse_action(self, data: Mapping[str, Any] | str | bytes) -> ActionT | CallGame:
        """A game's action, or the table's call (GN-1), which every game's log may hold."""
        try:
            if isinstance(data, str | bytes):
                parsed: ActionT = self.action_adapter.validate_json(data)
            else:
                parsed = self.action_adapter.validate_python(dict(data))
        except ValidationError as exc:
            call = parse_call(data)
            if call is not None:
                return call
            raise BadAction(detail=str(exc.errors()[0]["msg"]) if exc.errors() else "invalid") from None
        return parsed

    def dump_state(self, state: StateT) -> str:
        return str(state.model_dump_json())

    def load_state(self, data: str | bytes) -> StateT:
        loaded: StateT = self.state_model.model_validate_json(data)
        return loaded

    # -- coaching ---------------------------------------------------------------------------------
    def explain(self, state: StateT, seat: Seat, action: ActionT) -> Explanation | None:
        """One reason ``action`` is worth making for ``seat`` at ``state``, read only from what the seat may
        see (the coach, ``engines.core.analysis.coach``): which combo or mission a card serves, which card a
        play keeps for later. ``None`` (the default): the game has nothing to say, the bot words a generic
        line."""
        return None

    # -- content ----------------------------------------------------------------------------------
    def ai(self, level: str = "normal") -> Agent:
        """The game's AI. Engines override; the random agent is only a floor."""
        return RandomAgent(self)

    def rules(self) -> list[RuleSection]:
        """``/rules`` sections, bilingual, written for players."""
        return []

    def cards(self) -> list[CardInfo]:
        """``/card`` entries."""
        return []

    def is_over(self, state: StateT) -> bool:
        return self.outcome(state) is not None

    def progress(self, state: StateT) -> float | None:
        """How far a cooperative team got, 0..1, read from public state (the board, not hands): in a failed
        game how close it came to its goal, in a successful one how soon it succeeded. The post-game
        analysis gives it a tenth of a cooperative result (``analysis.results``), so a move that throws
        progress away, or puts a success off, in a game already sealed still costs something. ``None``: the
        game does not measure it (every competitive game; its score margin plays that part)."""
        return None
