"""AWS Deckbuilding pictures: every kind renders for random mid-game positions (draft and play) in both
languages, within 300 KiB, readable on a phone (``MIN_TEXT_PX`` checked against what is actually drawn),
with a glyph for every card name and label."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import renderers.common.text as text_module
from engines.aws_deckbuilding import ENGINE
from engines.aws_deckbuilding.cards import DB
from engines.aws_deckbuilding.models import ADState, ApplyEffects, Draft, ProposeReshuffle
from engines.aws_deckbuilding.views import all_faces
from engines.core import Rng
from engines.core.play import play_out
from renderers.aws_deckbuilding import MIN_TEXT_PX, RENDERER, WIDTH
from renderers.aws_deckbuilding.words import condition, gives
from renderers.aws_deckbuilding.words import t as words
from renderers.common import MAX_IMAGE_BYTES, clear_caches, missing_glyphs
from tests.engines.aws_deckbuilding.conftest import Table

LANGS = ("en", "ja")
NAMES = {"p1": "alice", "p2": "とても長い名前のプレイヤーさん", "p3": "Bob the Builder", "p4": "W" * 40}
PHONE_WIDTH = 400
MIN_PHONE_PX = 11


def mid_game(seed: int, steps: int, players: int) -> ADState:
    """A position reached by AI play (the draft takes 2 x players steps)."""
    ai = ENGINE.ai()
    state: ADState = ENGINE.new_game([f"p{i + 1}" for i in range(players)], None, seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        movers = ENGINE.to_move(state)
        if not movers:
            break
        state = ENGINE.apply(state, movers[0], ai.choose(state, movers[0], rng)).state
    return state


def check(data: bytes) -> Image.Image:
    assert len(data) <= MAX_IMAGE_BYTES, f"{len(data)} bytes"
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.width == WIDTH and img.height >= 300
    colours = img.convert("RGB").getcolors(maxcolors=1_000_000)
    assert colours is None or len(colours) > 50, "the picture is (nearly) blank"
    return img


@pytest.fixture
def drawn_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Records the font size of every run of text drawn (from cold caches)."""
    sizes: list[int] = []
    original = text_module._draw_run

    def spy(draw: Any, xy: Any, part: str, part_font: Any, fill: Any, shadow: Any) -> None:
        if part.strip():
            sizes.append(part_font.size)
        original(draw, xy, part, part_font, fill, shadow)

    monkeypatch.setattr(text_module, "_draw_run", spy)
    clear_caches()
    yield sizes
    clear_caches()


def readable(kind: str, img: Image.Image, sizes: list[int]) -> None:
    assert MIN_TEXT_PX[kind] * PHONE_WIDTH / img.width >= MIN_PHONE_PX
    assert sizes and min(sizes) >= MIN_TEXT_PX[kind], (kind, min(sizes))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("seed", "steps", "players"), [(1, 2, 2), (2, 5, 3), (3, 30, 2), (4, 60, 3), (5, 90, 4)]
)
def test_every_picture_renders_for_random_positions(
    lang: str, seed: int, steps: int, players: int, drawn_sizes: list[int]
) -> None:
    state = mid_game(seed, steps, players)
    assert state.phase == ("draft" if steps < 2 * players else state.phase)
    final, _ = play_out(ENGINE, state, ENGINE.ai(), Rng.from_seed(seed))
    seat = ENGINE.to_move(state)[0]
    pictures = [
        ("table", RENDERER.render_table, ENGINE.view(state, None)),
        ("hand", RENDERER.render_hand, ENGINE.view(state, seat)),
        ("hand", RENDERER.render_hand, ENGINE.view(state, next(p for p in state.players if p != seat))),
        ("final", RENDERER.render_final, ENGINE.view(final, None)),
    ]
    for kind, render, view in pictures:
        drawn_sizes.clear()
        img = check(render(view.model_dump(mode="json"), lang, names=NAMES, ai_seats={"p2"}))
        readable(kind, img, drawn_sizes)


@pytest.mark.parametrize("lang", LANGS)
def test_the_architecture_shows_drawn_cards_and_what_fired(lang: str, drawn_sizes: list[int]) -> None:
    t = Table(drafted=True)
    t.start("p1", "iam", "lambda", "s3", "athena", "bare-metal")
    t.deck_top("p1", "api-gateway")
    before = check(RENDERER.render_hand(ENGINE.view(t.state, "p1"), lang, names=NAMES))
    t.do("p1", ApplyEffects())
    after = check(RENDERER.render_hand(ENGINE.view(t.state, "p1"), lang, names=NAMES))
    assert after.height > before.height  # the drawn card joins the architecture
    # The revealed hand is public: the public view draws the same architecture, without "your cards".
    public = check(RENDERER.render_hand(ENGINE.view(t.state, None), lang, names=NAMES))
    assert after.height - 150 < public.height < after.height
    readable("hand", after, drawn_sizes)


