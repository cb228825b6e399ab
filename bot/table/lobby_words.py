"""Words the lobby and the summary card share: a game's player count ("2–4", or "2" for a game of a fixed
count) and the options as a player of either language reads them (the name in their language beside the
``name=value`` they would type)."""

from __future__ import annotations

from i18n import has, t
from i18n.words import clip


def player_range(lang: str, low: int, high: int) -> str:
    """ "2–4", or "2" when the game is played by exactly that many."""
    return str(low) if low == high else t(lang, "lobby.range", min=low, max=high)


def option_text(value: object, limit: int = 40) -> str:
    """An option's value as the lobby lists it: booleans as typed, long values (a card file) shortened."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    text = " ".join(text.split()).replace("`", "'")
    return clip(text, limit)


def option_row(game_id: str, name: str, value: object, lang: str) -> str:
    """One option of the lobby card: "Opening hand: 5 · `hand_size=5`" (「初期手札：5 · `hand_size=5`」);
    an option the game's catalog does not name is shown as typed."""
    written = option_text(value)
    label_key = f"{game_id}.options.{name}"
    if not has(lang, label_key):
        return f"`{name}` = `{written}`"
    if isinstance(value, bool):
        shown = t(lang, "lobby.option_on" if value else "lobby.option_off")
    else:
        value_key = f"{game_id}.option_values.{name}.{written}"
        shown = t(lang, value_key) if has(lang, value_key) else written
    return t(lang, "lobby.option_row", label=t(lang, label_key), shown=shown, typed=f"`{name}={written}`")
