"""The Yggdrasil pictures: valid PNGs within limits, in both languages, for every field size, with every
card name and label covered by the bundled fonts."""

from __future__ import annotations

import inspect
import io
import time
from typing import Any

import pytest
from PIL import Image

from engines.core import Rng
from engines.core.play import play_out
from engines.yggdrasil import ENGINE
from engines.yggdrasil.cards import CARDS, DECKS
from renderers.common import MAX_PNG_BYTES, missing_glyphs
from renderers.yggdrasil import RENDERER, WIDTH
from renderers.yggdrasil.hand import _notes, you_sit
from renderers.yggdrasil.table import score_line, status_lines, who
from renderers.yggdrasil.words import t as words

LANGS = ("en", "ja")


def mid_game(options: dict[str, Any] | None = None, steps: int = 14, seed: int = 5) -> Any:
    ai = ENGINE.ai()
    state = ENGINE.new_game(["p1", "p2"], options, seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if not ENGINE.to_move(state):
            break
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, ai.choose(state, seat, rng)).state
    return state


def check_png(data: bytes) -> Image.Image:
    assert len(data) <= MAX_PNG_BYTES
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.width == WIDTH and img.height >= 400
    colours = img.convert("RGB").getcolors(maxcolors=1_000_000)
    assert colours is None or len(colours) > 50, "the picture is (nearly) blank"
    return img


@pytest.mark.parametrize("lang", LANGS)
def test_table_hand_and_final_render_quickly(lang: str) -> None:
    state = mid_game()
    seat = ENGINE.to_move(state)[0]
    started = time.perf_counter()
    check_png(RENDERER.render_table(ENGINE.view(state, None), lang))
    check_png(RENDERER.render_hand(ENGINE.view(state, seat), lang))
    final, _ = play_out(ENGINE, state, ENGINE.ai(), Rng.from_seed(1))
    check_png(RENDERER.render_final(ENGINE.view(final, None), lang))
    assert time.perf_counter() - started < 6.0  # three pictures; a loose bound: speed is benched


@pytest.mark.parametrize(("cols", "rows"), [(3, 3), (4, 5), (9, 9)])
def test_every_field_size_renders(cols: int, rows: int) -> None:
    state = mid_game({"columns": cols, "rows": rows, "branch_colours": True}, steps=8, seed=cols)
    check_png(RENDERER.render_table(ENGINE.view(state, None).model_dump(mode="json"), "ja"))
    check_png(RENDERER.render_hand(ENGINE.view(state, "p2"), "en"))


def invasion_pending() -> Any:
    """The first seeded AI game that reaches an invasion decision."""
    for seed in range(40):
        state = ENGINE.new_game(["p1", "p2"], None, seed)
        rng = Rng.from_seed(seed)
        while ENGINE.to_move(state) and state.phase != "invade":
            seat = ENGINE.to_move(state)[0]
            state = ENGINE.apply(state, seat, ENGINE.ai().choose(state, seat, rng)).state
        if state.phase == "invade":
            break
    assert state.phase == "invade"
    return state


def test_pictures_show_an_invasion_and_a_pending_decision() -> None:
    state = invasion_pending()
    seat = ENGINE.to_move(state)[0]
    check_png(RENDERER.render_table(ENGINE.view(state, None), "en"))
    check_png(RENDERER.render_hand(ENGINE.view(state, seat), "ja"))


def test_a_pending_invasion_is_told_in_words() -> None:
    """Issue 10: "may invade: C3 (1:4)" said nothing to a new player; the pictures now say who attacks
    with what ("attack C3: your 4 vs its 1")."""
    state = invasion_pending()
    seat = ENGINE.to_move(state)[0]
    public, mine = ENGINE.view(state, None), ENGINE.view(state, seat)
    option = public.pending.invasions[0]
    table = status_lines(public, "en", None)[0]
    assert f"attack {option.target}: {option.attack} vs its {option.defence}" in table
    assert f"({option.attack}:{option.defence})" not in table
    notes = " ".join(_notes(mine, seat, "ja", None))
    assert f"侵攻先：{option.target}（あなた {option.attack} 対 相手 {option.defence}）" in notes


def test_every_card_name_and_label_has_glyphs() -> None:
    texts = words.strings()
    for card in CARDS.values():
        texts += [card.name.en, card.name.ja]
    for deck in DECKS.values():
        texts += [deck.name.en, deck.name.ja]
    missing = set().union(*(missing_glyphs(text) for text in texts))
    assert not missing, sorted(missing)


NAMES = {"p1": "alice", "p2": "たろう"}


@pytest.mark.parametrize("func", [RENDERER.render_table, RENDERER.render_hand, RENDERER.render_final])
def test_every_picture_takes_player_names_as_a_keyword(func: Any) -> None:
    # bot/table/pictures.py passes ``names=`` only to renderers whose signature has it.
    param = inspect.signature(func).parameters["names"]
    assert param.kind is inspect.Parameter.KEYWORD_ONLY and param.default is None


def test_player_names_are_drawn_instead_of_seat_ids() -> None:
    state = mid_game()
    seat = ENGINE.to_move(state)[0]
    final, _ = play_out(ENGINE, state, ENGINE.ai(), Rng.from_seed(1))
    pictures = [
        (RENDERER.render_table, ENGINE.view(state, None)),
        (RENDERER.render_hand, ENGINE.view(state, seat)),
        (RENDERER.render_final, ENGINE.view(final, None)),
    ]
    for func, view in pictures:
        for lang in LANGS:
            plain = func(view, lang)
            named = func(view, lang, names=NAMES)
            check_png(named)
            assert named != plain, f"{func.__name__} ({lang}) ignores the players' names"
            # Unknown seats and empty names fall back to the seat id: the same picture as without names.
            assert func(view, lang, names={"p9": "nobody", "p1": "", "p2": ""}) == plain


def test_names_keep_the_seat_colours_and_a_long_name_fits() -> None:
    state = mid_game()
    view = ENGINE.view(state, None)
    long = {"p1": "とても長い名前のプレイヤーさん・ゲームマスター補佐" * 2, "p2": "W" * 64}
    img = check_png(RENDERER.render_table(view, "ja", names=long))
    assert img.size == Image.open(io.BytesIO(RENDERER.render_table(view, "ja"))).size
    assert who("p1", NAMES) == "alice" and who("p2", None) == "p2" and who("p1", {"p1": ""}) == "p1"


@pytest.mark.parametrize(
    ("seat", "lang", "side"),
    [
        ("p1", "en", "You sit at the bottom."),
        ("p2", "en", "You sit at the top."),
        ("p1", "ja", "あなたは下側です。"),
        ("p2", "ja", "あなたは上側です。"),
    ],
)
def test_yg_4_the_hand_names_the_seats_own_side(seat: str, lang: str, side: str) -> None:
    # A player's report: player 2 (home row 7) read "You sit at the bottom" / 「あなたはbottom側です」.
    view = ENGINE.view(mid_game(), seat)
    assert view.home_rows[seat] == (1 if seat == "p1" else view.rows)
    assert you_sit(view, seat, lang).startswith(side)


def test_the_score_line_counts_one_point_and_one_card() -> None:
    assert score_line(1, 1, 0, "en") == "1 pt = 1 card + 0 fruit"
    assert score_line(7, 4, 3, "en") == "7 pts = 4 cards + 3 fruit"
    assert score_line(1, 1, 0, "ja") == "1点 = カード1 + 果実0"
