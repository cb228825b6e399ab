"""How players write AWS Builder Cards, read and written in one place (as python-chess keeps SAN beside its
moves): card names in both languages, lists of them, "all", and what to acquire.

A card may be written by its full name ("Amazon S3"), without the brand prefix ("S3"), in Japanese
("ベアメタルホスト"), by an alias from the card data ("SSO", "VM") or by its key ("s3"); case, width and
spaces do not matter. A list is separated by commas, "、", "+" or ";" — or only by spaces when that reads
one way: "Lambda S3" is two cards; a piece that is one card's whole name ("EC2 Auto Scaling") is that card;
"EC2 Auto Scaling S3" is refused as ambiguous when EC2, Auto Scaling and S3 are all in the hand (EC2 + Auto
Scaling, or the one card EC2 Auto Scaling?). "EC2 ×2" (or "EC2 x2") names two copies.

Everything is generated from the card data, so a server owner's card file is read the same way.
"""

from __future__ import annotations

import re
import weakref
from collections import Counter
from collections.abc import Iterable, Sequence

from engines.aws_builder_cards.cards import BUILDER, CMP, OTHER, CardDB, key_of
from engines.aws_builder_cards.models import (
    ABAction,
    ABState,
    Acquire,
    ConsoleView,
    Deploy,
    EndTurn,
    MoveToDeck,
    ProposeReshuffle,
    Retire,
    RetireBuilder,
    RevealMission,
    SolveMission,
    Vote,
)
from engines.aws_builder_cards.setup import MISSION_PREFIX, mission_key
from engines.aws_builder_cards.turn import db_of
from engines.core import GameError, IllegalMove, Phrase, Phrasebook, Seat, Text, fold

GAME = "aws-builder-cards"
#: Words for "every deployable card".
ALL_WORDS = frozenset(fold(w) for w in ("all", "*", "全部", "ぜんぶ", "すべて", "全て", "まとめて"))
#: Words for the blind draw from the free deck, and for the top W-A card.
BLIND_WORDS = frozenset(fold(w) for w in ("blind", "freedeck", "deck", "ブラインド", "無料デッキ", "山札"))
WA_WORDS = frozenset(
    fold(w) for w in ("wa", "w-a", "well-architected", "wellarchitected", "ウェルアーキテクテッド")
)
PREFIXES = ("Amazon ", "AWS ")
#: The separators written between two names; a comma in each language is the canonical one.
SEPARATOR = {"en": ", ", "ja": "、"}
_SPLIT = re.compile(r"\s*[,、，;；+＋]\s*")
_COUNT = re.compile(r"^(?P<name>.*?)\s*[×xX✕*＊]\s*(?P<n>[0-9]+)$")
_TIMES = re.compile(r"^[×xX✕*＊]([0-9]+)$")
_TOKENS = {
    CMP: Text(en="compute/container", ja="コンピューティング/コンテナ"),
    BUILDER: Text(en="any Builder card", ja="任意の Builder カード"),
    OTHER: Text(en="other card", ja="他のカード"),
}
_TOKENS_SHORT = {
    CMP: Text(en="cmp", ja="cmp"),
    BUILDER: Text(en="any", ja="任意"),
    OTHER: Text(en="other card", ja="他カード"),
}


