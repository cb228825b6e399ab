"""Measuring, wrapping, fitting and drawing text in Japanese and English.

Everything goes through :func:`renderers.common.fonts.runs`, so a symbol the primary face lacks (``✗``, ``⟲``)
is drawn by the fallback face in the same line, and fake bold is applied consistently.

Wrapping rules:

- Latin words break at spaces; a word longer than the line is hard-broken between characters.
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

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw

from .cache import bounded_cache
from .fonts import DeckFont, font, font_chain, runs

__all__ = [
    "Align",
    "Box",
    "Colour",
    "TextBlock",
    "VAlign",
    "draw_line",
    "draw_text",
    "ellipsize",
    "fit_text",
    "layout_text",
    "line_height",
    "longest_line_width",
    "text_width",
    "wrap_text",
]

Box = tuple[int, int, int, int]
"""(left, top, right, bottom) in pixels, right/bottom exclusive like Pillow's boxes."""
Colour = tuple[int, int, int] | tuple[int, int, int, int]
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]

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


def _block_height(size: int, lines: int, spacing: float) -> int:
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
    units = [unit for unit in _all_units(text, phrases) if not unit.isspace()]
    low = min(width, max((text_width(unit, size, bold=bold) for unit in units), default=1))
    high = width
    while low < high:
        mid = (low + high) // 2
        if len(_greedy_wrap(text, mid, size, bold, phrases)) <= len(lines):
            high = mid
        else:
            low = mid + 1
    return _greedy_wrap(text, low, size, bold, phrases)


def _all_units(text: str, phrases: bool) -> list[str]:
    return [unit for paragraph in text.split("\n") for unit in _units(paragraph, phrases)]


def _greedy_wrap(text: str, width: int, size: int, bold: bool, phrases: bool = False) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for unit in _units(paragraph, phrases):
            if unit.isspace():
                if current:
                    current += unit
                continue
            candidate = current + unit
            if text_width(candidate.rstrip(), size, bold=bold) <= width:
                current = candidate
                continue
            if current.strip():
                lines.append(current.rstrip())
            current = ""
            if text_width(unit, size, bold=bold) <= width:
                current = unit
            else:
                *full, current = _hard_break(unit, width, size, bold)
                lines.extend(full)
        lines.append(current.rstrip())
    return lines


def ellipsize(line: str, width: int, size: int, *, bold: bool = False) -> str:
    """``line`` shortened with a trailing "…" so it fits ``width`` px (just "…" if nothing else fits)."""
    if text_width(line, size, bold=bold) <= width:
        return line
    kept = line
    while kept and text_width(kept.rstrip() + ELLIPSIS, size, bold=bold) > width:
        kept = kept[:-1]
    return kept.rstrip() + ELLIPSIS


def _truncate(lines: list[str], max_lines: int, width: int, size: int, bold: bool) -> list[str]:
    if len(lines) <= max_lines:
        return lines
    if max_lines <= 0:
        return []
    kept = lines[:max_lines]
    last = kept[-1] + ELLIPSIS  # force the ellipsis even when the last kept line fits on its own
    kept[-1] = ellipsize(last, width, size, bold=bold) if text_width(last, size, bold=bold) > width else last
    return kept


def fit_text(
    text: str,
    width: int,
    height: int,
    max_size: int,
    min_size: int = 14,
    *,
    bold: bool = False,
    spacing: float = DEFAULT_LINE_SPACING,
    wrap: bool = True,
    max_lines: int | None = None,
    balance: bool = False,
    phrases: bool = False,
) -> tuple[int, list[str]]:
    """The largest font size in ``[min_size, max_size]`` at which ``text`` fits ``width`` x ``height``.

    Returns ``(size, lines)``. If even ``min_size`` does not fit, the size is ``min_size`` and the lines are
    cut to what fits, the last one ending in "…"; so the result always fits unless a single line of
    ``min_size`` text is taller than ``height``. ``wrap=False`` keeps the text on one line.
    """
    size, lines = _fit(
        text, width, height, max_size, min_size, bold, spacing, wrap, max_lines, balance, phrases
    )
    return size, list(lines)


