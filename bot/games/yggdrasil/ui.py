"""How The Yggdrasil reads on Discord: the hand as "a card, then a cell", invasions as buttons, and one line
per event with players' and cards' names.

Card ids are per-game instance ids ("p1:07") that say nothing about the card. The engine therefore puts the
card's kind into every event that shows a card (only where the card is public, or in a private event for
its owner) and hands out legal actions with display hints (``kind``, ``slot``, an invasion's ``attack`` and
``defence``), so this module never needs the state and never guesses a card from its id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import GameUI, LabelContext
from bot.i18n import t
from engines.core import Action, Event
from engines.yggdrasil.cards import CARDS
from engines.yggdrasil.models import Discard, Invade, NoInvasion, Place, SkipEffect, SwapAction

GAME = "yggdrasil"
#: Actions shown as buttons under the hand: the invasion choice and declining an optional effect.
QUICK = ("invade", "no_invasion", "skip_effect")


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

    # -- actions ----------------------------------------------------------------------------------------
    def group_label(self, action: Action, lang: str, *, ctx: LabelContext | None = None) -> str | None:
        """Placing is two steps in the hand: first the card (numbered as on the hand picture, so two copies
        of one card stay two choices), then one of its legal cells."""
        if isinstance(action, Place):
            return self.card_label(action.kind, lang, action.slot)[:100]
        return None

    def action_label(
        self, action: Action, lang: str, *, in_group: bool = False, ctx: LabelContext | None = None
    ) -> str:
        return self._action_label(action, lang, in_group)[:100]

    def _action_label(self, action: Action, lang: str, in_group: bool) -> str:
        key = f"actions.{GAME}.{action.type}"
        if isinstance(action, Place):
            if in_group:
                return action.cell  # the card was chosen already: the cell as labelled on the picture
            return t(lang, key, card=self.kind_name(action.kind, lang), cell=action.cell)
        if isinstance(action, Discard):
            return t(lang, key, card=self.kind_name(action.kind, lang))
        if isinstance(action, SwapAction):
            return t(
                lang,
                key,
                first=action.first,
                second=action.second,
                first_card=self.kind_name(action.first_kind, lang),
                second_card=self.kind_name(action.second_kind, lang),
            )
        if isinstance(action, SkipEffect):
            if action.effect in ("extra_placement", "swap"):
                return t(lang, f"yggdrasil.label.skip_{action.effect}")
            return t(lang, key)
        if isinstance(action, Invade):
            if action.attack is None or action.defence is None:
                return t(lang, "yggdrasil.label.invade_plain", target=action.target)
            return t(
                lang,
                key,
                target=action.target,
                card=self.kind_name(action.target_kind, lang),
                attack=action.attack,
                defence=action.defence,
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
        p: dict[str, Any] = event.params
        player = names.get(event.seat or "", event.seat or "")
        key = f"events.{GAME}.{event.kind}"
        kind = event.kind
        if kind == "placed":
            extra = t(lang, "yggdrasil.placed_extra") if p.get("extra") else ""
            return t(
                lang,
                key,
                player=player,
                card=self._card(p.get("kind"), lang),
                cell=p.get("cell"),
                extra=extra,
            )
        if kind == "effect":
            effect = str(p.get("effect"))
            variant = effect if p.get("available") else f"{effect}_none"
            text = t(lang, f"yggdrasil.effect.{variant}", player=player)
            return t(lang, key, card=self._card(p.get("kind"), lang), text=text)
        if kind == "effect_skipped":
            return t(lang, key, player=player, what=t(lang, f"yggdrasil.skipped.{p.get('effect')}"))
        if kind == "swapped":
            cells = list(p.get("cells") or ["?", "?"])
            kinds = list(p.get("kinds") or [None, None])
            owner = str(p.get("owner") or "")
            return t(
                lang,
                key,
                player=player,
                owner=names.get(owner, owner),
                first=cells[0],
                second=cells[-1],
                first_card=self._card(kinds[0], lang),
                second_card=self._card(kinds[-1], lang),
            )
        if kind == "invaded":
            result = t(lang, "yggdrasil.result_destroyed" if p.get("success") else "yggdrasil.result_held")
            return t(
                lang,
                key,
                player=player,
                target=p.get("target"),
                target_card=self._card(p.get("target_kind"), lang),
                attack=p.get("attack"),
                defence=p.get("defence"),
                result=result,
            )
        if kind == "destroyed":
            kinds = [str(k) for k in p.get("kinds") or []]
            cells = [str(c) for c in p.get("cells") or []]
            if len(kinds) > 1:
                return t(
                    lang,
                    "yggdrasil.destroyed_cascade",
                    player=player,
                    card=self._cards(kinds[:1], lang, cells[:1]),
                    cascade=self._cards(kinds[1:], lang, cells[1:]),
                )
            return t(lang, key, player=player, cards=self._cards(kinds, lang, cells))
        if kind in ("discarded", "drew"):
            return t(lang, key, player=player, card=self._card(p.get("kind"), lang))
        if kind == "drew_card":
            return t(lang, key, player=player, deck_left=p.get("deck_left", 0))
        if kind == "game_over":
            reason = str(p.get("reason"))
            text = t(lang, f"yggdrasil.reason.{reason}") if reason in ("no_room", "both_stuck") else reason
            return t(lang, key, reason=text)
        if kind in ("turn", "no_invasion", "could_not_place"):
            return t(lang, key, player=player)
        return super().describe_event(event, lang, names)
