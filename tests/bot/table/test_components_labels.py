"""Public controls carry both languages, the server's first, within Discord's 80 characters; ephemeral
controls (the abort confirmation, a hand's) stay in the one language of the member who sees them."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, t
from bot.table import components


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