@bounded_cache(maxsize=4096)
def _fit(
    text: str,
    width: int,
    height: int,
    max_size: int,
    min_size: int,
    bold: bool,
    spacing: float,
    wrap: bool,
    max_lines: int | None,
    balance: bool,
    phrases: bool,
) -> tuple[int, tuple[str, ...]]:
    if min_size > max_size:
        raise ValueError(f"min_size {min_size} > max_size {max_size}")

    def lines_at(size: int) -> list[str]:
        if not wrap:
            return text.split("\n")
        return wrap_text(text, width, size, bold=bold, balance=balance, phrases=phrases)

    # With phrases, a phrase or word wider than the line would be broken inside: shrink rather than that.
    units = [unit for unit in _all_units(text, phrases) if not unit.isspace()] if phrases and wrap else []

    def fits(size: int) -> tuple[bool, list[str]]:
        if any(text_width(unit, size, bold=bold) > width for unit in units):
            return False, []
        lines = lines_at(size)
        if max_lines is not None and len(lines) > max_lines:
            return False, lines
        if _block_height(size, len(lines), spacing) > height:
            return False, lines
        return all(text_width(line, size, bold=bold) <= width for line in lines), lines

    # Fitting is monotonic in practice (bigger glyphs never wrap into fewer lines), so bisect.
    low, high = min_size, max_size
    best: tuple[int, list[str]] | None = None
    while low <= high:
        mid = (low + high) // 2
        ok, lines = fits(mid)
        if ok:
            best = (mid, lines)
            low = mid + 1
        else:
            high = mid - 1
    if best is not None:
        return best[0], tuple(best[1])

    lines = lines_at(min_size)
    room = 1
    while _block_height(min_size, room + 1, spacing) <= height:
        room += 1
    if max_lines is not None:
        room = min(room, max_lines)
    lines = [ellipsize(line, width, min_size, bold=bold) for line in lines]
    return min_size, tuple(_truncate(lines, room, width, min_size, bold))


@dataclass(frozen=True)
class TextBlock:
    """Where text was (or would be) drawn: the font size, the lines and the box they occupy."""

    size: int
    lines: tuple[str, ...]
    box: Box


def layout_text(
    box: Box,
    text: str,
    *,
    size: int | None = None,
    max_size: int | None = None,
    min_size: int = 14,
    bold: bool = False,
    align: Align = "left",
    valign: VAlign = "top",
    spacing: float = DEFAULT_LINE_SPACING,
    wrap: bool = True,
    max_lines: int | None = None,
    balance: bool = False,
    phrases: bool = False,
) -> tuple[TextBlock, list[tuple[int, int]]]:
    """Compute what :func:`draw_text` would draw: the block and each line's baseline-left origin."""
    block, origins = _layout(
        box, text, size, max_size, min_size, bold, align, valign, spacing, wrap, max_lines, balance, phrases
    )
    return block, list(origins)


@bounded_cache(maxsize=4096)
def _layout(
    box: Box,
    text: str,
    size: int | None,
    max_size: int | None,
    min_size: int,
    bold: bool,
    align: Align,
    valign: VAlign,
    spacing: float,
    wrap: bool,
    max_lines: int | None,
    balance: bool,
    phrases: bool,
) -> tuple[TextBlock, tuple[tuple[int, int], ...]]:
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    if size is None:
        ceiling = max(min_size, max_size if max_size is not None else height)
        size, lines = fit_text(
            text,
            width,
            height,
            ceiling,
            min_size,
            bold=bold,
            spacing=spacing,
            wrap=wrap,
            max_lines=max_lines,
            balance=balance,
            phrases=phrases,
        )
    else:
        lines = (
            wrap_text(text, width, size, bold=bold, balance=balance, phrases=phrases)
            if wrap
            else text.split("\n")
        )
        room = max_lines if max_lines is not None else len(lines)
        while room > 1 and _block_height(size, room, spacing) > height:
            room -= 1
        lines = _truncate(
            [ellipsize(line, width, size, bold=bold) for line in lines], room, width, size, bold
        )

    block_h = _block_height(size, len(lines), spacing)
    if valign == "middle":
        y = top + (height - block_h) // 2
    elif valign == "bottom":
        y = bottom - block_h
    else:
        y = top
    ascent = font(size).getmetrics()[0]
    origins: list[tuple[int, int]] = []
    widths = [text_width(line, size, bold=bold) for line in lines]
    for i, line_w in enumerate(widths):
        if align == "center":
            x = left + (width - line_w) // 2
        elif align == "right":
            x = right - line_w
        else:
            x = left
        origins.append((x, y + ascent + i * line_height(size, spacing)))
    used_left = min((x for x, _ in origins), default=left)
    used_right = max((x + w for (x, _), w in zip(origins, widths, strict=True)), default=left)
    return TextBlock(size, tuple(lines), (used_left, y, used_right, y + block_h)), tuple(origins)


