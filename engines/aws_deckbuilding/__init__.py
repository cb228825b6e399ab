"""AWS Deckbuilding Game (BuilderCards 1st edition): TCO and AWSome credits, one marketplace of five
face-up service cards, a snake draft, primary and secondary effects with conditions (AD-1..AD-15)."""

from engines.aws_deckbuilding.engine import ENGINE, AwsDeckbuilding
from engines.core.registry import register

register(ENGINE)

__all__ = ["ENGINE", "AwsDeckbuilding"]
