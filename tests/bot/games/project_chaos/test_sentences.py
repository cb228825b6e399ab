"""Project Chaos on the table message: one sentence per event kind in both languages (typed events, and
the same events read back from the table's outbox as plain JSON), every refusal worded with names, and no
public sentence naming a card the table does not show."""

from __future__ import annotations

import ast
import inspect

import pytest

from bot.errors import message_for
from bot.games import ui_for
from bot.games.project_chaos import cog, talk
from bot.games.project_chaos.ui import refusal_params
from bot.table.events import StoredEvent
from engines.core import IllegalAction, Rng
from engines.project_chaos import ENGINE, engine
from engines.project_chaos.events import (
    EVENT_KINDS,
    CardPlaced,
    CardPushedOut,
    ChaosResolved,
    GameLost,
    Stagnation,
    VoteClosed,
)
from engines.project_chaos.models import ACTION_ADAPTER
from i18n import has

NAMES = {"p1": "Hanako", "p2": "AI-1", "p3": "AI-2"}
ui = ui_for("project-chaos")


def raised_codes(module: object, call: str) -> set[str]:
    codes = set()
    for node in ast.walk(ast.parse(inspect.getsource(module))):  # type: ignore[arg-type]
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            if name == call and isinstance(node.args[0].value, str):
                codes.add(node.args[0].value)
    return codes


CODES = sorted(
    raised_codes(engine, "IllegalAction")
    | raised_codes(cog, "refuse")
    | raised_codes(talk, "refuse")
    | {talk.TalkButton.NOT_SEATED, talk.TalkButton.MOVED_ON}
)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_action_event_and_refusal_has_a_sentence(lang: str) -> None:
    actions = sorted(ACTION_ADAPTER.json_schema()["discriminator"]["mapping"])
    # 13: the rules' and the talk buttons' (typed text is refused by the notation, worded in core.toml)
    assert len(actions) == 9 and len(EVENT_KINDS) == 25 and len(CODES) >= 13
    missing = [f"project-chaos.actions.{a}" for a in actions if not has(lang, f"project-chaos.actions.{a}")]
    missing += [
        f"project-chaos.events.{k}" for k in EVENT_KINDS if not has(lang, f"project-chaos.events.{k}")
    ]
    missing += [f"project-chaos.errors.{c}" for c in CODES if not has(lang, f"project-chaos.errors.{c}")]
    assert not missing


def test_refusals_name_cards_and_workplaces() -> None:
    err = IllegalAction("wrong_workplace", card="pc-ci-all-green", workplace="user")
    err.game = "project-chaos"
    err.params = refusal_params(err.params, "en")
    text, expected = message_for(err, "en")
    assert expected and text == (
        "CI Is All Green cannot go in User: a card goes only in the workplace of one of its categories."
    )
    err = IllegalAction("not_a_target", workplace="mgmt", candidates=["tech", "user"])
    err.game = "project-chaos"
    err.params = refusal_params(err.params, "ja")
    assert (
        message_for(err, "ja")[0]
        == "その効果はマネジメントには使えません。対象にできるのはテクノロジー、ユーザーです。"
    )


def test_sentences_say_what_happened() -> None:
    placed = CardPlaced(
        seat="p1",
        card="pc-release-goes-viral",
        workplace="user",
        value=3,
        tokens_before=1,
        tokens_after=3,
        replaced_card="pc-flaky-test",
    )
    assert ui.describe_event(placed, "en", NAMES) == (
        "⬇ Hanako placed **The Release Goes Viral** (+3) in User: resources 1 → 3."
    )
    assert ui.describe_event(placed, "ja", NAMES) == (
        "⬇ Hanako が「リリースがSNSでバズる」（+3）をユーザーに配置：リソース 1 → 3。"
    )
    paid = CardPushedOut(seat="p1", card="pc-flaky-test", workplace="user", to="discard", paid=1, how="paid")
    assert ui.describe_event(paid, "en", NAMES) == (
        "💰 Hanako paid 1 token to push **A Flaky Test** out to the discard."
    )
    free = paid.model_copy(update={"to": "lane", "paid": 0, "how": "unaffordable"})
    assert ui.describe_event(free, "en", NAMES) == (
        "Too few tokens to push it out: **A Flaky Test** goes into the lane."
    )
    vote = VoteClosed(
        seat="p1", card="pc-naming-debate", passed=False, yes_seats=["p1"], no_seats=["p2", "p3"]
    )
    assert ui.describe_event(vote, "en", NAMES) == (
        "❌ No agreement on **Thirty Minutes on a Variable Name** (AI-1 and AI-2 said no): Chaos die +1."
    )
    assert ui.describe_event(Stagnation(round=4, before=1, after=2), "en", NAMES) == (
        "⏳ Round 4 ended with no card touching the die: stagnation, the die goes 1 → 2."
    )
    lost = GameLost(scenario="mvp", reason="loss:die_overflow", cause_card="pc-production-is-down")
    assert ui.describe_event(lost, "en", NAMES) == (
        "💥 **Production Is Down** pushed the chaos die past 3 — the project collapses."
    )


def test_pc_9a_chaos_on_an_empty_deck_says_nothing_happens() -> None:
    empty = ChaosResolved(seat="p1", face=2, effect="empty_deck")
    assert ui.describe_event(empty, "en", NAMES) == (
        "🎲 Chaos die 2, but the deck is empty: chaos has nothing to draw or reveal, so nothing happens."
    )
    assert ui.describe_event(empty.model_copy(update={"face": 3}), "ja", NAMES) == (
        "🎲 混沌ダイス 3：山札が空なので、混沌は何も起こさない。"
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_event_of_many_games_is_worded_and_public_lines_show_only_public_cards(lang: str) -> None:
    """Typed events, and the same events as the table's outbox reads them back (JSON, no class), read the
    same; a public line names only cards the table shows (after the event) or showed (before it)."""
    names = {c.id: c.name.get(lang) for c in ENGINE.cards()}
    agent = ENGINE.ai("random")
    seen: set[str] = set()
    for seed in range(40):
        state = ENGINE.new_game(["p1", "p2", "p3"], None, seed)
        rng = Rng.from_seed(seed)
        while ENGINE.outcome(state) is None:
            seat = ENGINE.to_move(state)[0]
            before = set(ENGINE.view(state, None).cards)
            step = ENGINE.apply(state, seat, agent.choose(state, seat, rng))
            shown = before | set(ENGINE.view(step.state, None).cards)
            for event in step.events:
                seen.add(event.kind)
                line = ui.describe_event(event, lang, NAMES)
                stored = ui.describe_event(
                    StoredEvent.model_validate(event.model_dump(mode="json")), lang, NAMES
                )
                assert line == stored
                if line is None:
                    continue
                assert "{" not in line and "project-chaos." not in line and "events." not in line, line
                if event.public:
                    named = {c for c, n in names.items() if n in line}
                    # a name inside another card's name ("Production Is Down" in a longer one) is not a leak
                    leaked = {c for c in named - shown if not any(names[c] in names[o] for o in shown)}
                    assert not leaked, (line, leaked)
            state = step.state
    assert len(seen) >= 20
