"""What every reliability suite checks after an input: the store did not change, the reply is a sentence of
the catalog in the member's language (not "Something went wrong"), and nothing was logged as a fault."""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from i18n import catalog, t
from tests.fakediscord import FakeDiscord
from tests.fakediscord.harness import Reply

_PARAM = re.compile(r"\{[^{}]*\}")
_KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def snapshot(database: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table of the bot's SQLite file, in a stable order."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {name: sorted(db.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr) for name in tables}


def own_messages_text(reply: Reply) -> list[str]:
    """The contents of what answered this interaction itself (its response and follow-ups)."""
    shown = ([reply.message] if reply.message is not None else []) + reply.followups
    return [m.content for m in shown]


def own_text(reply: Reply) -> str:
    shown = ([reply.message] if reply.message is not None else []) + reply.followups
    return "\n".join(m.text() for m in shown)


@cache
def _first_lines(lang: str) -> list[re.Pattern[str]]:
    out = []
    for text in catalog(lang).values():
        first = text.split("\n", 1)[0]
        literal = _PARAM.sub("", first)
        if len(literal.strip()) < 3:
            continue  # "{name} ×{n}": a fragment, not a sentence a reply starts with
        pieces = _PARAM.split(first)
        out.append(re.compile(".*?".join(re.escape(p) for p in pieces), re.DOTALL))
    return out


def unexpected(text: str) -> bool:
    """The "Something went wrong (reference …)" sentence, in either language."""
    return any(
        re.search(".*?".join(re.escape(p) for p in _PARAM.split(t(lang, "errors.unexpected"))), text)
        for lang in ("en", "ja")
    )


def sentence_in(text: str, lang: str, typed: str = "") -> bool:
    """Whether ``text`` opens with a catalog sentence of ``lang`` and reads as that language beyond what
    the member typed (an echo of Japanese input in an English refusal is not Japanese)."""
    first = text.split("\n", 1)[0]
    if not any(p.fullmatch(first) for p in _first_lines(lang)):
        return False
    own = "".join(ch for ch in text if ch not in set(typed))
    has_kana = bool(_KANA.search(own))
    return has_kana if lang == "ja" else not _KANA.search("".join(ch for ch in first if ch not in set(typed)))


class FaultLog(logging.Handler):
    """Collects what the bot and discord.py log as a fault (an error, or an exception ignored)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith(("bot", "discord")):
            self.records.append(record)

    def lines(self) -> list[str]:
        return [f"{r.name}: {r.getMessage()}" for r in self.records]


@contextmanager
def fault_log() -> Iterator[FaultLog]:
    handler = FaultLog()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


def said(fake: FakeDiscord, reply: Reply) -> str:
    """Every sentence the bot sent in answer to this interaction (its callback, edits of its response and
    follow-ups), whichever message they ended on: two answers editing one hand message each count."""
    words: list[str] = []

    def collect(body: object) -> None:
        if isinstance(body, dict):
            for key, value in body.items():
                if key in ("content", "title", "description") and isinstance(value, str):
                    words.append(value)
                else:
                    collect(value)
        elif isinstance(body, list):
            for value in body:
                collect(value)

    for request in fake.requests:
        if request.interaction_id == reply.interaction.id:
            collect(request.body)
    return "\n".join(words)
