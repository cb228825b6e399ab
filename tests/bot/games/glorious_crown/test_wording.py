"""Glorious Crown sentences: counts, points and bonuses come from the catalog's one / many keys, never from
string glue ("card(s)", "3 bonus"); refusals name cards and counts the way players read them."""

from __future__ import annotations

import re

import pytest

import engines
from bot.errors import message_for
from bot.games import LabelContext, ui_for
from bot.games.glorious_crown.ui import NS, or_list, refusal_params, suggestions_text
from engines.core import IllegalAction
from engines.glorious_crown.cards import SUITS
from engines.glorious_crown.events import FinalStanding, GameOver, Traded, TradeOffered
from engines.glorious_crown.models import Discard, Play
from engines.glorious_crown.notation import JOKER_NAME
from i18n import catalog

GAME = "glorious-crown"
UI = ui_for(GAME)
NAMES = {"p1": "alice", "p2": "bob"}
#: the keys that own a counted noun: every other sentence gets the whole phrase ("2 cards") as a parameter
COUNTED = ("count", "points", "bonus")


def own_sentences(lang: str) -> dict[str, str]:
    """The game's sentences on Discord (its pictures' words, ``<id>.picture``, pick their plural forms
    from one/other tables: ``tests/bot/i18n/test_wording.py`` checks those)."""
    return {
        k: v
        for k, v in catalog(lang).items()
        if k.startswith((f"{NS}.", f"{NS}.events.", f"{NS}.actions.", f"{NS}.errors."))
        and not k.startswith(f"{NS}.picture.")
    }


def test_no_sentence_glues_a_plural_onto_a_number() -> None:
    for key, text in own_sentences("en").items():
        assert "(s)" not in text, key
        if not key.startswith(tuple(f"{NS}.{c}." for c in COUNTED)):
            # "{n} cards" belongs in the count keys; elsewhere a count arrives as a whole phrase
            assert not re.search(r"\{\w+\} (cards?|points?|bonus)\b", text), key


@pytest.mark.parametrize(
    ("code", "params", "one", "two"),
    [
        ("too_many_cards", "max", "You may give at most 1 card.", "You may give at most 2 cards."),
        ("choose_cards_to_return", "count", "Choose 1 card to give back.", "Choose 2 cards to give back."),
        ("wrong_count", "need", "That needs exactly 1 card.", "That needs exactly 2 cards."),
        (
            "choose_cards_to_give",
            "max",
            "Choose up to 1 card to give to the next player",
            "Choose up to 2 cards to give to the next player",
        ),
    ],
)
def test_refusals_count_cards_in_words(code: str, params: str, one: str, two: str) -> None:
    for n, expected in ((1, one), (2, two)):
        err = IllegalAction(code, **{params: n})
        err.game = GAME
        err.params = refusal_params(err.params, "en")
        text, refused = message_for(err, "en")
        assert refused and expected in text, text
        err.params = refusal_params({params: n}, "ja")
        assert f"{n}枚" in message_for(err, "ja")[0]


def test_refusals_name_cards_and_locks_as_players_write_them() -> None:
    params = refusal_params({"card": "S7", "lock": ["S", "H"], "rank": 0, "top": 9}, "ja")
    assert params == {"card": "7♠", "lock": "♠♥", "rank": "ジョーカー", "top": 9}


def test_trades_count_one_card_and_many() -> None:
    one = UI.describe_event(TradeOffered(seat="p1", to_seat="p2", count=1), "en", NAMES) or ""
    assert "offers 1 card face down" in one
    assert UI.describe_event(Traded(seat="p1", other_seat="p2", count=3), "en", NAMES) == (
        "🔁 alice and bob swapped 3 cards."
    )
    assert "3枚" in (UI.describe_event(Traded(seat="p1", other_seat="p2", count=3), "ja", NAMES) or "")


def test_the_final_tally_counts_bonus_points() -> None:
    rows = [
        FinalStanding(seat="p1", place=1, finish=1, field_points=1, bonus=2, total=3, foul=False),
        FinalStanding(seat="p2", place=2, finish=2, field_points=0, bonus=1, total=1, foul=False),
    ]
    en = UI.describe_event(GameOver(last_seat="p2", standings=rows), "en", NAMES) or ""
    assert "alice: 1 point on the field + 2 bonus points = 3 points" in en
    assert "bob: 0 points on the field + 1 bonus point = 1 point" in en
    ja = UI.describe_event(GameOver(last_seat="p2", standings=rows), "ja", NAMES) or ""
    assert "ボーナス2点" in ja and "ボーナス1点" in ja


def test_suggestions_are_listed_in_the_players_language() -> None:
    assert or_list(["a"], "en") == "a"
    assert or_list(["a", "b", "c"], "en") == "a, b or c"
    names = [JOKER_NAME, SUITS["H"].name]
    assert suggestions_text(names, "en") == "Joker or Heart"
    assert suggestions_text(names, "ja") == "ジョーカーかハート"


def test_going_out_with_a_foul_card_is_warned_before_it_is_chosen_GC_20() -> None:
    """GC-20: a play of the last cards that holds a Joker, an 8 or (normal state) a 15, and a 10's discard
    of the last card, are labelled as illegal finishes; a legal finish and a play that keeps cards are not."""
    engine = engines.get(GAME)
    state = engine.new_game(["p1", "p2", "p3"], {}, 1)
    state.hands["p1"] = ["S5", "H5", "JK1"]
    view = engine.view(state, "p1")
    ctx = LabelContext(view, NAMES)
    foul = UI.action_label(Play(cards=["S5", "H5", "JK1"]), "en", ctx=ctx)
    assert foul == "⚠ Illegal finish, no bonus: 5♠ 5♥ + Joker (triple) · skips the next player"
    ja = UI.action_label(Play(cards=["S5", "H5", "JK1"]), "ja", ctx=ctx)
    assert ja.startswith("⚠ 反則上がり・ボーナスなし：")
    assert not UI.action_label(Play(cards=["S5", "H5"]), "en", ctx=ctx).startswith("⚠")
    state.hands["p1"] = ["S5", "H5"]
    ctx = LabelContext(engine.view(state, "p1"), NAMES)
    assert not UI.action_label(Play(cards=["S5", "H5"]), "en", ctx=ctx).startswith("⚠"), "a legal finish"
    state.hands["p1"] = ["S9"]
    ctx = LabelContext(engine.view(state, "p1"), NAMES)
    assert UI.action_label(Discard(card="S9"), "en", ctx=ctx).startswith("⚠ Illegal finish")
