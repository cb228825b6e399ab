"""``render_card``: a picture for ``/card`` of every card of every game whose pictures live here (a player's
report: "Yggdrasil cards have no picture in /card")."""

from __future__ import annotations

import importlib
import io

import pytest
from PIL import Image, ImageStat

import engines
from renderers.common import missing_glyphs
from renderers.common.card_sheet import SHEET_WIDTH
from tests.renderers.positions import GAMES, MODULES

MAX_BYTES = 300 * 1024


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_card_of_every_game_has_a_picture(game: str) -> None:
    render_card = importlib.import_module(MODULES[game]).RENDERER.render_card
    infos = engines.get(game).cards()
    assert infos
    for info in infos:
        for lang in ("en", "ja"):
            data = render_card(info.id, lang)
            assert len(data) <= MAX_BYTES, (info.id, lang, len(data))
            img = Image.open(io.BytesIO(data))
            img.load()
            # an on-premises card has one line of text: its sheet is short, never empty (the stddev below)
            assert img.width == SHEET_WIDTH and 240 < img.height < 1400, (info.id, img.size)
            assert ImageStat.Stat(img.convert("L")).stddev[0] > 20, f"{info.id} ({lang}) looks blank"
            assert not missing_glyphs(info.name.get(lang) + info.text.get(lang)), info.id


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_card_is_a_key_error(game: str) -> None:
    with pytest.raises(KeyError):
        importlib.import_module(MODULES[game]).RENDERER.render_card("no-such-card", "en")
