"""Every card's combos, from the data: with its partners a combo fires, without them it does not."""

from __future__ import annotations

import pytest

from engines.aws_builder_cards.architecture import Result, evaluate
from engines.aws_builder_cards.cards import BUILDER, CMP, DEFAULT_DB, OTHER, Card

FILLER = "vpc"  # a Builder card with no combo of its own: makes an architecture without feeding combos
WITH = [(k, c.index) for k, card in DEFAULT_DB.cards.items() for c in card.combos]
PER = [(k, p.index) for k, card in DEFAULT_DB.cards.items() for p in card.per]


def arch(keys: list[str]) -> Result:
    return evaluate(DEFAULT_DB, tuple(sorted((k, False) for k in keys)), 0)


def a_partner(token: str) -> str:
    return {CMP: "lambda", BUILDER: "vpc", OTHER: "bare-metal-host"}.get(token, token)


def lines_for(res: Result, keys: list[str], owner: str, effect: int) -> list[list[str]]:
    ordered = sorted(keys)
    return [
        [ordered[j] for j in ln.partners]
        for ln in res.lines
        if ordered[ln.owner] == owner and ln.effect == effect
    ]


def fillers(card: Card, partners: list[str]) -> list[str]:
    builders = sum(1 for k in [card.key, *partners] if DEFAULT_DB.cards[k].is_builder)
    return [FILLER] * max(0, 2 - builders)


@pytest.mark.parametrize(("key", "index"), WITH, ids=[f"{k}-{i}" for k, i in WITH])
def test_with_combo_fires_with_its_partner(key: str, index: int) -> None:
    card = DEFAULT_DB.cards[key]
    combo = next(c for c in card.combos if c.index == index)
    for token in sorted(combo.partners):
        partners = [a_partner(token)] * combo.count
        # Twice the partners needed, so the card's other combos cannot take them all.
        keys = [key, *partners, *partners, *fillers(card, partners)]
        res = arch(keys)
        found = lines_for(res, keys, key, index)
        assert found and sorted(found[0]) == sorted(partners), (keys, res.lines)
        line = next(
            ln
            for ln in res.lines
            if ln.kind == "with" and ln.effect == index and sorted(keys)[ln.owner] == key
        )
        assert (line.credits, line.draw, line.adopt) == (combo.credits, combo.draw, combo.adopt)


@pytest.mark.parametrize(("key", "index"), WITH, ids=[f"{k}-{i}" for k, i in WITH])
def test_with_combo_does_not_fire_without_its_partner(key: str, index: int) -> None:
    card = DEFAULT_DB.cards[key]
    combo = next(c for c in card.combos if c.index == index)
    if BUILDER in combo.partners:
        keys = [key, "bare-metal-host"]  # no other Builder card: no partner and no architecture
    else:
        keys = [key, FILLER, FILLER] if FILLER not in combo.partners else [key, "s3", "s3"]
    res = arch(keys)
    assert not lines_for(res, keys, key, index)


@pytest.mark.parametrize(("key", "index"), PER, ids=[f"{k}-{i}" for k, i in PER])
def test_for_each_combo_counts_each_match(key: str, index: int) -> None:
    per = next(p for p in DEFAULT_DB.cards[key].per if p.index == index)
    match = a_partner(per.per) if per.per != OTHER else "vpc"
    keys = [key, match, match, FILLER]
    res = arch(keys)
    expected = 3 if per.per == OTHER else 2
    found = lines_for(res, keys, key, index)
    assert len(found) == 1 and len(found[0]) == expected
    line = next(ln for ln in res.lines if ln.effect == index and sorted(keys)[ln.owner] == key)
    assert (line.credits if per.what == "credits" else line.draw) == per.amount * expected


@pytest.mark.parametrize(("key", "index"), PER, ids=[f"{k}-{i}" for k, i in PER])
def test_for_each_combo_gives_nothing_without_matches(key: str, index: int) -> None:
    per = next(p for p in DEFAULT_DB.cards[key].per if p.index == index)
    keys = [key] if per.per == OTHER else [key, "s3"] if per.per != "s3" else [key, FILLER]
    assert not lines_for(arch(keys), keys, key, index)


def test_every_combo_card_is_covered() -> None:
    with_combos = {k for k, _ in WITH} | {k for k, _ in PER}
    expected = {k for k, c in DEFAULT_DB.cards.items() if c.combos or c.per}
    assert with_combos == expected and len(expected) >= 25
