"""Who decided a move, as the action log records it (``actions.decided_by``)."""

from __future__ import annotations

from bot.store import SeatInfo


def decider(info: SeatInfo, user_id: int | None) -> str:
    """Who decided a move of the seat ``info`` (as held when the move was made) for the action log: the
    member (``user_id``), the AI in a seat of its own, or the AI on a member's behalf, and why."""
    if user_id is not None:
        return "member"
    if not info.is_ai:  # a member's seat whose turn ran out: the AI plays that one turn
        return "timeout"
    if info.left_by is not None:
        return info.handed or "left"
    return "ai"
