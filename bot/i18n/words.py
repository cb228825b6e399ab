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
    """``text`` cut to ``limit`` characters, the cut marked with "…"."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def tidy(text: str, lang: str) -> str:
    """Japanese sets Latin names apart with spaces ("Amazon S3 を購入") but writes Japanese words together
    ("ベアメタルサーバーを撤去"): drop a template's space where both sides are Japanese."""
    return _JA_GAP.sub("", text) if lang == "ja" else text
