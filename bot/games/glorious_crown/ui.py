"""How Glorious Crown reads on Discord: compact card labels ("7♠ 7♥ (pair)"), the 7-trade and 10-discard
choices grouped so a select stays short, Pass and "keep my cards" as buttons, and one sentence per event.

Cards are named by number and suit symbol everywhere in text (the card titles are on the pictures), so a
select option or a table line stays short on a phone. Nothing here decides a rule: the engine does.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

from bot.games.base import GameUI, LabelContext
from bot.i18n import t
from engines.core import Action, Event
from engines.glorious_crown.cards import CARDS, JOKERS, RANK_EFFECT
from engines.glorious_crown.events import (
    Cleared,
    Discarded,
    GameOver,
    Locked,
    Played,
    Revolution,
    Traded,
    TradeOffered,
    TradeOfferedCards,
    TradeReceived,
    WentOut,
)

SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
NS = "glorious-crown"  # catalog namespace of this game's own extra strings
COUNTER = "S3"


# -- card names ---------------------------------------------------------------------------------------
def card_short(card: str, lang: str) -> str:
    """ "7♠", "11♥", "Joker"."""
    info = CARDS.get(card)
    if info is None:
        return card
    if info.is_joker:
        return t(lang, f"{NS}.joker")
    return f"{info.rank}{SYMBOL[info.suit]}"


def cards_text(cards: Sequence[str], lang: str) -> str:
    """A group as players say it: "7♠ 7♥", "3♦ + Joker", "Joker ×2"."""
    real = [card_short(c, lang) for c in cards if c not in JOKERS]
    jokers = sum(1 for c in cards if c in JOKERS)
    joker = ""
    if jokers:
        joker = t(lang, f"{NS}.joker") + (f" ×{jokers}" if jokers > 1 else "")
    if real and joker:
        return " ".join(real) + " + " + joker
    return " ".join(real) or joker


def group_text(cards: Sequence[str], lang: str) -> str:
    """A play with its size: "7♠ 7♥ (pair)"; a single card is just its name."""
    text = cards_text(cards, lang)
    if len(cards) > 1:
        return t(lang, f"{NS}.group", cards=text, size=t(lang, f"{NS}.size.{len(cards)}"))
    return text


def count_text(n: int, lang: str) -> str:
    return t(lang, f"{NS}.count.one") if n == 1 else t(lang, f"{NS}.count.many", n=n)


def points_text(n: int, lang: str) -> str:
    return t(lang, f"{NS}.points.one") if n == 1 else t(lang, f"{NS}.points.many", n=n)


def ordinal(n: int, lang: str) -> str:
    key = f"{NS}.ordinal.{n}"
    return t(lang, key) if 1 <= n <= 5 else str(n)


def _rank(cards: Sequence[str]) -> int:
    return next((CARDS[c].rank for c in cards if c in CARDS and not CARDS[c].is_joker), 0)


def _lone_joker_on_top(ctx: LabelContext | None) -> bool | None:
    """Whether the field's top play is a lone Joker (``None`` when the label has no view to tell)."""
    top = getattr(ctx.view, "top", None) if ctx is not None else None
    if ctx is None:
        return None
    return top is not None and bool(top.jokers_only) and len(top.cards) == 1


def play_hint(cards: Sequence[str], lang: str, on_lone_joker: bool | None = None) -> str:
    """What a play does besides beating the field, for its select label ("" when nothing). A lone ♠3 is
    marked as the counter when it answers a lone Joker (or when the caller cannot tell)."""
    if list(cards) == [COUNTER] and on_lone_joker is not False:
        return t(lang, f"{NS}.hint.counter")
    rank = _rank(cards)
    if rank == 0:
        return t(lang, f"{NS}.hint.joker") if len(cards) == 1 else ""
    if len(cards) == 4:
        return t(lang, f"{NS}.hint.revolution")
    effect = RANK_EFFECT.get(rank)
    if effect is None or effect.type == "joker_counter":
        return ""
    return t(lang, f"{NS}.hint.{effect.type}")


