"""One canonical form per move, and what the Discord layer reads: the card on offer at an Acquire's source
(in the chooser's view, not in the action), the turn summary of ``turn_ended``, a card file kept once in the
state, Japanese line breaks of card names."""

from __future__ import annotations

import itertools
import json

import pytest

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.cards import DEFAULT_TEXT, CardDataError, load_cards, parse_card_file
from engines.aws_builder_cards.events import TurnEnded
from engines.aws_builder_cards.models import Acquire, Deploy, EndTurn
from engines.core import IllegalAction
from tests.engines.aws_builder_cards.conftest import Table


def test_deploy_names_a_set_of_cards_in_any_order() -> None:
    """Regression (contract suite, 4 players, seed 252750): a permutation of the listed deploy-all was
    accepted although it was not in legal_actions. Now every order parses to the one listed action."""
    t = Table()
    s3, lam, vpc = t.hand("p1", "s3", "lambda", "vpc")
    listed = [a for a in t.legal() if isinstance(a, Deploy) and len(a.cards) == 3]
    assert len(listed) == 1 and listed[0].cards == tuple(sorted((s3, lam, vpc)))
    keys = {a.key() for a in t.legal()}
    results = set()
    for order in itertools.permutations((s3, lam, vpc)):
        action = Deploy(cards=order)
        assert action == listed[0] and action.key() in keys
        parsed = ENGINE.parse_action({"type": "deploy", "cards": list(order)})
        assert parsed == listed[0]
        step = ENGINE.apply(t.state, "p1", parsed)
        assert step.state.now.deployed == [s3, lam, vpc], "the cards go down in hand order"
        results.add(ENGINE.dump_state(step.state))
    assert len(results) == 1


def test_a_part_of_the_hand_goes_down_at_once_and_a_card_named_twice_is_refused() -> None:
    t = Table()
    s3, lam, _vpc = t.hand("p1", "s3", "lambda", "vpc")
    assert Deploy(cards=(lam, s3)) in t.legal()
    step = ENGINE.apply(t.state, "p1", Deploy(cards=(lam, s3)))
    assert step.state.now.deployed == [s3, lam]
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(t.state, "p1", Deploy(cards=(s3, s3)))
    assert err.value.code == "bad_deploy"


def test_an_acquire_is_only_its_source_and_the_view_shows_what_is_on_offer_there() -> None:
    t = Table()
    (s3,) = t.slot(1, "s3")
    t.deploy_all()
    listed = next(a for a in t.legal() if isinstance(a, Acquire) and a.source == "free" and a.slot == 1)
    assert listed.model_dump() == {"type": "acquire", "source": "free", "slot": 1}
    assert ENGINE.parse_action(listed.model_dump(mode="json")) == listed
    assert Acquire(source="free", slot=2) != listed and listed != EndTurn()
    view = ENGINE.view(t.state, "p1")
    slot = view.console.free_slots[1]
    assert slot is not None and slot.key == "s3" and slot.cards == [s3]
    assert view.cards["s3"].cost == 0
    wa = next((a for a in t.legal() if isinstance(a, Acquire) and a.source == "wa"), None)
    if wa is not None:
        assert view.console.wa_top is not None and view.console.wa_top.startswith("wa")
        assert view.console.wa_costs[str(view.cards[view.console.wa_top.split("#")[0]].points)] > 0


def test_turn_ended_sums_up_the_turn_by_card_kind() -> None:
    t = Table()
    t.hand("p1", "s3", "lambda", "vpc")
    t.slot(0, "ec2")
    t.deploy_all()
    t.do("p1", Acquire(source="free", slot=0))
    events = t.do("p1", EndTurn())
    ended = next(e for e in events if isinstance(e, TurnEnded))
    assert ended.deployed_cards == ["s3", "lambda", "vpc"]
    assert ended.acquired_cards == ["ec2"]
    assert ended.draws == 1 and ended.credits >= 1 and ended.retired_card is None


def test_a_card_file_is_kept_once_in_the_state_and_never_in_an_options_dump() -> None:
    data = parse_card_file(DEFAULT_TEXT).model_dump()
    text = json.dumps(data)
    options = ENGINE.make_options({"card_file": text, "long_game": True})
    assert options.card_file == text
    assert "card_file" not in options.model_dump(mode="json"), "a lobby listing never shows a whole file"
    state = ENGINE.new_game(["a", "b"], {"card_file": text}, 3)
    assert state.card_file == text and state.options.card_file is None
    dumped = ENGINE.dump_state(state)
    assert dumped.count('"card_file"') == 1
    assert ENGINE.load_state(dumped) == state
    assert ENGINE.view(state, None).options["custom_cards"] is True


def test_japanese_line_breaks_must_spell_the_name() -> None:
    bad = DEFAULT_TEXT.replace('ja_lines = ["ベアメタル", "ホスト"]', 'ja_lines = ["ベア", "ホスト"]', 1)
    assert bad != DEFAULT_TEXT
    with pytest.raises(CardDataError, match="ja_lines"):
        load_cards(bad)
    faces = ENGINE.view(Table().state, "p1").cards
    assert all(
        not f.ja_lines or "".join(f.ja_lines).replace(" ", "") == f.name.ja.replace(" ", "")
        for f in faces.values()
    )
