"""How The Yggdrasil reads on Discord: the hand as "a card, then a cell", invasions as buttons, and one line
per event with players' and cards' names.

Card ids are per-game instance ids ("p1:07") that say nothing about the card. Events therefore name the kind
of every card they show (only where the card is public, or in a private event for its owner), and a move's
label reads what it needs from the chooser's own view (``LabelContext.view``): the card in hand and its
number on the hand picture, the cards on the field, the pending invasions with their strength. So this
module never needs the state and never guesses a card from its id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.base import GameUI, LabelContext
from bot.i18n import t
from engines.core import Action, Event
from engines.yggdrasil.cards import CARDS
from engines.yggdrasil.events import (
    CouldNotPlace,
    Destroyed,
    Discarded,
    Drew,
    DrewCard,
    EffectSkipped,
    EffectTriggered,
    GameEnded,
    Invaded,
    InvasionDeclined,
    Placed,
    Swapped,
    TurnStarted,
)
from engines.yggdrasil.models import (
    Discard,
    HandCard,
    Invade,
    InvadeOption,
    NoInvasion,
    Place,
    SkipEffect,
    SwapAction,
    YggView,
)

GAME = "yggdrasil"
#: Actions shown as buttons under the hand: the invasion choice and declining an optional effect.
QUICK = ("invade", "no_invasion", "skip_effect")


def chooser_view(ctx: LabelContext | None) -> YggView | None:
    """The chooser's own view, when the caller handed one."""
    view = ctx.view if ctx is not None else None
    return view if isinstance(view, YggView) else None


def in_hand(view: YggView | None, card: str) -> tuple[int, HandCard] | None:
    """A card of the chooser's hand with its number on the hand picture (from 1)."""
    for slot, held in enumerate((view.hand or []) if view else [], start=1):
        if held.id == card:
            return slot, held
    return None


def kind_at(view: YggView | None, cell: str) -> str | None:
    """The kind of the card lying on ``cell`` (the field is public)."""
    return next((placed.face.kind for placed in view.cells if placed.cell == cell), None) if view else None


def invasion(view: YggView | None, target: str) -> InvadeOption | None:
    """The pending invasion of ``target`` with its attack and defence (YG-8), as the view shows it."""
    if view is None or view.pending is None:
        return None
    return next((o for o in view.pending.invasions if o.target == target), None)


