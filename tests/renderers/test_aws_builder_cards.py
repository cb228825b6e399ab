"""AWS Builder Cards pictures: valid PNGs under 1 MiB, not blank, every name drawable, in both languages."""

from __future__ import annotations

import functools
import io
import itertools
from typing import Any

import pytest
from PIL import Image, ImageStat

import renderers.common.text as text_module
from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.cards import DEFAULT_DB
from engines.aws_builder_cards.models import Acquire, EndTurn, ProposeReshuffle, RevealMission
from engines.aws_builder_cards.views import faces, mission_face
from engines.core import Rng
from engines.core.play import play_out
from renderers import aws_builder_cards as R
from renderers.aws_builder_cards.card import INK, display_name, draw_card, value_disc
from renderers.aws_builder_cards.console import CARD_H as CONSOLE_CARD_H
from renderers.aws_builder_cards.console import CARD_W as CONSOLE_CARD_W
from renderers.aws_builder_cards.missions import needs_text, partner_name
from renderers.aws_builder_cards.table import status_lines
from renderers.aws_builder_cards.words import t as words
from renderers.common import MAX_PNG_BYTES, clear_caches, missing_glyphs
from renderers.common.wrapping import ZWSP
from tests.engines.aws_builder_cards.conftest import Table
from tests.renderers.drawn_text import DrawnText
from tests.renderers.layout_checks import decode, empty_bands, largest_empty_band

LANGS = ("en", "ja")


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) <= MAX_PNG_BYTES
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def assert_not_blank(img: Image.Image) -> None:
    stat = ImageStat.Stat(img.convert("L"))
    assert stat.stddev[0] > 10, "picture looks blank"


def rich_table() -> Table:
    t = Table(players=4, seed=3, missions=True)
    t.hand(
        "p1", "s3", "lambda", "dynamodb", "api-gateway", "sqs", "ec2", "ec2", "ecs", "cloudfront", "athena"
    )
    t.deploy_all()
    t.do("p1", Acquire(source="wa"))
    return t


def finished_state() -> Any:
    final, _ = play_out(ENGINE, ENGINE.new_game(["alice", "bob"], None, 5), ENGINE.ai(), Rng.from_seed(5))
    return final


@pytest.mark.parametrize("lang", LANGS)
def test_table_at_the_start_mid_turn_and_after_a_turn(lang: str) -> None:
    t = rich_table()
    for state in (ENGINE.new_game(["a", "b"], None, 1), t.state):
        img = open_png(R.RENDERER.render_table(ENGINE.view(state, None), lang))
        assert img.width == R.WIDTH and 400 < img.height < 2400
        assert_not_blank(img)
    t.do("p1", EndTurn())
    t.do("p2", ProposeReshuffle())
    img = open_png(R.RENDERER.render_table(ENGINE.view(t.state, None), lang))  # last turn shown, vote pending
    assert_not_blank(img)


@pytest.mark.parametrize("lang", LANGS)
def test_hand_picture(lang: str) -> None:
    t = rich_table()
    t.hand("p2", "s3", "lambda", "cloudfront", "route53", "ec2", "elb", "cfm")
    img = open_png(R.RENDERER.render_hand(ENGINE.view(t.state, "p2"), lang))
    assert img.width == R.WIDTH
    assert_not_blank(img)
    t.hand("p2")
    assert_not_blank(open_png(R.RENDERER.render_hand(ENGINE.view(t.state, "p2"), lang)))


@pytest.mark.parametrize("lang", LANGS)
def test_final_standings_and_final_table(lang: str) -> None:
    view = ENGINE.view(finished_state(), None)
    assert_not_blank(open_png(R.RENDERER.render_final(view, lang)))
    assert_not_blank(open_png(R.RENDERER.render_table(view, lang)))


def test_an_emptied_console_still_draws() -> None:
    t = Table()
    t.state.free.deck = []
    t.state.free.slots[1] = []
    t.state.paid.slots[0] = []
    t.state.wa = []
    assert_not_blank(open_png(R.RENDERER.render_table(ENGINE.view(t.state, None), "en")))


def test_every_card_name_category_combo_and_label_has_glyphs() -> None:
    texts: list[str] = []
    view = ENGINE.view(ENGINE.new_game(["a", "b"], None, 1), None)
    faces = {**view.cards}
    from engines.aws_builder_cards.views import faces as all_faces

    faces.update(all_faces(None))
    for face in faces.values():
        for lang in LANGS:
            texts += [face.name.get(lang), face.category_name.get(lang), face.combo.get(lang)]
    for m in DEFAULT_DB.missions.values():
        texts += [m.name.en, m.name.ja, m.why.en, m.why.ja]
    texts += words.strings()
    missing = {ch for text in texts for ch in missing_glyphs(text)}
    assert not missing, sorted(missing)


