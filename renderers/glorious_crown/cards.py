"""A Glorious Crown card as the pictures draw it: the shared playing card with this game's rank, suit, Joker
star and title."""

from __future__ import annotations

from PIL import Image

from engines.glorious_crown.cards import CARDS
from engines.glorious_crown.notation import SYMBOL
from renderers.common import Suit, playing_card

SUITS: dict[str, Suit] = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


def card_label(card: str) -> str:
    """The short name of a card in text: "7♥", "JOKER"."""
    info = CARDS[card]
    if info.is_joker:
        return "JOKER"
    return f"{info.rank}{SYMBOL[info.suit]}"


def draw_card(
    img: Image.Image,
    xy: tuple[int, int],
    card: str,
    lang: str,
    width: int,
    *,
    highlight: bool = False,
    dimmed: bool = False,
    title_min: int | None = None,
) -> None:
    """A card ``width`` px wide (5:7) with its top-left at ``xy``; its title only from 100 px up (smaller
    cards are too narrow for it), set no smaller than ``title_min``."""
    info = CARDS[card]
    title = info.title.get(lang) if width >= 100 else None
    if info.is_joker:
        playing_card(
            img,
            xy,
            (width, round(width * 1.4)),
            rank_label="JOKER",
            suit=None,
            symbol="★",
            title=title,
            highlight=highlight,
            dimmed=dimmed,
            title_min=title_min,
        )
    else:
        playing_card(
            img,
            xy,
            (width, round(width * 1.4)),
            rank_label=str(info.rank),
            suit=SUITS[info.suit],
            title=title,
            highlight=highlight,
            dimmed=dimmed,
            title_min=title_min,
        )
