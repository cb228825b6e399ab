"""The engine contract, ids, seeded randomness, errors, replay and AI helpers."""

from engines.core.call import TABLE, AlreadyCalled, CallGame, GameCalled, NotCallable, TableOnly
from engines.core.engine import Agent, Engine, RandomAgent
from engines.core.errors import (
    BadAction,
    BadOptions,
    BadPlayerCount,
    GameError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    UnknownGame,
)
from engines.core.i18n import LANGS, Text
from engines.core.models import (
    Action,
    CardField,
    CardInfo,
    Event,
    Explanation,
    GameState,
    Options,
    Outcome,
    RuleSection,
    Seat,
    Step,
    View,
    group_ranking,
)
from engines.core.notation import (
    AmbiguousMove,
    IllegalMove,
    NameIndex,
    Notation,
    NotationError,
    Phrase,
    Phrasebook,
    UnreadableMove,
    fold,
)
from engines.core.options import describe as describe_options
from engines.core.options import validate_options
from engines.core.replay import replay
from engines.core.rng import Rng, seed_state

__all__ = [
    "LANGS",
    "TABLE",
    "Action",
    "Agent",
    "AlreadyCalled",
    "AmbiguousMove",
    "BadAction",
    "BadOptions",
    "BadPlayerCount",
    "CallGame",
    "CardField",
    "CardInfo",
    "Engine",
    "Event",
    "Explanation",
    "GameCalled",
    "GameError",
    "GameOver",
    "GameState",
    "IllegalAction",
    "IllegalMove",
    "NameIndex",
    "NotCallable",
    "NotYourTurn",
    "Notation",
    "NotationError",
    "Options",
    "Outcome",
    "Phrase",
    "Phrasebook",
    "RandomAgent",
    "Rng",
    "RuleSection",
    "Seat",
    "Step",
    "TableOnly",
    "Text",
    "UnknownGame",
    "UnreadableMove",
    "View",
    "describe_options",
    "fold",
    "group_ranking",
    "replay",
    "seed_state",
    "validate_options",
]
