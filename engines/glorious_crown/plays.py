"""Which groups may be played (GC-4..GC-9): group shape, strength, suit lock and the spade-3 counter.

``legal_plays`` enumerates and ``play_error`` checks one play; the two agree (a property test holds them to
it). Jokers: a group takes the rank of its non-Joker cards; a group of only Jokers is "the Joker play",
stronger than any group of its size in either state, beaten only by a lone spade 3 on a lone Joker (GC-7).
With both Jokers in hand a play that uses one must use JK1, so the list never shows two identical plays.
"""

from __future__ import annotations

from itertools import combinations

from engines.glorious_crown.cards import JOKERS, RANK, RANKS, SUIT, SUIT_CODES
from engines.glorious_crown.models import TopPlay

COUNTER = "S3"


def group_rank(cards: list[str] | tuple[str, ...]) -> int | None:
    """The rank of a group, 0 for Jokers only, ``None`` if the cards are not one rank (GC-4)."""
    rank = 0
    for c in cards:
        r = RANK[c]
        if r:
            if rank and r != rank:
                return None
            rank = r
    return rank


def suits_of(cards: list[str] | tuple[str, ...]) -> str:
    """The suit set of the non-Joker cards, as suit codes in S H D C order."""
    present = {SUIT[c] for c in cards if RANK[c]}
    return "".join(s for s in SUIT_CODES if s in present)


def stronger(rank: int, top_rank: int, revolution: bool) -> bool:
    """GC-6: strictly stronger in the effective state (ranks only; Joker plays are handled apart)."""
    return rank < top_rank if revolution else rank > top_rank


def is_counter(cards: list[str] | tuple[str, ...], top: TopPlay | None) -> bool:
    """GC-7: the lone spade 3 on a lone Joker."""
    return top is not None and top.rank == 0 and len(top.cards) == 1 and list(cards) == [COUNTER]


def new_lock(cards: tuple[str, ...], top: TopPlay, lock: str | None) -> str | None:
    """GC-9: the lock after ``cards`` beats ``top``. Jokers stand for any suit, so two plays match when their
    real suits together fill exactly as many suits as there are cards; a lock stays until the clear."""
    if lock is not None:
        return lock
    union = set(suits_of(cards)) | set(suits_of(top.cards))
    if len(union) != len(cards):
        return None
    return "".join(s for s in SUIT_CODES if s in union)


def _joker_ok(cards: list[str] | tuple[str, ...], hand: list[str]) -> bool:
    """The canonical Joker rule: a play uses the lowest-numbered Jokers its player holds."""
    used = [c for c in cards if RANK[c] == 0]
    if not used:
        return True
    held = [j for j in JOKERS if j in hand]
    return sorted(used) == held[: len(used)]


def play_error(
    cards: list[str], hand: list[str], top: TopPlay | None, lock: str | None, revolution: bool
) -> tuple[str, dict[str, object]] | None:
    """Why ``cards`` may not be played now (an error code and params), or ``None`` if it may.
    ``revolution`` is the effective state (GC-15)."""
    if len(set(cards)) != len(cards):
        return "duplicate_card", {}
    for c in cards:
        if c not in hand:
            return "card_not_in_hand", {"card": c}
    if not 1 <= len(cards) <= 4:
        return "bad_group_size", {"size": len(cards)}
    rank = group_rank(cards)
    if rank is None:
        return "mixed_ranks", {}
    if not _joker_ok(cards, hand):
        return "use_joker_jk1", {}
    if top is None:
        return None
    if len(cards) != len(top.cards):
        return "wrong_count", {"need": len(top.cards)}
    if is_counter(cards, top):
        return None  # GC-7: the counter ignores the lock; it clears the field at once
    if top.rank == 0:
        return "joker_on_top", {}
    if rank and not stronger(rank, top.rank, revolution):
        return "too_weak", {"rank": rank, "top": top.rank}
    if lock is not None and not set(suits_of(cards)) <= set(lock):
        return "suit_locked", {"lock": list(lock)}
    return None


