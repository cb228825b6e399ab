"""The hand's words (``bot.presenters.hand``): a note first, the cards in words when no picture is drawn,
"your move" or whose turn it is; its moves' controls are ``hand_view``'s (``bot.table.components``), here
only counted against Discord's limits. And the acting player's private note."""

from __future__ import annotations

from bot.games import manifest, ui_for
from bot.presenters.hand import hand, private_note
from bot.presenters.words import seat_label
from bot.store import SeatInfo, Status
from bot.table.hand_controls import hand_view
from engines.core import Event
from i18n import t
from tests.bot.presenters.conftest import GAME, record, seats, state_of, within_discord_limits


def test_the_player_to_move_is_told_so_and_offered_the_moves(lang: str) -> None:
    rec = record(seats=[*seats(ai=False), SeatInfo(seat="p3", user_id=303, name="Carol")])
    state = state_of(rec)
    mover = manifest(GAME).engine.to_move(state)[0]
    payload = hand(rec, state, mover, lang, menus=hand_view, pictured=True, note="🔒 noted")
    assert (payload.content or "").splitlines() == ["🔒 noted", t(lang, "hand.your_move")]
    assert payload.embed is not None
    assert payload.embed.title == t(lang, "hand.title", game=manifest(GAME).engine.name.get(lang))
    assert payload.view is not None and payload.view.children
    assert payload.allowed_mentions is None and payload.keep_picture is False
    within_discord_limits(payload)


def test_without_a_picture_the_cards_are_listed_in_words(lang: str) -> None:
    rec = record()
    state = state_of(rec)
    seat = "p1"
    cards = manifest(GAME).engine.view(state, seat).hand
    ui = ui_for(GAME)
    payload = hand(rec, state, seat, lang, menus=hand_view, pictured=False)
    listed = t(lang, "hand.cards", cards=" ".join(ui.card_name(str(c), lang) for c in cards))
    assert (payload.content or "").splitlines()[0] == listed
    kept = hand(rec, state, seat, lang, menus=hand_view, pictured=False, keep_picture=True)
    assert listed not in (kept.content or "") and kept.keep_picture
    assert kept.edit_kwargs().keys() == {"content", "view"}, "an edit keeping the picture names no attachment"


def test_a_seat_not_to_move_is_told_whose_turn_it_is(lang: str) -> None:
    rec = record()
    state = state_of(rec)
    movers = manifest(GAME).engine.to_move(state)
    waiting = next(s.seat for s in rec.seats if s.seat not in movers)
    payload = hand(rec, state, waiting, lang, menus=hand_view, pictured=True)
    players = ", ".join(seat_label(rec, m, lang) for m in movers)
    assert (payload.content or "").splitlines()[-1] in (
        t(lang, "hand.waiting", players=players),
        t(lang, "hand.waiting_may_act", players=players),
    )


def test_a_finished_game_offers_no_moves(lang: str) -> None:
    rec = record(status=Status.FINISHED)
    payload = hand(rec, state_of(rec), "p1", lang, menus=hand_view, pictured=True)
    assert payload.view is None and payload.content is None


def test_the_private_note_shows_only_what_the_seat_may_see() -> None:
    ui = ui_for(GAME)
    events = [Event(kind="x", visible_to=["p1"]), Event(kind="x", visible_to=["p2"]), Event(kind="x")]
    seen = [e for e in events if e.visible_for("p1") and e.visible_to]
    note = private_note(ui, events, "p1", "en", {"p1": "Alice"})
    said = [ui.describe_event(e, "en", {"p1": "Alice"}) for e in seen]
    assert note == "\n".join(f"🔒 {line}" for line in said if line)
