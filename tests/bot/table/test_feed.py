"""The quiet table's rules (bot.table.feed), on their own: when a change posts, edits or waits."""

from __future__ import annotations

from bot.table.feed import BUDGET, RECENT, SHOWN, Feed, advance, notified, since_last_acted


def started(humans: list[str], lines: list[str] | None = None) -> Feed:
    feed = Feed()
    plan = advance(
        feed,
        actor=None,
        lines=lines or ["begins"],
        private_to=[],
        humans_to_move=humans,
        over=False,
        start=True,
    )
    assert plan.post
    feed.message_id = 1
    return feed


def test_the_start_posts_one_message_addressed_to_the_humans_to_act() -> None:
    feed = started(["p1"])
    assert feed.to == ["p1"] and feed.lines == ["begins"]


def test_steps_of_one_turn_edit_the_message_in_place() -> None:
    feed = started(["p1"])
    plan = advance(
        feed, actor="p1", lines=["p1 deploys S3"], private_to=[], humans_to_move=["p1"], over=False
    )
    assert plan.edit and not plan.post
    assert feed.lines == ["begins", "p1 deploys S3"]


def test_ai_moves_wait_for_the_next_human_turn_and_are_listed_there() -> None:
    feed = started(["p1"])
    plan = advance(feed, actor="p1", lines=["p1 plays 7"], private_to=[], humans_to_move=[], over=False)
    assert plan.edit and not plan.post, "the player's own last step still shows on their message"
    for ai in ("p2", "p3"):
        plan = advance(feed, actor=ai, lines=[f"{ai} passes"], private_to=[], humans_to_move=[], over=False)
        assert not plan.edit and not plan.post, "an AI move alone posts nothing"
    plan = advance(feed, actor="p4", lines=["p4 plays 9"], private_to=[], humans_to_move=["p1"], over=False)
    assert plan.post and feed.to == ["p1"]
    assert feed.lines == ["p2 passes", "p3 passes", "p4 plays 9"], "what happened since p1 last acted"


def test_the_turn_passing_between_humans_posts_for_the_next_one() -> None:
    feed = started(["p1"])
    plan = advance(feed, actor="p1", lines=["p1 plays 7"], private_to=[], humans_to_move=["p2"], over=False)
    assert plan.edit and plan.post and feed.to == ["p2"]
    assert feed.lines == ["begins", "p1 plays 7"], "p2 has not acted yet: everything since the start"
    feed.message_id = 2
    advance(feed, actor="p2", lines=["p2 plays 8"], private_to=[], humans_to_move=["p1"], over=False)
    assert feed.lines == ["p2 plays 8"], "p1 saw their own move: only what came after it"


def test_a_simultaneous_decision_addresses_every_seat_and_answers_edit_in_place() -> None:
    feed = started(["p1"])
    plan = advance(
        feed, actor="p1", lines=["p1 proposes"], private_to=[], humans_to_move=["p1", "p2"], over=False
    )
    assert plan.post and feed.to == ["p1", "p2"], "both seats that must answer are addressed"
    feed.message_id = 2
    plan = advance(
        feed, actor="p3", lines=["AI votes yes"], private_to=[], humans_to_move=["p1", "p2"], over=False
    )
    assert plan.edit and not plan.post, "an AI's answer shows where the humans look, without a new ping"
    plan = advance(feed, actor="p1", lines=["p1 votes no"], private_to=[], humans_to_move=["p2"], over=False)
    assert plan.edit and not plan.post and feed.to == ["p2"]


def test_private_changes_are_told_once_and_never_to_the_player_already_mentioned() -> None:
    feed = started(["p1"])
    advance(feed, actor="p1", lines=["trade"], private_to=["p2", "p1"], humans_to_move=[], over=False)
    advance(feed, actor="p3", lines=["AI plays"], private_to=[], humans_to_move=["p2"], over=False)
    assert notified(feed) == [], "p2 is mentioned as the one to act: no second ping"
    advance(feed, actor="p2", lines=["gift"], private_to=["p1"], humans_to_move=["p3x"], over=False)
    assert notified(feed) == ["p1"] and notified(feed) == []


def test_the_end_edits_the_last_step_in_and_posts_nothing_itself() -> None:
    feed = started(["p1"])
    plan = advance(feed, actor="p1", lines=["p1 wins"], private_to=[], humans_to_move=[], over=True)
    assert plan.edit and not plan.post


def test_long_stretches_are_cut_only_to_what_one_message_holds() -> None:
    # Before item 2 of "Fixes found by playing every game" this cut to SHOWN lines, and the AI moves cut
    # off were in no message at all; now only Discord's length limit (BUDGET) cuts them.
    feed = started(["p1"])
    advance(feed, actor="p1", lines=["mine"], private_to=[], humans_to_move=[], over=False)
    for i in range(RECENT + 10):
        line = f"ai {i} " + "x" * 60
        advance(feed, actor="p2", lines=[line], private_to=[], humans_to_move=[], over=False)
    advance(feed, actor="p2", lines=["last"], private_to=[], humans_to_move=["p1"], over=False)
    assert feed.lines[-1] == "last" and SHOWN < len(feed.lines) < RECENT
    assert sum(len(line) + 1 for line in feed.lines) <= BUDGET
    assert feed.hidden == RECENT - len(feed.lines) and len(feed.recent) == RECENT


