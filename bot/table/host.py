"""How a control or command reaches the table service from an interaction, without importing the client
(the client depends on the table package, never the reverse)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from bot.interactions import Interaction

if TYPE_CHECKING:
    from bot.table.service import TableService


class TableHost(Protocol):
    """The client as the table package needs it: its table service."""

    tables: TableService


def tables_of(interaction: Interaction) -> TableService:
    return cast(TableHost, interaction.client).tables
