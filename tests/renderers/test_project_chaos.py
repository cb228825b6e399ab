"""Project Chaos pictures: valid images within the size limit for random mid-game positions in both languages,
every die face, a long lane, pending decisions; every word has glyphs; text is readable at phone width."""

from __future__ import annotations

import inspect
import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import renderers.common.text as text_module
import renderers.project_chaos as module
from engines.core import Rng
from engines.core.play import play_out
from engines.project_chaos import ENGINE
from engines.project_chaos.cards import CARD_IDS, CARDS, CATEGORY_NAMES
from engines.project_chaos.scenarios import SCENARIOS
from engines.project_chaos.text import effects_text, goal_text, play_text
from renderers.common import MAX_IMAGE_BYTES, clear_caches, missing_glyphs
from renderers.contract import CardRenderer
from renderers.project_chaos import MIN_TEXT_PX, RENDERER
from renderers.project_chaos.words import t as words
from tests.engines.project_chaos.conftest import make_state

LANGS = ("en", "ja")
NAMES = {"p1": "alice", "p2": "とても長い名前のプレイヤーさん", "p3": "Bob the Builder", "p4": "W" * 40}
PHONE_WIDTH = 400
MIN_PHONE_PX = 11


def mid_game(seed: int, steps: int, players: int = 3, scenario: str = "random") -> Any:
    ai = ENGINE.ai()
    state = ENGINE.new_game([f"p{i + 1}" for i in range(players)], {"scenario": scenario}, seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        movers = ENGINE.to_move(state)
        if not movers:
            break
        state = ENGINE.apply(state, movers[0], ai.choose(state, movers[0], rng)).state
    return state


def check(data: bytes, min_height: int = 400) -> Image.Image:
    assert len(data) <= MAX_IMAGE_BYTES
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.width >= 400 and img.height >= min_height
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


def test_the_package_is_a_game_renderer() -> None:
    for name in ("render_table", "render_hand", "render_final"):
        assert callable(getattr(module.RENDERER, name))
    assert isinstance(module.RENDERER, CardRenderer)


@pytest.mark.parametrize("lang", LANGS)
def test_card_pictures_for_every_card(lang: str, drawn_sizes: list[int]) -> None:
    for card in CARD_IDS:
        img = check(module.RENDERER.render_card(card, lang), min_height=150)
        assert MIN_TEXT_PX["card"] * PHONE_WIDTH / img.width >= MIN_PHONE_PX
    assert min(drawn_sizes) >= MIN_TEXT_PX["card"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_picture_renders_for_random_mid_game_positions(
    lang: str, seed: int, drawn_sizes: list[int]
) -> None:
    state = mid_game(seed, 4 + 3 * seed, players=2 + seed % 4)
    seat = ENGINE.to_move(state)[0] if ENGINE.to_move(state) else state.players[0]
    final, _ = play_out(ENGINE, state, ENGINE.ai(), Rng.from_seed(seed))
    pictures = [
        ("table", RENDERER.render_table, ENGINE.view(state, None)),
        ("hand", RENDERER.render_hand, ENGINE.view(state, seat)),
        ("final", RENDERER.render_final, ENGINE.view(final, None)),
    ]
    for kind, render, view in pictures:
        drawn_sizes.clear()
        img = check(render(view.model_dump(mode="json"), lang, names=NAMES, ai_seats={"p2"}))
        # Readable on a phone: the smallest text, shown at 400 px wide, is at least 11 px.
        assert MIN_TEXT_PX[kind] * PHONE_WIDTH / img.width >= MIN_PHONE_PX
        assert drawn_sizes and min(drawn_sizes) >= MIN_TEXT_PX[kind], (kind, min(drawn_sizes))


HANDS = {
    "p1": ["pc-five-minute-standup", "pc-genius-intern", "pc-oss-fixes-it"],
    "p2": ["pc-key-person-quits", "pc-ci-all-green", "pc-legacy-code"],
    "p3": ["pc-dream-client", "pc-flaky-test", "pc-scope-creep"],
}
BOARD = {"tech": "pc-docs-exist", "user": "pc-small-spec-change", "mgmt": "pc-we-are-pivoting"}
REVEALED = ["pc-all-hands", "pc-release-goes-viral"]
TAKEN = {c for hand in HANDS.values() for c in hand} | set(BOARD.values()) | set(REVEALED)
FREE = [c for c in CARD_IDS if c not in TAKEN]


@pytest.mark.parametrize("die", [0, 1, 2, 3])
@pytest.mark.parametrize("lang", LANGS)
def test_table_at_every_die_face_and_with_a_long_lane(die: int, lang: str, drawn_sizes: list[int]) -> None:
    short = make_state(HANDS, die=die, tokens=die, lane=FREE[:4], workplaces=BOARD)
    long = make_state(HANDS, die=die, tokens=3 - die, lane=FREE[:24], scenario="innovation")
    a = check(RENDERER.render_table(ENGINE.view(short, None), lang, names=NAMES))
    b = check(RENDERER.render_table(ENGINE.view(long, None), lang, names=NAMES))
    assert b.height > a.height  # every lane card is drawn, none dropped
    assert min(drawn_sizes) >= MIN_TEXT_PX["table"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_lane_card_shows_its_full_name(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lane is the record of what the team shipped: a name too long for one line wraps to two, it is
    never cut with "…" (the longest names of both languages, on the table and on the final picture)."""
    lines: list[str] = []
    original = text_module.draw_line

    def spy(draw: Any, xy: Any, text: str, size: int, **kwargs: Any) -> int:
        lines.append(text)
        return original(draw, xy, text, size, **kwargs)

    monkeypatch.setattr(text_module, "draw_line", spy)
    longest = sorted(FREE, key=lambda c: -len(CARDS[c].name.get(lang)))[:12]
    state = make_state(HANDS, lane=longest, workplaces=BOARD)
    for render in (RENDERER.render_table, RENDERER.render_final):
        lines.clear()
        check(render(ENGINE.view(state, None), lang))
        drawn = "".join(lines).replace(" ", "")
        for card in longest:
            name = CARDS[card].name.get(lang)
            assert name.replace(" ", "") in drawn, (render.__name__, name)


@pytest.mark.parametrize("lang", LANGS)
def test_pending_decisions_are_drawn(lang: str, drawn_sizes: list[int]) -> None:
    vote = ENGINE.apply(
        make_state(HANDS, die=2), "p1", {"type": "play", "card": "pc-five-minute-standup"}
    ).state
    claim = ENGINE.apply(
        make_state(HANDS, current=1), "p2", {"type": "play", "card": "pc-key-person-quits"}
    ).state
    push = ENGINE.apply(
        make_state(HANDS, workplaces=BOARD),
        "p1",
        {"type": "place", "card": "pc-genius-intern", "workplace": "tech"},
    ).state
    forced = make_state(HANDS, die=3, deck_top=REVEALED, lane=FREE[:2])
    forced = ENGINE.apply(forced, "p1", {"type": "discard", "card": "pc-oss-fixes-it"}).state
    assert [s.pending.kind for s in (vote, claim, push, forced) if s.pending] == [
        "vote",
        "claim",
        "push_out",
        "forced",
    ]
    for state in (vote, claim, push, forced):
        plain = RENDERER.render_table(ENGINE.view(state, None), lang, names=NAMES)
        check(plain)
        for seat in ENGINE.to_move(state):
            check(RENDERER.render_hand(ENGINE.view(state, seat), lang, names=NAMES))
    # The die-3 resolver's hand shows the revealed cards too: a taller picture than a bystander's.
    mine = Image.open(io.BytesIO(RENDERER.render_hand(ENGINE.view(forced, "p1"), lang)))
    theirs = Image.open(io.BytesIO(RENDERER.render_hand(ENGINE.view(forced, "p2"), lang)))
    assert mine.height > theirs.height
    assert min(drawn_sizes) >= MIN_TEXT_PX["hand"]


def test_every_card_name_and_label_has_glyphs() -> None:
    texts = words.strings()
    for card in CARDS.values():
        texts += [card.name.en, card.name.ja, card.flavour.en, card.flavour.ja]
        effect = play_text(card)
        if effect is not None:
            texts += [effect.en, effect.ja]
    for sc in SCENARIOS.values():
        texts += [sc.name.en, sc.name.ja, goal_text(sc.goal).en, goal_text(sc.goal).ja]
    for name in CATEGORY_NAMES.values():
        texts += [name.en, name.ja]
    texts += [effects_text(()).en, "▶⬇✕✓✗…·→★⚠"]
    missing = set().union(*(missing_glyphs(text) for text in texts))
    assert not missing, sorted(missing)


@pytest.mark.parametrize("func", [RENDERER.render_table, RENDERER.render_hand, RENDERER.render_final])
def test_pictures_take_names_and_ai_seats_as_keywords(func: Any) -> None:
    params = inspect.signature(func).parameters
    assert params["names"].kind is inspect.Parameter.KEYWORD_ONLY and params["names"].default is None
    assert params["ai_seats"].kind is inspect.Parameter.KEYWORD_ONLY


def test_names_and_robot_marks_are_drawn() -> None:
    state = mid_game(5, 6, scenario="balanced")
    view = ENGINE.view(state, None)
    plain = RENDERER.render_table(view, "en")
    assert RENDERER.render_table(view, "en", names={"p1": "alice"}) != plain
    assert RENDERER.render_table(view, "en", ai_seats={"p2"}) != plain
    assert RENDERER.render_table(view, "en", names={"p9": "nobody", "p1": ""}) == plain
    final, _ = play_out(ENGINE, state, ENGINE.ai(), Rng.from_seed(5))
    end = ENGINE.view(final, None)
    assert RENDERER.render_final(end, "ja", ai_seats={"p1"}) != RENDERER.render_final(end, "ja")


@pytest.mark.parametrize("lang", LANGS)
def test_final_shows_a_win_and_each_kind_of_loss(lang: str) -> None:
    seen: set[str] = set()
    for seed in range(40):
        state = ENGINE.new_game(["p1", "p2", "p3"], None, seed)
        final, _ = play_out(ENGINE, state, ENGINE.ai("random" if seed % 2 else "normal"), Rng.from_seed(seed))
        reason = final.reason
        if reason in seen:
            continue
        seen.add(reason)
        check(RENDERER.render_final(ENGINE.view(final, None), lang, names=NAMES))
    assert {"win", "loss:cannot_draw", "loss:die_overflow"} <= seen