class NotationError(GameError):
    """What a player wrote names no card, or reads two ways. Worded by ``errors.aws-builder-cards.<code>``:
    ``no_such_card`` (``name``), ``ambiguous_cards`` (``text``), ``no_cards`` (``text``), ``not_on_console``
    (``name``)."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code, **params)
        self.game = GAME


# ------------------------------------------------------------------------------------------------ writing
def _card(db: CardDB, ref: str) -> str | None:
    key = key_of(ref)
    if key in db.cards:
        return key
    return next((c.key for c in db.cards.values() if c.defn.en == ref), None)


def card_name(db: CardDB, ref: str, lang: str) -> str:
    """The printed name of a card (instance id, key, English name) or partner token, in ``lang``."""
    if ref in _TOKENS:
        return _TOKENS[ref].get(lang)
    key = _card(db, ref)
    return ref if key is None else db.cards[key].name.get(lang)


def without_prefix(name: str) -> str:
    """ "Amazon S3" -> "S3", "AWS Lambda" -> "Lambda"."""
    for prefix in PREFIXES:
        if name.startswith(prefix) and len(name) > len(prefix):
            return name[len(prefix) :]
    return name


def short_name(db: CardDB, ref: str, lang: str) -> str:
    """ "Amazon S3" -> "S3": enough where several names share a line."""
    if ref in _TOKENS_SHORT:
        return _TOKENS_SHORT[ref].get(lang)
    return without_prefix(card_name(db, ref, lang))


def format_cards(db: CardDB, cards: Iterable[str], lang: str, *, short: bool = True) -> str:
    """Cards as a player would type them: "Lambda, S3" / "Lambda、S3" (one name per card)."""
    name = short_name if short else card_name
    return SEPARATOR.get(lang, ", ").join(name(db, c, lang) for c in cards)


def format_deploy(db: CardDB, action: Deploy, hand: Sequence[str], lang: str) -> str:
    """A deploy as typed text, its cards in hand order (how ``parse_deploy`` reads them back)."""
    ordered = [c for c in hand if c in action.cards] + [c for c in action.cards if c not in hand]
    return format_cards(db, ordered, lang)


def mission_name(db: CardDB, mission: str, lang: str) -> str:
    """A mission's own name ("Serverless web API"), without any "Mission:" label around it."""
    found = db.missions.get(mission_key(mission))
    return mission if found is None else found.name.get(lang)


def names_of(db: CardDB, key: str) -> tuple[str, ...]:
    """Every way the card may be written (before folding)."""
    d = db.cards[key].defn
    return tuple(dict.fromkeys([d.en, d.ja, key, *d.aliases, without_prefix(d.en), without_prefix(d.ja)]))


_INDEXES: weakref.WeakKeyDictionary[CardDB, dict[str, frozenset[str]]] = weakref.WeakKeyDictionary()


def name_index(db: CardDB) -> dict[str, frozenset[str]]:
    """Folded name -> the card keys it names (an alias may name more than one card)."""
    found = _INDEXES.get(db)
    if found is None:
        table: dict[str, set[str]] = {}
        for key in db.cards:
            for name in names_of(db, key):
                table.setdefault(fold(name), set()).add(key)
        found = _INDEXES[db] = {name: frozenset(keys) for name, keys in table.items()}
    return found


# ------------------------------------------------------------------------------------------------ reading
Mention = tuple[frozenset[str], int, str]  # the keys a name may mean, how many copies, the name as written


def _readings(db: CardDB, chunk: str) -> list[list[Mention]]:
    """Every way to read one separated piece as names: the whole piece, else split at spaces."""
    index = name_index(db)
    if fold(chunk) in index:
        return [[(index[fold(chunk)], 1, chunk.strip())]]
    count = _COUNT.match(chunk.strip())
    if count and fold(count["name"]) in index:
        return [[(index[fold(count["name"])], int(count["n"]), count["name"].strip())]]
    words = chunk.split()
    found: list[list[Mention]] = []

    def walk(at: int, sofar: list[Mention]) -> None:
        if at == len(words):
            found.append(list(sofar))
            return
        for end in range(at + 1, len(words) + 1):
            name = " ".join(words[at:end])
            keys = index.get(fold(name))
            if keys is None:
                continue
            n = 1
            after = end
            if after < len(words) and (m := _TIMES.match(words[after])):
                n, after = int(m[1]), after + 1
            sofar.append((keys, n, name))
            walk(after, sofar)
            sofar.pop()

    if len(words) > 1:
        walk(0, [])
    return found


def _assign(mentions: list[Mention], among: Sequence[str]) -> list[str] | Mention:
    """Instance ids for the mentions, each the first unused card of its kind in ``among``; or the first
    mention that has no card left."""
    used: set[str] = set()
    out: list[str] = []
    for keys, n, name in mentions:
        for _ in range(n):
            card = next((c for c in among if c not in used and key_of(c) in keys), None)
            if card is None:
                return keys, n, name
            used.add(card)
            out.append(card)
    return out


