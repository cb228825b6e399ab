"""GC-22, GC-23: house rules and the ``/rules`` text."""

from __future__ import annotations

import re

from engines.core import describe_options
from engines.glorious_crown import ENGINE
from engines.glorious_crown.models import GCOptions


def test_gc_23_house_rule_defaults_equal_the_rule_page() -> None:
    opts = ENGINE.make_options(None)
    assert opts == GCOptions(once_passed_may_replay=False, show_blind_at_end=True)
    for row in describe_options(GCOptions):
        assert row["description"], f"{row['name']} needs a description"


def test_gc_22_support_cards_are_left_out_and_rules_say_so() -> None:
    section = next(s for s in ENGINE.rules() if "GC-22" in s.rule_ids)
    assert "support" in section.body.en.lower() and "サポートカード" in section.body.ja


def test_rules_cover_every_rule_id_in_both_languages() -> None:
    cited = {rid for s in ENGINE.rules() for rid in s.rule_ids}
    assert cited == {f"GC-{i}" for i in range(1, 24)}
    for s in ENGINE.rules():
        assert re.search(r"[ぁ-んァ-ヶ一-龯]", s.body.ja), s.id
