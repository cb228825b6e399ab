"""``/rules`` and ``/card`` content."""

from __future__ import annotations

from engines.core import CardInfo, RuleSection


def rule_sections() -> list[RuleSection]:
    return []


def card_infos(text: str | None) -> list[CardInfo]:
    return []
