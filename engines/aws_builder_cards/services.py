"""What each card stands for in real AWS: the lines of ``services.toml`` beside the card data (schema and
limits: ``engines.deckbuilding.services``)."""

from __future__ import annotations

from functools import cache
from importlib import resources

from engines.deckbuilding.services import ServiceFile, parse_services


@cache
def service_lines() -> ServiceFile:
    return parse_services(resources.files(__package__).joinpath("services.toml").read_text(encoding="utf-8"))
