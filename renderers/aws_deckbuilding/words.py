"""The words the AWS Deckbuilding pictures print.
The words themselves are the game's catalog,
``i18n/games/aws-deckbuilding/<lang>.toml`` (table ``aws-deckbuilding.picture``)."""

from __future__ import annotations

from engines.aws_deckbuilding.views import ConditionFace, EffectFace
from i18n import Scope

t = Scope("aws-deckbuilding.picture")


def gives(eff: EffectFace, lang: str) -> str:
    return t(lang, f"eff_{eff.type}", n=eff.amount)


def condition(cond: ConditionFace | None, lang: str) -> str:
    if cond is None:
        return t(lang, "cond_none")
    if cond.type == "no_onprem":
        return t(lang, "cond_no_onprem")
    if cond.type == "categories":
        return t(lang, "cond_categories", n=cond.at_least or 0)
    x = cond.text.get(lang)
    if lang == "ja" and x[-1].isascii():
        x += " "  # "S3 があれば", as AWS Japan spaces Latin names in Japanese text
    return t(lang, "cond_any", x=x)
