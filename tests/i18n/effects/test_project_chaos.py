"""Project Chaos's effects, conditions, values and goals (PC-1 … PC-12) and its ``/card`` and scenario rule
entries in words: every effect type of the card file in both languages, as the engine's old ``text.py``
worded them, and the seed's example cards as the seed wrote them."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import TypeAdapter

import engines
from engines.project_chaos import ENGINE
from engines.project_chaos.cards import CARDS, Claim, Effect, Vote
from engines.project_chaos.scenarios import SCENARIOS, CategoryCountGoal, Goal
from engines.project_chaos.views import face
from i18n.effects import cards, rules
from i18n.effects.project_chaos import categories_text, effects_text, goal_text, play_text, value_text
from tests.i18n.effects.conftest import under

LANGS = ("en", "ja")
SEED = Path(__file__).resolve().parents[3].parent / "shared" / "seeds" / "002_a06c7463485d03ec.txt"


def test_every_effect_value_category_and_goal_reads_as_before(golden: dict[str, str]) -> None:
    got: dict[str, str] = {}
    for cid, card in CARDS.items():
        for lang in LANGS:
            got[f"project-chaos/play/{cid}/{lang}"] = play_text(card.play, lang) or ""
            got[f"project-chaos/value/{cid}/{lang}"] = value_text(card.value, lang)
            got[f"project-chaos/categories/{cid}/{lang}"] = categories_text(card.categories, lang)
        for i, eff in enumerate(card.play):
            for lang in LANGS:
                got[f"project-chaos/effect/{cid}/{i}/{eff.type}/{lang}"] = effects_text([eff], lang)
            subs = (
                {"yes": eff.yes, "no": eff.no}
                if isinstance(eff, Vote)
                else {"claimed": eff.claimed, "unclaimed": eff.unclaimed}
                if isinstance(eff, Claim)
                else {}
            )
            for name, effects in subs.items():
                for lang in LANGS:
                    if effects:
                        got[f"project-chaos/outcome/{cid}/{i}/{name}/{lang}"] = effects_text(effects, lang)
    for sid, s in SCENARIOS.items():
        for lang in LANGS:
            got[f"project-chaos/goal/{sid}/{s.goal.type}/{lang}"] = goal_text(s.goal, lang)
    expected = {
        k: v
        for part in ("play", "value", "categories", "effect", "outcome", "goal")
        for k, v in under(golden, f"project-chaos/{part}/").items()
    }
    assert got.keys() == expected.keys()
    assert [k for k in expected if got[k] != expected[k]] == []


def test_the_rules_scenarios_section_reads_as_before(golden: dict[str, str]) -> None:
    got = {f"project-chaos/rules/{s.id}/{lang}": s.body.get(lang) for s in rules(ENGINE) for lang in LANGS}
    assert got == under(golden, "project-chaos/rules/")
    engine_only = {s.id: s.body.en for s in ENGINE.rules()}
    assert engine_only["scenarios"].endswith(":"), "the engine gives the heading, the words the goals"


def test_a_game_without_worded_rules_keeps_its_engines_sections() -> None:
    engine = engines.get("glorious-crown")
    assert rules(engine) == engine.rules()


EFFECTS = [
    {"type": "tokens", "amount": 2},
    {"type": "tokens", "amount": -1},
    {"type": "die", "amount": -1},
    {"type": "roll"},
    {"type": "set_die", "value": 0},
    {"type": "recycle", "count": 3},
    *(
        {"type": kind, "pick": pick, "min_value": lo, "max_value": hi}
        for kind in ("discard_workplace", "ship_workplace")
        for pick in ("choose", "highest", "lowest")
        for lo, hi in ((-3, 3), (-3, -1), (1, 3), (0, 2))
    ),
    {"type": "if", "condition": {"type": "workplace_value", "at_least": 2}, "then": [{"type": "roll"}]},
    {
        "type": "if",
        "condition": {"type": "workplace_value", "category": "tech", "at_least": 1},
        "then": [{"type": "tokens", "amount": 1}],
        "otherwise": [{"type": "die", "amount": 1}],
    },
    {"type": "if", "condition": {"type": "die_at_least", "value": 2}, "then": [{"type": "roll"}]},
    {"type": "if", "condition": {"type": "tokens_at_least", "value": 2}, "then": [{"type": "roll"}]},
    {"type": "vote", "question": {"en": "Ship it?", "ja": "出す？"}, "yes": [{"type": "roll"}]},
    {
        "type": "claim",
        "question": {"en": "Who?", "ja": "誰？"},
        "claimed": [{"type": "roll"}],
        "unclaimed": [{"type": "die", "amount": 1}],
    },
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("data", EFFECTS, ids=lambda d: str(d["type"]))
def test_every_effect_type_is_worded_with_its_parameters(data: dict[str, object], lang: str) -> None:
    effect: Effect = TypeAdapter(Effect).validate_python(data)
    text = effects_text([effect], lang)
    assert text.strip() and "{" not in text and "project-chaos." not in text


GOALS = [
    {"type": "categories", "per_category": 2},
    {"type": "value_count", "value": 3, "count": 2},
    {"type": "die_face", "value": 0},
    *({"type": "category_count", "category": "user", "count": 3, "min_value": v} for v in (-3, 0, 2)),
    {"type": "lane_total", "at_least": 8},
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("data", GOALS, ids=lambda d: str(d["type"]))
def test_every_goal_type_is_worded_with_its_parameters(data: dict[str, object], lang: str) -> None:
    goal: Goal = TypeAdapter(Goal).validate_python(data)
    text = goal_text(goal, lang)
    assert text.strip() and "{" not in text and "project-chaos." not in text
    if isinstance(goal, CategoryCountGoal) and goal.min_value == 2:
        assert "2" in text


def test_the_view_carries_effects_and_goals_as_data() -> None:
    praised = face("pc-product-praised")
    assert praised.play == list(CARDS["pc-product-praised"].play)
    assert "effect" not in type(praised).model_fields
    assert play_text(praised.play, "ja") == play_text(CARDS["pc-product-praised"].play, "ja")


def test_a_card_without_play_effects_has_no_play_text() -> None:
    unplayable = [c for c in CARDS.values() if not c.play]
    assert unplayable and all(play_text(c.play, lang) is None for c in unplayable for lang in LANGS)


def test_pc_2_the_seed_examples_read_as_the_seed_wrote_them() -> None:
    if not SEED.is_file():
        pytest.skip(f"seed document not found at {SEED} (../shared is beside the repo)")
    seed = SEED.read_text(encoding="utf-8")
    for card_id in ("pc-company-acquired", "pc-product-praised", "pc-deadline-cut"):
        card = CARDS[card_id]
        assert card.name.ja in seed
        text = play_text(card.play, "ja")
        assert text is not None
        # The seed adds "（最大3）" to one text: the general token cap (PC-3), not part of the effect.
        assert f"プレイ：{text}" in seed.replace("（最大3）", ""), text


def test_cards_entries_cover_every_card_in_both_languages() -> None:
    infos = {c.id: c for c in cards(ENGINE)}
    assert set(infos) == set(CARDS)
    for cid, card in CARDS.items():
        info = infos[cid]
        assert info.name == card.name and card.name.ja in info.aliases
        names = {f.name.en for f in info.fields}
        assert {"Value", "Categories", "Play"} <= names
        assert info.text.en and info.text.ja
        if card.talk:
            assert "Talk" in names
    praised = infos["pc-product-praised"]
    assert "テクノロジーカテゴリにリソース1以上のカードがあればリソース+2" in praised.text.ja
    assert "resource +2" in praised.text.en
