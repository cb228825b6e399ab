"""Bundled fonts and the per-character fallback chain.

IPAexGothic (``ipaexg.ttf``) is the primary face: it covers Japanese, Latin and the card suits. It lacks a few
symbols the games use (``✗ ✘ ⟲ ⟳ ⚠ ♛ ≤ ≥`` …), so DejaVu Sans is bundled as a fallback and text is drawn as
runs, each in the first face of the chain that has the glyph (see :func:`runs`).

IPAexGothic has no bold face. Bold is faked by stroking the glyphs in their own colour with a width
proportional to the size (:func:`bold_stroke`); the text helpers apply it, so a "bold" font returned here
carries its stroke width and callers never handle it by hand. Mixing a real DejaVu Bold with a stroked
IPAexGothic looked uneven in a single line, so every face is emboldened the same way.

The coverage of each face is read from its own ``cmap`` table (formats 4 and 12), so there is no dependency
on fontTools.

Loaded fonts are cached for the life of the process and shared by the bot's render threads; Pillow calls
FreeType with the GIL held, so sharing one face between threads is safe.
"""

from __future__ import annotations

import struct
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import ImageFont

from .cache import bounded_cache

__all__ = [
    "FONT_DIR",
    "DeckFont",
    "FontFace",
    "bold_stroke",
    "covering_face",
    "faces",
    "font",
    "font_chain",
    "missing_glyphs",
    "runs",
]

FONT_DIR = Path(__file__).resolve().parent / "fonts"

# Order matters: the first face that has a glyph draws it.
_FACE_FILES: tuple[tuple[str, str], ...] = (
    ("IPAexGothic", "ipaexg.ttf"),
    ("DejaVu Sans", "DejaVuSans.ttf"),
)


@dataclass(frozen=True)
class FontFace:
    """One bundled font file and the code points its ``cmap`` maps to a real glyph."""

    name: str
    path: Path
    codepoints: frozenset[int]

    def has(self, char: str) -> bool:
        return ord(char) in self.codepoints


class DeckFont(ImageFont.FreeTypeFont):
    """A FreeType font that remembers whether it is (fake) bold and which face of the chain it is."""

    bold: bool = False
    stroke: float = 0.0
    face_index: int = 0


def _read_cmap(path: Path) -> frozenset[int]:
    data = path.read_bytes()
    (num_tables,) = struct.unpack_from(">H", data, 4)
    cmap_offset = None
    for i in range(num_tables):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap_offset = offset
            break
    if cmap_offset is None:
        raise ValueError(f"{path.name}: no cmap table")

    points: set[int] = set()
    (num_subtables,) = struct.unpack_from(">H", data, cmap_offset + 2)
    for i in range(num_subtables):
        platform, encoding, sub_offset = struct.unpack_from(">HHI", data, cmap_offset + 4 + 8 * i)
        # Unicode subtables only: platform 0 (Unicode) or 3 with encoding 1 (BMP) / 10 (full repertoire).
        if not (platform == 0 or (platform == 3 and encoding in (1, 10))):
            continue
        start = cmap_offset + sub_offset
        (fmt,) = struct.unpack_from(">H", data, start)
        if fmt == 4:
            points |= _cmap_format4(data, start)
        elif fmt == 12:
            points |= _cmap_format12(data, start)
    return frozenset(points)


def _cmap_format4(data: bytes, start: int) -> set[int]:
    (seg_x2,) = struct.unpack_from(">H", data, start + 6)
    segs = seg_x2 // 2
    ends = struct.unpack_from(f">{segs}H", data, start + 14)
    starts = struct.unpack_from(f">{segs}H", data, start + 16 + seg_x2)
    deltas = struct.unpack_from(f">{segs}h", data, start + 16 + 2 * seg_x2)
    range_offsets_at = start + 16 + 3 * seg_x2
    range_offsets = struct.unpack_from(f">{segs}H", data, range_offsets_at)
    points: set[int] = set()
    for k in range(segs):
        for code in range(starts[k], ends[k] + 1):
            if code == 0xFFFF:
                continue
            if range_offsets[k] == 0:
                glyph = (code + deltas[k]) & 0xFFFF
            else:
                at = range_offsets_at + 2 * k + range_offsets[k] + 2 * (code - starts[k])
                (glyph,) = struct.unpack_from(">H", data, at)
                if glyph:
                    glyph = (glyph + deltas[k]) & 0xFFFF
            # Glyph 0 is .notdef: the "tofu" box, i.e. not covered.
            if glyph:
                points.add(code)
    return points


def _cmap_format12(data: bytes, start: int) -> set[int]:
    (groups,) = struct.unpack_from(">I", data, start + 12)
    points: set[int] = set()
    for k in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * k)
        points.update(range(first if glyph else first + 1, last + 1))
    return points


