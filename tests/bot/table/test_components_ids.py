"""The one parser of custom ids and select values (``bot.table.custom_ids``): it reads back what the bot
writes and refuses, with ``BadControl``, anything else a client could send."""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.table import components, controls, custom_ids
from bot.table.custom_ids import KINDS, BadControl, build, chosen, parse

NUMBERS = st.integers(min_value=1, max_value=custom_ids.MAX_KEY)
POSITIONS = st.integers(min_value=0, max_value=custom_ids.MAX_POSITION)


@given(pk=NUMBERS, ver=NUMBERS, a=POSITIONS, b=POSITIONS, data=st.data())
def test_what_the_bot_writes_reads_back(pk: int, ver: int, a: int, b: int, data: st.DataObject) -> None:
    for kind in KINDS.values():
        op = data.draw(st.sampled_from(kind.ops)) if kind.ops else ""
        numbers = [{"pk": pk, "ver": ver}.get(name, a if i % 2 else b) for i, name in enumerate(kind.fields)]
        control = parse(build(kind.name, *numbers, op=op))
        assert control.kind == kind.name and control.op == op
        assert [control[name] for name in kind.fields] == numbers


@pytest.mark.parametrize(
    "custom_id",
    [
        "",
        "dh",
        "dh:",
        "xx:hand:1",
        "dh:nope:1",  # unknown kind
        "dh:lobby:explode:1",  # unknown op
        "dh:lobby:1",  # op missing
        "dh:hand",  # fields missing
        "dh:hand:1:2",  # one too many
        "dh:hand:0",  # no game has key 0
        "dh:hand:-1",
        "dh:hand:+1",
        "dh:hand: 1",
        "dh:hand:1 ",
        "dh:hand:01",
        "dh:hand:1e3",
        "dh:hand:١٢",  # Arabic-Indic digits: int() reads them, the bot never writes them
        "dh:hand:1_000",
        "dh:hand:9223372036854775808",  # past SQLite's INTEGER
        "dh:hand:99999999999999999999999999",
        "dh:act:1:2:100001",  # a page the bot never writes
        "dh:act:1:2:3\n",
        "dh:hand:1" + "0" * 120,  # over Discord's 100 characters
    ],
)
def test_anything_else_is_refused(custom_id: str) -> None:
    with pytest.raises(BadControl) as refused:
        parse(custom_id)
    assert refused.value.code == "bad_control"


def test_a_kind_is_read_only_by_its_own_item() -> None:
    with pytest.raises(BadControl):
        parse("dh:hand:5", "act")
    assert parse("dh:hand:5", "hand").pk == 5


def test_random_text_is_refused_or_is_exactly_what_the_bot_writes() -> None:
    """No other exception escapes, and whatever reads is the one spelling ``build`` writes."""
    rng = random.Random(16)
    alphabet = string.digits * 4 + string.printable + "ー手札😀\u200b\u0000:" + ":" * 10
    read = 0
    for _ in range(5000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        for candidate in (text, "dh:" + text, f"dh:{rng.choice(list(KINDS))}:{text}"):
            try:
                control = parse(candidate)
            except BadControl:
                continue
            read += 1
            numbers = [control[name] for name in KINDS[control.kind].fields]
            assert build(control.kind, *numbers, op=control.op) == candidate
    assert read < 5000 * 3


@pytest.mark.parametrize(
    "data",
    [
        None,
        {},
        {"values": []},
        {"values": ["1", "2"]},
        {"values": ["x"]},
        {"values": ["-1"]},
        {"values": [" 1"]},
        {"values": ["1.0"]},
        {"values": [1]},
        {"values": "1"},
        {"values": ["9" * 30]},
        {"values": ["100000"]},
    ],
)
def test_a_select_value_that_is_not_one_position_is_refused(data: dict[str, object] | None) -> None:
    with pytest.raises(BadControl):
        chosen(data)


def test_a_select_value_reads() -> None:
    assert chosen({"values": ["0"]}) == 0
    assert chosen({"values": ["24"]}, limit=25) == 24
    with pytest.raises(BadControl):
        chosen({"values": ["25"]}, limit=25)


def test_build_refuses_what_parse_would_not_read() -> None:
    with pytest.raises(ValueError):
        build("hand", -1)
    with pytest.raises(ValueError):
        build("lobby", 1, op="explode")
    with pytest.raises(ValueError):
        build("act", 1, 2)


def test_every_component_writes_ids_the_parser_reads() -> None:
    """The views the bot posts carry only ids ``parse`` reads (no second, hand-written format)."""
    items = [
        *components.lobby_view(7, "en").children,
        *components.table_view(7, "ja").children,
        *components.abort_view(7, 3, "en").children,
        *components.ai_retry_view(7, "en").children,
    ]
    for item in items:
        assert parse(str(getattr(item, "custom_id", ""))).pk == 7


def test_the_catch_all_leaves_known_kinds_to_their_items() -> None:
    template = controls.UnknownControl.__discord_ui_compiled_template__
    for kind in KINDS:
        # The built-in kinds never reach it; a game's kind (registered later) does, and is let through.
        assert not template.fullmatch(f"dh:{kind}:1") or controls.claimed(f"dh:{kind}:1"), kind
    assert not controls.claimed("dh:nope:1")
    assert template.fullmatch("dh:nope:1")
    assert template.fullmatch("dh:handx:1")
    assert not template.fullmatch("other:1")