def parse_cards(db: CardDB, text: str, among: Sequence[str]) -> list[str]:
    """The cards of ``among`` (instance ids, e.g. a hand) that ``text`` names, in the order written."""
    out: list[str] = []
    for chunk in (c for c in _SPLIT.split(text.strip()) if c.strip()):
        readings = _readings(db, chunk)
        if not readings:
            raise NotationError("no_such_card", name=chunk.strip())
        rest = [c for c in among if c not in out]
        fits = [r for r in (_assign(m, rest) for m in readings) if isinstance(r, list)]
        kinds = {tuple(sorted(key_of(c) for c in r)) for r in fits}
        if len(kinds) > 1:
            raise NotationError("ambiguous_cards", text=chunk.strip())
        if not fits:
            missing = _assign(readings[0], rest)
            raise NotationError("no_such_card", name=missing[2] if isinstance(missing, tuple) else chunk)
        out += fits[0]
    return out


def parse_deploy(db: CardDB, text: str, hand: Sequence[str]) -> Deploy:
    """A typed deploy: "all" (every deployable hand card), or the names of hand cards."""
    cards = [c for c in hand if not db.card(c).is_wa]
    chosen = cards if fold(text) in ALL_WORDS else parse_cards(db, text, cards)
    if not chosen:
        raise NotationError("no_cards", text=text)
    return Deploy(cards=tuple(chosen))


def parse_card(db: CardDB, text: str, among: Sequence[str]) -> str:
    """Exactly one card of ``among``."""
    cards = parse_cards(db, text, among)
    if len(cards) != 1:
        raise NotationError("no_such_card", name=text)
    return cards[0]


def format_acquire(db: CardDB, action: Acquire, console: ConsoleView, lang: str) -> str:
    """What to acquire as typed: the card's name on the console, "W-A", or "blind"."""
    if action.source == "blind":
        return "blind" if lang == "en" else "ブラインド"
    if action.source == "wa":
        return "W-A"
    slot = console.paid_slot if action.source == "paid" else console.free_slots[action.slot]
    return "?" if slot is None else short_name(db, slot.key, lang)


def parse_acquire(db: CardDB, text: str, console: ConsoleView) -> Acquire:
    """The acquisition ``text`` names on the console the chooser sees (``ABView.console``)."""
    folded = fold(text)
    if folded in BLIND_WORDS:
        return Acquire(source="blind")
    keys = name_index(db).get(folded, frozenset())
    if folded in WA_WORDS or (console.wa_top is not None and key_of(console.wa_top) in keys):
        return Acquire(source="wa")
    for slot in console.free_slots:
        if slot is not None and slot.key in keys:
            return Acquire(source="free", slot=slot.slot)
    if console.paid_slot is not None and console.paid_slot.key in keys:
        return Acquire(source="paid")
    raise NotationError("not_on_console", name=text)


def read_cards(db: CardDB, text: str, among: Sequence[str]) -> list[list[str]] | None:
    """Every way ``text`` names cards of ``among`` (each reading in the order written, one per kind of
    reading), ``[]`` when it names cards of the game but not ones in ``among``, ``None`` when a piece of it
    names no card at all. A card id ("ec2#2") names that copy."""
    readings: list[list[str]] = [[]]
    for chunk in (c for c in _SPLIT.split(text.strip()) if c.strip()):
        written = fold(chunk)
        pinned = [c for c in among if c == written] if "#" in written else []  # ids are folded already
        if "#" in written and key_of(written) in db.cards:
            mentions = [[(frozenset({key_of(written)}), 1, chunk)]]
        else:
            mentions = _readings(db, chunk)
        if not mentions:
            return None
        grown: dict[tuple[str, ...], list[str]] = {}
        for done in readings:
            rest = [c for c in among if c not in done]
            if pinned:
                rest = [c for c in rest if c == pinned[0]]
            for mention in mentions:
                got = _assign(mention, rest)
                if isinstance(got, list):
                    grown.setdefault(tuple(sorted(done + got)), done + got)
        readings = list(grown.values())
    return readings


