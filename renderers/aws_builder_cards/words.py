"""The words the AWS Builder Cards pictures print.
The words themselves are the game's catalog,
``i18n/games/aws-builder-cards/<lang>.toml`` (table ``aws-builder-cards.picture``)."""

from __future__ import annotations

from i18n import Scope

t = Scope("aws-builder-cards.picture")


def gives(credits: int, draw: int, adopt: int, lang: str) -> str:
    """What a combo gives, in the pictures' short form: "+2 Cr · Draw 1" (「導入」 for Cloud Adoption)."""
    amounts = (("gives_credits", credits), ("gives_draw", draw), ("gives_adopt", adopt))
    return t(lang, "gives_sep").join(t(lang, key, n=n) for key, n in amounts if n)
