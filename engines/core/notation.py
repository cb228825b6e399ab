"""How players write moves: the notation protocol every game implements, and the text folding it reads with.

Modelled on python-chess's ``Board.san`` / ``Board.parse_san``: ``format`` writes a typed action as a player
would type it, ``parse`` reads typed text back to an action, and a refusal says *why* with one of three
errors, each a ``GameError`` with a stable code (the bot words it from its catalogs):

- ``UnreadableMove`` (``unreadable_move``): the text is not a move of this game at all;
- ``IllegalMove`` (``illegal_move``): the text reads as a move, but that move is not legal now (``reason`` is
  the engine's own refusal code when it gave one, e.g. ``not_your_turn``);
- ``AmbiguousMove`` (``ambiguous_move``): the text reads as more than one legal move (``moves`` holds them,
  so the bot can offer each, written with ``format``).

A game implements it by subclassing ``Phrasebook`` (``spell`` and ``read``) and exposing it as
``engine.notation``; see docs/adding-a-game.md.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from engines.core.errors import GameError, IllegalAction
from engines.core.models import Action, ActionT, GameState, Seat, StateT

if TYPE_CHECKING:
    from engines.core.engine import Engine

#: Written between the words of a Japanese name ("ベア・メタル"); read as a space.
_MIDDLE_DOTS: dict[int, int] = {ord("・"): ord(" ")}
#: ... and katakana as hiragana.
_KANA: dict[int, int] = _MIDDLE_DOTS | {c: c - 0x60 for c in range(ord("ァ"), ord("ヶ") + 1)}


def fold(text: str, *, spaces: bool = False, kana: bool = True) -> str:
    """The one form typed text is compared in: NFKC (full-width "ｓ３" is "s3"), case-folded, katakana as
    hiragana (so either kana meets), middle dots as spaces; spaces then dropped, or, with ``spaces=True``,
    kept as single spaces for readers that split at them. ``kana=False`` keeps katakana, for readers that
    quote a piece of the text back to the player as written. Idempotent."""
    text = unicodedata.normalize("NFKC", text).casefold().translate(_KANA if kana else _MIDDLE_DOTS)
    return " ".join(text.split()) if spaces else "".join(text.split())


# ------------------------------------------------------------------------------------------------ errors
class NotationError(GameError):
    """Typed text that ``Notation.parse`` refuses. ``params["text"]`` is the text as typed."""

    code = "notation_error"

    def __init__(self, text: str, game: str | None = None, **params: Any) -> None:
        super().__init__(text=text, **params)
        self.text = text
        self.game = game


class UnreadableMove(NotationError):
    """The text is not a move of this game (a syntax error): nothing in it names a move."""

    code = "unreadable_move"


class IllegalMove(NotationError, IllegalAction):
    """The text reads as ``move``, which is not legal now. ``params["reason"]`` is the engine's refusal code
    (``""`` when the engine gave none), ``cause`` that refusal itself, for its own parameters. ``move`` is
    ``None`` when no action can hold what was written (five cards in a group, a card not on offer)."""

    code = "illegal_move"

    def __init__(
        self, text: str, move: Action | None, cause: GameError | None = None, game: str | None = None
    ) -> None:
        super().__init__(text, game, reason=cause.code if cause is not None else "")
        self.move = move
        self.cause = cause


class AmbiguousMove(NotationError):
    """The text reads as each of ``moves`` (legal, two or more). ``params["count"]`` is how many."""

    code = "ambiguous_move"

    def __init__(self, text: str, moves: Sequence[Action], game: str | None = None) -> None:
        super().__init__(text, game, count=len(moves))
        self.moves: tuple[Action, ...] = tuple(moves)


# ------------------------------------------------------------------------------------------------ protocol
_S_contra = TypeVar("_S_contra", bound=GameState, contravariant=True)
_A = TypeVar("_A", bound=Action)


class Notation(Protocol[_S_contra, _A]):
    """What every engine exposes as ``engine.notation``.

    ``format`` is how ``seat`` would type ``action`` in ``state`` in ``lang``; for a legal action it reads
    back (``parse``) to that same action in either language. ``parse`` reads either language, whatever
    the case, width or spacing, and raises ``UnreadableMove``, ``IllegalMove`` or ``AmbiguousMove``."""

    def format(self, state: _S_contra, seat: Seat, action: _A, lang: str) -> str: ...

    def parse(self, state: _S_contra, seat: Seat, text: str) -> _A: ...


# ------------------------------------------------------------------------------------------------ phrases
@functools.lru_cache(maxsize=1024)
def _pattern(form: str, slots: tuple[tuple[str, str], ...]) -> re.Pattern[str]:
    """A phrase form ("give {card}") as a regex over folded text: literal words folded, spaces optional,
    each ``{slot}`` its own pattern (any text by default)."""
    where = dict(slots)
    out = []
    for i, piece in enumerate(re.split(r"(\{\w+\})", form)):
        if i % 2:
            name = piece[1:-1]
            out.append(f"(?P<{name}>{where.get(name, '.+?')})")
        elif piece.strip():
            out.append(r"\s*".join(re.escape(w) for w in fold(piece, spaces=True).split(" ")))
        out.append(r"\s*")
    return re.compile("^" + "".join(out) + "$")


@dataclass(frozen=True)
class Phrase:
    """How one kind of move is worded: a form per language (``{name}`` marks an argument, written by the
    game), plus ``also``, more forms read but never written. ``slots`` gives an argument a regex over
    folded text where it must not swallow its neighbours (a cell name after a card name)."""

    en: str
    ja: str
    also: tuple[str, ...] = ()
    slots: Mapping[str, str] = field(default_factory=dict)

    def write(self, lang: str, **args: str) -> str:
        return (self.ja if lang == "ja" else self.en).format(**args)

    def read(self, text: str) -> list[dict[str, str]]:
        """The arguments of every form ``text`` fits (folded, spaces kept); ``[]`` when none does."""
        typed = fold(text, spaces=True)
        found: list[dict[str, str]] = []
        for form in dict.fromkeys((self.en, self.ja, *self.also)):
            match = _pattern(form, tuple(sorted(self.slots.items()))).match(typed)
            if match is not None and match.groupdict() not in found:
                found.append(match.groupdict())
        return found


class NameIndex:
    """Folded spelling -> the keys it names, for a game's cards (or any named things): every name in both
    languages, the key itself and the aliases. A spelling may name several keys (a shared alias)."""

    def __init__(self, names: Mapping[str, Iterable[str]]) -> None:
        table: dict[str, set[str]] = {}
        for key, spellings in names.items():
            for spelling in (key, *spellings):
                table.setdefault(fold(spelling), set()).add(key)
        self._table = {name: frozenset(keys) for name, keys in table.items()}

    def keys(self, text: str) -> frozenset[str]:
        return self._table.get(fold(text), frozenset())


# ------------------------------------------------------------------------------------------------ base
class Phrasebook(ABC, Generic[StateT, ActionT]):
    """A ``Notation`` from two parts a game writes: ``spell`` (an action as text) and ``read`` (every action
    a text may mean, legal or not). ``parse`` keeps the readings that are legal; ``format`` writes the plain
    spelling when it reads back to the action, else the precise one (a second copy of a card by its id)."""

    def __init__(self, engine: Engine[StateT, Any, ActionT, Any]) -> None:
        self.engine = engine

    @abstractmethod
    def spell(self, state: StateT, seat: Seat, action: ActionT, lang: str, *, precise: bool) -> str:
        """``action`` as typed. ``precise`` must name exactly this action, even among equal-looking ones
        (two copies of a card); the plain spelling may leave that to the reader's canonical choice."""

    @abstractmethod
    def read(self, state: StateT, seat: Seat, text: str) -> Sequence[ActionT]:
        """Every action ``text`` may stand for in ``state``, legal or not; ``[]`` when it is no move of this
        game. May raise ``IllegalMove`` for text that reads as a move no action can hold (five cards)."""

    def same(self, legal: ActionT, reading: ActionT) -> bool:
        """Whether a reading names that legal action (games whose actions list cards in an order that
        does not matter override this)."""
        return legal == reading

    # -- the protocol ----------------------------------------------------------------------------
    def format(self, state: StateT, seat: Seat, action: ActionT, lang: str) -> str:
        plain = self.spell(state, seat, action, lang, precise=False)
        try:
            if self.parse(state, seat, plain) == action:
                return plain
        except NotationError:
            pass  # not legal now, or ambiguous: the precise spelling names it anyway
        return self.spell(state, seat, action, lang, precise=True)

    def parse(self, state: StateT, seat: Seat, text: str) -> ActionT:
        game = self.engine.id
        if not fold(text):
            raise UnreadableMove(text, game)
        try:
            readings = list(self.read(state, seat, text))
        except NotationError as exc:
            exc.game = game
            raise
        if not readings:
            raise UnreadableMove(text, game)
        hits: list[ActionT] = []
        for action in self.engine.legal_actions(state, seat):
            if action not in hits and any(self.same(action, r) for r in readings):
                hits.append(action)
        if len(hits) == 1:
            return hits[0]
        if hits:
            raise AmbiguousMove(text, hits, game)
        raise IllegalMove(text, readings[0], self._refusal(state, seat, readings[0]), game)

    def _refusal(self, state: StateT, seat: Seat, move: ActionT) -> GameError | None:
        """Why the engine refuses ``move`` (it works on a copy: the state is unchanged)."""
        try:
            self.engine.apply(state, seat, move)
        except GameError as exc:
            return exc
        return None


__all__ = [
    "AmbiguousMove",
    "IllegalMove",
    "NameIndex",
    "Notation",
    "NotationError",
    "Phrase",
    "Phrasebook",
    "UnreadableMove",
    "fold",
]
