"""The post-game reviews' part of the storage port (``bot.store.port.Store``), given by both backends through
``bot.store.reviews.ReviewStore``."""

from __future__ import annotations

from typing import Protocol

from bot.store.review_models import StoredReview


class ReviewPort(Protocol):
    async def get_review(self, game_pk: int, seat: str) -> StoredReview | None: ...
    async def save_review(
        self,
        game_pk: int,
        seat: str,
        *,
        review_json: str,
        course_json: str,
        settings_json: str,
        version: str,
        created_at: float,
    ) -> StoredReview: ...
    async def share_review(self, game_pk: int, seat: str, message_id: int, at: float) -> bool: ...
