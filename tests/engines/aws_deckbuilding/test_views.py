"""What each audience sees (hidden cards), the pending decision the bot words, /rules and /card."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.cards import DB
from engines.aws_deckbuilding.events import EVENT_KINDS, ADEvent
from engines.aws_deckbuilding.models import ACTION_TYPES, ADAction, ApplyEffects, EndTurn, ProposeReshuffle
from engines.aws_deckbuilding.turn import REFUSALS
from tests.engines.aws_deckbuilding.conftest import Table

ENGINE_DIR = Path(__file__).resolve().parents[3] / "engines" / "aws_deckbuilding"


def test_hands_and_decks_are_hidden_but_a_revealed_hand_is_public() -> None:
    t = Table(drafted=True)
    st = t.state
    public = ENGINE.hidden_cards(st, None)
    assert set(st.market.deck) <= public
    assert set(st.piles["p2"].hand) <= public and set(st.piles["p2"].deck) <= public
    assert not set(st.piles["p1"].hand) & public  # p1's turn: its hand is revealed (AD-9)
    assert set(st.piles["p2"].hand) <= ENGINE.hidden_cards(st, "p1")
    assert not set(st.piles["p2"].hand) & ENGINE.hidden_cards(st, "p2")
    assert set(st.piles["p2"].deck) <= ENGINE.hidden_cards(st, "p2")  # even its owner does not see a deck
    for c in [*st.market.showing(), *st.wa, *st.piles["p1"].discard]:
        assert c not in public


def test_views_show_counts_for_hidden_piles_and_cards_for_public_ones() -> None:
    t = Table(drafted=True)
    pub = ENGINE.view(t.state, None)
    assert pub.hand is None and pub.owned is None
    row = next(p for p in pub.table if p.seat == "p2")
    assert row.hand == 5 and row.deck == 7 and row.onprem_left == 10 and row.services == 2
    mine = ENGINE.view(t.state, "p2")
    assert mine.hand == t.state.piles["p2"].hand
    assert mine.owned is not None and sum(mine.owned.values()) == 12
    assert mine.hand_preview is not None and {e.status for e in mine.hand_preview} <= {"offered", "unmet"}
    for key in {c.split("#")[0] for c in mine.hand}:
        assert key in mine.cards


def test_the_decision_names_its_kind_and_choices() -> None:
    t = Table()
    d = ENGINE.view(t.state, None).decision
    assert d is not None and d.kind == "draft" and d.seats == ["p1"] and d.pick == 1 and d.picks == 4
    assert d.cards and all(DB.card(c).currency == "tco" for c in d.cards)
    t = Table(drafted=True)
    t.start("p1", "athena", "s3", "bare-metal", "ec2", "tape-backup")
    d = ENGINE.view(t.state, "p2").decision
    assert d is not None and d.kind == "effects" and len(d.offers) == 2
    t.do("p1", ApplyEffects())
    d = ENGINE.view(t.state, None).decision
    assert d is not None and d.kind == "buy" and d.buys_left == 1
    t.start("p1", "ec2", "lambda", "s3", "bare-metal", "tape-backup")
    t.do("p1", EndTurn())
    d = ENGINE.view(t.state, None).decision
    assert d is not None and d.kind == "retire" and d.aws == 3 and d.onprem == 2 and len(d.cards) == 2
    t.do("p2", ProposeReshuffle())
    d = ENGINE.view(t.state, None).decision
    assert d is not None and d.kind == "vote" and d.interrupted == "retire" and d.seats == ["p1"]


def test_turn_view_marks_applied_declined_offered_and_unmet_effects() -> None:
    t = Table(drafted=True)
    t.start("p1", "athena", "s3", "bare-metal", "ec2", "tape-backup")
    turn = ENGINE.view(t.state, None).turn
    assert turn is not None
    status = {(e.card.split("#")[0], e.effect): e.status for e in turn.effects}
    assert status[("athena", "primary")] == "offered" and status[("ec2", "primary")] == "unmet"
    athena = next(e for e in turn.effects if e.card.startswith("athena") and e.effect == "primary")
    assert [c.split("#")[0] for c in athena.because_cards] == ["s3"]


def test_every_event_kind_is_a_typed_class() -> None:
    union = get_args(get_args(ADEvent)[0])
    kinds = {cls.model_fields["kind"].default for cls in union}
    assert kinds == set(EVENT_KINDS)


def test_rules_cite_every_rule_id_in_both_languages() -> None:
    sections = ENGINE.rules()
    cited = {i for s in sections for i in s.rule_ids}
    assert cited == {f"AD-{n}" for n in range(1, 16)}
    for s in sections:
        assert s.body.en.strip() and s.body.ja.strip()


def test_the_lists_for_the_bot_match_the_code() -> None:
    """EVENT_KINDS, ACTION_TYPES and REFUSALS are what the Discord layer words: they must be complete."""
    union = get_args(get_args(ADAction)[0])
    assert {cls.model_fields["type"].default for cls in union} == set(ACTION_TYPES)
    source = "".join(p.read_text(encoding="utf-8") for p in ENGINE_DIR.glob("*.py"))
    raised = set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', source))
    assert raised == set(REFUSALS)
