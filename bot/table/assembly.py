"""Builds the table service with its parts: the publisher, the outbox, the turn clocks' scheduler and the
AI's retry control. The one place that knows all of them, so none of them (and not the service) needs to
import another to be put together."""

from __future__ import annotations

import discord

from bot.settings import Settings
from bot.store import Store
from bot.table import components
from bot.table.outbox import Outbox
from bot.table.publisher import Publisher
from bot.table.scheduler import Scheduler
from bot.table.service import TableService


def table_service(client: discord.Client, store: Store, settings: Settings) -> TableService:
    publisher = Publisher(client, store, settings.default_locale)
    return TableService(
        client,
        store,
        settings,
        publisher=publisher,
        outbox=Outbox(store, publisher),
        scheduler=Scheduler,
        retry_view=components.ai_retry_view,
    )
