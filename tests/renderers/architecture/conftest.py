"""Architectures to draw, built by hand from the real card data of both AWS games: a small one with a
mission, a large one (every service of AWS Deckbuilding, more combos than are shown) and one with nothing
built."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

import engines
from bot.games.aws_builder_cards import lessons as ab_lessons
from bot.games.aws_deckbuilding import lessons as ad_lessons
from engines.aws_builder_cards.cards import catalogue
from engines.aws_builder_cards.lessons import groups as ab_groups
from engines.aws_builder_cards.models import ABState
from engines.aws_builder_cards.setup import mission_id
from engines.aws_deckbuilding.cards import DB
from engines.aws_deckbuilding.lessons import groups as ad_groups
from engines.aws_deckbuilding.models import ADState
from engines.deckbuilding.lessons import Architecture, Combo
from renderers.architecture import Sheet

LONG = "carol with a display name far too long for one line of a phone picture"

Make = Callable[[str], Sheet]


def ab_sheet(arch: Architecture, player: str) -> Sheet:
    engine = engines.get("aws-builder-cards")
    state = engine.new_game(["p1", "p2"], None, 1)
    assert isinstance(state, ABState)
    names, colours = ab_lessons.names(state), ab_lessons.colours(state)
    return Sheet(arch, player, engine.name, "aws-builder-cards", names, colours)


@pytest.fixture
def small() -> Sheet:
    """AWS Builder Cards: five services in three categories, two combos made (one three times), a mission
    solved, a mission architecture built, a combo whose parts were held."""
    deployed = Counter({"lambda": 2, "api-gateway": 1, "dynamodb": 1, "sqs": 3, "sns": 1})
    arch = Architecture(
        seat="p1",
        basis="deployed",
        groups=ab_groups(catalogue(None), deployed),
        combos=(Combo("sns", 0, ("lambda",), 3), Combo("dynamodb", 1, ("lambda",), 1)),
        missed=(Combo("api-gateway", 0, ("lambda",)),),
        missions=(mission_id("serverless-api"),),
        patterns=(mission_id("fan-out"),),
    )
    return ab_sheet(arch, "alice")


@pytest.fixture
def large() -> Make:
    """AWS Deckbuilding: every service owned (two copies of each), 14 combos made (the first with no partner:
    "no on-premises card revealed"), 13 held but never made; ``make(player)`` names the owner."""

    def make(player: str) -> Sheet:
        keys = [c.key for c in DB.services]
        combos = [Combo(keys[13], 1, ())]
        combos += [Combo(k, 0, tuple(keys[i + 1 : i + 6]), 1 + i % 3) for i, k in enumerate(keys[:13])]
        arch = Architecture(
            seat="p2",
            basis="owned",
            groups=ad_groups(DB, Counter(dict.fromkeys(keys, 2))),
            combos=tuple(combos),
            missed=tuple(Combo(k, 1, (keys[0], keys[1])) for k in keys[14:27]),
        )
        engine = engines.get("aws-deckbuilding")
        state = engine.new_game(["p1", "p2"], None, 1)
        assert isinstance(state, ADState)
        names, colours = ad_lessons.names(state), ad_lessons.colours(state)
        return Sheet(arch, player, engine.name, "aws-deckbuilding", names, colours)

    return make


@pytest.fixture
def empty() -> Sheet:
    return ab_sheet(Architecture(seat="p1", basis="deployed", groups=(), combos=(), missed=()), "bob")
