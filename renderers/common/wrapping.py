"""Measuring and wrapping text in Japanese and English (``text`` fits and draws it).

Everything goes through :func:`renderers.common.fonts.runs`, so a symbol the primary face lacks (``✗``, ``⟲``)
is drawn by the fallback face in the same line, and fake bold is applied consistently.

Wrapping rules:

- Latin words break at spaces; a word longer than the line breaks after a slash or hyphen followed by a
  letter (``Aurora/`` ``DynamoDB/RDS``), and only failing that between characters.
- Japanese (and other CJK) text may break between any two characters.
- Basic kinsoku shori: closing brackets, small kana, the prolonged sound mark and punctuation
  (``、。」）ー…``) never start a line, and opening brackets (``「（``) never end one. The offending character
  moves to the next line together with its neighbour (oidashi), which is what Japanese readers expect in short
  UI labels.
- A zero-width space (U+200B) is a break opportunity that is not drawn, for data that knows where a long
  compound may break.
- ``phrases=True`` (for names and titles): Japanese breaks only where the script changes into kanji or
  katakana (城門の / 見張り番, 聖騎士 / ユリウス, 豪商の / 若旦那 / レオ): a run of kanji or katakana
  keeps the hiragana that follows it (okurigana, particles), and a middle dot ends a phrase.
  :func:`fit_text` then shrinks the text rather than break inside a phrase or a word, down to its
  ``min_size``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from .cache import bounded_cache
from .fonts import font, runs

__all__ = [
    "DEFAULT_LINE_SPACING",
    "ELLIPSIS",
    "NO_LINE_END",
    "NO_LINE_START",
    "ZWSP",
    "all_units",
    "block_height",
    "ellipsize",
    "line_height",
    "longest_line_width",
    "phrase_break",
    "text_width",
    "truncate_lines",
    "wrap_text",
]

ELLIPSIS = "…"
ZWSP = "\u200b"
"""Zero-width space: marks where a word may break (「データベース\u200bサーバー」); never drawn."""
DEFAULT_LINE_SPACING = 1.25

# Characters that must not begin a line (行頭禁則).
NO_LINE_START = frozenset(
    "、。，．,.・：；:;？！?!ー－‐–—…‥〜～゛゜ヽヾゝゞ々〻"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    ")]}）］｝〕〉》」』】〙〗〟’”»｣%％‰°′″℃"
)
# Characters that must not end a line (行末禁則).
NO_LINE_END = frozenset("([{（［｛〔〈《「『【〘〖〝‘“«｢")


def _is_cjk(char: str) -> bool:
    code = ord(char)
    return (
        0x2E80 <= code <= 0x9FFF  # CJK radicals, kana, CJK punctuation, unified ideographs
        or 0xF900 <= code <= 0xFAFF  # compatibility ideographs
        or 0xFE30 <= code <= 0xFE4F  # CJK compatibility forms
        or 0xFF00 <= code <= 0xFFEF  # full-width and half-width forms
        or 0x20000 <= code <= 0x3FFFF  # supplementary ideographs
        or unicodedata.east_asian_width(char) in ("W", "F")
    )


@bounded_cache(maxsize=8192)
def text_width(text: str, size: int, *, bold: bool = False) -> int:
    """Advance width of one line of ``text`` at ``size`` px, including the fake-bold stroke."""
    if not text:
        return 0
    parts = runs(text, size, bold=bold)
    width = sum(part_font.getlength(part) for part, part_font in parts)
    stroke = parts[0][1].stroke if parts else 0.0
    return round(width + 2 * stroke)


def line_height(size: int, spacing: float = DEFAULT_LINE_SPACING) -> int:
    """Distance between two baselines."""
    return max(1, round(size * spacing))


def block_height(size: int, lines: int, spacing: float) -> int:
    if lines <= 0:
        return 0
    ascent, descent = font(size).getmetrics()
    return ascent + descent + (lines - 1) * line_height(size, spacing)


def _script(char: str) -> str:
    """The script class phrase breaking looks at: kanji, hiragana, katakana or other."""
    code = ord(char)
    if 0x3041 <= code <= 0x309F:
        return "hiragana"
    if (0x30A0 <= code <= 0x30FF and char != "・") or 0x31F0 <= code <= 0x31FF or 0xFF66 <= code <= 0xFF9F:
        return "katakana"
    if (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0xF900 <= code <= 0xFAFF
        or 0x20000 <= code <= 0x3FFFF
        or char in "々〆〇ヶ"
    ):
        return "kanji"
    return "other"


_PHRASE_ENDS = frozenset("・、。，．！？!?：；")
_NUMBER = frozenset("0123456789+-−×#")


def phrase_break(before: str, after: str) -> bool:
    """May a line break between these two characters of a name or title (``phrases=True``; ``after`` is a
    CJK character, ``before`` the one it follows, of any script)?"""
    if before in _PHRASE_ENDS:
        return True
    a, b = _script(before), _script(after)
    if before.isdigit() and b in ("kanji", "katakana"):
        return False  # a number keeps its counter or unit: 1枚, ３点, 2クレジット
    if b == "hiragana":
        return False  # okurigana and particles stay with what they follow, even after a closing bracket
    if a == "other" or b == "other":
        return True  # other punctuation stands alone; the kinsoku glue decides where it goes
    return b in ("kanji", "katakana") and a != b


def _units(paragraph: str, phrases: bool = False) -> list[str]:
    """Split a paragraph into unbreakable units: words, runs of spaces and single CJK characters (with
    ``phrases``, runs of CJK characters between the breaks :func:`phrase_break` allows)."""
    units: list[str] = []
    word = ""

    def push(word: str) -> None:
        previous = units[-1] if units else ""
        counted = bool(previous) and _script(previous[-1]) in ("kanji", "katakana")
        if phrases and counted and word[0] in _NUMBER:
            units[-1] += word  # a number stays with the word it counts: ドロー1, 導入+1
        else:
            units.append(word)

    for ch in paragraph:
        if ch == ZWSP:
            # An explicit break opportunity (data that knows where a compound may break): it ends the
            # current unit and is not drawn.
            if word:
                push(word)
                word = ""
            units.append("")
            continue
        if ch == " ":
            if word:
                push(word)
                word = ""
            if units and units[-1].isspace():
                units[-1] += ch
            else:
                units.append(ch)
        elif _is_cjk(ch):
            if word:
                push(word)
                word = ""
            previous = units[-1][-1] if units and units[-1] and not units[-1].isspace() else ""
            if phrases and previous and not phrase_break(previous, ch):
                units[-1] += ch
            else:
                units.append(ch)
        else:
            word += ch
    if word:
        push(word)

    # Kinsoku: glue forbidden line-starters to the unit before them and line-enders to the unit after.
    glued: list[str] = []
    carry = ""
    for unit in units:
        if not unit:  # an explicit break (zero-width space): nothing glues across it
            if carry:
                glued.append(carry)
                carry = ""
            glued.append("")
            continue
        unit = carry + unit
        carry = ""
        if glued and not unit.isspace() and unit[0] in NO_LINE_START and not glued[-1].isspace():
            glued[-1] += unit
        elif not unit.isspace() and unit[-1] in NO_LINE_END:
            carry = unit
        else:
            glued.append(unit)
    if carry:
        glued.append(carry)
    return [unit for unit in glued if unit]


#: Inside a word too long for its line, a line may end after these when a letter follows (never inside
#: "0/0" or "-3"): "Aurora/" "DynamoDB/RDS" reads as names, "Aurora/Dynam" "oDB/RDS" does not.
SOFT_BREAK_AFTER = frozenset("/-")


def _soft_pieces(unit: str) -> list[str]:
    """``unit`` cut after each ``SOFT_BREAK_AFTER`` character that a letter follows."""
    pieces: list[str] = []
    start = 0
    for k in range(1, len(unit)):
        if unit[k - 1] in SOFT_BREAK_AFTER and unit[k].isalpha():
            pieces.append(unit[start:k])
            start = k
    pieces.append(unit[start:])
    return pieces


def _hard_break(unit: str, width: int, size: int, bold: bool) -> list[str]:
    """Break an overlong unit between characters, still honouring kinsoku where there is room."""
    pieces: list[str] = []
    current = ""
    for ch in unit:
        if current and text_width(current + ch, size, bold=bold) > width:
            if ch in NO_LINE_START and len(current) > 1:
                pieces.append(current[:-1])
                current = current[-1]
            else:
                pieces.append(current)
                current = ""
        current += ch
    if current:
        pieces.append(current)
    return pieces


def wrap_text(
    text: str, width: int, size: int, *, bold: bool = False, balance: bool = False, phrases: bool = False
) -> list[str]:
    """Lines of ``text`` no wider than ``width`` px at ``size`` px; ``\\n`` forces a break.

    A single character wider than ``width`` still gets a line of its own (nothing is ever dropped).
    ``balance`` evens out the line lengths (same number of lines, narrowest width), so a short title never
    ends with one orphaned character ("歩き売りの少 / 女" becomes "歩き売り / の少女"). ``phrases`` breaks
    Japanese only between phrases (see the module notes).
    """
    lines = _greedy_wrap(text, width, size, bold, phrases)
    if not balance or len(lines) < 2:
        return lines
    # Never narrower than the widest unbreakable unit: balancing must not hard-break a word.
    units = [unit for unit in all_units(text, phrases) if not unit.isspace()]
    low = min(width, max((text_width(unit, size, bold=bold) for unit in units), default=1))
    high = width
    while low < high:
        mid = (low + high) // 2
        if len(_greedy_wrap(text, mid, size, bold, phrases)) <= len(lines):
            high = mid
        else:
            low = mid + 1
    return _greedy_wrap(text, low, size, bold, phrases)


def all_units(text: str, phrases: bool) -> list[str]:
    return [unit for paragraph in text.split("\n") for unit in _units(paragraph, phrases)]


def _greedy_wrap(text: str, width: int, size: int, bold: bool, phrases: bool = False) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for whole in _units(paragraph, phrases):
            if whole.isspace():
                if current:
                    current += whole
                continue
            # A word too long for any line breaks after a slash or hyphen before it breaks anywhere.
            fits = text_width(whole, size, bold=bold) <= width
            for unit in [whole] if fits else _soft_pieces(whole):
                current = _place(unit, current, lines, width, size, bold)
        lines.append(current.rstrip())
    return lines


def _place(unit: str, current: str, lines: list[str], width: int, size: int, bold: bool) -> str:
    """Put ``unit`` on the line being filled (``current``) or start a new one, appending finished lines to
    ``lines``; returns the line now being filled."""
    candidate = current + unit
    if text_width(candidate.rstrip(), size, bold=bold) <= width:
        return candidate
    if current.strip():
        lines.append(current.rstrip())
    if text_width(unit, size, bold=bold) <= width:
        return unit
    *full, rest = _hard_break(unit, width, size, bold)
    lines.extend(full)
    return rest


def ellipsize(line: str, width: int, size: int, *, bold: bool = False) -> str:
    """``line`` shortened with a trailing "…" so it fits ``width`` px (just "…" if nothing else fits)."""
    if text_width(line, size, bold=bold) <= width:
        return line
    kept = line
    while kept and text_width(kept.rstrip() + ELLIPSIS, size, bold=bold) > width:
        kept = kept[:-1]
    return kept.rstrip() + ELLIPSIS


def truncate_lines(lines: list[str], max_lines: int, width: int, size: int, bold: bool) -> list[str]:
    if len(lines) <= max_lines:
        return lines
    if max_lines <= 0:
        return []
    kept = lines[:max_lines]
    last = kept[-1] + ELLIPSIS  # force the ellipsis even when the last kept line fits on its own
    kept[-1] = ellipsize(last, width, size, bold=bold) if text_width(last, size, bold=bold) > width else last
    return kept


def longest_line_width(lines: Sequence[str], size: int, *, bold: bool = False) -> int:
    """Width of the widest of ``lines``; handy for sizing a panel around text."""
    return max((text_width(line, size, bold=bold) for line in lines), default=0)
