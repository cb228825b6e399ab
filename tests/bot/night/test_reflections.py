"""A reflection as the form sends it (issue 26 item 5), checked again by the night service: one to three
lines of at most 300 characters, refused whole otherwise (a forged submit could carry anything)."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.night.reflections import reflection_text


def test_a_reflection_keeps_its_lines_without_blank_ones_or_outer_spaces() -> None:
    assert reflection_text("  I traded early.\n\n  Next time: build first.  \n") == (
        "I traded early.\nNext time: build first."
    )


@pytest.mark.parametrize("raw", ["", "   \n  ", "a\nb\nc\nd", "x" * 301])
def test_an_empty_a_four_line_or_an_overlong_reflection_is_refused(raw: str) -> None:
    with pytest.raises(UserError) as refused:
        reflection_text(raw)
    assert refused.value.code == "night_reflect_lines"


def test_three_lines_of_exactly_the_limit_are_taken() -> None:
    raw = "\n".join(["a" * 99, "b" * 99, "c" * 100])
    assert len(reflection_text(raw)) == 300
