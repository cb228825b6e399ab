"""``python -m bot.games [--readme FILE]``: the hosted games as the README's table, from the manifests.

With ``--readme`` the table between the README's ``games-table`` markers is rewritten in place
(``make readme``), so adding a game never means editing the README by hand."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from bot.games import manifests

START, END = "<!-- games-table:start -->", "<!-- games-table:end -->"


def table() -> str:
    rows = ["| id | game | players |", "|---|---|---|"]
    for m in manifests(listed_only=True):
        e = m.engine
        players = f"{e.min_players}–{e.max_players}" if e.min_players != e.max_players else str(e.min_players)
        rows.append(f"| `{m.id}` | {e.name.en} ({e.name.ja}) | {players} |")
    return "\n".join(rows)


def rewrite(readme: Path) -> bool:
    """Put the current table into ``readme``; ``True`` when the file changed."""
    text = readme.read_text(encoding="utf-8")
    block = f"{START}\n{table()}\n{END}"
    new = re.sub(re.escape(START) + r".*?" + re.escape(END), lambda _m: block, text, flags=re.S)
    if new != text:
        readme.write_text(new, encoding="utf-8")
    return new != text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--readme", type=Path, help="rewrite the games table in this README")
    args = parser.parse_args()
    if args.readme:
        rewrite(args.readme)
    else:
        print(table())
    return 0


if __name__ == "__main__":
    sys.exit(main())
