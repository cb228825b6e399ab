"""What each card of the two AWS games stands for in real AWS: one plain line per card, in English and
Japanese, kept beside each game's card data (``<game>/services.toml``) and read with this schema.

A card is a ``service`` (an AWS service: the line says what AWS's own documentation says it is for) or a
``concept`` (an on-premises part, the Well-Architected Framework, a practice such as Cloud Financial
Management: the line says what it is and what stands for it in AWS). A card that stands for nothing real is
listed in ``not_a_service`` instead. The tests check that every card of the game's card file is covered
exactly once, and the lengths: a line is read beside a card name in a Discord message.
"""

from __future__ import annotations

import tomllib
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core.i18n import Text

#: The longest line, in characters: about one line of a Discord embed beside the card's name.
EN_LIMIT = 110
#: Japanese carries about twice the meaning per character (and is drawn about twice as wide).
JA_LIMIT = 70


class ServiceLine(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["service", "concept"]
    en: str = Field(min_length=10, max_length=EN_LIMIT)
    ja: str = Field(min_length=5, max_length=JA_LIMIT)

    @property
    def text(self) -> Text:
        return Text(en=self.en, ja=self.ja)


class ServiceFile(BaseModel):
    """``lines``: card key -> its line; ``not_a_service``: card keys that stand for nothing real."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    lines: dict[str, ServiceLine]
    not_a_service: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _each_card_once(self) -> ServiceFile:
        both = sorted(set(self.lines) & set(self.not_a_service))
        if both:
            raise ValueError(f"cards both with a line and listed as not a service: {both}")
        return self

    def covered(self) -> set[str]:
        return set(self.lines) | set(self.not_a_service)


def parse_services(text: str) -> ServiceFile:
    """The validated file; raises ``ValueError`` (pydantic's, or TOML's) on a bad one."""
    return ServiceFile.model_validate(tomllib.loads(text))
