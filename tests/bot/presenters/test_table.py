"""The table message (``bot.presenters.table``): its lines, who is asked to act (mentioned, and the only
ones pinged), whose hand changed (named, never mentioned), the clock line, "My hand" and the game's own
controls; the message a turn has left; ``/game status``, which names and never pings."""

from __future__ import annotations

from bot.games import manifest
from bot.presenters import table
from bot.presenters.words import seat_label
from bot.table.clock import ClockState, advance
from bot.table.components import table_view
from bot.table.feed import Feed, Plan
from engines.core import Event
from i18n import t
from tests.bot.presenters.conftest import (
    GAME,
    PK,
    controls,
    mention,
    pinged,
    record,
    state_of,
    within_discord_limits,
)

NOW = 1_700_000_000.0


def humans_first() -> tuple[str, str]:
    """The human seat to move in the seeded game, and the other human."""
    rec = record()
    mover = manifest(GAME).engine.to_move(state_of(rec))[0]
    return (mover, "p2" if mover == "p1" else "p1") if mover != "p3" else ("p1", "p2")


def test_a_new_table_message_pings_exactly_the_players_it_asks_to_act(lang: str) -> None:
    rec = record()
    state = state_of(rec)
    movers = manifest(GAME).engine.to_move(state)
    mover, other = humans_first()
    feed = Feed(to=[mover], lines=["• something happened"])
    payload = table.turn(rec, state, feed, lang, now=NOW, changed=[other], buttons=table_view)
    assert pinged(payload) == [rec.seat_info(mover).user_id]
    assert payload.allowed_mentions is not None and payload.allowed_mentions.everyone is False
    assert payload.allowed_mentions.roles is False
    lines = (payload.content or "").splitlines()
    assert lines[0] == "• something happened"
    to_move = t(lang, "table.to_move", players=", ".join(seat_label(rec, m, lang) for m in movers))
    assert to_move in lines
    other_info = rec.seat_info(other)
    assert t(lang, "table.hand_changed", players=other_info.name) in lines
    assert mention(other_info.user_id) not in (payload.content or "")
    assert payload.embed is not None and payload.embed.title == t(
        lang, "table.title", game=manifest(GAME).engine.name.get(lang), move=state.turn + 1
    )
    assert [(c.kind, c.pk) for c in controls(payload)] == [("hand", PK)]
    within_discord_limits(payload)


def test_an_ai_to_move_is_named_never_mentioned(lang: str) -> None:
    rec = record()
    state = state_of(rec)
    text = table.text(rec, state, Feed(), lang, now=NOW)
    movers = manifest(GAME).engine.to_move(state)
    for m in movers:
        info = rec.seat_info(m)
        assert (t(lang, "table.ai_name", name=info.name) if info.is_ai else mention(info.user_id)) in text


def test_the_clock_line_follows_the_players_to_act(lang: str) -> None:
    rec = record()
    movers = manifest(GAME).engine.to_move(state_of(rec))
    clock = ClockState()
    advance(clock, limit=3600, to_move=movers, version=1, now=NOW)
    timed = rec.model_copy(update={"clock": 3600, "clock_state": clock})
    text = table.text(timed, state_of(rec), Feed(), lang, now=NOW)
    assert text.splitlines()[-1].startswith("⏳")
    assert f"<t:{int(NOW + 3600)}:R>" in text
    assert "⏳" not in table.text(rec, state_of(rec), Feed(), lang, now=NOW)


def test_many_long_lines_keep_the_newest_and_the_turn_within_2000_characters(lang: str) -> None:
    rec = record()
    feed = Feed(to=["p1"], lines=[f"• line {i} " + "x" * 90 for i in range(60)], hidden=3)
    payload = table.turn(rec, state_of(rec), feed, lang, now=NOW, changed=[], buttons=table_view)
    content = payload.content or ""
    assert len(content) <= 2000 and "• line 59 " in content and "• line 0 " not in content
    assert content.splitlines()[-1].startswith(t(lang, "table.to_move", players="").split("{")[0].strip())
    within_discord_limits(payload)


def test_the_message_a_turn_has_left_keeps_its_lines_and_loses_the_turn(lang: str) -> None:
    plan = Plan(edit=True, close=True, lines=("• one", "• two"), hidden=2)
    assert table.closed_text(plan, lang).splitlines() == [t(lang, "table.earlier", n=2), "• one", "• two"]
    rec = record()
    closed = table.table(rec, state_of(rec), table.closed_text(plan, lang), lang, buttons=None)
    assert closed.view is None and controls(closed) == []


def test_the_start_names_the_seat_order(lang: str) -> None:
    rec = record()
    lines = table.event_lines(
        rec, [Event(kind="game_started"), Event(kind="secret", visible_to=["p1"])], lang
    )
    order = " → ".join(["Alice", "Bob", t(lang, "table.ai_name", name="AI-1")])
    assert lines == [t(lang, "table.started", order=order)]


def test_status_names_the_players_and_pings_nobody(lang: str) -> None:
    rec = record()
    state = state_of(rec)
    payload = table.status(rec, state, lang, now=NOW, buttons=table_view)
    movers = manifest(GAME).engine.to_move(state)
    assert "<@" not in (payload.content or "")
    assert payload.content == t(
        lang,
        "table.to_move",
        players=", ".join(
            rec.seat_info(m).name
            if rec.seat_info(m).user_id
            else t(lang, "table.ai_name", name=rec.seat_info(m).name)
            for m in movers
        ),
    )
    assert pinged(payload) == [] and payload.allowed_mentions is not None
    assert payload.allowed_mentions.users is False
    assert [(c.kind, c.pk) for c in controls(payload)] == [("hand", PK)]
    within_discord_limits(payload)
