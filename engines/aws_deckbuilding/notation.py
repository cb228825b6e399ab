"""How players write AWS Deckbuilding moves (the notation protocol, ``engines.core.notation``).

A card is named by its printed name in either language, its key or an alias from ``cards.toml`` (a W-A card
also as "W-A" / "Well-Architected"), or by a part of a name ("Auto Scaling"): among the cards the move may
take first, exact names before parts (several kinds that fit are ambiguous, not guessed). The copy meant is
the first one the move may take (the first on offer, the first revealed, the first in hand), and a card id
("cloudtrail#2") names one copy exactly. Effects are "primary" / "主効果" and "secondary" / "副効果"
(AD-9):

- "draft S3" / "S3をドラフト" (AD-8); "buy S3" / "S3を購入" (AD-10); "end turn" / "ターン終了" (AD-12);
- "apply all" / "すべて適用" (or just "all" / "全部"), "apply Lambda primary" / "Lambdaの主効果を適用",
  "decline Lambda primary" / "Lambdaの主効果を見送る" (AD-9);
- "retire Tape Backup" / "Tape Backupを撤去", "keep on-premises" / "オンプレミスを残す" (AD-12);
- "propose reshuffle" / "リシャッフルを提案", "vote yes" / "賛成", "vote no" / "反対" (AD-14).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engines.aws_deckbuilding.cards import DB, WHICH, Which, key_of
from engines.aws_deckbuilding.models import (
    ADAction,
    ADState,
    ApplyEffect,
    ApplyEffects,
    Buy,
    DeclineEffect,
    Draft,
    EndTurn,
    KeepOnprem,
    ProposeReshuffle,
    Retire,
    Vote,
)
from engines.core import NameIndex, Phrase, Phrasebook, Seat, Text, fold

EFFECT_NAMES: dict[Which, Text] = {
    "primary": Text(en="primary", ja="主効果"),
    "secondary": Text(en="secondary", ja="副効果"),
}
_EFFECTS = NameIndex({w: (EFFECT_NAMES[w].en, EFFECT_NAMES[w].ja) for w in WHICH})
#: an effect's name in folded text, so it does not swallow the card name before it
_WHICH = "|".join(re.escape(fold(n, spaces=True)) for w in WHICH for n in (w, EFFECT_NAMES[w].ja))

PHRASES = {
    "draft": Phrase(en="draft {card}", ja="{card}をドラフト"),
    "buy": Phrase(en="buy {card}", ja="{card}を購入", also=("{card}を買う",)),
    "end_turn": Phrase(en="end turn", ja="ターン終了", also=("end",)),
    "apply_effects": Phrase(en="apply all", ja="すべて適用", also=("all", "全部", "すべて", "全て")),
    "apply_effect": Phrase(
        en="apply {card} {which}",
        ja="{card}の{which}を適用",
        also=("{card} {which}を適用",),
        slots={"which": _WHICH},
    ),
    "decline_effect": Phrase(
        en="decline {card} {which}",
        ja="{card}の{which}を見送る",
        also=("{card} {which}を見送る",),
        slots={"which": _WHICH},
    ),
    "retire": Phrase(en="retire {card}", ja="{card}を撤去"),
    "keep_onprem": Phrase(en="keep on-premises", ja="オンプレミスを残す", also=("keep",)),
    "propose_reshuffle": Phrase(en="propose reshuffle", ja="リシャッフルを提案"),
    "vote_yes": Phrase(en="vote yes", ja="賛成", also=("yes",)),
    "vote_no": Phrase(en="vote no", ja="反対", also=("no",)),
}
#: What every W-A card is also called (AD-10 sells the top one).
_WA_WORDS = ("W-A", "WA", "Well-Architected")
_SPELLINGS = {
    c.key: (c.name.en, c.name.ja, *c.aliases, *(_WA_WORDS if c.key.startswith("wa-") else ()))
    for c in DB.cards.values()
}
_CARDS = NameIndex(_SPELLINGS)
_FOLDED = {key: tuple(fold(n) for n in names) for key, names in _SPELLINGS.items()}
_CARD_MOVES = (Draft, Buy, Retire)
_EFFECT_MOVES = (ApplyEffect, DeclineEffect)
_WORDS: dict[str, ADAction] = {
    "end_turn": EndTurn(),
    "apply_effects": ApplyEffects(),
    "keep_onprem": KeepOnprem(),
    "propose_reshuffle": ProposeReshuffle(),
    "vote_yes": Vote(agree=True),
    "vote_no": Vote(agree=False),
}


class ADNotation(Phrasebook[ADState, ADAction]):
    def spell(self, state: ADState, seat: Seat, action: ADAction, lang: str, *, precise: bool) -> str:
        key = ("vote_yes" if action.agree else "vote_no") if isinstance(action, Vote) else action.type
        phrase = PHRASES[key]
        if isinstance(action, Draft | Buy | Retire | ApplyEffect | DeclineEffect):
            card = action.card if precise else DB.card(action.card).name.get(lang)
            if isinstance(action, ApplyEffect | DeclineEffect):
                return phrase.write(lang, card=card, which=EFFECT_NAMES[action.effect].get(lang))
            return phrase.write(lang, card=card)
        return phrase.write(lang)

    def _kinds(self, typed: str, offered: Sequence[str]) -> list[str]:
        """The kinds ``typed`` names: exactly among those ``offered``, else by a part of a name among them,
        else exactly, else by a part, among every kind (which no move takes now: an illegal move)."""
        wanted = fold(typed)
        if not wanted:
            return []
        exact = sorted(_CARDS.keys(typed))
        partial = sorted(k for k, names in _FOLDED.items() if any(wanted in n for n in names))
        near = {key_of(c) for c in offered}
        for kinds in ([k for k in exact if k in near], [k for k in partial if k in near], exact):
            if kinds:
                return kinds
        return partial

    def _copies(self, typed: str, offered: Sequence[str]) -> list[str]:
        """The cards ``typed`` names: a card id as it is, else per kind named the first copy ``offered`` (a
        kind not on offer as its key, which no move takes: an illegal move, not an unreadable one)."""
        wanted = fold(typed)
        if "#" in wanted and key_of(wanted) in DB.cards:
            return [wanted]
        out = []
        for kind in self._kinds(typed, offered):
            out.append(next((c for c in offered if key_of(c) == kind), kind))
        return out

    def read(self, state: ADState, seat: Seat, text: str) -> Sequence[ADAction]:
        legal = self.engine.legal_actions(state, seat)
        out: list[ADAction] = []
        for move in _CARD_MOVES:
            offered = [a.card for a in legal if isinstance(a, move)]
            for args in PHRASES[move.model_fields["type"].default].read(text):
                out += [move(card=c) for c in self._copies(args["card"], offered)]
        for effect_move in _EFFECT_MOVES:
            for args in PHRASES[effect_move.model_fields["type"].default].read(text):
                (which,) = _EFFECTS.keys(args["which"])  # the slot lets only effect names through
                effect: Which = "primary" if which == "primary" else "secondary"
                offered = [a.card for a in legal if isinstance(a, effect_move) and a.effect == effect]
                out += [effect_move(card=c, effect=effect) for c in self._copies(args["card"], offered)]
        out += [action for key, action in _WORDS.items() if PHRASES[key].read(text)]
        return out


__all__ = ["EFFECT_NAMES", "PHRASES", "ADNotation"]
