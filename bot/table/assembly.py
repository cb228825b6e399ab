"""Builds the table service with its parts: the publisher, the outbox, the turn clocks' scheduler and the
AI's retry control. The one place that knows all of them, so none of them (and not the service) needs to
import another to be put together."""

from __future__ import annotations

import functools
import os
import secrets
import socket

import discord

from bot.review.controls import final_view
from bot.settings import Settings
from bot.store import Store
from bot.table import components
from bot.table.outbox import Outbox
from bot.table.publisher import Publisher
from bot.table.scheduler import Scheduler
from bot.table.service import TableService


def lease_owner() -> str:
    """This process's name on the leases it takes: host, process id and a random tail (a restarted process
    with the same id is someone else)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def table_service(client: discord.Client, store: Store, settings: Settings) -> TableService:
    publisher = Publisher(client, store, settings.default_locale)
    publisher.final_view = final_view
    # The process works for its shards' servers only; with a shard count chosen by Discord (not known
    # before connecting) it runs them all, and so works for every server.
    shards, owner, lease = settings.shards, lease_owner(), settings.lease_seconds
    return TableService(
        client,
        store,
        settings,
        publisher=publisher,
        outbox=Outbox(store, publisher, owner=owner, shards=shards, lease=lease),
        scheduler=functools.partial(Scheduler, owner=owner, shards=shards, lease=lease),
        retry_view=components.ai_retry_view,
    )
