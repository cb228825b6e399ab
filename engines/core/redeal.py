"""Re-dealing what a seat cannot see: the building block of every engine's ``redeal`` (see ``Engine.redeal``).

A redeal must depend only on what the seat sees, never on where the hidden cards really are, or an analysis
built on it would peek. So a pool of hidden cards is put in a canonical order (sorted ids) before it is
shuffled: two states that look the same to the seat give the same pool and, for the same generator, the
same deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.rng import Rng


def reshuffle(groups: Sequence[Sequence[str]], rng: Rng) -> list[list[str]]:
    """Pool the cards of ``groups``, shuffle them and cut them back into groups of the same sizes."""
    pool = sorted(card for group in groups for card in group)
    rng.shuffle(pool)
    out: list[list[str]] = []
    at = 0
    for group in groups:
        out.append(pool[at : at + len(group)])
        at += len(group)
    return out


def shuffled(cards: Sequence[str], rng: Rng) -> list[str]:
    """One pile in a fresh order that does not depend on its present order."""
    return reshuffle([cards], rng)[0]
