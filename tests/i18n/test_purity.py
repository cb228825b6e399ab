"""The catalogs are one package for the bot and the pictures alike: ``i18n`` imports nothing of Discord, the
bot, the pictures or the engines, the renderers import nothing of the bot, and a renderer running alone (a
picture worker, a test) finds its game's words without the bot's game registry."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def imports(root: Path) -> list[tuple[str, str]]:
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found += [(str(path.relative_to(REPO)), a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.append((str(path.relative_to(REPO)), node.module))
    return found


def test_the_catalogs_import_nothing_of_discord_the_bot_the_pictures_or_the_engines() -> None:
    forbidden = {"discord", "bot", "renderers", "engines", "PIL", "aiosqlite"}
    offenders = [(f, m) for f, m in imports(REPO / "i18n") if m.split(".")[0] in forbidden]
    assert offenders == []


def test_the_renderers_import_nothing_of_the_bot() -> None:
    offenders = [(f, m) for f, m in imports(REPO / "renderers") if m.split(".")[0] in {"bot", "discord"}]
    assert offenders == []


def test_a_renderer_alone_finds_its_words() -> None:
    script = (
        "import sys, engines\n"
        "from renderers.glorious_crown.words import t\n"
        "from renderers.glorious_crown import RENDERER\n"
        "assert t('ja', 'title') == 'グローリアスクラウン', t('ja', 'title')\n"
        "card = engines.get('glorious-crown').cards()[0].id\n"
        "assert RENDERER.render_card(card, 'ja')\n"
        "assert not [m for m in sys.modules if m == 'bot' or m.startswith(('bot.', 'discord'))]\n"
    )
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
