"""A notice about the table (``bot.presenters.notice``): its words from the catalog, the members it may
ping (a reminder: its player) and nobody else, the take-back button where offered, 2,000 characters."""

from __future__ import annotations

from bot.presenters.notice import notice
from bot.store.messages import Told
from bot.table.seat_buttons import take_back_view
from i18n import t
from tests.bot.presenters.conftest import ALICE, PK, controls, pinged, within_discord_limits


def test_a_notice_pings_nobody_but_the_members_it_names(lang: str) -> None:
    quiet = notice(
        PK,
        Told(key="table.left", params={"name": "Alice"}, button="take_back"),
        lang,
        take_back=take_back_view,
    )
    assert quiet.content == t(lang, "table.left", name="Alice")
    assert (
        pinged(quiet) == [] and quiet.allowed_mentions is not None and quiet.allowed_mentions.users is False
    )
    assert [(c.kind, c.pk) for c in controls(quiet)] == [("back", PK)]
    reminder = notice(
        PK,
        Told(key="table.back", params={"name": f"<@{ALICE}>"}, ping=[ALICE]),
        lang,
        take_back=take_back_view,
    )
    assert pinged(reminder) == [ALICE] and reminder.view is None
    assert reminder.allowed_mentions is not None and reminder.allowed_mentions.everyone is False
    assert "files" not in reminder.words_kwargs() and "view" not in reminder.words_kwargs()


def test_a_notice_fits_discords_content_limit(lang: str) -> None:
    payload = notice(PK, Told(key="table.left", params={"name": "N" * 3000}), lang, take_back=take_back_view)
    assert len(payload.content or "") == 2000
    within_discord_limits(payload)
