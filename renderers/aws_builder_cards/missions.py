"""Mission cards in words (AB-11): the card names a mission needs, for the public revealed missions on the
table and the seat's own secret mission in its hand."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.aws_builder_cards.cards import DEFAULT_DB
from engines.aws_builder_cards.models import ABView, MissionFace
from renderers.common import draw_text, rounded_card, rounded_rect

from .card import FACE, INK, RGB, short

#: partner tokens of combo conditions (not card keys)
TOKEN_NAMES = {
    "cmp": {"en": "any compute", "ja": "コンピューティング"},
    "builder": {"en": "any Builder card", "ja": "任意の Builder"},
    "other": {"en": "every other card", "ja": "他のカード全部"},
}


def partner_name(view: ABView | None, key: str, lang: str) -> str:
    """A card key (or partner token) as a short name: "Lambda", "S3", "any compute"; ``view`` None: from the
    default card list."""
    if key in TOKEN_NAMES:
        return TOKEN_NAMES[key][lang if lang in ("en", "ja") else "en"]
    face = view.cards.get(key) if view is not None else None
    if face is not None:
        return short(face.name.get(lang))
    card = DEFAULT_DB.cards.get(key)
    return short(card.name.get(lang)) if card else key


def needs_text(view: ABView | None, mission: MissionFace, lang: str) -> str:
    """What a mission needs deployed together: "API Gateway + Lambda + DynamoDB"; a slash between cards
    that can stand in for each other ("ECS/EKS")."""
    return " + ".join("/".join(partner_name(view, key, lang) for key in alt) for alt in mission.needs)


MISSION_BAND: RGB = (122, 76, 190)  # the Generative AI add-on's purple


def draw_mission_card(
    img: Image.Image,
    box: tuple[int, int, int, int],
    mission: MissionFace,
    lang: str,
    view: ABView | None = None,
) -> None:
    """A mission card face: the add-on's band, the mission's name, each card it needs on its own line and
    the 3 points it is worth (AB-11)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    inset = max(6, w // 24)
    rounded_card(img, box, face=FACE, border=MISSION_BAND, border_width=max(2, w // 60))
    band = max(30, round(h * 0.12))
    radius = max(4, round(w * 0.08))
    rounded_rect(img, (x0 + 2, y0 + 2, x1 - 2, y0 + band), radius, fill=MISSION_BAND)
    ImageDraw.Draw(img).rectangle((x0 + 2, y0 + band - radius, x1 - 2, y0 + band), fill=MISSION_BAND)
    draw_text(
        img,
        (x0 + inset, y0 + 3, x1 - inset, y0 + band - 1),
        "Mission" if lang != "ja" else "ミッション",
        max_size=max(16, band // 2),
        min_size=16,
        fill=(255, 255, 255),
        bold=True,
        valign="middle",
        wrap=False,
    )
    points_h = max(28, round(h * 0.12))
    name_box = (x0 + inset, y0 + band + inset, x1 - inset, y0 + band + round(h * 0.3))
    draw_text(
        img,
        name_box,
        mission.name.get(lang),
        max_size=max(16, round(w * 0.09)),
        min_size=16,
        fill=INK,
        bold=True,
        align="center",
        valign="middle",
        max_lines=3,
        balance=True,
        phrases=True,
    )
    needs = "\n".join("/".join(partner_name(view, key, lang) for key in alt) for alt in mission.needs)
    draw_text(
        img,
        (x0 + inset, name_box[3] + inset, x1 - inset, y1 - points_h - inset),
        needs,
        max_size=max(16, round(w * 0.08)),
        min_size=16,
        fill=(70, 72, 80),
        align="center",
        valign="middle",
        phrases=True,
    )
    draw_text(
        img,
        (x0 + inset, y1 - points_h - inset, x1 - inset, y1 - inset),
        "+3 pt" if lang != "ja" else "+3ポイント",
        max_size=max(16, round(w * 0.08)),
        min_size=16,
        fill=MISSION_BAND,
        bold=True,
        align="center",
        valign="middle",
        wrap=False,
    )
