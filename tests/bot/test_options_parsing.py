from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.table.lobby_ops import parse_options


def test_parse_key_value_pairs() -> None:
    assert parse_options("hand_size=4, gift-sevens: false") == {"hand_size": "4", "gift_sevens": "false"}
    assert parse_options(None) == {} and parse_options("  ") == {}


def test_garbage_is_refused_with_the_offending_text() -> None:
    with pytest.raises(UserError) as err:
        parse_options("hand_size=4 lots of nonsense")
    assert err.value.code == "bad_option_syntax" and "nonsense" in err.value.params["text"]


def test_lobby_lists_long_option_values_shortened() -> None:
    from bot.table.lobby_words import option_text

    assert option_text(True) == "true" and option_text(4) == "4"
    long = option_text("[[cards]]\nname = `x`\n" * 50)
    assert len(long) <= 40 and long.endswith("…") and "\n" not in long and "`" not in long


def test_pc_6_lobby_says_what_the_project_chaos_deck_option_means() -> None:
    from bot.table.lobby_words import option_row

    assert option_row("project-chaos", "deck", "full", "en") == (
        "Deck: full (every card shuffled in, the document's set-up) · `deck=full`"
    )
    assert option_row("project-chaos", "deck", "short", "ja").startswith("山札：短納期（")
    # An option the game's catalog does not name is listed as typed.
    assert option_row("project-chaos", "no_such_option", "x", "en") == "`no_such_option` = `x`"
