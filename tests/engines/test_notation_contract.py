"""The notation protocol (``engines.core.notation``), checked for every registered engine, Climb included.

Over seeded random games, for every seat that must decide: each legal action (all of them when there are
few, else a sample) is written (``format``) in both languages and read back (``parse``) as that very action,
also when typed in upper case and full width; junk is an ``UnreadableMove``; a move that was legal earlier
and is not now, or any move of a seat that is not to move, is an ``IllegalMove`` (or reads as another move
that is legal), never an unreadable one.

Every other game switches every optional rule on. Kept fast for CI: the number of games follows the
hypothesis profile (2 in ``ci``), every step of the short games is checked, and a sample of the steps of the
long AWS games.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings

from engines.core import (
    LANGS,
    Action,
    AmbiguousMove,
    Engine,
    IllegalMove,
    NotationError,
    Rng,
    UnreadableMove,
)

GAMES = max(2, settings().max_examples // 10)
#: Share of steps checked in the games of hundreds of steps (the others: every step).
SPARSE = {"aws-builder-cards": 8, "aws-deckbuilding": 3}
SAMPLE = 3
ALL_UP_TO = 6
JUNK = ("qwzxv", "？？ qwzx ＃＃", "@@@ 999 zzz")


def sloppy(text: str) -> str:
    """As typed on a Japanese keyboard with caps lock: upper case, every ASCII character full width."""
    return "".join(
        chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else "\u3000" if c == " " else c for c in text.upper()
    )


def seats(n: int) -> list[str]:
    return [f"p{i + 1}" for i in range(n)]


def test_every_legal_move_reads_back_and_refusals_are_typed(engine: Engine[Any, Any, Any, Any]) -> None:
    illegal_refused = 0
    for game in range(GAMES):
        n = engine.min_players + game % (engine.max_players - engine.min_players + 1)
        state = engine.new_game(seats(n), every_rule_on(engine) if game % 2 else None, game)
        rng = Rng.from_seed(0x707A + game)
        seen: dict[str, Action] = {}
        for step in range(5_000):
            movers = engine.to_move(state)
            if not movers:
                break
            if step % SPARSE.get(engine.id, 1) == 0:
                for mover in movers:  # every seat that must decide (a vote asks several)
                    illegal_refused += check_step(engine, state, mover, seen, rng)
            seat = rng.choice(movers)
            legal = engine.legal_actions(state, seat)
            for action in legal:
                seen.setdefault(action.key(), action)
            state = engine.apply(state, seat, rng.choice(legal)).state
        else:
            pytest.fail(f"{engine.id}: game {game} did not end")
    assert illegal_refused, "no illegal move was ever refused as illegal"


def every_rule_on(engine: Engine[Any, Any, Any, Any]) -> dict[str, bool]:
    """Every optional rule on (AB-10's retiring, AB-11's missions …), so their moves are written too."""
    return {
        name: True for name, field in engine.options_model.model_fields.items() if field.annotation is bool
    }


def check_step(
    engine: Engine[Any, Any, Any, Any], state: Any, seat: str, seen: dict[str, Action], rng: Rng
) -> int:
    notation = engine.notation
    legal = engine.legal_actions(state, seat)
    # A short list is checked whole (so each is written apart from all the others); a long one sampled.
    for action in legal if len(legal) <= ALL_UP_TO else rng.sample(legal, SAMPLE):
        for lang in LANGS:
            text = notation.format(state, seat, action, lang)
            assert notation.parse(state, seat, text) == action, f"{lang} {text!r} does not read back"
            assert notation.parse(state, seat, sloppy(text)) == action, f"{sloppy(text)!r} does not read"
    for junk in JUNK:
        with pytest.raises(UnreadableMove) as unreadable:
            notation.parse(state, seat, junk)
        assert unreadable.value.code == "unreadable_move" and unreadable.value.game == engine.id

    refused = 0
    legal_keys = {a.key() for a in legal}
    earlier = [a for k, a in seen.items() if k not in legal_keys]
    for action in rng.sample(earlier, min(2, len(earlier))):
        refused += expect_refused_or_legal(engine, state, seat, notation.format(state, seat, action, "en"))
    idle = [p for p in state.players if p not in engine.to_move(state)]
    if idle:
        text = notation.format(state, seat, legal[0], "ja")
        with pytest.raises(IllegalMove) as err:
            notation.parse(state, idle[0], text)
        assert err.value.params["reason"] == "not_your_turn"
        refused += 1
    return refused


def expect_refused_or_legal(engine: Engine[Any, Any, Any, Any], state: Any, seat: str, text: str) -> int:
    """A well-formed move that is not legal now: refused as illegal, or (written the same as a legal move,
    e.g. another copy of the card) read as that legal move; never unreadable."""
    try:
        read = engine.notation.parse(state, seat, text)
    except IllegalMove as exc:
        assert exc.code == "illegal_move" and exc.game == engine.id
        return 1
    except AmbiguousMove as exc:
        assert len(exc.moves) > 1 and all(m in engine.legal_actions(state, seat) for m in exc.moves)
        return 0
    except NotationError as exc:  # pragma: no cover - the failure message
        pytest.fail(f"{engine.id}: {text!r} was refused as {exc.code}, not as an illegal move")
    assert read in engine.legal_actions(state, seat)
    return 0
