"""The words the AWS Builder Cards pictures print.
The words themselves are the game's catalog,
``i18n/games/aws-builder-cards/<lang>.toml`` (table ``aws-builder-cards.picture``)."""

from __future__ import annotations

from engines.aws_builder_cards.text import gives_text
from i18n import Scope

t = Scope("aws-builder-cards.picture")


def gives(credits: int, draw: int, adopt: int, lang: str) -> str:
    return gives_text(credits, draw, adopt, lang, compact=True)
