"""Layout helpers: spreading items along a row or a column."""

from __future__ import annotations

__all__ = ["hstack"]


def hstack(count: int, item: int, span: int, *, gap: int = 12, start: int = 0) -> list[int]:
    """Offsets of ``count`` items of size ``item`` centred in ``span`` px starting at ``start``.

    When they do not fit with ``gap`` between them the gap shrinks, then turns negative so the items overlap
    evenly (a fanned hand) while the row still spans exactly ``span``. Works for vertical stacks as well.
    """
    if count <= 0:
        return []
    if count == 1:
        return [start + (span - item) // 2]
    needed = count * item + (count - 1) * gap
    if needed <= span:
        first = start + (span - needed) // 2
        return [first + i * (item + gap) for i in range(count)]
    step = (span - item) / (count - 1)
    return [start + round(i * step) for i in range(count)]
