"""How players write Project Chaos moves (the notation protocol, ``engines.core.notation``).

A card is named by its printed name in either language, its id or an alias from ``cards.toml``, or by a part
of a name that only one card the seat may use has; a workplace by its name ("Technology" / "テクノロジー") or
its id:

- "play Outage" / "障害をプレイ" (PC-7 A), "discard Outage" / "障害を捨てる" (PC-7 B);
- "place Outage in Technology" / "障害をテクノロジーに配置" (PC-7 C); without a workplace it means the card's
  only workplace that is open, and is ambiguous when two are;
- "pay" / "払う" and "don't pay" / "払わない" (the push-out, PC-7 C);
- "pick Technology" / "テクノロジーを選ぶ", or just the workplace's name (the workplace an effect acts on);
- "vote yes" / "賛成", "vote no" / "反対", "claim" / "経験あり", "no claim" / "経験なし" (PC-12).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engines.core import NameIndex, Phrase, Phrasebook, Seat, fold
from engines.project_chaos.cards import CARDS, CATEGORIES, CATEGORY_NAMES, Category
from engines.project_chaos.models import (
    CastVote,
    Discard,
    MakeClaim,
    NoClaim,
    NoPay,
    Pay,
    PCAction,
    PCState,
    Pick,
    Place,
    Play,
)

#: a workplace in folded text, so it does not swallow the card name before it
_WORKPLACE = "|".join(
    re.escape(name)
    for name in sorted(
        {fold(n, spaces=True) for c in CATEGORIES for n in (c, *CATEGORY_NAMES[c].model_dump().values())},
        key=len,
        reverse=True,
    )
)
PHRASES = {
    "play": Phrase(en="play {card}", ja="{card}をプレイ", also=("{card}を使う",)),
    "discard": Phrase(en="discard {card}", ja="{card}を捨てる"),
    "place": Phrase(
        en="place {card} in {workplace}",
        ja="{card}を{workplace}に配置",
        also=("place {card} {workplace}", "{card}を{workplace}に置く"),
        slots={"workplace": _WORKPLACE},
    ),
    "place_anywhere": Phrase(en="place {card}", ja="{card}を配置", also=("{card}を置く",)),
    # The hand's buttons' words are read too ("Keep the tokens", "I have lived this"), as typed from a label.
    "pay": Phrase(en="pay", ja="払う", also=("pay the tokens", "リソースを払う")),
    "no_pay": Phrase(
        en="don't pay",
        ja="払わない",
        also=("no pay", "do not pay", "keep the tokens", "keep", "リソースを払わない"),
    ),
    "pick": Phrase(
        en="pick {workplace}", ja="{workplace}を選ぶ", also=("{workplace}",), slots={"workplace": _WORKPLACE}
    ),
    "vote_yes": Phrase(en="vote yes", ja="賛成", also=("yes",)),
    "vote_no": Phrase(en="vote no", ja="反対", also=("no",)),
    "claim": Phrase(en="claim", ja="経験あり", also=("i have lived this", "体験したことがある")),
    "no_claim": Phrase(en="no claim", ja="経験なし", also=("not me", "自分ではない")),
}
_CARDS = NameIndex({c.id: (c.name.en, c.name.ja, *c.aliases) for c in CARDS.values()})
_WORKPLACES = NameIndex({c: (CATEGORY_NAMES[c].en, CATEGORY_NAMES[c].ja) for c in CATEGORIES})
_PRINTED = {c.id: (fold(c.name.en), fold(c.name.ja)) for c in CARDS.values()}


def _workplace(typed: str) -> Category:
    (found,) = _WORKPLACES.keys(typed)  # the slot's pattern only lets workplace names through
    return next(c for c in CATEGORIES if c == found)


class PCNotation(Phrasebook[PCState, PCAction]):
    def spell(self, state: PCState, seat: Seat, action: PCAction, lang: str, *, precise: bool) -> str:
        match action:
            case Play(card=card) | Discard(card=card):
                return PHRASES[action.type].write(lang, card=CARDS[card].name.get(lang))
            case Place(card=card, workplace=workplace):
                name = CATEGORY_NAMES[workplace].get(lang)
                return PHRASES["place"].write(lang, card=CARDS[card].name.get(lang), workplace=name)
            case Pick(workplace=workplace):
                return PHRASES["pick"].write(lang, workplace=CATEGORY_NAMES[workplace].get(lang))
            case CastVote(yes=yes):
                return PHRASES["vote_yes" if yes else "vote_no"].write(lang)
            case MakeClaim():
                return PHRASES["claim"].write(lang)
            case NoClaim():
                return PHRASES["no_claim"].write(lang)
            case Pay() | NoPay():
                return PHRASES[action.type].write(lang)
        raise AssertionError(action)  # pragma: no cover

    def _cards(self, state: PCState, seat: Seat, typed: str) -> list[str]:
        """Cards ``typed`` names: exactly, else by a part of a name — among the cards the seat may use now
        (hand and revealed) when any fits, so "outage" is the one outage card in hand."""
        exact = sorted(_CARDS.keys(typed))
        if exact:
            return exact
        wanted = fold(typed)
        partial = sorted(card for card, printed in _PRINTED.items() if any(wanted in p for p in printed))
        usable = [c for c in partial if c in state.hands.get(seat, []) or c in state.revealed]
        return usable or partial

    def read(self, state: PCState, seat: Seat, text: str) -> Sequence[PCAction]:
        out: list[PCAction] = []
        for args in PHRASES["play"].read(text):
            out += [Play(card=c) for c in self._cards(state, seat, args["card"])]
        for args in PHRASES["discard"].read(text):
            out += [Discard(card=c) for c in self._cards(state, seat, args["card"])]
        for args in PHRASES["place"].read(text):
            workplace = _workplace(args["workplace"])
            out += [Place(card=c, workplace=workplace) for c in self._cards(state, seat, args["card"])]
        if not out:
            for args in PHRASES["place_anywhere"].read(text):
                for card in self._cards(state, seat, args["card"]):
                    out += [Place(card=card, workplace=w) for w in CARDS[card].categories]
        for args in PHRASES["pick"].read(text):
            out.append(Pick(workplace=_workplace(args["workplace"])))
        words: dict[str, PCAction] = {
            "pay": Pay(),
            "no_pay": NoPay(),
            "vote_yes": CastVote(yes=True),
            "vote_no": CastVote(yes=False),
            "claim": MakeClaim(),
            "no_claim": NoClaim(),
        }
        out += [action for key, action in words.items() if PHRASES[key].read(text)]
        return out


__all__ = ["PHRASES", "PCNotation"]