def test_ai_moves_no_message_showed_are_all_in_the_next_one() -> None:
    feed = started(["p1"])
    advance(feed, actor="p1", lines=["mine"], private_to=[], humans_to_move=[], over=False)
    ai_lines = [f"ai {i}" for i in range(SHOWN + 6)]
    for line in ai_lines:
        advance(feed, actor="p2", lines=[line], private_to=[], humans_to_move=[], over=False)
    advance(feed, actor="p2", lines=["last"], private_to=[], humans_to_move=["p1"], over=False)
    assert feed.lines == [*ai_lines, "last"] and feed.hidden == 0


def test_lines_seen_already_are_cut_to_shown_in_a_new_message() -> None:
    feed = started(["p1"], lines=[f"old {i}" for i in range(SHOWN + 5)])
    advance(feed, actor="p1", lines=["p1 plays"], private_to=[], humans_to_move=["p2"], over=False)
    assert len(feed.lines) == SHOWN and feed.lines[-1] == "p1 plays" and feed.hidden == 6


def test_steps_never_take_a_line_out_of_the_message_that_shows_it() -> None:
    feed = started(["p1"], lines=[f"line {i}" for i in range(SHOWN)])
    for step in range(3):
        advance(feed, actor="p1", lines=[f"step {step}"], private_to=[], humans_to_move=["p1"], over=False)
    assert feed.lines[0] == "line 0" and len(feed.lines) == SHOWN + 3 and feed.hidden == 0


def test_a_message_a_new_one_follows_at_once_keeps_its_words_and_picture() -> None:
    feed = started(["p1"])
    plan = advance(feed, actor="p1", lines=["p1 plays 7"], private_to=[], humans_to_move=["p2"], over=False)
    assert plan.close and plan.post and not plan.redraw
    assert plan.lines == ("begins",), "the closing step is the new message's, not a copy on both"
    assert feed.lines == ["begins", "p1 plays 7"]


def test_a_message_the_turn_leaves_for_an_ai_shows_the_players_last_step() -> None:
    feed = started(["p1"])
    plan = advance(feed, actor="p1", lines=["p1 plays 7"], private_to=[], humans_to_move=["p2"], over=False)
    feed.message_id = 2
    plan = advance(feed, actor="p2", lines=["p2 plays 8"], private_to=[], humans_to_move=[], over=False)
    assert plan.close and plan.redraw and not plan.post
    assert plan.lines == ("begins", "p1 plays 7", "p2 plays 8")
    plan = advance(feed, actor="p3", lines=["AI plays"], private_to=[], humans_to_move=[], over=False)
    assert not plan.edit and not plan.close, "a closed message is never edited again"


def test_a_talk_card_played_by_a_person_is_in_the_message_that_asks_everyone() -> None:
    feed = started(["p1"])
    plan = advance(
        feed, actor="p1", lines=["p1 opens a vote"], private_to=[], humans_to_move=["p1", "p2"], over=False
    )
    assert plan.post and plan.lines == ("begins",)
    assert feed.lines[-1] == "p1 opens a vote", "p1 acted last, but no message has shown the vote yet"


def test_the_last_step_of_the_game_is_left_to_the_final_message() -> None:
    feed = started(["p1"])
    plan = advance(feed, actor="p1", lines=["p1 wins"], private_to=[], humans_to_move=[], over=True)
    assert plan.close and plan.lines == ("begins",) and feed.unshown == 1


def test_a_start_message_with_an_ai_to_move_is_closed_by_the_ai_move() -> None:
    feed = started([])
    plan = advance(feed, actor="p2", lines=["AI plays"], private_to=[], humans_to_move=[], over=False)
    assert plan.close and plan.lines == ("begins",), "its turn line named the AI: it goes"
    plan = advance(feed, actor="p2", lines=["AI plays"], private_to=[], humans_to_move=["p1"], over=False)
    assert plan.post and not plan.close and feed.lines == ["begins", "AI plays", "AI plays"]


def test_since_last_acted_starts_after_the_players_newest_line() -> None:
    recent = [["p1", "a"], ["p2", "b"], ["p1", "c"], ["p2", "d"], ["", "e"]]
    assert since_last_acted(recent, ["p1"]) == ["d", "e"]
    assert since_last_acted(recent, ["p9"]) == ["a", "b", "c", "d", "e"]


def test_the_feed_survives_a_round_trip_through_json() -> None:
    feed = started(["p1"])
    feed.posted_for = 7
    assert Feed.load(feed.dump()) == feed
