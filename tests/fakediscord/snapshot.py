"""A message as a member would see it in Discord's dark theme, as a PNG: for looking at what the bot posts
(embeds, their images, buttons and selects) the way one looks at a picture, in a test or a note.

Not a renderer of the product: the bot's pictures are ``renderers/``; this draws the fake Discord's record
of a message, approximately as Discord's desktop client lays it out (a 720 px column), in both languages
with the renderers' fonts.
"""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from typing import Any

from PIL import Image, ImageDraw

from renderers.common.fonts import missing_glyphs
from renderers.common.text import draw_line
from renderers.common.wrapping import line_height, text_width, wrap_text

from .state import Message

WIDTH = 720
PAD = 16
BACKGROUND = (49, 51, 56)
EMBED_BACKGROUND = (43, 45, 49)
TEXT = (219, 222, 225)
MUTED = (148, 155, 164)
WHITE = (242, 243, 245)
BUTTON = {1: (88, 101, 242), 2: (78, 80, 88), 3: (36, 128, 70), 4: (218, 55, 60), 5: (78, 80, 88)}
SIZE = 16
SMALL = 13

_TIMESTAMP = re.compile(r"<t:(\d+)(?::([tTdDfFR]))?>")
_MENTION = re.compile(r"<@!?(\d+)>|<#(\d+)>|<@&(\d+)>")
_MARKS = re.compile(r"\*\*|__|~~|`")


def plain(text: str) -> str:
    """Discord markdown as a reader sees it: timestamps as dates (UTC), mentions as @…, no emphasis marks."""

    def when(match: re.Match[str]) -> str:
        moment = datetime.fromtimestamp(int(match.group(1)), UTC)
        return moment.strftime("%H:%M" if match.group(2) in ("t", "T") else "%Y-%m-%d %H:%M UTC")

    text = _TIMESTAMP.sub(when, text)
    text = _MENTION.sub(lambda m: "@member" if m.group(1) else "#channel" if m.group(2) else "@role", text)
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    text = _MARKS.sub("", text)
    # No bundled font draws emoji: a dot stands where Discord would show one, instead of an empty box.
    missing = missing_glyphs(text)
    return "".join("•" if ch in missing else ch for ch in text if not (0xFE00 <= ord(ch) <= 0xFE0F))


class _Column:
    """Lines drawn top to bottom; the canvas grows as they come and is cut to size at the end."""

    def __init__(self, width: int = WIDTH, background: tuple[int, int, int] = BACKGROUND) -> None:
        self.background = background
        self.img = Image.new("RGB", (width, 2000), background)
        self.draw = ImageDraw.Draw(self.img)
        self.y = PAD

    def grow(self, height: int) -> None:
        if self.y + height + PAD > self.img.height:
            size = (self.img.width, max(self.img.height * 2, self.y + height + PAD))
            bigger = Image.new("RGB", size, self.background)
            bigger.paste(self.img, (0, 0))
            self.img, self.draw = bigger, ImageDraw.Draw(bigger)

    def text(
        self, x: int, width: int, text: str, *, size: int = SIZE, bold: bool = False, fill: Any = TEXT
    ) -> int:
        """Wrapped text from the current line down; returns the height used."""
        start = self.y
        step = line_height(size)
        for paragraph in plain(text).split("\n"):
            for line in wrap_text(paragraph, width, size, bold=bold) or [""]:
                self.grow(step)
                draw_line(self.draw, (x, self.y + round(size * 0.95)), line, size, fill=fill, bold=bold)
                self.y += step
        return self.y - start

    def picture(self, x: int, width: int, data: bytes) -> None:
        shown = Image.open(io.BytesIO(data)).convert("RGB")
        if shown.width > width:
            shown = shown.resize((width, round(shown.height * width / shown.width)), Image.Resampling.LANCZOS)
        self.grow(shown.height + 8)
        self.img.paste(shown, (x, self.y + 4))
        self.y += shown.height + 8


