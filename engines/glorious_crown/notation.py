"""Card notation: how players write Glorious Crown cards and moves, read and written in one place.

Reading accepts every common spelling: card ids ("S7 H7"), number and symbol either way round ("7♠", "♠7"),
suit words in English or Japanese ("spade 3", "3 of spades", "スペードの3"), faces ("SK" is S13, "SA" S14,
"S2" S15), and Jokers ("joker", "ジョーカー", "JK2", "Joker ×2"). A Joker written without its number is the
first one the player holds, the engine's canonical choice (GC-7 / ``plays._joker_ok``). Writing gives the
short form players read ("7♠ 7♥", "3♦ + Joker"); given the writer's hand it numbers a Joker only when the
plain name would read back as the other one, so ``parse_cards(format_cards(c, hand=h), h) == c``.

Every suit symbol and word comes from ``cards.toml`` (``SUITS``, ``joker_rules``): this is the only table.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from engines.core import GameError, IllegalAction, IllegalMove, Phrasebook, Seat, Text, UnreadableMove, fold
from engines.glorious_crown.cards import CARDS, DATA, JOKERS, SUIT_CODES, SUITS
from engines.glorious_crown.models import (
    Answer,
    Decline,
    Discard,
    GCAction,
    GCState,
    GCView,
    Give,
    Pass,
    Play,
)

#: suit code -> symbol ("S" -> "♠"), from cards.toml
SYMBOL: dict[str, str] = {code: SUITS[code].symbol for code in SUIT_CODES}
JOKER_NAME: Text = DATA.joker_rules.name
PASS_NAME = Text(en="pass", ja="パス")
DECLINE_NAME = Text(en="decline", ja="見送る")
PASS_WORDS = frozenset({"pass", "パス", "ぱす"})
DECLINE_WORDS = frozenset({"decline", "keep", "見送る", "みおくる"})
MAX_GROUP = 4  # GC-4

# Faces as ordinary Daifugo writes them (GC-1: 11-15 are J, Q, K, A, 2).
_FACES = {"j": 11, "q": 12, "k": 13, "a": 14, "2": 15}
_RANK = r"1[0-5]|[3-9]|[jqka2]"
_TOKEN = re.compile(
    rf"(?P<joker>\*(?P<jn>[12])?)"
    rf"|(?P<s1>[shdc])\s*(?:の\s*)?(?P<r1>{_RANK})(?![0-9])"
    rf"|(?P<r2>{_RANK})\s*(?:of\s*)?(?P<s2>[shdc])(?![a-z])"
)
#: what may stand in one space-separated piece of readable text once words became codes ("spade" "3")
_FRAGMENT = re.compile(rf"(?:\s|\*[12]?|[x×][1-4]|[shdc]|{_RANK}|の|of)*")
_SEPARATORS = re.compile(r"[\s,、，+＋・/]+")


def _fold(word: str) -> str:
    # Spaces kept: they separate the cards of a group ("S7 H7"); kana kept: an unreadable piece is quoted
    # back as typed.
    return fold(word, spaces=True, kana=False)


#: words -> what they stand for, longest first so "diamonds" is read before "dia"
_JOKER_WORDS: tuple[str, ...] = tuple(
    sorted({_fold(a) for a in DATA.joker_rules.aliases}, key=len, reverse=True)
)
_SUIT_WORDS: tuple[tuple[str, str], ...] = tuple(
    sorted(
        {
            (_fold(word), code.lower())
            for code in SUIT_CODES
            for word in (*SUITS[code].aliases, SUITS[code].symbol, SUITS[code].name.en, SUITS[code].name.ja)
        },
        key=lambda pair: len(pair[0]),
        reverse=True,
    )
)


class UnreadableCards(GameError):
    """Typed text that is not cards. ``text`` is the piece as typed; ``suggestions`` the closest card
    names (bilingual, best first) when the piece looks like a misspelt one ("jokr": Joker)."""

    code = "unreadable_cards"

    def __init__(self, text: str, suggestions: Sequence[Text] = ()) -> None:
        super().__init__(text=text)
        self.text = text
        self.suggestions: tuple[Text, ...] = tuple(suggestions)


# -- writing ----------------------------------------------------------------------------------------------
def format_card(card: str, lang: str = "en") -> str:
    """ "7♠", "11♥", "Joker" / "ジョーカー"."""
    info = CARDS[card]
    if info.is_joker:
        return JOKER_NAME.get(lang)
    return f"{info.rank}{SYMBOL[info.suit]}"


def format_suits(codes: Sequence[str]) -> str:
    """A suit lock as symbols: ["S", "H"] -> "♠♥"."""
    return "".join(SYMBOL[c] for c in codes)


def _plain_jokers_read_back(cards: Sequence[str], hand: Sequence[str]) -> bool:
    used = [c for c in cards if c in JOKERS]
    held = [j for j in JOKERS if j in hand] or list(JOKERS)
    return used == held[: len(used)]


def format_cards(cards: Sequence[str], lang: str = "en", *, hand: Sequence[str] | None = None) -> str:
    """A group as players say it: "7♠ 7♥", "3♦ + Joker", "Joker ×2". Without ``hand`` Jokers are always
    named (for reading); with the writer's ``hand`` they are numbered ("JK2") when the name alone would
    read back as the other Joker (for typing)."""
    real = [format_card(c, lang) for c in cards if c not in JOKERS]
    jokers = [c for c in cards if c in JOKERS]
    if hand is not None and not _plain_jokers_read_back(cards, hand):
        return " ".join([*real, *jokers])
    joker = ""
    if jokers:
        joker = JOKER_NAME.get(lang) + (f" ×{len(jokers)}" if len(jokers) > 1 else "")
    if real and joker:
        return " ".join(real) + " + " + joker
    return " ".join(real) or joker


def format_move(action: GCAction, lang: str = "en", *, hand: Sequence[str] | None = None) -> str:
    """What a player would type for ``action`` (``parse_move`` reads it back given the same view)."""
    match action:
        case Pass():
            return PASS_NAME.get(lang)
        case Decline():
            return DECLINE_NAME.get(lang)
        case Discard(card=card):
            return format_cards([card], lang, hand=hand)
        case Play(cards=cards) | Give(cards=cards) | Answer(cards=cards):
            return format_cards(cards, lang, hand=hand)
    raise AssertionError(action)  # pragma: no cover


# -- reading ----------------------------------------------------------------------------------------------
def _normalise(text: str) -> str:
    s = _fold(text)
    return re.sub(r"[(（][^)）]*[)）]", " ", s).split("·")[0]  # a pasted label: "7♠ 7♥ (pair) · trade"


def _codes(s: str) -> str:
    """Words to one-letter codes: Jokers to "*" (or "*2"), suits to s h d c."""
    for word in _JOKER_WORDS:
        s = s.replace(word, " *")
    s = re.sub(r"\*\s*[x×]\s*([1-4])", lambda m: " *" * int(m[1]), s)  # "Joker ×2"
    s = re.sub(r"\*\s*([12])(?![0-9])", r"*\1", s)
    for word, code in _SUIT_WORDS:
        s = s.replace(word, f" {code}")
    return re.sub(r"\bof\b", " ", s)


def parse_cards(text: str, hand: Sequence[str] = ()) -> list[str]:
    """Card ids from what a player typed, in the order typed. Raises ``UnreadableCards`` naming the
    piece that is not a card, with suggestions when it looks like a misspelt card name."""
    typed = _normalise(text)
    s = _codes(typed)
    out: list[str] = []
    pos = 0
    jokers_left = [j for j in JOKERS if j in hand] or list(JOKERS)
    for m in _TOKEN.finditer(s):
        gap = _SEPARATORS.sub("", s[pos : m.start()])
        if gap:
            raise _unreadable(typed, gap)
        pos = m.end()
        if m["joker"]:
            if m["jn"]:
                out.append(f"JK{m['jn']}")
            else:
                free = [j for j in jokers_left if j not in out]
                out.append(free[0] if free else JOKERS[0])
            continue
        suit, rank = (m["s1"], m["r1"]) if m["s1"] else (m["s2"], m["r2"])
        number = _FACES[rank] if rank in _FACES else int(rank)
        out.append(f"{suit.upper()}{number}")
    rest = _SEPARATORS.sub("", s[pos:])
    if rest:
        raise _unreadable(typed, rest)
    if not out:
        raise UnreadableCards(text.strip() or "-", suggest(text))
    return out


def _unreadable(typed: str, gap: str) -> UnreadableCards:
    """Name the piece the player typed that holds the unreadable ``gap`` (a whole word, "jokr", rather than
    what is left of it once "jo" was read as a Joker), with suggestions for it."""
    pieces = [p for p in _SEPARATORS.split(typed) if p]
    for i, piece in enumerate(pieces):
        if not _FRAGMENT.fullmatch(_codes(piece)):
            after = pieces[i + 1] if i + 1 < len(pieces) else ""
            number = after if re.fullmatch(_RANK, after) else ""  # "harts 9": the 9 belongs to it
            return UnreadableCards(piece, suggest(f"{piece}{number}"))
    return UnreadableCards(gap, suggest(gap))


#: every word of the notation -> what it names: a suit code, or "*" for a Joker
_VOCABULARY: dict[str, str] = {word: "*" for word in _JOKER_WORDS if len(word) > 2} | {
    word: code.upper() for word, code in _SUIT_WORDS if len(word) > 2
}


def suggest(piece: str, limit: int = 3) -> list[Text]:
    """The card names closest to a misspelt ``piece`` (difflib over the notation's words): "jokr" ->
    Joker, "spde7" -> 7♠, "harts" -> Heart. Empty when nothing is close."""
    folded = _fold(piece)
    word = re.sub(r"[0-9\s]+", "", folded)
    ranks = re.findall(r"1[0-5]|[3-9]|(?<![0-9])2(?![0-9])", folded)
    if not word:
        return []
    out: list[Text] = []
    for match in difflib.get_close_matches(word, list(_VOCABULARY), n=8, cutoff=0.6):
        target = _VOCABULARY[match]
        if target == "*":
            name = JOKER_NAME
        elif len(ranks) == 1:
            card = f"{target}{_FACES.get(ranks[0], 0) or int(ranks[0])}"
            name = Text(en=format_card(card), ja=format_card(card))
        else:
            name = SUITS[target].name
        if name not in out:
            out.append(name)
    return out[:limit]


def parse_move(text: str, view: GCView) -> GCAction:
    """The move typed text stands for, for the seat whose ``view`` this is: a play, a pass, or the answer to
    the seat's pending 7 trade / 10 discard ("pass" there keeps the cards). The engine judges legality;
    this only reads. Raises ``UnreadableCards`` or, for too many cards, ``IllegalAction``."""
    word = _fold(text).strip()
    pending = view.pending if view.pending is not None and view.pending.seat == view.seat else None
    optional = pending is not None and pending.kind in ("seven_give", "ten_discard")
    if word in DECLINE_WORDS or (word in PASS_WORDS and optional):
        return Decline()
    if word in PASS_WORDS:
        return Pass()
    hand = [c.id for c in view.hand or []]
    cards = parse_cards(text, hand)
    if pending is not None and pending.kind == "seven_give":
        if len(cards) > MAX_GROUP:
            raise IllegalAction("too_many_cards", max=pending.count)
        return Give(cards=cards)
    if pending is not None and pending.kind == "seven_answer":
        if len(cards) > MAX_GROUP:
            raise IllegalAction("wrong_count", need=pending.count)
        return Answer(cards=cards)
    if pending is not None and len(cards) == 1:
        return Discard(card=cards[0])
    if len(cards) > MAX_GROUP:
        raise IllegalAction("bad_group_size", size=len(cards))
    return Play(cards=cards)


class GCNotation(Phrasebook[GCState, GCAction]):
    """The notation protocol (``engines.core.notation``) over ``format_move`` / ``parse_cards``: a group of
    cards is a play, a 7's gift or answer (GC-12) or a 10's discard (GC-14), whichever is asked now; "pass"
    passes, or declines an optional 7 trade / 10 discard; "decline" declines."""

    def spell(self, state: GCState, seat: Seat, action: GCAction, lang: str, *, precise: bool) -> str:
        hand = state.hands.get(seat, [])
        if precise and isinstance(action, Play | Give | Answer | Discard):
            cards = [action.card] if isinstance(action, Discard) else action.cards
            return " ".join(cards)  # card ids, the Jokers numbered: "S7 JK2"
        return format_move(action, lang, hand=hand)

    def read(self, state: GCState, seat: Seat, text: str) -> Sequence[GCAction]:
        word = _fold(text).strip()
        if word in DECLINE_WORDS:
            return [Decline()]
        if word in PASS_WORDS:
            return [Pass(), Decline()]
        try:
            cards = parse_cards(text, state.hands.get(seat, []))
        except UnreadableCards as err:
            # The piece that is not a card, and the closest card names, for the player to fix just that.
            raise UnreadableMove(text, piece=err.text, suggestions=err.suggestions) from None
        if len(cards) > MAX_GROUP:
            # Cards, but more than any group holds (GC-4): a move no action can carry.
            move = Play.model_construct(cards=cards)
            raise IllegalMove(text, move, IllegalAction("bad_group_size", size=len(cards)))
        out: list[GCAction] = [Play(cards=cards), Give(cards=cards), Answer(cards=cards)]
        if len(cards) == 1:
            out.append(Discard(card=cards[0]))
        # What the seat is asked for first: an illegal reading is refused with the reason of the first one.
        asked: dict[str, type[GCAction]] = {
            "seven_give": Give,
            "seven_answer": Answer,
            "ten_discard": Discard,
        }
        pending = state.pending
        if pending is not None and pending.seat == seat and pending.kind in asked:
            out.sort(key=lambda a: not isinstance(a, asked[pending.kind]))
        return out

    def same(self, legal: GCAction, reading: GCAction) -> bool:
        """A group is the same in any order: "7♥ 7♠" is the play the engine lists as S7 H7."""
        if isinstance(legal, Play | Give | Answer) and type(legal) is type(reading):
            return sorted(legal.cards) == sorted(reading.cards)
        return legal == reading


__all__ = [
    "DECLINE_NAME",
    "JOKER_NAME",
    "PASS_NAME",
    "SYMBOL",
    "GCNotation",
    "UnreadableCards",
    "format_card",
    "format_cards",
    "format_move",
    "format_suits",
    "parse_cards",
    "parse_move",
    "suggest",
]
