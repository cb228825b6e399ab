"""Post-game reviews on either backend (issue 27 items 2 and 3): a seat's review is kept once computed, read
back as written (so a second request is instant), replaced when computed again, and shared once."""

from __future__ import annotations

from bot.store import Store
from tests.bot.store.contract.conftest import Reopen, new_lobby

REVIEW = '{"game": "test-climb", "seat": "p1", "accuracy": 87.5}'
COURSE = '{"game": "test-climb", "seat": "p1", "points": []}'
SETTINGS = '{"samples": 8, "confirm_samples": 16}'


async def test_no_review_until_one_is_saved(store: Store) -> None:
    pk = await new_lobby(store)
    assert await store.get_review(pk, "p1") is None


async def test_a_saved_review_reads_back_as_written_and_survives_a_restart(
    store: Store, reopen: Reopen
) -> None:
    pk = await new_lobby(store)
    saved = await store.save_review(
        pk,
        "p1",
        review_json=REVIEW,
        course_json=COURSE,
        settings_json=SETTINGS,
        version="1",
        created_at=1_800_000_000.25,
    )
    assert (saved.game_pk, saved.seat, saved.review_json, saved.course_json) == (pk, "p1", REVIEW, COURSE)
    assert (saved.settings_json, saved.version, saved.created_at) == (SETTINGS, "1", 1_800_000_000.25)
    assert not saved.shared and saved.shared_message_id is None and saved.shared_at is None
    assert await store.get_review(pk, "p2") is None  # one seat's review is not another's
    again = await reopen()
    assert await again.get_review(pk, "p1") == saved


async def test_sharing_marks_the_review_once(store: Store) -> None:
    pk = await new_lobby(store)
    assert not await store.share_review(pk, "p1", 555, 10.0)  # nothing to share yet
    await store.save_review(
        pk, "p1", review_json=REVIEW, course_json=COURSE, settings_json=SETTINGS, version="1", created_at=1.0
    )
    big = 2**62 + 5  # a Discord snowflake's size
    assert await store.share_review(pk, "p1", big, 10.0)
    shared = await store.get_review(pk, "p1")
    assert (
        shared is not None and shared.shared and (shared.shared_message_id, shared.shared_at) == (big, 10.0)
    )
    assert not await store.share_review(pk, "p1", 777, 11.0)  # the first message stays the one
    found = await store.get_review(pk, "p1")
    assert found is not None and found.shared_message_id == big


async def test_computing_again_replaces_the_review_and_it_is_no_longer_shared(store: Store) -> None:
    pk = await new_lobby(store)
    await store.save_review(
        pk, "p1", review_json=REVIEW, course_json=COURSE, settings_json=SETTINGS, version="1", created_at=1.0
    )
    assert await store.share_review(pk, "p1", 555, 2.0)
    newer = await store.save_review(
        pk, "p1", review_json="{}", course_json="[]", settings_json="{}", version="2", created_at=3.0
    )
    assert (newer.review_json, newer.course_json, newer.version, newer.created_at) == ("{}", "[]", "2", 3.0)
    assert not newer.shared