def snapshot(message: Message, *, author: str = "Deckhand") -> bytes:
    """The message as a PNG (``message`` as the fake Discord records it, attachments included)."""
    col = _Column()
    col.text(PAD, WIDTH - 2 * PAD, author + "  · APP", bold=True, fill=WHITE)
    if message.ephemeral:
        col.text(
            PAD,
            WIDTH - 2 * PAD,
            "Only you can see this · あなたにだけ表示されています",
            size=SMALL,
            fill=MUTED,
        )
    if message.content:
        col.text(PAD, WIDTH - 2 * PAD, message.content)
    files = {a.filename: a.data for a in message.attachments}
    # Discord answers with its own address for an ``attachment://`` image; either way the file's name ends it.
    shown: set[str] = set()
    for embed in message.embeds:
        _embed(col, embed, files, shown)
    for name, data in files.items():
        if name not in shown and name.lower().endswith((".png", ".jpg", ".jpeg", ".webp")):
            col.picture(PAD, WIDTH - 2 * PAD, data)
    for row in message.components:
        _row(col, row.get("components") or [])
    out = io.BytesIO()
    col.img.crop((0, 0, WIDTH, col.y + PAD)).save(out, "PNG")
    return out.getvalue()


def _embed(main: _Column, embed: dict[str, Any], files: dict[str, bytes], shown: set[str]) -> None:
    col = _Column(WIDTH - 2 * PAD, EMBED_BACKGROUND)
    col.y = 10
    x, width = 16, WIDTH - 2 * PAD - 32
    if (embed.get("author") or {}).get("name"):
        col.text(x, width, embed["author"]["name"], size=SMALL, bold=True, fill=WHITE)
    if embed.get("title"):
        col.text(x, width, embed["title"], bold=True, fill=WHITE)
    if embed.get("description"):
        col.text(x, width, embed["description"])
    for f in embed.get("fields") or []:
        col.y += 4
        col.text(x, width, f.get("name", ""), size=SMALL + 1, bold=True, fill=WHITE)
        col.text(x, width, f.get("value", ""))
    image = (embed.get("image") or {}).get("url", "")
    name = image.removeprefix("attachment://").rsplit("/", 1)[-1].split("?", 1)[0]
    if name in files:
        shown.add(name)
        col.picture(x, width, files[name])
    if (embed.get("footer") or {}).get("text"):
        col.y += 4
        col.text(x, width, embed["footer"]["text"], size=SMALL, fill=MUTED)
    card = col.img.crop((0, 0, col.img.width, col.y + 10))
    colour = embed.get("color")
    bar = (
        ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255) if isinstance(colour, int) else (30, 31, 34)
    )
    ImageDraw.Draw(card).rectangle((0, 0, 3, card.height), fill=bar)
    main.y += 6
    main.grow(card.height + 4)
    main.img.paste(card, (PAD, main.y))
    main.y += card.height + 4


def _row(col: _Column, components: list[dict[str, Any]]) -> None:
    x = PAD
    height = 34
    col.y += 6
    col.grow(height + 6)
    for c in components:
        if c.get("type") == 3:  # a select menu: its placeholder across the row
            col.draw.rounded_rectangle((x, col.y, WIDTH - PAD, col.y + height), 4, fill=(30, 31, 34))
            draw_line(col.draw, (x + 12, col.y + 23), plain(c.get("placeholder") or "…"), 15, fill=MUTED)
            break
        label = (c.get("emoji") or {}).get("name", "") + " " + (c.get("label") or "")
        label = label.strip()
        w = 24 + text_width(label, 15)
        if x + w > WIDTH - PAD:
            col.y += height + 6
            col.grow(height + 6)
            x = PAD
        fill = BUTTON.get(int(c.get("style") or 2), BUTTON[2])
        if c.get("disabled"):
            fill = (fill[0] // 2, fill[1] // 2, fill[2] // 2)
        col.draw.rounded_rectangle((x, col.y, x + w, col.y + height), 4, fill=fill)
        draw_line(col.draw, (x + 12, col.y + 23), label, 15, fill=WHITE)
        x += w + 8
    col.y += height + 2