@pytest.mark.parametrize("lang", LANGS)
def test_ab_11_a_revealed_mission_shows_the_cards_it_needs(lang: str) -> None:
    # A player's report: a revealed mission showed its name but not the cards it needs.
    t = Table(players=2, seed=3, missions=True)
    t.do("p1", RevealMission())
    view = ENGINE.view(t.state, None)
    assert view.missions_revealed
    lines = status_lines(view, lang)
    for m in view.missions_revealed:
        needed = [partner_name(view, key, lang) for alt in m.needs for key in alt]
        line = next(line for line in lines if m.name.get(lang) in line)
        assert all(name in line for name in needed), (line, needed)
    assert_not_blank(open_png(R.RENDERER.render_table(view, lang)))


def test_mission_needs_read_as_card_names() -> None:
    view = ENGINE.view(Table().state, None)
    mission = mission_face(DEFAULT_DB, "mission-serverless-api")
    assert needs_text(view, mission, "en") == "API Gateway + Lambda + DynamoDB"


def test_ab_1_starter_cards_show_their_0_credits() -> None:
    # A player's report: Starter cards did not show their 0 credits (the disc read "S").
    all_faces = faces(None)
    starters = [face for face in all_faces.values() if face.kind == "starter"]
    assert starters
    for face in starters:
        assert value_disc(face)[0] == "0" == str(face.credits), face.key
    builders = [face for face in all_faces.values() if face.kind == "builder"]
    assert all(value_disc(face)[0] == str(face.credits) for face in builders)
    assert {value_disc(f)[1] for f in starters}.isdisjoint({value_disc(f)[1] for f in builders})


@pytest.mark.parametrize("lang", LANGS)
def test_hand_leaves_no_large_empty_area(lang: str) -> None:
    # A player's report: the hand picture left a large empty area below the cards.
    t = Table(players=2, seed=3)
    hands = [
        ("bare-metal-host", "san", "virtual-machine", "lambda", "s3"),  # short partner lists
        ("s3", "lambda", "cloudfront", "route53", "ec2", "elb", "cfm"),  # two rows
        (),
    ]
    for cards in hands:
        t.hand("p1", *cards)
        img = decode(R.RENDERER.render_hand(ENGINE.view(t.state, "p1"), lang))
        assert largest_empty_band(img, INK) <= 40, (cards, empty_bands(img, INK))


def _drawn_lines(monkeypatch: pytest.MonkeyPatch, render: Any) -> list[str]:
    """Every line of text a picture draws, in order."""
    lines: list[str] = []
    original = text_module.draw_line

    def spy(draw: Any, xy: Any, text: str, size: int, **kwargs: Any) -> int:
        lines.append(text)
        return original(draw, xy, text, size, **kwargs)

    monkeypatch.setattr(text_module, "draw_line", spy)
    render()
    return lines


