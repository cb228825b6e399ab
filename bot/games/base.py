"""How the bot presents one game: action labels, event sentences, quick buttons.

The default works for every engine from catalog entries (``<game>.actions.<type>``,
``<game>.events.<kind>``); a game's module in ``bot/games`` may subclass it for nicer wording.
Everything here only words and arranges: the rules stay in the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeAlias, TypeVar

from bot.interactions import UiItem
from bot.jsontypes import JsonObject
from engines.core import Action, CardInfo, Event, Explanation, Outcome, Text, View
from i18n import has, t
from i18n.effects import cards as described_cards
from i18n.words import clip

if TYPE_CHECKING:
    from bot.store import ActionRecord, GameRecord

#: The game's view type: each game's UI is a ``GameUI[ItsView]``, so its labels read the view as the game's
#: own class (``view.pending.other``), never through ``getattr``.
ViewT = TypeVar("ViewT", bound=View)


class GameFacts(Protocol):
    """What the wording reads of its engine: the game's id, name and cards, never its rules. Every
    ``Engine`` is one (``bot.games.manifest.SomeEngine``)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> Text: ...
    def cards(self) -> list[CardInfo]: ...


@dataclass(frozen=True)
class LabelContext(Generic[ViewT]):
    """What a label may use besides the action: the chooser's own view (never another seat's) and the
    players' display names, so "Give 7♠ to bob" can name bob."""

    view: ViewT
    names: Mapping[str, str] = field(default_factory=dict)

    def name(self, seat: str | None) -> str:
        return self.names.get(seat or "", seat or "")


