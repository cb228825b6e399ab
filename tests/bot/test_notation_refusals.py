"""The error funnel words the notation's three refusals (issue 24): unreadable, illegal now (with the rules'
reason, worded by the game's catalog, when the engine gave one) and ambiguous (listing each reading), in
both languages; typed text is echoed shortened, and a game may word the refusal itself."""

from __future__ import annotations

import pytest

from bot.errors import message_for
from engines.core import AmbiguousMove, IllegalAction, IllegalMove, NotYourTurn, Text, UnreadableMove
from engines.yggdrasil.models import Place
from i18n import t

LANGS = ("en", "ja")


@pytest.mark.parametrize("lang", LANGS)
def test_an_unreadable_move_quotes_the_text_shortened(lang: str) -> None:
    assert message_for(UnreadableMove("qwzx", "yggdrasil"), lang) == (
        t(lang, "errors.unreadable_move", text="qwzx"),
        True,
    )
    long = message_for(UnreadableMove("長" * 6000, "yggdrasil"), lang)[0]
    assert len(long) < 300 and "長" * 79 in long


@pytest.mark.parametrize("lang", LANGS)
def test_an_unreadable_move_offers_the_closest_names(lang: str) -> None:
    refusal = UnreadableMove("jokr", None, suggestions=[Text(en="Joker", ja="ジョーカー")])
    said = message_for(refusal, lang)[0]
    assert said == t(
        lang, "errors.unreadable_move_suggest", text="jokr", suggestions=("Joker", "ジョーカー")[lang == "ja"]
    )


@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_move_gives_the_rules_reason_in_the_games_words(lang: str) -> None:
    refusal = IllegalMove("1 z9", None, NotYourTurn(), "yggdrasil")
    said = message_for(refusal, lang)[0]
    assert said == t(lang, "errors.illegal_move_because", text="1 z9", reason=t(lang, "errors.not_your_turn"))
    cell = IllegalMove("1 z9", None, IllegalAction("bad_cell", cell="z9"), "yggdrasil")
    assert t(lang, "yggdrasil.errors.bad_cell", cell="z9") in message_for(cell, lang)[0]
    assert message_for(IllegalMove("pass", None), lang)[0] == t(lang, "errors.illegal_move", text="pass")


@pytest.mark.parametrize("lang", LANGS)
def test_an_ambiguous_move_lists_its_readings_as_written(lang: str) -> None:
    refusal = AmbiguousMove(
        "oss C2", [Place(card="p1:h0", cell="C2"), Place(card="p1:h1", cell="C2")], "yggdrasil"
    )
    refusal.params["moves"] = [
        Text(en="Moss Bear C2", ja="苔むす熊をC2に置く"),
        Text(en="Blossom Fairy C2", ja="花の妖精をC2に置く"),
    ]
    listed = (
        "`Moss Bear C2` / `Blossom Fairy C2`"
        if lang == "en"
        else "`苔むす熊をC2に置く` / `花の妖精をC2に置く`"
    )
    assert message_for(refusal, lang)[0] == t(lang, "errors.ambiguous_move", text="oss C2", moves=listed)
