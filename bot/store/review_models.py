"""A stored post-game review (issue 27 items 2 and 3): what ``bot.store.reviews.ReviewStore`` reads back."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StoredReview(BaseModel):
    """One seat's review of one game. ``review_json`` and ``course_json`` are the analysis' own JSON
    (``engines.core.analysis.SeatReview`` and ``Course``), ``settings_json``/``version`` how they were
    computed; ``shared_message_id`` the public message of a review its player shared (``None``: never)."""

    model_config = ConfigDict(frozen=True)

    game_pk: int
    seat: str
    review_json: str
    course_json: str
    settings_json: str
    version: str
    created_at: float
    shared_message_id: int | None = None
    shared_at: float | None = None

    @property
    def shared(self) -> bool:
        return self.shared_message_id is not None
