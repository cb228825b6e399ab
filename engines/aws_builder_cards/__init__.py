"""AWS Builder Cards, 2nd Edition: build AWS architectures from a deck of service cards (AB-1..AB-12)."""

from engines.aws_builder_cards.cards import CardDataError, CardDB, load_cards
from engines.aws_builder_cards.engine import ENGINE, AwsBuilderCards

__all__ = ["ENGINE", "AwsBuilderCards", "CardDB", "CardDataError", "load_cards"]
