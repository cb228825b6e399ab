"""The coach's words under a hand (``bot.presenters.coach``, issue 27): the suggested move worded like the
hand's own moves, the game's reason (or the generic line), the choices with their expected result in
percent; both languages. And the lobby's coach field."""

from __future__ import annotations

from bot.games import LabelContext, manifest, ui_for
from bot.presenters.coach import coach_lines, thinking
from bot.presenters.lobby import lobby
from bot.table.components import lobby_view
from engines.core import Explanation
from engines.core.analysis import Choice, Suggestion
from engines.glorious_crown.models import Pass, Play
from i18n import t
from tests.bot.presenters.conftest import record, state_of


def suggestion(explanation: Explanation | None) -> Suggestion:
    play = Play(cards=["C4"]).model_dump(mode="json")
    return Suggestion(
        game="glorious-crown",
        seat="p1",
        legal_count=12,
        move=play,
        explanation=explanation,
        ai_move=play,
        choices=[
            Choice(action=play, value=0.625, explanation=explanation),
            Choice(action=Pass().model_dump(mode="json"), value=0.4),
        ],
        samples=6,
    )


def test_the_move_its_reason_and_the_choices(lang: str) -> None:
    rec = record()
    state = state_of(rec)
    reason = Explanation(code="keeps", params={"cards": ["C4"], "kept_card": "H12"})
    lines = coach_lines(rec, state, "p1", suggestion(reason), lang).splitlines()
    ui = ui_for("glorious-crown")
    ctx = LabelContext(manifest("glorious-crown").engine.view(state, "p1"), rec.names())
    play = ui.action_label(Play(cards=["C4"]), lang, ctx=ctx)
    why = t(
        lang,
        "glorious-crown.coach.keeps",
        cards=ui.card_name("C4", lang),
        kept_card=ui.card_name("H12", lang),
    )
    assert lines[0] == t(lang, "coach.line", move=play, why=why)
    assert lines[1] == t(lang, "coach.choices", n=6)
    assert lines[2] == t(lang, "coach.choice", rank=1, move=play, pct=62)
    assert lines[3] == t(lang, "coach.choice", rank=2, move=ui.action_label(Pass(), lang, ctx=ctx), pct=40)
    assert ui.card_name("H12", lang) in lines[0] and "H12" not in lines[0]  # cards by name, never by id


def test_without_a_reason_the_generic_line(lang: str) -> None:
    rec = record()
    lines = coach_lines(rec, state_of(rec), "p1", suggestion(None), lang).splitlines()
    assert lines[0].endswith(t(lang, "coach.generic"))
    unknown = Explanation(code="not-in-the-catalog")
    assert coach_lines(rec, state_of(rec), "p1", suggestion(unknown), lang).splitlines()[0] == lines[0]
    assert thinking(lang) == t(lang, "coach.thinking") and thinking(lang).startswith("💡")


def test_the_lobby_says_whether_the_coach_is_on(lang: str) -> None:
    on = lobby(record(coach=True), lang, buttons=lobby_view).embed
    off = lobby(record(), lang, buttons=lobby_view).embed
    assert on is not None and off is not None
    field = next(f for f in on.fields if f.name == t(lang, "coach.lobby_field"))
    assert field.value == t(lang, "coach.lobby_on")
    assert next(f for f in off.fields if f.name == t(lang, "coach.lobby_field")).value == t(
        lang, "coach.lobby_off"
    )
