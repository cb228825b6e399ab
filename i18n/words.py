"""Small text helpers every game's wording shares: a label cut to Discord's limit, and the spaces a template
puts around a name taken out where Japanese runs on both sides."""

from __future__ import annotations

import re

#: Discord's limit for a select option's label
LABEL_LIMIT = 100

_JA = "\u3040-\u30ff\u4e00-\u9fff\uff00-\uffef"
#: a space the templates put around a name, between two Japanese characters ("ベアメタルサーバー を撤去")
_JA_GAP = re.compile(f"(?<=[{_JA}]) (?=[{_JA}])")


def clip(text: str, limit: int = LABEL_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, the cut marked with "…". Words written with spaces between
    them are cut after a whole word ("Deploy all (Lambda, S3…" rather than "Deploy all (Lamb…"), unless
    that would drop more than half the room; Japanese, written without spaces, is cut at a character."""
    if len(text) <= limit:
        return text
    kept = text[: limit - 1]
    if not text[limit - 1].isspace():
        space = kept.rfind(" ")
        if space > limit // 2:
            kept = kept[:space]
    return kept.rstrip(" ,;:·-–—(/") + "…"


def tidy(text: str, lang: str) -> str:
    """Japanese sets Latin names apart with spaces ("Amazon S3 を購入") but writes Japanese words together
    ("ベアメタルサーバーを撤去"): drop a template's space where both sides are Japanese."""
    return _JA_GAP.sub("", text) if lang == "ja" else text