# -- reading typed cards ------------------------------------------------------------------------------
_SUIT_WORDS = (
    ("s", ("spades", "spade", "スペード", "すぺーど", "♠", "♤")),
    ("h", ("hearts", "heart", "ハート", "はーと", "♥", "♡")),
    ("d", ("diamonds", "diamond", "ダイヤモンド", "ダイヤ", "だいや", "dia", "♦", "♢")),
    ("c", ("clubs", "club", "クローバー", "クラブ", "くらぶ", "♣", "♧")),
)
_JOKER_WORDS = ("jokers", "joker", "ジョーカー", "じょーかー", "jk", "jo", "★", "🃏")
_FACES = {"j": 11, "q": 12, "k": 13, "a": 14, "2": 15}
_RANK = r"1[0-5]|[3-9]|[jqka2]"
_TOKEN = re.compile(
    rf"(?P<joker>\*(?P<jn>[12])?)"
    rf"|(?P<s1>[shdc])\s*(?:の\s*)?(?P<r1>{_RANK})(?![0-9])"
    rf"|(?P<r2>{_RANK})\s*(?:of\s*)?(?P<s2>[shdc])(?![a-z])"
)
_SEPARATORS = re.compile(r"[\s,、，+＋・/]+")


class UnreadableCards(ValueError):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def parse_cards(text: str, hand: Sequence[str] = ()) -> list[str]:
    """Card ids from what a player typed: "S7 H7", "7♠ 7♥", "spade 3", "スペード3", "♠3 + joker".
    A Joker without a number is the first one the player holds (the engine's canonical choice).
    Raises ``UnreadableCards`` with the part that is not a card."""
    s = unicodedata.normalize("NFKC", text).casefold()
    s = re.sub(r"[(（][^)）]*[)）]", " ", s).split("·")[0]  # a pasted label: "7♠ 7♥ (pair) · trade"
    for word in _JOKER_WORDS:
        s = s.replace(word.casefold(), " *")
    s = re.sub(r"\*\s*[x×]\s*([1-4])", lambda m: " *" * int(m[1]), s)  # "Joker ×2"
    s = re.sub(r"\*\s*([12])(?![0-9])", r"*\1", s)
    for code, words in _SUIT_WORDS:
        for word in words:
            s = s.replace(word.casefold(), f" {code}")
    s = re.sub(r"\bof\b", " ", s)
    out: list[str] = []
    pos = 0
    jokers_left = [j for j in JOKERS if j in hand] or list(JOKERS)
    for m in _TOKEN.finditer(s):
        gap = _SEPARATORS.sub("", s[pos : m.start()])
        if gap:
            raise UnreadableCards(gap)
        pos = m.end()
        if m["joker"]:
            if m["jn"]:
                out.append(f"JK{m['jn']}")
            else:
                free = [j for j in jokers_left if j not in out]
                out.append(free[0] if free else "JK1")
            continue
        suit, rank = (m["s1"], m["r1"]) if m["s1"] else (m["s2"], m["r2"])
        number = _FACES[rank] if rank in _FACES else int(rank)
        out.append(f"{suit.upper()}{number}")
    rest = _SEPARATORS.sub("", s[pos:])
    if rest:
        raise UnreadableCards(rest)
    if not out:
        raise UnreadableCards(text.strip() or "-")
    return out