def counted(cards: Iterable[str]) -> list[tuple[str, int]]:
    """Card kinds in order of first appearance with how many of each: [("ec2", 2), ("s3", 1)]."""
    return list(Counter(key_of(c) for c in cards).items())


# ------------------------------------------------------------------------------------------------ moves
PHRASES = {
    "deploy": Phrase(en="deploy {cards}", ja="{cards}をデプロイ"),
    "deploy_sunset": Phrase(en="deploy {cards} without effect", ja="{cards}を効果なしでデプロイ"),
    "retire": Phrase(en="retire {card}", ja="{card}をリタイア"),
    "move_to_deck": Phrase(en="top {card}", ja="{card}を山札の上へ", also=("move {card} to deck",)),
    "acquire": Phrase(en="acquire {what}", ja="{what}を獲得"),
    "acquire_slot": Phrase(en="acquire slot {slot}", ja="スロット{slot}を獲得", slots={"slot": "[0-9]+"}),
    "acquire_paid": Phrase(en="acquire paid", ja="有料枠を獲得"),
    "retire_builder": Phrase(en="retire builder {card}", ja="Builder {card}をリタイア"),
    "reveal_mission": Phrase(en="reveal mission", ja="ミッションを公開"),
    "solve_mission": Phrase(en="solve {mission}", ja="{mission}を達成"),
    "propose_reshuffle": Phrase(en="propose reshuffle", ja="リシャッフルを提案"),
    "vote_yes": Phrase(en="vote yes", ja="賛成", also=("yes",)),
    "vote_no": Phrase(en="vote no", ja="反対", also=("no",)),
    "end_turn": Phrase(en="end turn", ja="ターン終了", also=("end",)),
}
_WORDS: dict[str, ABAction] = {
    "reveal_mission": RevealMission(),
    "propose_reshuffle": ProposeReshuffle(),
    "vote_yes": Vote(agree=True),
    "vote_no": Vote(agree=False),
    "end_turn": EndTurn(),
}


def _anywhere(db: CardDB) -> list[str]:
    """Copies of every card, for naming cards that are not where a move takes them from (to refuse it)."""
    return [f"{key}#{n}" for key in db.cards for n in range(1, 9)]


