"""Mission cards in words (AB-11): the card names a mission needs, for the public revealed missions on the
table and the seat's own secret mission in its hand."""

from __future__ import annotations

from engines.aws_builder_cards.cards import DEFAULT_DB
from engines.aws_builder_cards.models import ABView, MissionFace

from .card import short

#: partner tokens of combo conditions (not card keys)
TOKEN_NAMES = {
    "cmp": {"en": "any compute", "ja": "コンピューティング"},
    "builder": {"en": "any Builder card", "ja": "任意の Builder"},
    "other": {"en": "every other card", "ja": "他のカード全部"},
}


def partner_name(view: ABView, key: str, lang: str) -> str:
    """A card key (or partner token) as a short name: "Lambda", "S3", "any compute"."""
    if key in TOKEN_NAMES:
        return TOKEN_NAMES[key][lang if lang in ("en", "ja") else "en"]
    face = view.cards.get(key)
    if face is not None:
        return short(face.name.get(lang))
    card = DEFAULT_DB.cards.get(key)
    return short(card.name.get(lang)) if card else key


def needs_text(view: ABView, mission: MissionFace, lang: str) -> str:
    """What a mission needs deployed together: "API Gateway + Lambda + DynamoDB"; a slash between cards
    that can stand in for each other ("ECS/EKS")."""
    return " + ".join("/".join(partner_name(view, key, lang) for key in alt) for alt in mission.needs)
