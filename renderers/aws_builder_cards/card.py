"""One Builder / Starter / W-A card face, a face-down deck, and the colours of the AWS console mat."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.aws_builder_cards.models import CardFace
from renderers.common import (
    PALETTE,
    badge,
    badge_size,
    contrast_text,
    draw_text,
    ellipse,
    fit_text,
    mix,
    rounded_card,
    rounded_rect,
)

RGB = tuple[int, int, int]
INK: RGB = (35, 47, 62)  # AWS "squid ink": the mat
MAT: RGB = (44, 58, 76)
MAT_EDGE: RGB = (78, 96, 118)
ORANGE: RGB = (255, 153, 0)
FACE: RGB = (252, 251, 248)
POINT_COLOURS: dict[int, RGB] = {1: (46, 160, 100), 3: (214, 60, 70)}  # the seed's 🟩 1 point, 🟥 3 points


def hex_rgb(colour: str) -> RGB:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def short(name: str) -> str:
    for prefix in ("Amazon ", "AWS "):
        if name.startswith(prefix):
            return name[len(prefix) :]
    return name


STARTER_DISC: RGB = (214, 218, 224)


def value_disc(face: CardFace) -> tuple[str, RGB]:
    """What the disc in the top-right corner shows and its colour: a W-A card's points; every other card's
    credits, orange as printed, grey on a Starter (which gives 0: the grey tells it from a Builder card)."""
    if face.kind == "wa":
        return str(face.points), POINT_COLOURS.get(face.points, ORANGE)
    return str(face.credits), STARTER_DISC if face.kind == "starter" else ORANGE


def draw_card(
    img: Image.Image,
    box: tuple[int, int, int, int],
    face: CardFace,
    lang: str,
    *,
    count: int = 1,
    combo: bool = True,
    highlight: RGB | None = None,
    dim: bool = False,
) -> None:
    """Category band with the category name, the credit value in an orange disc (top right, as printed), the
    cost (paid cards, W-A cards) in a dark coin (top left), the name, and the combo line at the bottom."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    colour = hex_rgb(face.colour)
    if highlight is not None:
        rounded_rect(img, (x0 - 4, y0 - 4, x1 + 4, y1 + 4), max(6, w // 10), fill=highlight)
    rounded_card(img, box, face=FACE, border=mix(colour, (0, 0, 0), 0.2), border_width=max(2, w // 60))
    band = max(26, round(h * 0.2))
    radius = max(4, round(w * 0.08))
    rounded_rect(img, (x0 + 2, y0 + 2, x1 - 2, y0 + band), radius, fill=colour)
    ImageDraw.Draw(img).rectangle((x0 + 2, y0 + band - radius, x1 - 2, y0 + band), fill=colour)
    disc = max(22, round(w * 0.24))
    inset = max(4, w // 28)
    # Top-left coin: the cost (paid and W-A cards), or the S mark of a Starter as printed (AB-1).
    coin_text = "S" if face.kind == "starter" else str(face.cost) if face.cost or face.kind == "wa" else ""
    left_room = x0 + inset + (disc + 4 if coin_text else 2)
    if w >= 100 and face.kind != "wa":  # the W-A card's band would only repeat its name
        # The short category name on one line (a phone shows this picture at a third of its size, so
        # two lines of tiny type would be unreadable); the colour says the rest.
        band_box = (left_room, y0 + 3, x1 - disc - inset - 3, y0 + band - 1)
        bw, bh = band_box[2] - band_box[0], band_box[3] - band_box[1]
        biggest = max(13, min(22, band // 2))
        label = face.category_name.get(lang)
        _, fitted = fit_text(label, bw, bh, biggest, 14, bold=True, wrap=False)
        if fitted != [label]:  # the full name would shrink below 14 px: the short one reads better
            label = face.category_short.get(lang)
            _, fitted = fit_text(label, bw, bh, biggest, 13, bold=True, wrap=False)
        if fitted == [label]:  # too tight even for that (a cost coin beside it): the colour tells
            draw_text(
                img,
                band_box,
                label,
                max_size=biggest,
                min_size=13,
                fill=contrast_text(colour),
                bold=True,
                valign="middle",
                wrap=False,
            )
    # The value disc: credits (orange) or, on a W-A card, its points.
    disc_box = (x1 - inset - disc, y0 + inset, x1 - inset, y0 + inset + disc)
    value, fill = value_disc(face)
    ellipse(img, disc_box, fill=fill, outline=FACE, width=2)
    draw_text(
        img,
        disc_box,
        value,
        max_size=round(disc * 0.6),
        min_size=9,
        fill=INK,
        bold=True,
        align="center",
        valign="middle",
        wrap=False,
    )
    if coin_text:
        coin = (x0 + inset, y0 + inset, x0 + inset + disc, y0 + inset + disc)
        starter = face.kind == "starter"
        ellipse(img, coin, fill=INK, outline=STARTER_DISC if starter else ORANGE, width=2)
        draw_text(
            img,
            coin,
            coin_text,
            max_size=round(disc * 0.55),
            min_size=9,
            fill=STARTER_DISC if starter else ORANGE,
            bold=True,
            align="center",
            valign="middle",
            wrap=False,
        )
    name_top = y0 + band + max(4, h // 30)
    combo_h = round(h * 0.36) if combo and face.combo.get(lang) else 0
    name = "Well-Architected" if face.kind == "wa" else face.name.get(lang)
    name_box = (x0 + inset + 2, name_top, x1 - inset - 2, y1 - combo_h - inset)
    biggest = max(12, round(w * 0.14))
    # One line when it still reads well; wrapping breaks Japanese names mid-word. When wrapping, an
    # English name never breaks inside a word: the size is capped so its longest word fits a line.
    box_w, box_h = name_box[2] - name_box[0], name_box[3] - name_box[1]
    one_line, _ = fit_text(name, box_w, box_h, biggest, 9, bold=True, wrap=False)
    wrap = one_line < max(13, biggest * 0.7)
    size_cap = one_line
    broken = "\n".join(part.strip() for part in face.ja_lines)
    broken_size = 0
    if lang == "ja" and face.ja_lines and face.kind != "wa" and one_line < biggest:
        broken_size, _ = fit_text(broken, box_w, box_h, biggest, 9, bold=True, wrap=False)
    if broken_size > one_line:
        # A katakana compound has no spaces to wrap at: break where the card data says it may.
        name, size_cap, wrap = broken, broken_size, False
    elif wrap:
        size_cap = biggest
        if name.isascii():
            longest = max(name.split(), key=len)
            size_cap, _ = fit_text(longest, box_w, box_h, biggest, 9, bold=True, wrap=False)
    draw_text(
        img,
        name_box,
        name,
        max_size=size_cap,
        min_size=9,
        fill=PALETTE.text_dark,
        bold=True,
        align="center",
        valign="middle",
        max_lines=3,
        balance=True,
        wrap=wrap,
    )
    if combo_h:
        line_y = y1 - combo_h
        ImageDraw.Draw(img).line(
            (x0 + inset, line_y, x1 - inset, line_y), fill=mix(colour, FACE, 0.5), width=1
        )
        draw_text(
            img,
            (x0 + inset, line_y + 3, x1 - inset, y1 - inset),
            face.combo.get(lang),
            max_size=max(12, round(w * 0.1)),
            min_size=10,
            fill=(70, 72, 80),
            align="center",
            valign="middle",
        )
    elif face.kind == "wa":
        draw_text(
            img,
            (x0 + inset, y1 - round(h * 0.28), x1 - inset, y1 - inset),
            f"{face.points} pt" if lang == "en" else f"{face.points}ポイント",
            max_size=max(12, round(w * 0.14)),
            min_size=9,
            fill=POINT_COLOURS.get(face.points, ORANGE),
            bold=True,
            align="center",
            valign="middle",
        )
    if count > 1:
        label = f"×{count}"
        size = max(14, round(w * 0.13))
        bw, bh = badge_size(label, size=size)
        badge(img, (x1 - bw + bw // 4, y1 - bh + bh // 3), label, colour=ORANGE, text_colour=INK, size=size)
    if dim:
        veil = Image.new("RGBA", (w, h), (*INK, 120))
        img.alpha_composite(veil, (x0, y0))


def draw_deck(
    img: Image.Image, box: tuple[int, int, int, int], label: str, count: int, *, paid: bool
) -> None:
    """A face-down deck: a few offset backs, the count large, the deck's name below."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    layers = 0 if count == 0 else min(3, 1 + count // 20)
    for i in range(layers, 0, -1):
        off = i * 3
        rounded_card(
            img, (x0 + off, y0 - off, x1 + off, y1 - off), face=INK, border=MAT_EDGE, shadow=i == layers
        )
    if count == 0:
        rounded_rect(img, box, max(6, w // 12), fill=None, outline=MAT_EDGE, width=2)
    else:
        rounded_card(img, box, face=(30, 40, 54), border=ORANGE if paid else MAT_EDGE, shadow=False)
        d = ImageDraw.Draw(img)
        for k in range(5):
            inset = 10 + k * 7
            d.rounded_rectangle(
                (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
                radius=6,
                outline=mix(INK, ORANGE, 0.12 + k * 0.04),
            )
    h = y1 - y0
    draw_text(
        img,
        (x0, y0 + h // 2 - 30, x1, y0 + h // 2 + 10),
        str(count),
        max_size=34,
        min_size=14,
        fill=PALETTE.text_light,
        bold=True,
        align="center",
        valign="middle",
        wrap=False,
    )
    draw_text(
        img,
        (x0 + 4, y0 + h // 2 + 10, x1 - 4, y0 + h // 2 + 46),
        label,
        max_size=16,
        min_size=10,
        fill=ORANGE if paid else PALETTE.text_muted_light,
        bold=True,
        align="center",
        valign="middle",
    )