def can_answer(hand: list[str], top: TopPlay, lock: str | None, revolution: bool) -> bool:
    """Whether ``hand`` holds any legal group on ``top``: ``bool(legal_plays(...))`` without listing them.
    The AI asks this of every guessed hand for every play it weighs, so it is the hot path of a review's
    rollouts; a property test holds the two to agreement."""
    if top.rank == 0:
        return len(top.cards) == 1 and COUNTER in hand
    n = len(top.cards)
    top_rank = top.rank
    counts: dict[int, int] = {}
    nj = 0
    for c in hand:
        r = RANK[c]
        if not r:
            nj += 1
        elif stronger(r, top_rank, revolution) and (lock is None or SUIT[c] in lock):
            counts[r] = counts.get(r, 0) + 1
    if n <= nj:
        return True  # the Joker play
    need = n - min(nj, n - 1)
    return any(k >= need for k in counts.values())


class AnswerShape:
    """One hand, summed up to answer ``can_answer`` on an unlocked top play in constant time: the largest
    group of one rank above (and below) each rank, and the Jokers. The AI builds one per guessed hand and
    asks it about every play it weighs; a locked top play asks the hand itself."""

    __slots__ = ("above", "below", "hand", "jokers")

    def __init__(self, hand: list[str]) -> None:
        self.hand = hand
        counts = [0] * (RANKS[-1] + 2)
        jokers = 0
        for c in hand:
            r = RANK[c]
            if r:
                counts[r] += 1
            else:
                jokers += 1
        self.jokers = jokers
        # above[t]: the largest group of a rank > t; below[t]: of a rank < t (ranks start at 3)
        size = len(counts)
        above = [0] * size
        below = [0] * size
        best = 0
        for t in range(size - 2, -1, -1):
            k = counts[t + 1]
            if k > best:
                best = k
            above[t] = best
        best = 0
        for t in range(1, size):
            k = counts[t - 1]
            if k > best:
                best = k
            below[t] = best
        self.above = above
        self.below = below

    def can_answer(self, top: TopPlay, lock: str | None, revolution: bool) -> bool:
        if top.rank == 0 or lock is not None:
            return can_answer(self.hand, top, lock, revolution)
        n = len(top.cards)
        if n <= self.jokers:
            return True
        need = n - min(self.jokers, n - 1)
        return (self.below if revolution else self.above)[top.rank] >= need


def legal_plays(
    hand: list[str], top: TopPlay | None, lock: str | None, revolution: bool
) -> list[tuple[str, ...]]:
    """Every distinct legal group from ``hand`` (card ids in canonical order; hands are kept in that order,
    see ``cards.canonical``)."""
    out: list[tuple[str, ...]] = []
    if top is not None and top.rank == 0:
        if len(top.cards) == 1 and COUNTER in hand:
            out.append((COUNTER,))
        return out
    by_rank: dict[int, list[str]] = {}
    jokers: list[str] = []
    for c in hand:
        r = RANK[c]
        if r:
            group = by_rank.get(r)
            if group is None:
                by_rank[r] = [c]
            else:
                group.append(c)
        else:
            jokers.append(c)
    nj = len(jokers)
    if top is not None:
        n = len(top.cards)
        top_rank = top.rank
        for r, same in by_rank.items():
            if (r >= top_rank) if revolution else (r <= top_rank):
                continue
            if lock is not None:
                same = [c for c in same if SUIT[c] in lock]
            for j in range(min(nj, n - 1) + 1):
                real = n - j
                if real > len(same):
                    continue
                if real == 1 and j == 0:
                    out.extend((c,) for c in same)
                    continue
                tail = tuple(jokers[:j])
                out.extend(combo + tail for combo in combinations(same, real))
        if n <= nj:
            out.append(tuple(jokers[:n]))
        return out
    for same in by_rank.values():
        out.extend((c,) for c in same)
        k = len(same)
        for n in range(2, 5):
            for j in range(min(nj, n - 1) + 1):
                real = n - j
                if real > k:
                    continue
                tail = tuple(jokers[:j])
                out.extend(combo + tail for combo in combinations(same, real))
    for n in range(1, nj + 1):
        out.append(tuple(jokers[:n]))
    return out
