"""The coach's words under a player's hand (issue 27 item 4): a line while it thinks, then the suggested
move with one line of why and the top choices with their expected result. Pure: from the record, the state
the hand shows, the seat and the suggestion (``engines.core.analysis.coach``)."""

from __future__ import annotations

from bot.games import LabelContext, manifest, ui_for
from bot.store import GameRecord
from engines.core import Action, GameState
from engines.core.analysis import Suggestion
from i18n import t


def thinking(lang: str) -> str:
    return t(lang, "coach.thinking")


def coach_lines(rec: GameRecord, state: GameState, seat: str, suggestion: Suggestion, lang: str) -> str:
    """ "💡 Coach: <move> — <why>", then the choices, best first, with their expected result in percent
    (a competitive game's win chance with a small score term, Project Chaos's team success chance)."""
    engine = manifest(rec.game_id).engine
    ui = ui_for(rec.game_id)
    names = rec.names()
    ctx = LabelContext(engine.view(state, seat), names)

    def word(data: dict[str, object]) -> str:
        action = engine.parse_action(data)
        assert isinstance(action, Action)
        return ui.action_label(action, lang, ctx=ctx)

    if suggestion.move is None:
        return ""
    why = ui.coach_reason(suggestion.explanation, lang, names) or t(lang, "coach.generic")
    lines = [t(lang, "coach.line", move=word(suggestion.move), why=why)]
    # Moves worded alike (two copies of one card) are one move to a player, as in the hand: the best stands.
    choices: dict[str, float] = {}
    for choice in suggestion.choices:
        choices.setdefault(word(choice.action), choice.value)
    if len(choices) > 1:
        lines.append(t(lang, "coach.choices", n=suggestion.samples))
        lines += [
            t(lang, "coach.choice", rank=i, move=move, pct=round(100 * value))
            for i, (move, value) in enumerate(choices.items(), start=1)
        ]
    return "\n".join(lines)
