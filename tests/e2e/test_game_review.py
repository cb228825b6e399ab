"""The review in Discord (issue 27 items 2 and 3) end to end, through the fake Discord: a Yggdrasil game of
alice (choosing at random among her hand's controls) against an AI, played to the end. Before the end a
review is refused with a sentence. At the end, Review on the final message answers alice privately with
her review (accuracy, key moments with her hand pictures, the course picture), computed in the analysis
process once (two clicks at once compute once; another click is the kept review); "Try it again" opens a
key moment's position with its legal moves and scores her new choice; after a restart the review is still
kept and its controls still answer; Share posts it in the thread, once;
bob, who did not play, can neither open nor share it. Reviews are measured on 2 redeals here
(``review_samples``, ``DECKHAND_REVIEW_SAMPLES``) so the test is quick."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from bot.games import manifest
from bot.review.service import analysis_settings
from bot.review.words import key_decisions
from engines.core.analysis import SeatReview
from i18n import t
from tests.e2e.tables import open_game
from tests.e2e.test_every_game import latest_table, play_my_turn
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, Reply, SeenMessage

GAME = "yggdrasil"
SEED = 11
NAME = manifest(GAME).engine.name.en
SLOW = 120.0  # a click that computes a review waits for it (seconds at most, never asserted)


def shown(reply: Reply) -> str:
    return "\n".join(
        f"{m.content}\n"
        + "\n".join(f"{e.get('title') or ''}\n{e.get('description') or ''}" for e in m.embeds)
        for m in [*([reply.message] if reply.message else []), *reply.followups]
    )


async def play_to_the_end(alice: FakeMember) -> SeenMessage:
    rng = random.Random(GAME)
    for _ in range(2000):
        table = latest_table(alice)
        if any(a.filename == "final.png" for a in table.attachments):
            return table
        if f"<@{alice.id}>" not in table.content:  # the AI is still playing
            await asyncio.sleep(0.1)
            continue
        assert await play_my_turn(alice, table, rng) > 0
    pytest.fail("the game did not end")


@pytest.mark.timeout(400)
@pytest.mark.parametrize("e2e_database", ["sqlite", "postgresql"], indirect=True)
async def test_a_player_reviews_tries_again_and_shares(
    fake: FakeDiscord,
    running_bot: StartBot,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    look: Callable[[SeenMessage, str], bytes],
) -> None:
    from bot.table import service

    # The game's seed fixed (and with it the AI's moves; alice's are seeded too, the analysis has its own
    # seed): the same game every run, one in which alice's random play has key moments to show. Only the
    # table service's seed: patching ``secrets.randbits`` itself would fix discord.py's message nonces too.
    seeded = SimpleNamespace(**{**vars(secrets), "randbits": lambda bits: SEED})
    monkeypatch.setattr(service, "secrets", seeded)
    caplog.set_level(logging.INFO, logger="bot.review")
    runner = await running_bot()
    tables = runner.bot.tables  # type: ignore[attr-defined]
    tables.settings = tables.settings.model_copy(update={"review_samples": 2})
    alice, bob = fake.guild.member("alice"), fake.guild.member("bob")
    opened = await open_game(fake, alice, GAME, ais=1, start=True)
    opened.follow(bob)
    pk = (await tables.store.live_games())[0].id

    # A running game has no review yet: the command and a (forged) button both say so, nothing else.
    early = await alice.slash("game review", channel=opened.thread)
    assert early.ephemeral and "A review opens when the game has ended" in early.text()
    forged = await alice.forge(f"dh:review:{pk}", message=latest_table(alice))
    assert forged.ephemeral and "A review opens when the game has ended" in forged.text()
    assert await tables.store.get_review(pk, "p1") is None

    final = await play_to_the_end(alice)
    button = next(label for label in final.button_labels() if label.startswith("Review"))
    assert any(label.startswith("Rematch") for label in final.button_labels())

    # Two clicks at once: one review computed, both answered with it, privately, each after a progress line.
    edits: list[tuple[int, str]] = []
    original_edit = fake.messages.edit

    async def recording_edit(message: Any, body: dict[str, Any], uploads: Any) -> Any:
        edits.append((message.id, str(body.get("content") or "")))
        return await original_edit(message, body, uploads)

    monkeypatch.setattr(fake.messages, "edit", recording_edit)
    first, second = await asyncio.gather(
        alice.click(button, message=final, timeout=SLOW), alice.click(button, message=final, timeout=SLOW)
    )
    computed = [r for r in caplog.records if "reviewed" in r.getMessage() and f"game {pk}:" in r.getMessage()]
    assert len(computed) == 1, [r.getMessage() for r in computed]
    rec = await tables.store.get_game(pk)
    seat = rec.seat_of(alice.id).seat
    stored = await tables.store.get_review(pk, seat)
    assert stored is not None and stored.settings_json == analysis_settings(tables.settings).model_dump_json()
    review = SeatReview.model_validate_json(stored.review_json)
    assert key_decisions(review), "a random player's game has costly moves to show"
    for reply in (first, second):
        message = reply.message
        assert message is not None and message.ephemeral
        text = shown(reply)
        assert t("en", "review.title", game=NAME, number=pk) in text
        assert t("en", "review.accuracy", accuracy=f"{review.accuracy:.0f}") in text
        names = [a.filename for a in message.attachments]
        assert names[0] == "course.png" and len(names) == 1 + len(key_decisions(review))
        assert all(img.width > 100 for img in message.images())
    assert not {m.id for m in first.messages} & {m.id for m in bob.visible_messages()}
    progress = t("en", "review.progress_start").rstrip("…")
    for reply in (first, second):
        assert reply.message is not None
        lines = [text for message_id, text in edits if message_id == reply.message.id]
        assert any(line.startswith(progress) for line in lines), lines
        assert reply.message.content == ""  # the line gave way to the review

    # Asked again (the command in the thread, and by number as its autocomplete suggests): the kept review,
    # not computed again. Bob's suggestions hold no game: he played none.
    again = await alice.slash("game review", channel=opened.thread, timeout=SLOW)
    assert t("en", "review.title", game=NAME, number=pk) in shown(again)
    offered = await alice.autocomplete("game review", "game", "", channel=opened.thread)
    assert [int(c.value) for c in offered] == [pk]
    assert await bob.autocomplete("game review", "game", "", channel=opened.thread) == []
    by_number = await alice.slash("game review", channel=opened.thread, game=pk, timeout=SLOW)
    assert t("en", "review.title", game=NAME, number=pk) in shown(by_number)
    kept = await tables.store.get_review(pk, seat)
    assert kept is not None and kept.created_at == stored.created_at
    assert len([r for r in caplog.records if "reviewed" in r.getMessage()]) == 1

    # Bob did not play: refused, and he can use none of alice's review's controls.
    refused = await bob.click(button, message=final)
    assert refused.ephemeral and "Only the players of this game can review it" in refused.text()
    assert refused.message is not None
    place = [s.seat for s in rec.seats].index(seat)
    moment = key_decisions(review)[0].index
    for custom_id in (f"dh:revshare:{pk}:{place}", f"dh:revtry:{pk}:{place}:{moment}"):
        stolen = await bob.forge(custom_id, message=refused.message)
        assert "another player's review" in stolen.text(), custom_id

    # Try it again: the position with its moves, then the new choice scored against the two others.
    review_message = first.message
    assert review_message is not None
    look(review_message, "review")
    tried = await alice.click("Try it again #1", message=review_message, timeout=SLOW)
    assert tried.message is not None and tried.message.ephemeral
    assert t("en", "review.retry_title", move=moment + 1) in shown(tried)
    assert [a.filename for a in tried.message.attachments] == [f"moment-{moment}.png"]
    menu = tried.message.selects()[0]
    scored = await alice.choose(menu.custom_id, [menu.options[0].value], message=tried.message, timeout=SLOW)
    answer = shown(scored)
    look(tried.message, "try-it-again")
    assert "Your choice now:" in answer and "What you played:" in answer and "The best found:" in answer
    assert any(t("en", f"review.verdict.{v}") in answer for v in ("best", "better", "same", "worse"))

    # A restart keeps the review (asked again: not computed again) and its controls (Share below).
    await runner.restart()
    tables = runner.bot.tables  # type: ignore[attr-defined]
    tables.settings = tables.settings.model_copy(update={"review_samples": 2})
    after = await alice.click(button, message=final, timeout=SLOW)
    assert t("en", "review.title", game=NAME, number=pk) in shown(after)
    assert len([r for r in caplog.records if "reviewed" in r.getMessage()]) == 1

    # Share: public in the thread, once, with alice's name; bob sees it.
    shared = await alice.click("Share in the thread", message=review_message, timeout=SLOW)
    assert "Shared in the game's thread." in shown(shared)
    public = [m for m in bob.visible_messages(opened.thread) if not m.ephemeral and m.embeds]
    post = public[-1]
    look(post, "shared")
    name = rec.seat_info(seat).name
    assert f"{name}'s review" in (post.embeds[0].get("title") or "")
    assert t("en", "review.shared_by", player=name) in (post.embeds[0].get("description") or "")
    assert [a.filename for a in post.attachments] == ["course.png"]
    marked = await tables.store.get_review(pk, seat)
    assert marked is not None and marked.shared_message_id == post.id
    twice = await alice.click("Share in the thread", message=review_message)
    assert "You shared this review already" in twice.text()
    assert len([m for m in bob.visible_messages(opened.thread) if m.id == post.id]) == 1