class ABNotation(Phrasebook[ABState, ABAction]):
    """The notation protocol (``engines.core.notation``) over the readers above: "deploy Lambda, S3" /
    "Lambda、S3をデプロイ" (AB-5.2; "deploy all"; "... without effect" keeps a Sunset card, AB-5.3),
    "retire Bare Metal Host" (AB-5.1), "top S3" (AWS CDK), "acquire S3" / "S3を獲得" (AB-6; "acquire blind",
    "acquire W-A", "acquire slot 2", "acquire paid"), "retire builder ..." (AB-10), "reveal mission" and
    "solve <mission>" (AB-11), "propose reshuffle" and "vote yes" / "vote no" (AB-9), "end turn" (AB-7).
    Card lists are read by ``read_cards``; a card written by name is the first copy of it, by id that copy."""

    def _hand(self, state: ABState, seat: Seat) -> list[str]:
        piles = state.piles.get(seat)
        return [] if piles is None else list(piles.hand)

    def spell(self, state: ABState, seat: Seat, action: ABAction, lang: str, *, precise: bool) -> str:
        db = db_of(state)

        def one(card: str) -> str:
            return card if precise else short_name(db, card, lang)

        match action:
            case Deploy(cards=cards, decline_sunset=keep):
                hand = self._hand(state, seat)
                ordered = [c for c in hand if c in cards] + [c for c in cards if c not in hand]
                written = (
                    SEPARATOR.get(lang, ", ").join(ordered) if precise else format_cards(db, ordered, lang)
                )
                return PHRASES["deploy_sunset" if keep else "deploy"].write(lang, cards=written)
            case Retire(card=card) | MoveToDeck(card=card) | RetireBuilder(card=card):
                return PHRASES[action.type].write(lang, card=one(card))
            case Acquire(source=source, slot=slot):
                if precise and source == "free":
                    return PHRASES["acquire_slot"].write(lang, slot=str(slot + 1))
                if precise and source == "paid":
                    return PHRASES["acquire_paid"].write(lang)
                console = self.engine.view(state, seat).console
                return PHRASES["acquire"].write(lang, what=format_acquire(db, action, console, lang))
            case SolveMission(mission=mission):
                name = mission if precise else mission_name(db, mission, lang)
                return PHRASES["solve_mission"].write(lang, mission=name)
            case Vote(agree=agree):
                return PHRASES["vote_yes" if agree else "vote_no"].write(lang)
        return PHRASES[action.type].write(lang)

    def read(self, state: ABState, seat: Seat, text: str) -> Sequence[ABAction]:
        db = db_of(state)
        hand = self._hand(state, seat)
        out: list[ABAction] = []
        for key, keep in (("deploy", False), ("deploy_sunset", True)):
            for args in PHRASES[key].read(text):
                deployable = [c for c in hand if not db.card(c).is_wa]
                if fold(args["cards"]) in ALL_WORDS:
                    out.append(Deploy(cards=tuple(deployable), decline_sunset=keep))
                    continue
                found = read_cards(db, args["cards"], deployable)
                if found == []:  # cards of the game, not in hand: the first copies anywhere, to refuse
                    found = read_cards(db, args["cards"], _anywhere(db))
                out += [Deploy(cards=tuple(cards), decline_sunset=keep) for cards in found or []]
        piles = state.piles.get(seat)
        sources: dict[str, tuple[type[Retire | MoveToDeck | RetireBuilder], list[str]]] = {
            "retire": (Retire, hand),
            "move_to_deck": (MoveToDeck, [] if piles is None else list(piles.discard)),
            "retire_builder": (RetireBuilder, hand),
        }
        for key, (move, among) in sources.items():
            for args in PHRASES[key].read(text):
                found = read_cards(db, args["card"], among) or read_cards(db, args["card"], _anywhere(db))
                out += [move(card=cards[0]) for cards in found or [] if len(cards) == 1]
        out += self._acquire(state, seat, db, text)
        for args in PHRASES["solve_mission"].read(text):
            wanted = fold(args["mission"])
            for m in db.missions.values():
                if wanted in (fold(m.key), fold(m.name.en), fold(m.name.ja), fold(MISSION_PREFIX + m.key)):
                    shown = [r for r in state.missions_revealed if mission_key(r) == m.key]
                    out.append(SolveMission(mission=shown[0] if shown else MISSION_PREFIX + m.key))
        out += [action for key, action in _WORDS.items() if PHRASES[key].read(text)]
        return out

    def _acquire(self, state: ABState, seat: Seat, db: CardDB, text: str) -> list[ABAction]:
        out: list[ABAction] = []
        for args in PHRASES["acquire_slot"].read(text):
            out.append(Acquire(source="free", slot=int(args["slot"]) - 1))
        if PHRASES["acquire_paid"].read(text):
            out.append(Acquire(source="paid"))
        for args in PHRASES["acquire"].read(text):
            what = args["what"]
            try:
                out.append(parse_acquire(db, what, self.engine.view(state, seat).console))
            except NotationError as exc:
                if fold(what) in name_index(db):
                    # A card of the game, not on the console: no acquisition holds it, so it is refused
                    # here, as illegal rather than unreadable.
                    raise IllegalMove(text, None, exc) from None
        return out


__all__ = [
    "ALL_WORDS",
    "PHRASES",
    "ABNotation",
    "NotationError",
    "card_name",
    "counted",
    "fold",
    "format_acquire",
    "format_cards",
    "format_deploy",
    "mission_name",
    "name_index",
    "names_of",
    "parse_acquire",
    "parse_card",
    "parse_cards",
    "parse_deploy",
    "read_cards",
    "short_name",
    "without_prefix",
]