@cache
def faces() -> tuple[FontFace, ...]:
    """The fallback chain, primary face first."""
    return tuple(
        FontFace(name=name, path=FONT_DIR / file, codepoints=_read_cmap(FONT_DIR / file))
        for name, file in _FACE_FILES
    )


def bold_stroke(size: int) -> float:
    """Stroke width that makes text at ``size`` px look bold (Pillow accepts fractional strokes)."""
    return max(0.5, size * 0.035)


@bounded_cache(maxsize=512)
def _load(face_index: int, size: int, bold: bool) -> DeckFont:
    loaded = DeckFont(str(faces()[face_index].path), size)
    loaded.bold = bold
    loaded.stroke = bold_stroke(size) if bold else 0.0
    loaded.face_index = face_index
    return loaded


def font(size: int, *, bold: bool = False) -> DeckFont:
    """The primary face (IPAexGothic) at ``size`` px; cached, so calling it in a loop is cheap.

    Use the text helpers (:mod:`renderers.common.text`) to draw: they apply the fake bold and the fallback
    chain. With raw ``ImageDraw.text`` pass ``stroke_width=f.stroke, stroke_fill=fill`` yourself.
    """
    if size < 1:
        raise ValueError(f"font size must be positive, got {size}")
    return _load(0, size, bold)


def font_chain(size: int, *, bold: bool = False) -> tuple[DeckFont, ...]:
    """Every bundled face at ``size`` px, in fallback order."""
    if size < 1:
        raise ValueError(f"font size must be positive, got {size}")
    return tuple(_load(i, size, bold) for i in range(len(faces())))


def _invisible(char: str) -> bool:
    # Line breaks, tabs, joiners and variation selectors (emoji presentation) are layout controls, not glyphs.
    return unicodedata.category(char) in ("Cc", "Cf") or 0xFE00 <= ord(char) <= 0xFE0F


def covering_face(char: str) -> int | None:
    """Index in :func:`faces` of the first face with a glyph for ``char``; None if no bundled face has one."""
    code = ord(char)
    for index, face in enumerate(faces()):
        if code in face.codepoints:
            return index
    return None


def missing_glyphs(text: str) -> set[str]:
    """Characters of ``text`` that no bundled font can draw (they would show as empty boxes)."""
    return {ch for ch in set(text) if not ch.isspace() and not _invisible(ch) and covering_face(ch) is None}


# Punctuation that IPAexGothic draws full-width, as Japanese typesetting wants. After a Latin letter it looks
# wrong ("Crown — 3" reads like "Crown 一 3", "don’t" gets a gap), so there the Latin face draws it.
_LATIN_CONTEXT_PUNCTUATION = frozenset("‘’“”—–…′″")
_LATIN_FACE = 1


def _is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _latin_context(text: str) -> list[bool]:
    """For each character: is the text it belongs to Latin (not Japanese)? Decided by the nearest letter
    before it, skipping spaces and the context-dependent punctuation itself (or after it, at the start)."""
    anchors = [ch for ch in text if not ch.isspace() and ch not in _LATIN_CONTEXT_PUNCTUATION]
    context = not _is_wide(anchors[0]) if anchors else True
    result: list[bool] = []
    for ch in text:
        if not ch.isspace() and ch not in _LATIN_CONTEXT_PUNCTUATION:
            context = not _is_wide(ch)
        result.append(context)
    return result


def runs(text: str, size: int, *, bold: bool = False) -> list[tuple[str, DeckFont]]:
    """Split ``text`` into maximal runs that one face can draw, each paired with that face at ``size`` px.

    Spaces stay with the current run (every face has them); characters no face covers go to the primary face
    so they at least take up room; invisible controls (variation selectors, joiners) are dropped.
    Dashes, quotes and "…" follow the text before them: full-width after Japanese, proportional otherwise.
    """
    return list(_runs(text, size, bold))


@bounded_cache(maxsize=8192)
def _runs(text: str, size: int, bold: bool) -> tuple[tuple[str, DeckFont], ...]:
    chain = font_chain(size, bold=bold)
    latin = _latin_context(text)
    result: list[tuple[str, DeckFont]] = []
    current: list[str] = []
    current_index = 0
    for ch, in_latin in zip(text, latin, strict=True):
        if _invisible(ch):
            continue
        if ch == " " and current:
            current.append(ch)
            continue
        index = _LATIN_FACE if ch in _LATIN_CONTEXT_PUNCTUATION and in_latin else covering_face(ch)
        if index is None:
            index = 0
        if current and index != current_index:
            result.append(("".join(current), chain[current_index]))
            current = []
        current_index = index
        current.append(ch)
    if current:
        result.append(("".join(current), chain[current_index]))
    return tuple(result)
