"""Glorious Crown on Discord without Discord: /rules covers every rule, /card finds every card however it is
written, typed cards are read right, and every label and event sentence exists in both languages."""

from __future__ import annotations

import inspect
import re
from typing import get_args

import pytest

import engines
from bot.cogs.rules import batches, section_embeds
from bot.games import ui_for
from bot.games.glorious_crown import cog as gc_cog
from bot.lookup import search_cards, search_sections
from engines.core import BadAction, Event, NotYourTurn, UnreadableMove
from engines.core import GameOver as GameIsOver
from engines.glorious_crown import engine as gc_engine
from engines.glorious_crown import flow as gc_flow
from engines.glorious_crown import notation as gc_notation
from engines.glorious_crown import plays as gc_plays
from engines.glorious_crown.cards import CARDS, SUITS
from engines.glorious_crown.events import (
    EVENT_TYPES,
    Cleared,
    Discarded,
    FinalStanding,
    GameOver,
    Locked,
    Played,
    Revolution,
    Skipped,
    Traded,
    TradeOffered,
    TradeOfferedCards,
    TradeReceived,
    WentOut,
)
from engines.glorious_crown.models import Answer, Decline, Discard, GCAction, Give, Pass, Pending, Play
from i18n import catalog

GAME = "glorious-crown"
ENGINE = engines.get(GAME)
UI = ui_for(GAME)
LANGS = ("en", "ja")
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
NUMBER_CARDS = [c for c in CARDS.values() if not c.is_joker]