def draw_line(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    *,
    fill: Colour,
    bold: bool = False,
    shadow: Colour | None = None,
) -> int:
    """Draw one line with its left end at ``xy[0]`` and baseline at ``xy[1]``; returns the advance width."""
    x, baseline = xy
    start = x
    for part, part_font in runs(text, size, bold=bold):
        _draw_run(draw, (x, baseline), part, part_font, fill, shadow)
        x += _advance(part, part_font.face_index, size, bold)
    return round(x - start)


@bounded_cache(maxsize=8192)
def _advance(part: str, face_index: int, size: int, bold: bool) -> float:
    return font_chain(size, bold=bold)[face_index].getlength(part)


def _draw_run(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    part: str,
    part_font: DeckFont,
    fill: Colour,
    shadow: Colour | None,
) -> None:
    # The stroke is outset from the glyph, so shift by it to keep the ink inside the measured width.
    x, y = xy[0] + part_font.stroke, xy[1]
    mask, left, top = _run_mask(part, part_font.face_index, round(part_font.size), part_font.bold)
    if shadow is not None:
        offset = max(1, round(part_font.size / 16))
        draw.bitmap((round(x + left), round(y + offset + top)), mask, fill=shadow)
    draw.bitmap((round(x + left), round(y + top)), mask, fill=fill)


@bounded_cache(maxsize=4096)
def _run_mask(part: str, face_index: int, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """The coverage mask of one run as FreeType renders it (fake bold included), with its offset from the
    run's origin on the baseline. Rendering glyphs is most of the cost of drawing text and pictures repeat
    their labels, names and numbers, so the masks are kept (bounded LRU) and only painted each time, by the
    same call Pillow's own ``text`` ends in."""
    run_font = font_chain(size, bold=bold)[face_index]
    box = run_font.getbbox(part, anchor="ls", stroke_width=run_font.stroke)
    left, top = math.floor(box[0]), math.floor(box[1])
    mask = Image.new("L", (max(1, math.ceil(box[2]) - left), max(1, math.ceil(box[3]) - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top),
        part,
        font=run_font,
        fill=255,
        anchor="ls",
        stroke_width=run_font.stroke,
        stroke_fill=255,
    )
    return mask, left, top


def draw_text(
    target: Image.Image | ImageDraw.ImageDraw,
    box: Box,
    text: str,
    *,
    size: int | None = None,
    max_size: int | None = None,
    min_size: int = 14,
    fill: Colour = (255, 255, 255),
    bold: bool = False,
    align: Align = "left",
    valign: VAlign = "top",
    spacing: float = DEFAULT_LINE_SPACING,
    wrap: bool = True,
    max_lines: int | None = None,
    balance: bool = False,
    phrases: bool = False,
    shadow: Colour | None = None,
) -> TextBlock:
    """Draw ``text`` inside ``box`` and return where it went.

    With ``size`` the text is wrapped at that size and cut with "…" if it overflows the box. Without it the
    largest size between ``min_size`` and ``max_size`` (default: the box height) that fits is chosen.
    ``shadow`` adds a 1-2 px drop shadow, useful for light text on the felt.
    """
    draw = ImageDraw.Draw(target) if isinstance(target, Image.Image) else target
    block, origins = layout_text(
        box,
        text,
        size=size,
        max_size=max_size,
        min_size=min_size,
        bold=bold,
        align=align,
        valign=valign,
        spacing=spacing,
        wrap=wrap,
        max_lines=max_lines,
        balance=balance,
        phrases=phrases,
    )
    for line, origin in zip(block.lines, origins, strict=True):
        draw_line(draw, origin, line, block.size, fill=fill, bold=bold, shadow=shadow)
    return block


def longest_line_width(lines: Sequence[str], size: int, *, bold: bool = False) -> int:
    """Width of the widest of ``lines``; handy for sizing a panel around text."""
    return max((text_width(line, size, bold=bold) for line in lines), default=0)
