"""How AWS Builder Cards reads on Discord: move labels with card names and costs, and event lines that say
which pairs formed and what they produced, ending each turn with a one-line summary.

Only wording and arrangement live here; the rules stay in ``engines/aws_builder_cards``. Catalog entries:
``bot/i18n/locales/*/aws_builder_cards.toml``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.games.base import GameUI, LabelContext
from bot.i18n import t
from engines.core import Action, Event

GAME = "aws-builder-cards"
_NS = "aws_builder_cards"


_JA = "\u3040-\u30ff\u4e00-\u9fff\uff00-\uffef"
#: a space the templates put around a name, between two Japanese characters ("ホスト をデプロイ")
_JA_GAP = re.compile(f"(?<=[{_JA}]) (?=[{_JA}])")


def tidy(text: str, lang: str) -> str:
    """Japanese sets Latin names apart with spaces ("Amazon S3 を獲得") but writes Japanese words
    together ("ベアメタルホストを獲得"): drop the template's space where both sides are Japanese."""
    return _JA_GAP.sub("", text) if lang == "ja" else text


def key_of(card: str) -> str:
    """``"ec2#3"`` -> ``"ec2"`` (mission ids have no suffix and stay as they are)."""
    return card.split("#", 1)[0]


class UI(GameUI):
    # -- names --------------------------------------------------------------------------------------
    def card_name(self, card_id: str, lang: str) -> str:
        info = self.card_index.get(card_id) or self.card_index.get(key_of(card_id))
        return info.name.get(lang) if info else key_of(card_id)

    def short_name(self, card_id: str, lang: str) -> str:
        """ "Amazon S3" -> "S3": lists of several cards read better without the brand prefixes."""
        name = self.card_name(card_id, lang)
        for prefix in ("Amazon ", "AWS "):
            if name.startswith(prefix) and len(name) > len(prefix):
                return name[len(prefix) :]
        return name

    def card_list(self, cards: Iterable[str], lang: str, *, joiner: str = "plus", short: bool = True) -> str:
        """Names in order of first appearance, identical cards counted: "EC2 ×2 + S3 + Lambda"."""
        counts = Counter(key_of(c) for c in cards)
        names = []
        for key in counts:
            name = self.short_name(key, lang) if short else self.card_name(key, lang)
            names.append(name if counts[key] == 1 else t(lang, f"{_NS}.times", name=name, n=counts[key]))
        if not names:
            return t(lang, f"{_NS}.nothing")
        return t(lang, f"{_NS}.sep_{joiner}").join(names)

    def gives(self, credits: int, draw: int, adopt: int, lang: str) -> str:
        parts = []
        if credits:
            parts.append(t(lang, f"{_NS}.gives_credits{'_one' if credits == 1 else ''}", n=credits))
        if draw:
            parts.append(t(lang, f"{_NS}.gives_draw", n=draw))
        if adopt:
            parts.append(t(lang, f"{_NS}.gives_adopt", n=adopt))
        return t(lang, f"{_NS}.sep_list").join(parts) or t(lang, f"{_NS}.gives_nothing")

    def totals(self, credits: int, draws: int, adoptions: int, acquisitions: int, lang: str) -> str:
        parts = [t(lang, f"{_NS}.total_credits{'_one' if credits == 1 else ''}", n=credits)]
        if draws:
            parts.append(t(lang, f"{_NS}.gives_draw", n=draws))
        if adoptions:
            parts.append(t(lang, f"{_NS}.gives_adopt", n=adoptions))
        if acquisitions:
            one = "_one" if acquisitions == 1 else ""
            parts.append(t(lang, f"{_NS}.total_acquisitions{one}", n=acquisitions))
        return t(lang, f"{_NS}.sep_list").join(parts)

    # -- moves --------------------------------------------------------------------------------------
    def action_label(
        self, action: Action, lang: str, *, in_group: bool = False, ctx: LabelContext | None = None
    ) -> str:
        label = tidy(self._action_label(action, lang), lang)
        return label if len(label) <= 100 else label[:99] + "…"

    def _action_label(self, action: Action, lang: str) -> str:
        p = action.model_dump(exclude={"type"})
        kind = action.type
        label: str
        if kind == "deploy":
            cards: Sequence[str] = p["cards"]
            if len(cards) == 1 and p["decline_sunset"]:
                label = t(lang, f"{_NS}.label.deploy_keep", card=self.card_name(cards[0], lang))
            elif len(cards) == 1:
                label = t(lang, f"actions.{GAME}.deploy", card=self.card_name(cards[0], lang))
            else:
                label = t(lang, f"{_NS}.label.deploy_all", n=len(cards))
        elif kind == "acquire":
            label = self.acquire_label(action, lang)
        elif kind == "vote":
            label = t(lang, f"actions.{GAME}.vote" if p["agree"] else f"{_NS}.label.vote_no")
        elif kind == "solve_mission":
            label = t(lang, f"actions.{GAME}.solve_mission", mission=self.card_name(p["mission"], lang))
        elif kind in ("retire", "move_to_deck", "retire_builder"):
            label = t(lang, f"actions.{GAME}.{kind}", card=self.card_name(p["card"], lang))
        else:
            label = t(lang, f"actions.{GAME}.{kind}")
        return label

    def acquire_label(self, action: Action, lang: str) -> str:
        source, slot = getattr(action, "source", ""), int(getattr(action, "slot", 0))
        offer: tuple[str, int] | None = getattr(action, "offer", None)
        if source == "blind":
            return t(lang, f"{_NS}.label.acquire_blind")
        if offer is None:  # an action that did not come from the engine's list: no card to name
            return t(lang, f"{_NS}.label.acquire_{source}_unknown", slot=slot + 1)
        card, cost = offer
        if source == "free":
            return t(lang, f"actions.{GAME}.acquire", card=self.card_name(card, lang), slot=slot + 1)
        return t(lang, f"{_NS}.label.acquire_{source}", card=self.card_name(card, lang), cost=cost)

    def quick_actions(self, legal: list[Action]) -> list[Action]:
        """Buttons: deploy the whole hand, answer a vote, end the turn. Single cards, purchases and
        retirements go in the select, labelled with names and costs."""
        quick = []
        for a in legal:
            cards = getattr(a, "cards", ())
            if (a.type == "deploy" and len(cards) > 1) or a.type in ("vote", "end_turn"):
                quick.append(a)
        return quick

    # -- events -------------------------------------------------------------------------------------
    def describe_event(self, event: Event, lang: str, names: Mapping[str, str]) -> str | None:
        line = self._describe(event, lang, names)
        return None if line is None else tidy(line, lang)

    def _describe(self, event: Event, lang: str, names: Mapping[str, str]) -> str | None:
        p = event.params
        player = names.get(event.seat or "", event.seat or "")
        key = f"events.{GAME}.{event.kind}"
        kind = event.kind
        if kind == "turn_started":
            return None  # the table message's "▶ Your turn" line says it
        if kind == "retired_onprem":
            return t(
                lang,
                key,
                player=player,
                card=self.card_name(p["card"], lang),
                hand=self.card_list(p["hand"], lang, joiner="list"),
            )
        if kind == "deployed":
            text = t(lang, key, player=player, cards=self.card_list(p["cards"], lang))
            if p.get("declined_sunset"):
                text += t(lang, f"{_NS}.kept_sunset", card=self.short_name(p["cards"][0], lang))
            return text
        if kind == "architecture":
            return t(lang, key, lines=self.architecture_lines(p, lang), totals=self._totals_of(p, lang))
        if kind == "drew":
            reason = "drew_hand" if p.get("reason") == "end_phase" else "drew_combo"
            return t(lang, f"{_NS}.{reason}", cards=self.card_list(p["cards"], lang, joiner="list"))
        if kind == "drew_count":
            if p.get("reason") == "end_phase" or not p.get("count"):
                return None
            if p["count"] == 1:
                return t(lang, f"{_NS}.drew_one", player=player)
            return t(lang, key, player=player, count=p["count"])
        if kind == "acquired":
            return self.acquired_line(p, player, lang)
        if kind in ("console_refilled",):
            return t(lang, key, cards=self.card_list(p["cards"], lang, joiner="list", short=False))
        if kind == "console_reshuffled":
            cards = [*p.get("free", []), *p.get("paid", [])]
            return t(lang, key, cards=self.card_list(cards, lang, joiner="list", short=False))
        if kind in ("moved_to_deck", "retired_builder"):
            return t(lang, key, player=player, card=self.card_name(p["card"], lang))
        if kind in ("mission_revealed", "mission_drawn"):
            return t(lang, key, player=player, mission=self.card_name(p["mission"], lang))
        if kind == "mission_solved":
            return t(
                lang,
                key,
                player=player,
                mission=self.card_name(p["mission"], lang),
                cards=self.card_list(p["cards"], lang),
            )
        if kind == "reshuffle_proposed":
            voters = t(lang, f"{_NS}.sep_list").join(names.get(v, v) for v in p.get("voters", []))
            return t(lang, key, player=player, voters=voters)
        if kind == "voted":
            return t(lang, key, player=player, vote=t(lang, f"{_NS}.vote_{'yes' if p['agree'] else 'no'}"))
        if kind == "turn_ended":
            return t(lang, key, player=player, summary=self.turn_summary(p, lang))
        if kind == "game_over":
            return t(lang, key, turns=p.get("turns", 0))
        return t(lang, key, player=player)  # last_wa_acquired, reshuffle_rejected

    def _totals_of(self, p: Mapping[str, Any], lang: str) -> str:
        return self.totals(p["credits"], p["draws"], p["adoptions"], p["acquisitions"], lang)

    def architecture_lines(self, p: Mapping[str, Any], lang: str) -> str:
        """What the deployed cards produce together, pair by pair (the engine's best pairing)."""
        lines: list[dict[str, Any]] = list(p.get("lines") or [])
        if not p.get("unlocked"):
            return t(lang, f"{_NS}.not_unlocked")
        out = []
        for ln in lines:
            card = self.short_name(ln["card"], lang)
            joiner = "list" if ln["kind"] == "per" else "plus"
            partners = self.card_list(ln["partners"], lang, joiner=joiner)
            gives = self.gives(ln["credits"], ln["draw"], ln["adopt"], lang)
            if ln["kind"] == "stack":
                n = len(ln["partners"]) + 1
                out.append(t(lang, f"{_NS}.line_stack", card=card, n=n, gives=gives))
            elif ln["kind"] in ("with", "per"):
                out.append(t(lang, f"{_NS}.line_{ln['kind']}", card=card, partners=partners, gives=gives))
            else:
                out.append(t(lang, f"{_NS}.line_effect", card=card, gives=gives))
        return t(lang, f"{_NS}.sep_lines").join(out) if out else t(lang, f"{_NS}.no_combos")

    def acquired_line(self, p: Mapping[str, Any], player: str, lang: str) -> str:
        source = p["source"]
        how = t(
            lang,
            f"{_NS}.how_{source}",
            card=self.card_name(p["card"], lang),
            slot=int(p.get("slot", 0)) + 1,
            cost=p.get("cost", 0),
        )
        left = ""
        if p.get("acquisitions_left"):
            n = p["acquisitions_left"]
            left = t(lang, f"{_NS}.left{'_one' if n == 1 else ''}", credits=p.get("credits_left", 0), n=n)
        return t(lang, f"events.{GAME}.acquired", player=player, how=how, left=left)

    def turn_summary(self, p: Mapping[str, Any], lang: str) -> str:
        """ "deployed S3 + Lambda + API Gateway: 6 credits, draw 1; acquired Amazon EC2" """
        parts = []
        if p.get("retired"):
            parts.append(t(lang, f"{_NS}.sum_retired", card=self.card_name(p["retired"], lang)))
        deployed = p.get("deployed") or []
        if deployed:
            totals = self.totals(p.get("credits", 0), p.get("draws", 0), p.get("adoptions", 0), 0, lang)
            parts.append(t(lang, f"{_NS}.sum_deployed", cards=self.card_list(deployed, lang), totals=totals))
        else:
            parts.append(t(lang, f"{_NS}.sum_no_deploy"))
        acquired = p.get("acquired") or []
        if acquired:
            names = self.card_list(acquired, lang, joiner="list", short=False)
            parts.append(t(lang, f"{_NS}.sum_acquired", cards=names))
        else:
            parts.append(t(lang, f"{_NS}.sum_no_acquire"))
        if p.get("sunset"):
            parts.append(t(lang, f"{_NS}.sum_sunset", cards=self.card_list(p["sunset"], lang)))
        return t(lang, f"{_NS}.sep_parts").join(parts)