# -- /rules --------------------------------------------------------------------------------------------
def test_rules_cite_every_rule_of_the_rule_page() -> None:
    cited = {rid for s in ENGINE.rules() for rid in s.rule_ids}
    assert cited == {f"GC-{n}" for n in range(1, 24)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_rules_section_is_found_and_fits_discord(lang: str) -> None:
    for section in ENGINE.rules():
        assert search_sections(ENGINE, section.title.get(lang), lang)[0].id == section.id
        for rule_id in section.rule_ids:
            assert section.id in [s.id for s in search_sections(ENGINE, rule_id, lang)]
        embeds = section_embeds(section.title.get(lang), section.body.get(lang), "footer")
        assert all(len(e) <= 6000 for group in batches(embeds) for e in group)
        assert section.body.get(lang).strip()


# -- /card ---------------------------------------------------------------------------------------------
def spellings(card_id: str) -> list[str]:
    """How a player may write a numbered card."""
    card = CARDS[card_id]
    suit = SUITS[card.suit]
    r = card.rank
    return [
        card_id,
        card_id.lower(),
        f"{SYMBOL[card.suit]}{r}",
        f"{r}{SYMBOL[card.suit]}",
        f"{suit.name.en.lower()} {r}",
        f"{r} of {suit.name.en.lower()}s",
        f"{suit.name.ja}{r}",
        f"{suit.name.ja}の{r}",
        f"{suit.name.ja}{chr(0xFF10 + r % 10) if r < 10 else r}",  # full-width digits
    ]


@pytest.mark.parametrize("card_id", [c.id for c in NUMBER_CARDS])
def test_card_found_by_number_and_suit_in_every_spelling(card_id: str) -> None:
    for query in spellings(card_id):
        hits = search_cards(query, game_id=GAME)
        assert hits and hits[0].card.id == card_id, (query, [h.card.id for h in hits[:3]])


@pytest.mark.parametrize("query", [*spellings("S3"), "見習いの侍女", "The Apprentice Maid"])
def test_the_spade_three_among_every_games_cards(query: str) -> None:
    """/card searches every game: the spade 3 is the first Glorious Crown suggestion however it is written
    (plain "S3" also suggests Amazon S3 from both AWS games: exact names, as good a match)."""
    hits = search_cards(query)
    ours = [h.card.id for h in hits if h.engine.id == GAME]
    assert ours[:1] == ["S3"] and hits[0].score == 1.0, query
    ahead = hits[: [h.card.id for h in hits].index("S3")]
    assert all(h.score == 1.0 and h.engine.id != GAME for h in ahead), [
        (h.engine.id, h.card.id) for h in ahead
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_card_found_by_title_and_full_name(lang: str) -> None:
    infos = {c.id: c for c in ENGINE.cards()}
    for card in CARDS.values():
        same_title = {c.id for c in CARDS.values() if c.title.get(lang) == card.title.get(lang)}
        hits = search_cards(card.title.get(lang), game_id=GAME)
        assert hits[0].card.id in same_title, (card.id, card.title.get(lang))
        assert {h.card.id for h in hits} >= same_title
        assert search_cards(infos[card.id].name.get(lang), game_id=GAME)[0].card.id == card.id


def test_jokers_found_by_name() -> None:
    for query in ("Joker", "ジョーカー", "joker 1", "JK2", "ジョーカー2"):
        hits = search_cards(query, game_id=GAME)
        assert hits and hits[0].card.id in ("JK1", "JK2"), query
    assert search_cards("JK2", game_id=GAME)[0].card.id == "JK2"


# -- labels and sentences -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "en", "ja"),
    [
        (
            Play(cards=["S7", "H7"]),
            "7♠ 7♥ (pair) · trade with the next player",
            "7♠ 7♥（ペア） · 次の人と交換",
        ),
        (Play(cards=["D3", "JK1"]), "3♦ + Joker (pair)", "3♦ + ジョーカー（ペア）"),
        (Play(cards=["S3"]), "3♠ · ♠3 counter — clears the field on a lone Joker", None),
        (Play(cards=["C8"]), "8♣ · cuts the field (0 points)", "8♣ · 場を流す（0点）"),
        (Play(cards=["S9", "H9", "D9", "C9"]), "9♠ 9♥ 9♦ 9♣ (quad) · revolution!", None),
        (Play(cards=["JK1", "JK2"]), "Joker ×2 (pair)", "ジョーカー ×2（ペア）"),
        (Give(cards=["S7", "D3"]), "Give 7♠ 3♦ to the next player", "7♠ 3♦ を次の人に渡す"),
        (Answer(cards=["C4", "D9"]), "Return 2 cards: 4♣ 9♦", "2枚返す：4♣ 9♦"),
        (Discard(card="C4"), "Discard 4♣", "4♣ を捨てる"),
        (Decline(), "Keep my cards (decline)", "手札はそのまま（見送る）"),
        (Pass(), "Pass", "パス"),
    ],
)
def test_action_labels(action: object, en: str, ja: str | None) -> None:
    assert UI.action_label(action, "en") == en  # type: ignore[arg-type]
    if ja is not None:
        assert UI.action_label(action, "ja") == ja  # type: ignore[arg-type]


def test_seven_trade_groups_keep_selects_short() -> None:
    state = ENGINE.new_game(["p1", "p2", "p3"], None, 5)  # 18 cards each: the largest hands
    hand = state.hands["p1"]
    state.pending = Pending(kind="seven_give", seat="p1", other="p2", count=3)
    legal = ENGINE.legal_actions(state, "p1")
    assert [a.type for a in UI.quick_actions(legal)] == ["decline"]
    groups: dict[str, int] = {}
    for a in legal[1:]:
        label = UI.group_label(a, "en")
        assert label is not None
        groups[label] = groups.get(label, 0) + 1
    assert groups["Give 1 card"] == len(hand)
    assert len(groups) <= 2 * 25 and max(groups.values()) <= 6 * 25  # a few pages at most
    assert all(len(UI.action_label(a, lang)) <= 100 for a in legal for lang in LANGS)


def test_pass_is_a_button() -> None:
    assert UI.quick_actions([Play(cards=["S4"]), Pass()]) == [Pass()]


NAMES = {"p1": "alice", "p2": "bob", "p3": "carol"}
EVENTS: list[tuple[Event, str | None]] = [
    (Played(seat="p1", cards=["S8"], rank=8), "alice played 8♠ — the field is cut, 0 points"),
    (Cleared(seat="p1", points=0, cause="eight", cards=["S8"]), None),
    (
        Cleared(seat="p2", points=2, cause="passes", cards=["S9", "H9"]),
        "🧹 The field is cleared: bob scores 2 points for 9♠ 9♥ (pair).",
    ),
    (
        Cleared(seat="p2", points=1, cause="counter", cards=["S3"]),
        "⚔ ♠3 counter! bob clears the field and scores 1 point.",
    ),
    (Locked(suits=["S", "H"]), "🔒 Suit lock ♠♥: only these suits until the field is cleared."),
    (
        Revolution(revolution=True),
        "⚡ Revolution! The order is reversed: 3 is now the strongest number.",
    ),
    (Revolution(revolution=False), "⚡ The revolution is over: back to the normal order."),
    (WentOut(seat="p3", foul=False, how="play", place=2), "🎉 carol went out 2nd!"),
    (
        WentOut(seat="p3", foul=True, how="discard"),
        "⚠ carol discarded their last card: an illegal finish, no bonus, ranked below every legal finisher.",
    ),
    (
        TradeOffered(seat="p1", to_seat="p2", count=2),
        "🤫 alice offers 2 cards face down to bob (7); bob gives back as many, unseen.",
    ),
    (
        TradeOffered(seat="p1", to_seat="p2", count=1),
        "🤫 alice offers 1 card face down to bob (7); bob gives back as many, unseen.",
    ),
    (Traded(seat="p1", other_seat="p2", count=1), "🔁 alice and bob swapped 1 card."),
    (
        TradeOfferedCards(seat="p1", visible_to=("p1",), to_seat="p2", cards=["S4", "C7"]),
        "You offered 4♠ 7♣ to bob.",
    ),
    (
        TradeReceived(seat="p2", visible_to=("p2",), gave_cards=["H6"], got_cards=["JK1"]),
        "You gave 6♥ and got Joker.",
    ),
    (Discarded(seat="p1", card="JK2"), "🗑 alice discarded Joker (10)."),
    (Skipped(seat="p2"), "⏭ bob is skipped (5)."),
]


@pytest.mark.parametrize(("event", "en"), EVENTS)
def test_event_sentences(event: Event, en: str | None) -> None:
    assert UI.describe_event(event, "en", NAMES) == en
    if en is not None:
        assert UI.describe_event(event, "ja", NAMES)


def test_final_tally_names_bonus_and_illegal_finishes() -> None:
    standings = [
        FinalStanding(seat="p2", place=1, finish=1, field_points=6, bonus=3, total=9, foul=False),
        FinalStanding(seat="p3", place=2, finish=2, field_points=5, bonus=2, total=7, foul=False),
        FinalStanding(seat="p1", place=3, finish=3, field_points=4, bonus=0, total=4, foul=True),
    ]
    event = GameOver(last_seat="p3", standings=standings)
    en = UI.describe_event(event, "en", NAMES) or ""
    assert "bob: 6 points on the field + 3 bonus points = 9 points (out 1st)" in en
    assert "carol: 5 points on the field + 2 bonus points = 7 points (held the last cards)" in en
    assert "alice: 4 points on the field + 0 bonus points = 4 points (illegal finish, no bonus)" in en
    ja = UI.describe_event(event, "ja", NAMES) or ""
    assert "反則上がり" in ja and "1番目に上がり" in ja


def test_every_event_action_and_error_has_both_languages() -> None:
    """Every refusal code the engine, its notation and the cog can raise, every event kind and every action
    type has its sentence in both catalogs (the game's own key, or the core one for the contract's codes)."""
    source = "".join(inspect.getsource(m) for m in (gc_engine, gc_flow, gc_plays, gc_notation, gc_cog))
    codes = set(re.findall(r'IllegalAction\(\s*"(\w+)"', source) + re.findall(r'return "(\w+)", \{', source))
    # Unreadable cards reach players as the notation's unreadable move, worded by the game (with suggestions).
    codes |= set(re.findall(r'refuse\(\s*"(\w+)"', source)) | {UnreadableMove.code, "unreadable_move_suggest"}
    codes |= {NotYourTurn.code, GameIsOver.code, BadAction.code}  # Engine.apply / parse_action
    kinds = {cls.model_fields["kind"].default for cls in EVENT_TYPES}
    actions = {cls.model_fields["type"].default for cls in get_args(get_args(GCAction)[0])}
    assert len(codes) >= 20 and len(kinds) == 16 and len(actions) == 6
    for lang in LANGS:
        keys = catalog(lang)
        missing = {c for c in codes if f"{GAME}.errors.{c}" not in keys and f"errors.{c}" not in keys}
        assert missing == set(), lang
        assert {k for k in kinds if f"{GAME}.events.{k}" not in keys} == set(), lang
        assert {a for a in actions if f"{GAME}.actions.{a}" not in keys} == set(), lang