class GameUI(Generic[ViewT]):
    """The game's words and table controls, typed by its view (``class UI(GameUI[GCView])``)."""

    def __init__(self, engine: GameFacts) -> None:
        self.engine = engine

    @property
    def game_id(self) -> str:
        return self.engine.id

    @cached_property
    def card_index(self) -> dict[str, CardInfo]:
        return {c.id: c for c in described_cards(self.engine)}

    def game_name(self, lang: str) -> str:
        return self.engine.name.get(lang)

    def card_name(self, card_id: str, lang: str) -> str:
        info = self.card_index.get(card_id)
        return info.name.get(lang) if info else card_id

    def _params(self, params: Mapping[str, object], lang: str, names: Mapping[str, str]) -> dict[str, object]:
        out: dict[str, object] = {}
        for key, value in params.items():
            if key in ("card", "cards") or key.endswith("_card") or key.endswith("_cards"):
                cards = value if isinstance(value, list | tuple) else [value]
                out[key] = " ".join(self.card_name(str(c), lang) for c in cards)
            elif isinstance(value, str) and (value in names or key.endswith("_seat")):
                out[key] = names.get(value, value)
            elif isinstance(value, list | tuple):
                out[key] = ", ".join(names.get(str(v), str(v)) for v in value)
            else:
                out[key] = value
        return out

    def group_label(self, action: Action, lang: str, *, ctx: LabelContext[ViewT] | None = None) -> str | None:
        """For a two-step choice: the first step this action belongs to (e.g. the card, before its cell).
        ``None`` everywhere (the default) gives one flat list of moves."""
        return None

    def long_group_label(
        self, action: Action, lang: str, *, ctx: LabelContext[ViewT] | None = None
    ) -> str | None:
        """Like ``group_label``, but asked only when the moves would not fit one select (more than 25
        moves worded apart, none grouped by ``group_label``): the card first, then what to do with it.
        Moves with ``None`` stay beside the groups, in a select of their own. ``None`` everywhere (the
        default): a long list is paged."""
        return None

    def action_label(
        self, action: Action, lang: str, *, in_group: bool = False, ctx: LabelContext[ViewT] | None = None
    ) -> str:
        """Shown in select menus and buttons (Discord allows 100 characters). ``in_group``: the player
        already chose the group, so the label may leave that part out."""
        fields = action.model_dump(exclude={"type"})
        key = f"{self.game_id}.actions.{action.type}"
        if has(lang, key):
            return clip(t(lang, key, **self._params(fields, lang, {})))
        generic = f"actions.generic.{action.type}"
        base = t(lang, generic) if has(lang, generic) else action.type.replace("_", " ")
        detail = self._params(fields, lang, {})
        return clip(" ".join([base, *(str(v) for v in detail.values())]))

    @staticmethod
    def event_fields(event: Event) -> JsonObject:
        """An event's own fields (a game's typed event subclass), without the envelope."""
        return event.model_dump(mode="json", exclude={"kind", "seat", "visible_to"})

    def describe_event(self, event: Event, lang: str, names: Mapping[str, str]) -> str | None:
        """One line for the table message, or ``None`` to leave the event out. The catalog entry
        ``<game>.events.<kind>`` gets ``player`` and the event's fields: card ids (``card``, ``cards``,
        ``*_card(s)``) as card names, seats (``*_seat``, ``seats``) as display names."""
        params = self._params(self.event_fields(event), lang, names)
        player = names.get(event.seat or "", event.seat or "")
        key = f"{self.game_id}.events.{event.kind}"
        if has(lang, key):
            return t(lang, key, player=player, **params)
        return t(lang, "events.generic", player=player, kind=event.kind.replace("_", " "))

    def coach_reason(
        self, explanation: Explanation | None, lang: str, names: Mapping[str, str]
    ) -> str | None:
        """The coach's one line of why (issue 27): the game's catalog entry ``<game>.coach.<code>`` with the
        explanation's parameters worded like an event's (card ids as card names). ``None`` when the engine
        has nothing to say or the catalog no words for it: the coach's generic line is used."""
        if explanation is None:
            return None
        key = f"{self.game_id}.coach.{explanation.code}"
        if not has(lang, key):
            return None
        return t(lang, key, **self._params(explanation.params, lang, names))

    def team_result(self, outcome: Outcome, lang: str) -> str:
        """A cooperative game's shared result with its reason, one line (``GameManifest.cooperative``):
        the default says only whether the team won; a game words its own reasons."""
        return t(lang, "table.team_won" if outcome.winners else "table.team_lost")

    def team_variant(self, outcome: Outcome, lang: str) -> str | None:
        """What a cooperative game's team record is kept per (Project Chaos: the scenario), or ``None``."""
        return None

    def chronicle(self, events: Sequence[Event], lang: str, names: Mapping[str, str]) -> str | None:
        """The game told as a story for the final message, from every public event of the game in order
        (the table service replays the log to gather them). ``None`` (the default): no story, the standings
        say it all. A game whose point is its story (Project Chaos) words one here; never from hidden
        events, since only public ones are passed."""
        return None

    def table_items(self, rec: GameRecord, view: ViewT, lang: str) -> list[UiItem]:
        """The game's own public controls on the table message, beside "My hand" (e.g. a vote's Yes/No for
        the seats that must answer): ``bot.table.controls.Control``s (defined in a module the game's UI
        imports, so they register themselves), whose custom ids carry the game and the state version
        (``rec.version``). ``view`` is the public view. None here."""
        return []

    def final_items(self, rec: GameRecord, lang: str) -> list[UiItem]:
        """The game's own controls on the final message, beside Rematch (``bot.table.controls.Control``s;
        the AWS games' "What you built" answers each player privately). None here."""
        return []

    def table_prompt(self, view: ViewT, lang: str, names: Mapping[str, str]) -> str | None:
        """What the players the table message pings are asked, in words (e.g. a vote's card and its
        question), shown above its "▶ Your turn" line: a ping must say why. ``view`` is the public view.
        ``None`` (the default): the turn line says it all."""
        return None

    def timelapse(self, rec: GameRecord, actions: Sequence[ActionRecord], lang: str) -> bytes | None:
        """An animated picture of the game for its final message (GIF bytes), rebuilt from the action log;
        run in a worker thread. ``None`` (the default): no time-lapse."""
        return None

    def hand_moves(self, legal: list[Action]) -> list[Action]:
        """The legal moves the hand offers (all, by default). A game may leave out a move that no longer
        serves the turn, e.g. when only ending the turn is left, so that End turn stands alone; the slash
        commands still accept every legal move."""
        return legal

    def quick_actions(self, legal: list[Action]) -> list[Action]:
        """Actions worth a button on the player's hand message (e.g. Pass); the rest go in the select."""
        return [a for a in legal if a.type in ("pass", "draw", "end_turn") and len(a.model_dump()) == 1]


#: A game's UI as the registry hands it out (``bot.games.ui_for``): the game is chosen at run time by its id,
#: and the view it is handed comes from the same manifest's engine, so the two match by construction. Python
#: has no type for "some view V, the same for both", so this one boundary leaves the view untyped.
SomeUI: TypeAlias = GameUI[Any]