@pytest.mark.parametrize("lang", LANGS)
def test_a_vote_a_retire_decision_and_an_empty_marketplace_draw(lang: str, drawn_sizes: list[int]) -> None:
    t = Table(players=3, drafted=True)
    t.start("p1", "ec2", "lambda", "s3", "bare-metal", "tape-backup")
    t.do("p2", ProposeReshuffle())
    check(RENDERER.render_table(ENGINE.view(t.state, None), lang, names=NAMES, ai_seats={"p3"}))
    t.state.vote = None
    t.state.phase = "retire"
    check(RENDERER.render_hand(ENGINE.view(t.state, "p1"), lang, names=NAMES))
    t.state.market.deck.extend(c for s in t.state.market.slots for c in s)
    for s in t.state.market.slots[2:]:
        s.clear()
    t.state.wa.clear()
    img = check(RENDERER.render_table(ENGINE.view(t.state, None), lang, names=NAMES))
    readable("table", img, drawn_sizes)


def test_draft_pictures_mark_the_free_picks() -> None:
    t = Table()
    t.show("ec2", "cdk", "lambda", "cloudformation", "s3")
    view = ENGINE.view(t.state, None)
    assert view.decision is not None and len(view.decision.cards) == 3
    check(RENDERER.render_table(view, "en"))
    t.do("p1", Draft(card=view.decision.cards[0]))
    check(RENDERER.render_hand(ENGINE.view(t.state, "p1"), "ja"))


def test_every_card_has_a_card_picture(drawn_sizes: list[int]) -> None:
    for info in ENGINE.cards():
        for lang in LANGS:
            drawn_sizes.clear()
            data = RENDERER.render_card(info.id, lang)
            assert len(data) <= MAX_IMAGE_BYTES
            img = Image.open(io.BytesIO(data))
            assert MIN_TEXT_PX["card"] * PHONE_WIDTH / img.width >= MIN_PHONE_PX
            assert drawn_sizes and min(drawn_sizes) >= MIN_TEXT_PX["card"], (info.id, min(drawn_sizes))
    with pytest.raises(KeyError):
        RENDERER.render_card("no-such-card", "en")


def test_every_card_name_effect_and_label_has_glyphs() -> None:
    texts: list[str] = words.strings()
    for face in all_faces().values():
        for lang in LANGS:
            texts += [face.name.get(lang), face.short.get(lang), face.category_name.get(lang)]
            texts.append(face.category_short.get(lang))
            for eff in (face.primary, face.secondary):
                if eff is not None:
                    texts += [gives(eff, lang), condition(eff.condition, lang)]
    for colour in DB.colours.values():
        texts += [colour.en, colour.ja]
    missing = {ch for text in texts for ch in missing_glyphs(text)}
    assert not missing, sorted(missing)


@pytest.mark.parametrize("lang", LANGS)
def test_a_cached_tile_is_the_tile_drawn_in_place(lang: str) -> None:
    """Tiles are drawn once per look and pasted: the paste must be exactly what drawing it there gives,
    for every kind of card and every shading, and a second copy of the card (same key) gets the same
    tile only for the same look."""
    from renderers.aws_deckbuilding.parts import INK, PAD
    from renderers.aws_deckbuilding.tile import draw_tile, paint_tile, tile_height
    from renderers.common import new_canvas

    faces = all_faces()
    picks = [faces["s3"], faces["wa-1"], *[f for f in faces.values() if f.kind == "onprem"][:1]]
    looks: list[dict[str, Any]] = [
        {},
        {"statuses": {"primary": "applied", "secondary": "unmet"}, "outline": (255, 214, 0)},
        {"statuses": {"primary": "offered", "secondary": "declined"}, "tag": ("drawn", (66, 146, 214))},
        {"dim": True, "tag": ("can buy", (24, 120, 70))},
    ]
    clear_caches()
    for face in picks:
        box = (PAD, 10, WIDTH - PAD, 10 + tile_height(face))
        for look in looks:
            for _ in range(2):  # drawn, then from the cache
                cached = new_canvas(WIDTH, 300, background=INK, vignette=False)
                draw_tile(cached, box, face, lang, **look)
                direct = new_canvas(WIDTH, 300, background=INK, vignette=False)
                paint_tile(
                    direct,
                    box,
                    face,
                    lang,
                    look.get("statuses", {}),
                    look.get("tag"),
                    look.get("outline"),
                    look.get("dim", False),
                )
                assert cached.tobytes() == direct.tobytes(), (face.key, look)
