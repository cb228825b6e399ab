"""The notation: card names in both languages, lists (commas, 「、」, spaces where they read one way), "all",
and what to acquire; written then read back gives the same move."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.cards import DEFAULT_DB, key_of
from engines.aws_builder_cards.models import Acquire, Deploy
from engines.aws_builder_cards.notation import (
    NotationError,
    card_name,
    format_acquire,
    format_cards,
    format_deploy,
    mission_name,
    name_index,
    names_of,
    parse_acquire,
    parse_cards,
    parse_deploy,
)
from engines.core import AmbiguousMove, IllegalMove, UnreadableMove
from tests.engines.aws_builder_cards.conftest import Table

HAND = ["lambda#1", "s3#2", "step-functions#1", "ec2#1", "ec2#2", "bare-metal-host#1", "virtual-machine#1"]
DEPLOYABLE = sorted(k for k, c in DEFAULT_DB.cards.items() if not c.is_wa)


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("Lambda, Step Functions", ["lambda#1", "step-functions#1"]),  # the /aws deploy help's own example
        ("Lambda、S3", ["lambda#1", "s3#2"]),
        ("AWS Lambda， Amazon S3", ["lambda#1", "s3#2"]),
        ("Lambda S3", ["lambda#1", "s3#2"]),  # spaces only: reads one way
        ("step functions lambda", ["step-functions#1", "lambda#1"]),
        ("EC2 ×2, S3", ["ec2#1", "ec2#2", "s3#2"]),
        ("EC2 x2 Lambda", ["ec2#1", "ec2#2", "lambda#1"]),
        ("EC2, EC2", ["ec2#1", "ec2#2"]),
        ("ベアメタルホスト、仮想マシン", ["bare-metal-host#1", "virtual-machine#1"]),
        ("ベアメタルホスト 仮想マシン", ["bare-metal-host#1", "virtual-machine#1"]),
        ("ｌａｍｂｄａ + ＶＭ", ["lambda#1", "virtual-machine#1"]),  # width and case do not matter
        ("s3; lambda", ["s3#2", "lambda#1"]),
    ],
)
def test_names_and_lists_are_read_in_both_languages(text: str, cards: list[str]) -> None:
    assert parse_cards(DEFAULT_DB, text, HAND) == cards


def test_all_is_every_deployable_card_and_well_architected_cards_are_never_deployed() -> None:
    hand = [*HAND, "wa1#1"]
    for word in ("all", "ALL", "全部", "すべて"):
        assert parse_deploy(DEFAULT_DB, word, hand) == Deploy(cards=tuple(HAND))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Lambda, Athena", "no_such_card"),  # Athena is a card, but not in the hand
        ("Lamda", "no_such_card"),
        ("S3, S3", "no_such_card"),  # only one S3 in the hand
        ("", "no_cards"),
    ],
)
def test_what_names_no_card_of_the_hand_is_refused_with_the_name(text: str, code: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_deploy(DEFAULT_DB, text, HAND)
    assert err.value.code == code and err.value.game == "aws-builder-cards"


def test_a_list_of_names_with_spaces_that_reads_two_ways_is_refused() -> None:
    hand = ["ec2#1", "auto-scaling#1", "s3#1"]
    # "EC2 Auto Scaling S3": EC2 + Auto Scaling + S3, or the card EC2 Auto Scaling + S3?
    with pytest.raises(NotationError) as err:
        parse_cards(DEFAULT_DB, "EC2 Auto Scaling S3", hand)
    assert err.value.code == "ambiguous_cards"
    assert parse_cards(DEFAULT_DB, "EC2, Auto Scaling, S3", hand) == hand
    # A piece that is one card's whole name is that card.
    assert parse_cards(DEFAULT_DB, "EC2 Auto Scaling, S3", hand) == ["auto-scaling#1", "s3#1"]
    # Without the second reading in the hand, spaces are enough.
    assert parse_cards(DEFAULT_DB, "EC2 Auto Scaling S3", ["auto-scaling#1", "s3#1"]) == hand[1:]


def test_every_printed_name_names_its_card() -> None:
    index = name_index(DEFAULT_DB)
    from engines.aws_builder_cards.notation import fold

    for key in DEFAULT_DB.cards:
        for name in names_of(DEFAULT_DB, key):
            assert key in index[fold(name)], (key, name)
        for lang in ("en", "ja"):
            assert index[fold(card_name(DEFAULT_DB, key, lang))] == {key} or DEFAULT_DB.cards[key].is_wa


def test_a_mission_name_is_the_mission_alone() -> None:
    key = sorted(DEFAULT_DB.missions)[0]
    m = DEFAULT_DB.missions[key]
    assert mission_name(DEFAULT_DB, f"mission-{key}", "ja") == m.name.ja
    assert mission_name(DEFAULT_DB, f"mission-{key}", "en") == m.name.en
    assert "ミッション" not in mission_name(DEFAULT_DB, f"mission-{key}", "ja")


@st.composite
def hands_and_deploys(draw: st.DrawFn) -> tuple[list[str], Deploy]:
    keys = draw(st.lists(st.sampled_from(DEPLOYABLE), min_size=1, max_size=9))
    seen: Counter[str] = Counter()
    hand = []
    for k in keys:
        seen[k] += 1
        hand.append(f"{k}#{seen[k]}")
    chosen = draw(st.lists(st.sampled_from(hand), min_size=1, max_size=len(hand), unique=True))
    return hand, Deploy(cards=tuple(chosen))


@given(case=hands_and_deploys(), lang=st.sampled_from(["en", "ja"]))
def test_a_deploy_written_then_read_is_the_same_deploy(case: tuple[list[str], Deploy], lang: str) -> None:
    hand, action = case
    text = format_deploy(DEFAULT_DB, action, hand, lang)
    try:
        parsed = parse_deploy(DEFAULT_DB, text, hand)
    except NotationError as err:  # only a list whose names read two ways may be refused
        pytest.fail(f"{text!r} of {hand} was not read: {err.code}")
    # Identical cards are interchangeable: the same kinds, and the first copies in the hand.
    assert Counter(map(key_of, parsed.cards)) == Counter(map(key_of, action.cards))
    assert set(parsed.cards) <= set(hand)
    assert parse_deploy(DEFAULT_DB, format_deploy(DEFAULT_DB, parsed, hand, lang), hand) == parsed
    kinds = Counter(map(key_of, action.cards))
    firsts = {c for k, n in kinds.items() for c in [o for o in hand if key_of(o) == k][:n]}
    if set(action.cards) == firsts:
        assert parsed == action


@given(seed=st.integers(0, 2**32), lang=st.sampled_from(["en", "ja"]))
def test_every_acquisition_written_then_read_is_the_same_acquisition(seed: int, lang: str) -> None:
    t = Table(seed=seed % 1000)
    t.state.now.credits = 20  # so the paid slot and the W-A card are on offer too
    view = ENGINE.view(t.state, "p1")
    acquires = [a for a in t.legal() if isinstance(a, Acquire)]
    assert {a.source for a in acquires} >= {"free", "paid", "wa", "blind"}
    for action in acquires:
        text = format_acquire(DEFAULT_DB, action, view.console, lang)
        assert parse_acquire(DEFAULT_DB, text, view.console) == action, text


def test_format_cards_uses_each_languages_separator() -> None:
    assert format_cards(DEFAULT_DB, ["lambda#1", "s3#2"], "en") == "Lambda, S3"
    assert format_cards(DEFAULT_DB, ["lambda#1", "bare-metal-host#1"], "ja") == "Lambda、ベアメタルホスト"
    assert format_cards(DEFAULT_DB, ["s3#1"], "en", short=False) == "Amazon S3"


# -- the notation protocol (engines.core.notation) ---------------------------------------------------------
def test_ab_5_2_a_deploy_that_reads_two_ways_is_ambiguous(table: Table) -> None:
    table.hand("p1", "ec2", "auto-scaling", "s3")
    ec2, scaling, s3 = table.state.piles["p1"].hand
    with pytest.raises(AmbiguousMove) as err:
        ENGINE.notation.parse(table.state, "p1", "deploy EC2 Auto Scaling S3")
    assert {m.cards for m in err.value.moves if isinstance(m, Deploy)} == {
        tuple(sorted((ec2, scaling, s3))),
        tuple(sorted((scaling, s3))),
    }
    assert ENGINE.notation.parse(table.state, "p1", "EC2、Auto Scaling、S3をデプロイ") == Deploy(
        cards=(ec2, scaling, s3)
    )


def test_ab_5_2_the_second_copy_of_a_card_is_written_by_its_id(table: Table) -> None:
    table.hand("p1", "bare-metal-host", "bare-metal-host", "lambda")
    first, second, _ = table.state.piles["p1"].hand
    notation = ENGINE.notation
    assert notation.format(table.state, "p1", Deploy(cards=(first,)), "en") == "deploy Bare Metal Host"
    assert notation.format(table.state, "p1", Deploy(cards=(second,)), "en") == f"deploy {second}"
    assert notation.parse(table.state, "p1", f"deploy {second.upper()}") == Deploy(cards=(second,))


def test_ab_5_2_a_card_of_the_game_not_in_hand_is_illegal_junk_is_unreadable(table: Table) -> None:
    table.hand("p1", "lambda", "s3")
    with pytest.raises(IllegalMove) as err:
        ENGINE.notation.parse(table.state, "p1", "deploy Athena")
    assert err.value.game == "aws-builder-cards" and err.value.params["reason"]
    with pytest.raises(UnreadableMove):
        ENGINE.notation.parse(table.state, "p1", "deploy Lamda")
    with pytest.raises(IllegalMove):
        ENGINE.notation.parse(table.state, "p1", "acquire Athena")  # AB-6: not on the console
