"""What you built's glue (``bot.games.built``): whose seat a member played (a seat handed to the AI is still
theirs), and the review of a finished game replayed from its log, which reads what the engine reads."""

from __future__ import annotations

import pytest

from bot.games import manifest, ui_for
from bot.games.built import TeachesArchitecture, player_seat, review
from bot.store import ActionRecord, SeatInfo, Status
from engines.core import Rng
from engines.core.play import play_out
from tests.bot.presenters.conftest import ALICE, BOB, record


def test_a_member_s_seat_is_theirs_even_when_the_ai_plays_it() -> None:
    rec = record(
        "aws-builder-cards",
        seats=[
            SeatInfo(seat="p1", user_id=None, name="Alice", ai_level="normal", left_by=ALICE),
            SeatInfo(seat="p2", user_id=BOB, name="Bob"),
        ],
    )
    assert player_seat(rec, ALICE) == "p1" and player_seat(rec, BOB) == "p2"
    assert player_seat(rec, 999) is None


@pytest.mark.parametrize("game", ["aws-builder-cards", "aws-deckbuilding"])
def test_the_review_of_a_finished_game_is_the_engine_s_architecture_worded(game: str) -> None:
    engine = manifest(game).engine
    ui = ui_for(game)
    assert isinstance(ui, TeachesArchitecture)
    seats = [SeatInfo(seat="p1", user_id=ALICE, name="Alice"), SeatInfo(seat="p2", user_id=BOB, name="Bob")]
    start = engine.new_game(["p1", "p2"], {}, 11)
    end, history = play_out(engine, start, engine.ai("normal"), Rng(11))
    rows = [
        ActionRecord(seq=i, seat=seat, user_id=None, action=action.model_dump(mode="json"), created_at="")
        for i, (seat, action, _) in enumerate(history)
    ]
    rec = record(game, seats=seats, seed=11, status=Status.FINISHED, state_json=engine.dump_state(end))
    public = [e for _, _, events in history for e in events if e.public]
    arch = ui.lessons.architecture(end, public, "p2")
    assert arch.groups, "an AI's game deploys or owns services"
    payload, sheet = review(ui.lessons, rec, rows, "p2", "ja", "ボブ")
    text = "\n".join(e.description or "" for e in payload.embeds())
    for group in arch.groups:
        assert group.name.ja in text
        for b in group.cards:
            assert ui.lessons.does()[b.card].ja in text
    # The picture draws the same architecture, with the player's name and every category's own colour.
    assert sheet.arch == arch and sheet.player == "ボブ" and sheet.game == engine.name
    assert all(sheet.colours[g.category].startswith("#") for g in arch.groups)
    assert review(ui.lessons, rec, rows, "p2", "ja")[1].player == "p2"  # no name given: the seat


def test_the_button_survives_a_restart() -> None:
    """Registered with the bot's controls when the games load, so a final message's button still answers
    after the bot restarted (``BotClient.register_controls``)."""
    from bot.games.built import BuiltButton
    from bot.table import controls, custom_ids

    assert BuiltButton in controls.registered()
    assert BuiltButton.from_control(custom_ids.parse(custom_ids.build("built", 42))).pk == 42