# -- the UI -------------------------------------------------------------------------------------------
class UI(GameUI):
    def action_label(
        self, action: Action, lang: str, *, in_group: bool = False, ctx: LabelContext | None = None
    ) -> str:
        key = f"actions.{NS}.{action.type}"
        cards: list[str] = list(getattr(action, "cards", None) or [])
        if action.type == "play":
            hint = play_hint(cards, lang, on_lone_joker=_lone_joker_on_top(ctx))
            label = t(lang, key, cards=group_text(cards, lang), hint=f" · {hint}" if hint else "")
        elif action.type == "give" and ctx is not None and getattr(ctx.view, "pending", None) is not None:
            to = ctx.name(ctx.view.pending.other)
            label = t(lang, f"{key}_to", cards=cards_text(cards, lang), to=to)
        elif action.type in ("give", "answer"):
            label = t(lang, key, cards=cards_text(cards, lang), count=count_text(len(cards), lang))
        elif action.type == "discard":
            label = t(lang, key, card=card_short(str(getattr(action, "card", "")), lang))
        else:
            label = t(lang, key)
        return label[:100]

    def group_label(self, action: Action, lang: str, *, ctx: LabelContext | None = None) -> str | None:
        """The 7-trade offers every combination of up to as many cards as 7s were played: grouped by how
        many cards and the first card, each group stays a short list. A blind return of two or more cards
        is grouped by its first card the same way. Plays and discards stay one flat list."""
        cards: list[str] = list(getattr(action, "cards", None) or [])
        if action.type == "give":
            if len(cards) == 1:
                return t(lang, f"{NS}.give_one")
            return t(
                lang, f"{NS}.give_group", count=count_text(len(cards), lang), first=card_short(cards[0], lang)
            )
        if action.type == "answer" and len(cards) > 1:
            return t(
                lang,
                f"{NS}.answer_group",
                count=count_text(len(cards), lang),
                first=card_short(cards[0], lang),
            )
        return None

    def quick_actions(self, legal: list[Action]) -> list[Action]:
        return [a for a in legal if a.type in ("pass", "decline")]

    # -- events -----------------------------------------------------------------------------------
    def describe_event(self, event: Event, lang: str, names: Mapping[str, str]) -> str | None:
        player = names.get(event.seat or "", event.seat or "")

        def who(seat: str | None) -> str:
            return names.get(seat or "", seat or "")

        key = f"events.{NS}.{event.kind}"
        match event:
            case Played(cards=cards, rank=rank):
                return t(
                    lang,
                    key,
                    player=player,
                    cards=group_text(cards, lang),
                    note=self._note(cards, rank, lang),
                )
            case Locked(suits=suits):
                return t(lang, key, suits="".join(SYMBOL.get(s, s) for s in suits))
            case Revolution(revolution=on):
                return t(lang, f"{NS}.revolution_{'on' if on else 'off'}")
            case Cleared(cause="eight"):
                return None  # the 8's own line already says the field is cut for 0 points
            case Cleared(cause=cause, points=points, cards=cards):
                return t(
                    lang,
                    key if cause == "passes" else f"{NS}.cleared_counter",
                    player=player,
                    points=points_text(points, lang),
                    cards=group_text(cards, lang),
                )
            case WentOut(foul=True, how=how):
                return t(lang, f"{NS}.went_out_foul_{how}", player=player)
            case WentOut(place=place):
                return t(lang, key, player=player, place=ordinal(place or 0, lang))
            case TradeOffered(to_seat=other, count=count) | Traded(other_seat=other, count=count):
                return t(lang, key, player=player, other=who(other), count=count_text(count, lang))
            case TradeOfferedCards(to_seat=other, cards=cards):
                return t(lang, key, cards=cards_text(cards, lang), other=who(other))
            case TradeReceived(gave_cards=gave, got_cards=got):
                return t(lang, key, gave=cards_text(gave, lang), got=cards_text(got, lang))
            case Discarded(card=card):
                return t(lang, key, player=player, card=card_short(card, lang))
            case GameOver():
                return self._game_over(event, lang, names)
        return t(lang, key, player=player)

    @staticmethod
    def _note(cards: Sequence[str], rank: int, lang: str) -> str:
        """What a play does besides beating the field, after the play's line ("" when nothing)."""
        effect = RANK_EFFECT.get(rank) if rank else None
        if rank == 0 and len(cards) == 1:
            return t(lang, f"{NS}.note.joker")
        if effect is not None and effect.type == "clear_field":
            return t(lang, f"{NS}.note.clear_field", points=points_text(0, lang))
        if effect is not None and effect.type in ("trade_cards", "discard"):
            return t(lang, f"{NS}.note.{effect.type}")
        return ""

    def _game_over(self, event: GameOver, lang: str, names: Mapping[str, str]) -> str:
        last = event.last_seat
        lines = [
            t(lang, f"events.{NS}.game_over", player=names.get(last, last))
            if last
            else t(lang, f"{NS}.game_over_all_out")
        ]
        for row in event.standings:
            if row.foul:
                how = t(lang, f"{NS}.finish.foul")
            elif row.seat == last:
                how = t(lang, f"{NS}.finish.last")
            else:
                how = t(lang, f"{NS}.finish.out", place=ordinal(row.finish, lang))
            lines.append(
                t(
                    lang,
                    f"{NS}.standing",
                    player=names.get(row.seat, row.seat),
                    field=points_text(row.field_points, lang),
                    bonus=row.bonus,
                    total=points_text(row.total, lang),
                    how=how,
                )
            )
        return "\n".join(lines)
