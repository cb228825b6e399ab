"""The store's post-game reviews (issue 27 items 2 and 3): one row a (game, seat), read in SQL both backends
run, written as one transaction each (``bot.store.review_transactions``,
``bot.store.postgres.review_transactions``). A part of both backends (a base of ``StoreWrites``); the review
service (``bot.analysis.reviews``) is its one user."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.models import GameRecord
from bot.store.review_models import StoredReview
from bot.store.rows import Row
from bot.store.transactions import Plain


class ReviewStore:
    """Reviews by (game, seat); a backend gives ``_rows``/``_write``."""

    async def _rows(self, sql: str, params: Sequence[object]) -> list[Row]:
        raise NotImplementedError

    async def _write(
        self, op: str, *, durable: bool = True, read_back: int | None = None, **kwargs: Plain
    ) -> tuple[Plain, GameRecord | None]:
        raise NotImplementedError

    async def get_review(self, game_pk: int, seat: str) -> StoredReview | None:
        found = await self._rows("SELECT * FROM reviews WHERE game_pk = ? AND seat = ?", (game_pk, seat))
        if not found:
            return None
        r = found[0]
        return StoredReview(
            game_pk=r["game_pk"],
            seat=r["seat"],
            review_json=r["review_json"],
            course_json=r["course_json"],
            settings_json=r["settings_json"],
            version=r["version"],
            created_at=r["created_at"],
            shared_message_id=r["shared_message_id"],
            shared_at=r["shared_at"],
        )

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
    ) -> StoredReview:
        """Keep a seat's review (replacing one computed before, which is then no longer shared)."""
        await self._write(
            "save_review",
            game_pk=game_pk,
            seat=seat,
            review_json=review_json,
            course_json=course_json,
            settings_json=settings_json,
            version=version,
            created_at=created_at,
        )
        stored = await self.get_review(game_pk, seat)
        assert stored is not None
        return stored

    async def share_review(self, game_pk: int, seat: str, message_id: int, at: float) -> bool:
        """Mark a review shared in ``message_id``; ``False`` when there is none or it was shared already."""
        done, _ = await self._write("share_review", game_pk=game_pk, seat=seat, message_id=message_id, at=at)
        return bool(done)
