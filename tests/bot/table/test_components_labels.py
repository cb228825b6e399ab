"""Public controls carry both languages, the server's first, within Discord's 80 characters; ephemeral
controls (the abort confirmation, a hand's) stay in the one language of the member who sees them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import engines
from bot.games import GameUI, LabelContext
from bot.table import components, hand_controls
from engines.aws_deckbuilding.models import EndTurn
from engines.core import Action
from i18n import LANGS, t


def labels(view: Any) -> list[str]:
    return [str(getattr(getattr(item, "item", item), "label", "")) for item in view.children]


@pytest.mark.parametrize("lang", LANGS)
def test_public_controls_read_in_both_languages(lang: str) -> None:
    other = next(x for x in LANGS if x != lang)
    public = {
        "lobby": (components.lobby_view(7, lang), ["buttons.join", "buttons.leave", "buttons.start"]),
        "table": (components.table_view(7, lang), ["buttons.hand"]),
        "AI retry": (components.ai_retry_view(7, lang), ["buttons.ai_retry"]),
    }
    for name, (view, keys) in public.items():
        expected = [f"{t(lang, key)} · {t(other, key)}" for key in keys]
        assert labels(view) == expected, name
        assert all(len(label) <= components.BUTTON_LABEL for label in labels(view)), name


@pytest.mark.parametrize("lang", LANGS)
def test_the_abort_confirmation_is_in_the_askers_language_only(lang: str) -> None:
    assert labels(components.abort_view(7, 3, lang)) == [
        t(lang, "buttons.abort_yes"),
        t(lang, "buttons.abort_no"),
    ]


class _LongLabels(GameUI):
    def action_label(
        self, action: Action, lang: str, *, in_group: bool = False, ctx: LabelContext | None = None
    ) -> str:
        return "End the turn and keep every on-premises card: Bare Metal Host, Virtual Machine, Data Center"


def test_a_hand_button_label_is_cut_after_a_whole_word() -> None:
    ui = _LongLabels(engines.get("aws-deckbuilding"))
    rec = SimpleNamespace(id=7, version=3)
    view = hand_controls.hand_view(rec, [EndTurn()], ui, "en")  # type: ignore[arg-type]
    assert view is not None
    (label,) = labels(view)
    assert label == "End the turn and keep every on-premises card: Bare Metal Host, Virtual Machine…"
    assert len(label) <= components.BUTTON_LABEL
