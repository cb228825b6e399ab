"""The hand's menus stay short: moves worded alike are offered once, a list too long for one select is
offered card first (then what to do with the card), and once a turn has nothing left but its end, End
turn stands alone."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import engines
from bot.games import LabelContext, ui_for
from bot.table import hand_controls
from engines.aws_builder_cards.models import Acquire
from engines.core import Action
from tests.engines.aws_builder_cards.conftest import Table

REC = SimpleNamespace(id=7, version=3)


def items(view: Any) -> list[Any]:
    return [getattr(child, "item", child) for child in view.children]


def selects(view: Any, prefix: str) -> list[Any]:
    return [
        i
        for i in items(view)
        if str(getattr(i, "custom_id", "")).startswith(prefix) and hasattr(i, "options")
    ]


def buttons(view: Any) -> list[str]:
    return [str(i.label) for i in items(view) if not hasattr(i, "options")]


def every_move(game: str, legal: list[Action], view: Any) -> tuple[Any, list[str]]:
    """The hand's first step, and every move label it offers, the moves inside each group included."""
    ui = ui_for(game)
    ctx = LabelContext(view, {})
    first = hand_controls.hand_view(REC, legal, ui, "en", ctx=ctx)  # type: ignore[arg-type]
    assert first is not None
    labels = [o.label for s in selects(first, "dh:act:") for o in s.options]
    for grp in selects(first, "dh:grp:"):
        for option in grp.options:
            opened = hand_controls.hand_view(REC, legal, ui, "en", group=int(option.value), ctx=ctx)  # type: ignore[arg-type]
            assert opened is not None and "◀ Back" in buttons(opened)
            labels += [o.label for s in selects(opened, "dh:act:") for o in s.options]
    return first, labels


def test_three_copies_of_one_card_give_one_deploy_of_it() -> None:
    """ "Deploy Bare Metal Host: 0 credits" ×3 (one move per copy to the engine) is offered once."""
    t = Table(players=3)
    t.hand("p1", "bare-metal-host", "bare-metal-host", "bare-metal-host", "s3", "lambda")
    engine = engines.get("aws-builder-cards")
    legal = engine.legal_actions(t.state, "p1")
    _, labels = every_move("aws-builder-cards", legal, engine.view(t.state, "p1"))
    assert labels.count("Deploy Bare Metal Host: 0 credits") == 1
    assert len(labels) == len(set(labels)), "no move is offered twice"


def test_a_long_build_phase_is_offered_card_first() -> None:
    """Five different cards: every deploy combination, the retirements and the offers do not fit one
    select. First the hand's cards (and, beside them, Deploy all and the acquisitions), then what to do
    with the chosen card."""
    t = Table(players=3)
    t.hand("p1", "s3", "bare-metal-host", "sns", "corporate-idp", "redshift")
    engine = engines.get("aws-builder-cards")
    legal = engine.legal_actions(t.state, "p1")
    assert len(legal) > hand_controls.PAGE
    first, labels = every_move("aws-builder-cards", legal, engine.view(t.state, "p1"))
    (cards,) = selects(first, "dh:grp:")
    assert sorted(o.label for o in cards.options) == sorted(
        ["Amazon S3", "Bare Metal Host", "Amazon SNS", "Corporate Identity Provider", "Amazon Redshift"]
    )
    (others,) = selects(first, "dh:act:")
    assert others.options[0].label.startswith("Deploy all (")
    acquisitions = [str(i) for i, a in enumerate(legal) if isinstance(a, Acquire)]
    assert acquisitions and set(acquisitions) <= {o.value for o in others.options}
    assert all(len(s.options) <= hand_controls.PAGE for s in selects(first, "dh:"))
    assert not any(b.startswith(("Next", "◀ Previous")) for b in buttons(first)), "one page"
    assert len(labels) == len(set(labels))
    ctx = LabelContext(engine.view(t.state, "p1"), {})
    worded = {
        ui_for("aws-builder-cards").action_label(a, "en", ctx=ctx) for a in legal if a.type != "end_turn"
    }
    assert set(labels) == worded, "every move stays reachable"


def test_glorious_crown_with_both_jokers_offers_plays_number_first() -> None:
    """Three players, both Jokers in hand: 78 plays (four pages of 25 before). The numbers first, each
    number then with its plays; no select holds more than 25."""
    engine = engines.get("glorious-crown")
    state = engine.new_game(["p1", "p2", "p3"], {}, 37)
    legal = engine.legal_actions(state, "p1")
    assert len(legal) == 78
    first, labels = every_move("glorious-crown", legal, engine.view(state, "p1"))
    (numbers,) = selects(first, "dh:grp:")
    assert [o.label for o in numbers.options][:3] == ["Play 3♥ 3♦ 3♣", "Play 4♠ 4♦ 4♣", "Play 5♥"]
    assert [o.label for o in numbers.options][-1] == "Play Joker ×2"
    assert len(numbers.options) <= hand_controls.PAGE
    assert not buttons(first), "one page, nothing else to press"
    assert len(labels) == len(set(labels)) == 78


def test_end_turn_stands_alone_after_the_last_acquisition_AB_6_AB_7() -> None:
    t = Table(players=3)
    t.hand("p1", "s3", "lambda")
    t.deploy_all()
    engine = engines.get("aws-builder-cards")
    while any(isinstance(a, Acquire) for a in engine.legal_actions(t.state, "p1")):
        t.do("p1", next(a for a in engine.legal_actions(t.state, "p1") if isinstance(a, Acquire)))
    legal = engine.legal_actions(t.state, "p1")
    assert any(a.type == "propose_reshuffle" for a in legal), "still legal: only the hand leaves it out"
    view = hand_controls.hand_view(REC, legal, ui_for("aws-builder-cards"), "en")  # type: ignore[arg-type]
    assert view is not None
    assert not selects(view, "dh:")
    assert buttons(view) == ["End turn"]


def test_end_turn_stands_alone_once_the_buys_run_out_AD_12() -> None:
    from engines.aws_deckbuilding.models import EndTurn, ProposeReshuffle

    ui = ui_for("aws-deckbuilding")
    legal: list[Action] = [EndTurn(), ProposeReshuffle()]
    view = hand_controls.hand_view(REC, legal, ui, "en")  # type: ignore[arg-type]
    assert view is not None
    assert buttons(view) == [ui.action_label(EndTurn(), "en")]
