"""``/rules`` covers every decision of the rule page (``/card``: tests/i18n/effects/test_yggdrasil.py)."""

from __future__ import annotations

from engines.yggdrasil import ENGINE


def test_rules_cite_every_rule_id_in_both_languages() -> None:
    sections = ENGINE.rules()
    cited = {rid for s in sections for rid in s.rule_ids}
    assert cited == {f"YG-{n}" for n in range(1, 16)}
    for s in sections:
        assert s.body.en != s.body.ja and len(s.body.en) > 80 and len(s.body.ja) > 40
