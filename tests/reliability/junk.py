"""Generated bad input: text for command options, custom ids and select values a client could send.

Seeded (``random.Random``), so a failure names the seed and the input that broke. Nothing here can be a
valid move: typed text is junk (never a plain card name, cell or "all"), picks name another version or no
move, and forged ids are malformed, name another game, another version, or a value that is no position.
"""

from __future__ import annotations

import random
import string

from bot.table.custom_ids import KINDS, MAX_KEY

#: Text that has broken parsers elsewhere: empty, blank, invisible, control characters, markup, mentions,
#: SQL, format strings, numbers out of every range, picks of no version.
NASTY = [
    "",
    " ",
    "\u200b",
    "\u0000",
    "\n\n",
    "\t",
    "'; DROP TABLE games; --",
    "{ref}",
    "{0}",
    "%s%s%s",
    "@everyone",
    "<@0>",
    "`" * 9,
    "**__~~||",
    "\u202eevil",
    "ｆｕｌｌｗｉｄｔｈ",
    "🂠🃏♠♥♦♣",
    "手札を全部",
    "ー",
    "-1",
    "1e309",
    "NaN",
    "9" * 40,
    "-99999999999999999999:0",
    "99999999999999999999:0",
    "0:99999999999999999999",
    "0:0",
    "１:２",
    "1:-1",
    ":",
    "::::",
    "x" * 100,
    "y" * 2000,
    "z" * 6000,
]

_ALPHABETS = [
    string.printable,
    "あいうえおカキクケコ漢字手札ーｱｲｳ",
    "😀🂠🃏♠♥♦♣🚀\u200b\u200d\ufe0f",
    "\u0301\u0300\u0336",  # combining marks
    "٠١٢٣٤٥٦٧٨٩",  # digits int() reads
]


def junk_text(rng: random.Random, version: int) -> str:
    """One bad option value. ``version``: the table's current version, so picks of other versions are
    generated (stale, never current)."""
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(NASTY)
    if roll < 0.4:
        other = rng.choice([version + 1, version + 1000, max(0, version - 1) if version > 0 else version + 2])
        return f"{other}:{rng.randint(0, 30)}"
    if roll < 0.45:
        return f"{version}:{rng.choice([999, 10**6, 2**64])}"
    alphabet = "".join(rng.sample(_ALPHABETS, rng.randint(1, len(_ALPHABETS))))
    length = rng.choice([3, 5, 12, 40, 120, 400])
    # At least one character no card name, cell or keyword has: junk can never read as a move.
    return "".join(rng.choice(alphabet) for _ in range(length)) + rng.choice("¤§¶ǂ⍼")


def _number(rng: random.Random) -> str:
    return rng.choice(
        ["-1", "0", "01", "+1", " 1", "1 ", "1.0", "1e3", "١٢", "1_0", str(MAX_KEY + 1), "9" * 30, "x", ""]
    )


def malformed_id(rng: random.Random, pk: int) -> str:
    """A custom id that does not read: junk, an unknown kind or op, fields missing, extra or malformed."""
    kind = rng.choice(list(KINDS.values()))
    fields = [str(pk)] + [str(rng.randint(0, 3)) for _ in kind.fields[1:]]
    ops = [rng.choice(kind.ops)] if kind.ops else []
    roll = rng.randrange(7)
    if roll == 0:
        return "dh:" + "".join(rng.choice(string.printable + "手札😀") for _ in range(rng.randint(0, 60)))
    if roll == 1:
        return f"dh:{rng.choice(['nope', 'hands', 'ACT', 'lobby2', ''])}:{pk}"
    if roll == 2 and kind.ops:
        return ":".join(["dh", kind.name, rng.choice(["explode", "", "JOIN", "yes!"]), *fields])
    if roll == 3:
        return ":".join(["dh", kind.name, *ops, *fields[: rng.randrange(len(fields))]])
    if roll == 4:
        return ":".join(["dh", kind.name, *ops, *fields, str(rng.randint(0, 9))])
    if roll == 5:
        return ("dh:" + kind.name + ":" + ":".join([*ops, *fields]) + ":" + "9" * 120)[:150]
    bad = list(fields)
    bad[rng.randrange(len(bad))] = _number(rng)
    return ":".join(["dh", kind.name, *ops, *bad])


def junk_values(rng: random.Random) -> list[str]:
    """Select values that are not one position: none, several, or text."""
    roll = rng.randrange(4)
    if roll == 0:
        return []
    if roll == 1:
        return ["0", "1"]
    if roll == 2:
        return [rng.choice(["x", "-1", " 1", "1.5", "٣", "9" * 25, "🂠", "0x1", "1e2"])]
    return [str(rng.choice([10_000, 100_001, 2**40]))]
