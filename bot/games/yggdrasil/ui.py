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
from bot.store import ActionRecord, GameRecord
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
from engines.yggdrasil.notation import card_name
from i18n import t

GAME = "yggdrasil"
#: Actions shown as buttons under the hand: the invasion choice and declining an optional effect.
QUICK = ("invade", "no_invasion", "skip_effect")


def chooser_view(ctx: LabelContext[YggView] | None) -> YggView | None:
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


class UI(GameUI[YggView]):
    def timelapse(self, rec: GameRecord, actions: Sequence[ActionRecord], lang: str) -> bytes | None:
        """Both trees growing, one frame per placement (the final message's time-lapse)."""
        from bot.games.yggdrasil.timelapse import timelapse  # replays and draws: loaded when a game ends

        return timelapse(rec, actions, lang)

    # -- cards ------------------------------------------------------------------------------------------
    def kind_name(self, kind: str, lang: str) -> str:
        """A card's printed name from its kind."""
        return card_name(kind, lang)

    def _card(self, kind: str, lang: str) -> str:
        """A card's name as a message shows it (bold in English, 「」 in Japanese)."""
        return t(lang, "yggdrasil.card", name=card_name(kind, lang))

    def _card_at(self, kind: str, cell: str, lang: str) -> str:
        return t(lang, "yggdrasil.card_at", name=card_name(kind, lang), cell=cell)

    def _list(self, parts: Sequence[str], lang: str) -> str:
        """ "A", "A and B", "A, B and C": the catalog words the list, so each language joins its own way."""
        if len(parts) <= 1:
            return "".join(parts)
        if len(parts) == 2:
            return t(lang, "yggdrasil.list.two", first=parts[0], second=parts[1])
        rest = t(lang, "yggdrasil.list.separator").join(parts[:-1])
        return t(lang, "yggdrasil.list.more", rest=rest, last=parts[-1])

    def card_label(self, kind: str, lang: str, slot: int | None = None) -> str:
        """A card in hand for a select or autocomplete: its number on the hand picture, name, power and
        fruit, and its effect, e.g. "3. Lantern Moth · power 0 · fruit 1"."""
        card = CARDS[kind]
        effect = t(lang, f"yggdrasil.label.effect_{card.effect.type}") if card.effect else ""
        text = t(
            lang,
            "yggdrasil.label.card",
            name=card.name.get(lang),
            power=card.power,
            fruit=card.fruit,
            effect=effect,
        )
        return t(lang, "yggdrasil.label.numbered", n=slot, card=text) if slot else text

    def card_cells_label(self, kind: str, slot: int, cells: Sequence[str], lang: str) -> str:
        """A card for ``/tree place``: its hand label and every cell it fits ("2. Moss Bear · … → B2 C3")."""
        return t(
            lang, "yggdrasil.label.card_cells", card=self.card_label(kind, lang, slot), cells=" ".join(cells)
        )

    # -- actions ----------------------------------------------------------------------------------------
    def group_label(
        self, action: Action, lang: str, *, ctx: LabelContext[YggView] | None = None
    ) -> str | None:
        """Placing is two steps in the hand: first the card (numbered as on the hand picture, so two copies
        of one card stay two choices), then one of its legal cells. Without the chooser's hand there is
        nothing to name the card by, so the moves stay one flat list."""
        if isinstance(action, Place):
            held = in_hand(chooser_view(ctx), action.card)
            return None if held is None else self.card_label(held[1].face.kind, lang, held[0])[:100]
        return None

    def action_label(
        self, action: Action, lang: str, *, in_group: bool = False, ctx: LabelContext[YggView] | None = None
    ) -> str:
        """A move in the chooser's words. What the move does not carry (the card's name, an invasion's
        strength) comes from the chooser's view; without it the label still reads as a sentence."""
        return self._action_label(action, lang, in_group, chooser_view(ctx))[:100]

    def _action_label(self, action: Action, lang: str, in_group: bool, view: YggView | None) -> str:
        key = f"{GAME}.actions.{action.type}"
        if isinstance(action, Place):
            if in_group:
                return action.cell  # the card was chosen already: the cell as labelled on the picture
            held = in_hand(view, action.card)
            if held is None:
                return t(lang, "yggdrasil.label.place_plain", cell=action.cell)
            return t(lang, key, card=card_name(held[1].face.kind, lang), cell=action.cell)
        if isinstance(action, Discard):
            held = in_hand(view, action.card)
            if held is None:
                return t(lang, "yggdrasil.label.discard_plain")
            return t(lang, key, card=card_name(held[1].face.kind, lang))
        if isinstance(action, SwapAction):
            first, second = kind_at(view, action.first), kind_at(view, action.second)
            if first is None or second is None:
                return t(lang, "yggdrasil.label.swap_plain", first=action.first, second=action.second)
            return t(
                lang,
                key,
                first=action.first,
                second=action.second,
                first_card=card_name(first, lang),
                second_card=card_name(second, lang),
            )
        if isinstance(action, SkipEffect):
            pending = view.pending.kind if view is not None and view.pending is not None else None
            if pending in ("extra_placement", "swap"):
                return t(lang, f"yggdrasil.label.skip_{pending}")
            return t(lang, key)
        if isinstance(action, Invade):
            return self._invade_label(action, lang, view)
        if isinstance(action, NoInvasion):
            return t(lang, key)
        return super().action_label(action, lang, in_group=in_group)

    def _invade_label(self, action: Invade, lang: str, view: YggView | None) -> str:
        """ "Attack Moss Bear on C3: your 7 vs its 4 — it falls": whose strength is whose, and what the
        attack will do (YG-8: equal or more destroys), from the invasion the chooser's view offers."""
        option = invasion(view, action.target)
        target = kind_at(view, action.target)
        if option is None or target is None:
            return t(lang, "yggdrasil.label.invade_plain", target=action.target)
        return t(
            lang,
            f"{GAME}.actions.invade" if option.wins else "yggdrasil.label.invade_weak",
            target=action.target,
            card=card_name(target, lang),
            attack=option.attack,
            defence=option.defence,
        )

    def quick_actions(self, legal: list[Action]) -> list[Action]:
        """Invasion targets, "don't invade" and "skip the effect" as buttons; placing and swapping go in the
        selects; discard-and-draw appears (in the select) only when the engine offers it."""
        return [a for a in legal if a.type in QUICK]

    # -- events -----------------------------------------------------------------------------------------
    def describe_event(self, event: Event, lang: str, names: Mapping[str, str]) -> str | None:
        player = names.get(event.seat or "", event.seat or "")
        key = f"{GAME}.events.{event.kind}"
        match event:
            case Placed():
                card = self._card(event.card_kind, lang)
                sentence = "yggdrasil.placed_extra" if event.extra else key
                return t(lang, sentence, player=player, card=card, cell=event.cell)
            case EffectTriggered():
                variant = event.effect if event.available else f"{event.effect}_none"
                text = t(lang, f"yggdrasil.effect.{variant}", player=player)
                return t(lang, key, card=self._card(event.card_kind, lang), text=text)
            case EffectSkipped():
                return t(lang, key, player=player, what=t(lang, f"yggdrasil.skipped.{event.effect}"))
            case Swapped():
                return t(
                    lang,
                    "yggdrasil.swapped_own" if event.owner_seat == event.seat else key,
                    player=player,
                    owner=names.get(event.owner_seat, event.owner_seat),
                    first=event.first_cell,
                    second=event.second_cell,
                    first_card=self._card(event.first_kind, lang),
                    second_card=self._card(event.second_kind, lang),
                )
            case Invaded():
                # YG-8 in words: whose strength is whose, and whether the target fell.
                return t(
                    lang,
                    key if event.success else "yggdrasil.invaded_held",
                    player=player,
                    owner=names.get(event.target_seat, event.target_seat),
                    target=event.target,
                    target_card=self._card(event.target_kind, lang),
                    attack=event.attack,
                    defence=event.defence,
                )
            case Destroyed():
                lost = self._card_at(event.card_kind, event.cell, lang)
                if not event.cascade_cards:
                    return t(lang, key, player=player, card=lost)
                cut = [
                    self._card_at(kind, cell, lang)
                    for kind, cell in zip(event.cascade_kinds, event.cascade_cells, strict=True)
                ]
                return t(
                    lang,
                    "yggdrasil.destroyed_cascade",
                    n=len(cut),
                    player=player,
                    card=lost,
                    cascade=self._list(cut, lang),
                )
            case Discarded() | Drew():
                return t(lang, key, player=player, card=self._card(event.card_kind, lang))
            case DrewCard():
                if event.deck_left == 0:
                    return t(lang, "yggdrasil.drew_last", player=player)
                return t(lang, key, player=player, n=event.deck_left)
            case GameEnded():
                return t(lang, key, reason=t(lang, f"yggdrasil.reason.{event.reason}"))
            case TurnStarted() | InvasionDeclined() | CouldNotPlace():
                return t(lang, key, player=player)
        return super().describe_event(event, lang, names)