class UI(GameUI):
    # -- cards ------------------------------------------------------------------------------------------
    def kind_name(self, kind: str | None, lang: str) -> str:
        """A card's printed name from its kind; "a card" when the kind is unknown."""
        card = CARDS.get(kind or "")
        return card.name.get(lang) if card else t(lang, "yggdrasil.a_card")

    def _card(self, kind: str | None, lang: str) -> str:
        """A card's name as a message shows it (bold in English, 「」 in Japanese)."""
        return t(lang, "yggdrasil.card", name=self.kind_name(kind, lang))

    def _cards(self, kinds: Sequence[str], lang: str, cells: Sequence[str] = ()) -> str:
        if cells and len(cells) == len(kinds):
            parts = [
                t(lang, "yggdrasil.card_at", name=self.kind_name(k, lang), cell=c)
                for k, c in zip(kinds, cells, strict=True)
            ]
        else:
            parts = [self._card(k, lang) for k in kinds]
        return t(lang, "yggdrasil.separator").join(parts)

    def card_label(self, kind: str | None, lang: str, slot: int | None = None) -> str:
        """A card in hand for a select or autocomplete: its number on the hand picture, name, power and
        fruit, and its effect, e.g. "3. Lantern Moth · power 0 · fruit 1"."""
        card = CARDS.get(kind or "")
        if card is None:
            return f"{slot}. {self.kind_name(kind, lang)}" if slot else self.kind_name(kind, lang)
        effect = t(lang, f"yggdrasil.label.effect_{card.effect.type}") if card.effect else ""
        text = t(
            lang,
            "yggdrasil.label.card",
            name=card.name.get(lang),
            power=card.power,
            fruit=card.fruit,
            effect=effect,
        )
        return f"{slot}. {text}" if slot else text

    def card_cells_label(self, kind: str, slot: int, cells: Sequence[str], lang: str) -> str:
        """A card for ``/tree place``: its hand label and every cell it fits ("2. Moss Bear · … → B2 C3")."""
        return t(
            lang, "yggdrasil.label.card_cells", card=self.card_label(kind, lang, slot), cells=" ".join(cells)
        )

    # -- actions ----------------------------------------------------------------------------------------
    def group_label(self, action: Action, lang: str, *, ctx: LabelContext | None = None) -> str | None:
        """Placing is two steps in the hand: first the card (numbered as on the hand picture, so two copies
        of one card stay two choices), then one of its legal cells. Without the chooser's hand there is
        nothing to name the card by, so the moves stay one flat list."""
        if isinstance(action, Place):
            held = in_hand(chooser_view(ctx), action.card)
            return None if held is None else self.card_label(held[1].face.kind, lang, held[0])[:100]
        return None

    def action_label(
        self, action: Action, lang: str, *, in_group: bool = False, ctx: LabelContext | None = None
    ) -> str:
        return self._action_label(action, lang, in_group, chooser_view(ctx))[:100]

    def _hand_kind(self, view: YggView | None, card: str) -> str | None:
        held = in_hand(view, card)
        return None if held is None else held[1].face.kind

    def _action_label(self, action: Action, lang: str, in_group: bool, view: YggView | None) -> str:
        key = f"actions.{GAME}.{action.type}"
        if isinstance(action, Place):
            if in_group:
                return action.cell  # the card was chosen already: the cell as labelled on the picture
            card = self.kind_name(self._hand_kind(view, action.card), lang)
            return t(lang, key, card=card, cell=action.cell)
        if isinstance(action, Discard):
            return t(lang, key, card=self.kind_name(self._hand_kind(view, action.card), lang))
        if isinstance(action, SwapAction):
            return t(
                lang,
                key,
                first=action.first,
                second=action.second,
                first_card=self.kind_name(kind_at(view, action.first), lang),
                second_card=self.kind_name(kind_at(view, action.second), lang),
            )
        if isinstance(action, SkipEffect):
            pending = view.pending.kind if view is not None and view.pending is not None else None
            if pending in ("extra_placement", "swap"):
                return t(lang, f"yggdrasil.label.skip_{pending}")
            return t(lang, key)
        if isinstance(action, Invade):
            option = invasion(view, action.target)
            if option is None:
                return t(lang, "yggdrasil.label.invade_plain", target=action.target)
            return t(
                lang,
                key,
                target=action.target,
                card=self.kind_name(kind_at(view, action.target), lang),
                attack=option.attack,
                defence=option.defence,
            )
        if isinstance(action, NoInvasion):
            return t(lang, key)
        return super().action_label(action, lang, in_group=in_group)

    def quick_actions(self, legal: list[Action]) -> list[Action]:
        """Invasion targets, "don't invade" and "skip the effect" as buttons; placing and swapping go in the
        selects; discard-and-draw appears (in the select) only when the engine offers it."""
        return [a for a in legal if a.type in QUICK]

    # -- events -----------------------------------------------------------------------------------------
    def describe_event(self, event: Event, lang: str, names: Mapping[str, str]) -> str | None:
        player = names.get(event.seat or "", event.seat or "")
        key = f"events.{GAME}.{event.kind}"
        match event:
            case Placed():
                extra = t(lang, "yggdrasil.placed_extra") if event.extra else ""
                card = self._card(event.card_kind, lang)
                return t(lang, key, player=player, card=card, cell=event.cell, extra=extra)
            case EffectTriggered():
                variant = event.effect if event.available else f"{event.effect}_none"
                text = t(lang, f"yggdrasil.effect.{variant}", player=player)
                return t(lang, key, card=self._card(event.card_kind, lang), text=text)
            case EffectSkipped():
                return t(lang, key, player=player, what=t(lang, f"yggdrasil.skipped.{event.effect}"))
            case Swapped():
                return t(
                    lang,
                    key,
                    player=player,
                    owner=names.get(event.owner_seat, event.owner_seat),
                    first=event.first_cell,
                    second=event.second_cell,
                    first_card=self._card(event.first_kind, lang),
                    second_card=self._card(event.second_kind, lang),
                )
            case Invaded():
                result = t(lang, "yggdrasil.result_destroyed" if event.success else "yggdrasil.result_held")
                return t(
                    lang,
                    key,
                    player=player,
                    target=event.target,
                    target_card=self._card(event.target_kind, lang),
                    attack=event.attack,
                    defence=event.defence,
                    result=result,
                )
            case Destroyed():
                first = self._cards([event.card_kind], lang, [event.cell])
                if event.cascade_cards:
                    cascade = self._cards(event.cascade_kinds, lang, event.cascade_cells)
                    return t(lang, "yggdrasil.destroyed_cascade", player=player, card=first, cascade=cascade)
                return t(lang, key, player=player, cards=first)
            case Discarded() | Drew():
                return t(lang, key, player=player, card=self._card(event.card_kind, lang))
            case DrewCard():
                return t(lang, key, player=player, deck_left=event.deck_left)
            case GameEnded():
                return t(lang, key, reason=t(lang, f"yggdrasil.reason.{event.reason}"))
            case TurnStarted() | InvasionDeclined() | CouldNotPlace():
                return t(lang, key, player=player)
        return super().describe_event(event, lang, names)