@pytest.mark.parametrize("lang", LANGS)
def test_ab_11_final_shows_a_missions_count_only_in_a_game_with_missions(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    word = {"en": "missions", "ja": "ミッション"}[lang]
    for missions in (False, True):
        start = ENGINE.new_game(["alice", "bob"], {"missions": missions}, 5)
        final, _ = play_out(ENGINE, start, ENGINE.ai(), Rng.from_seed(5))
        view = ENGINE.view(final, None)
        lines = _drawn_lines(monkeypatch, lambda view=view: R.RENDERER.render_final(view, lang))
        details = [line for line in lines if line.startswith("W-A")]
        assert len(details) == 2, lines  # one per player
        assert all((word in line) is missions for line in details), (missions, details)


# Consoles that together hold a card of every Builder category, each with a paid card (its cost coin takes
# room in the band) in the paid slot; no category twice in one console, so each face's name is told apart.
CONSOLES = (
    (("ec2", "s3", "identity-center", "dynamodb"), "auto-scaling"),
    (("sqs", "ecs", "api-gateway", "athena"), "cdk"),
    (("codecatalyst", "cloudwatch", "marketplace", "eventbridge"), "cfm"),
    (("cloudtrail", "vpc", "lambda", "rds"), "cloudformation"),
)


def console_table(free: tuple[str, ...], paid: str) -> Table:
    t = Table(players=3, seed=3, missions=True)
    st = t.state
    for i, key in enumerate(free):
        st.free.deck.extend(st.free.slots[i])
        st.free.slots[i] = [t.take(key)]
    st.paid.deck.extend(st.paid.slots[0])
    st.paid.slots[0] = [t.take(paid)]
    return t


def missing_categories(drawn: DrawnText, cards: list[Any], lang: str) -> list[str]:
    """The faces among ``cards`` whose category name (full or short) the picture encoded last did not draw
    at the table's text floor or larger."""
    shown = {run.text for run in drawn.drawn() if run.px >= R.MIN_TEXT_PX["table"]}
    return [
        f"{face.key}: {face.category_short.get(lang)}"
        for face in cards
        if face.kind != "wa"  # the W-A card's name is its category
        and not {face.category_name.get(lang), face.category_short.get(lang)} & shown
    ]


def test_the_consoles_hold_every_builder_category() -> None:
    all_faces = faces(None)
    held = {all_faces[key].category for free, paid in CONSOLES for key in (*free, paid)}
    assert held == {face.category for face in all_faces.values() if face.kind == "builder"}


@pytest.mark.parametrize("lang", LANGS)
def test_ab_3_every_console_card_shows_its_category_name(lang: str, drawn: DrawnText) -> None:
    # The band dropped the name when it did not fit beside the value disc ("the colour tells"), but
    # Management and Application Integration share a colour, and combos name categories.
    for free, paid in CONSOLES:
        view = ENGINE.view(console_table(free, paid).state, None)
        drawn.reset()
        R.RENDERER.render_table(view, lang)
        console = [view.cards[key] for key in (*free, paid)]
        assert not missing_categories(drawn, console, lang), (free, paid)


@pytest.mark.parametrize("lang", LANGS)
def test_every_hand_card_and_card_picture_shows_its_category_name(lang: str, drawn: DrawnText) -> None:
    t = Table(players=2, seed=3)
    hands = (
        ("auto-scaling", "cloudformation", "cdk", "cfm", "wa-tool", "systems-manager"),  # cost coins
        ("bare-metal-host", "networking", "corporate-idp", "sqs", "marketplace", "identity-center"),
    )
    for cards in hands:
        t.hand("p1", *cards)
        view = ENGINE.view(t.state, "p1")
        drawn.reset()
        R.RENDERER.render_hand(view, lang)
        assert not missing_categories(drawn, [view.cards[key] for key in cards], lang), cards
    for face in faces(None).values():
        drawn.reset()
        R.RENDERER.render_card(face.key, lang)
        assert not missing_categories(drawn, [face], lang)


def _letters(text: str) -> str:
    """``text`` without its spaces and break points."""
    return "".join(text.split()).replace(ZWSP, "")


def _name_lines(lines: list[str], name: str) -> list[str]:
    """The consecutive lines among ``lines`` that spell ``name`` (spaces and break points aside)."""
    for start in range(len(lines)):
        for end in range(start + 1, len(lines) + 1):
            if _letters("".join(lines[start:end])) == _letters(name):
                return lines[start:end]
    raise AssertionError(f"{name!r} not drawn whole: {lines}")


@pytest.mark.parametrize("lang", LANGS)
def test_a_console_card_name_never_breaks_inside_a_word(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # "AWS CloudFormation" on the paid slot read "AWS / CloudFormati / on": at the 16 px floor the word is
    # wider than a console card. A break may fall between the parts of a compound (Cloud / Formation).
    box = (20, 20, 20 + CONSOLE_CARD_W, 20 + CONSOLE_CARD_H)
    for face in faces(None).values():
        if face.kind == "starter":  # never on the console
            continue
        img = Image.new("RGBA", (CONSOLE_CARD_W + 40, CONSOLE_CARD_H + 40))
        clear_caches()
        draw = functools.partial(draw_card, img, box, face, lang, text_min=R.MIN_TEXT_PX["table"])
        with monkeypatch.context() as patch:
            lines = _drawn_lines(patch, draw)
        full = display_name(face, lang)
        name = _name_lines(lines, full)
        letters = _letters(full)
        # After how many letters the name may break: at a space or a break point of the card data.
        allowed = {len(_letters(full[:i])) for i, ch in enumerate(full) if ch.isspace() or ch == ZWSP}
        for at in itertools.accumulate(len(_letters(line)) for line in name[:-1]):
            a, b = letters[at - 1], letters[at]
            inside_a_word = a.isascii() and a.isalpha() and b.isascii() and b.isalpha()
            compound = a.islower() and b.isupper()
            assert at in allowed or not inside_a_word or compound, (face.key, name)
