"""One canonical form per move, and what the Discord layer reads: the card on offer in an Acquire, the turn
summary of ``turn_ended``, a card file kept once in the state, Japanese line breaks of card names."""

from __future__ import annotations

import itertools
import json

import pytest

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.cards import DEFAULT_TEXT, CardDataError, load_cards, parse_card_file
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


def test_a_part_of_the_hand_is_still_refused() -> None:
    t = Table()
    s3, lam, _vpc = t.hand("p1", "s3", "lambda", "vpc")
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(t.state, "p1", Deploy(cards=(lam, s3)))
    assert err.value.code == "deploy_one_or_all"
    with pytest.raises(IllegalAction):
        ENGINE.apply(t.state, "p1", Deploy(cards=(s3, s3)))


def test_acquire_carries_the_card_on_offer_but_is_the_same_action_without_it() -> None:
    t = Table()
    t.slot(1, "s3")
    t.deploy_all()
    listed = next(a for a in t.legal() if isinstance(a, Acquire) and a.source == "free" and a.slot == 1)
    assert listed.offer == ("s3", 0)
    plain = Acquire(source="free", slot=1)
    assert plain.offer is None
    assert plain == listed and hash(plain) == hash(listed) and plain.key() == listed.key()
    assert ENGINE.parse_action(listed.model_dump(mode="json")) == listed
    assert Acquire(source="free", slot=2) != listed and listed != EndTurn()
    wa = next((a for a in t.legal() if isinstance(a, Acquire) and a.source == "wa"), None)
    if wa is not None:
        assert wa.offer is not None and wa.offer[0].startswith("wa")


def test_turn_ended_sums_up_the_turn_by_card_kind() -> None:
    t = Table()
    t.hand("p1", "s3", "lambda", "vpc")
    t.slot(0, "ec2")
    t.deploy_all()
    t.do("p1", Acquire(source="free", slot=0))
    events = t.do("p1", EndTurn())
    ended = next(e for e in events if e.kind == "turn_ended")
    assert ended.params["deployed"] == ["s3", "lambda", "vpc"]
    assert ended.params["acquired"] == ["ec2"]
    assert ended.params["draws"] == 1 and ended.params["credits"] >= 1 and ended.params["retired"] is None


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
