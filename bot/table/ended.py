"""What a command or control of a game that is over answers: that the game ended and how (its winners, or
that it was aborted), rather than "there is no game here" or "the table changed"."""

from __future__ import annotations

import engines
from bot.errors import UserError
from bot.store import GameRecord, Status


def game_ended(rec: GameRecord) -> UserError:
    engine = engines.get(rec.game_id)
    if rec.status is Status.FINISHED and rec.state_json is not None:
        outcome = engine.outcome(engine.load_state(rec.state_json))
        winners = [rec.seat_info(s).name for s in outcome.winners] if outcome is not None else []
        if not winners:  # everybody lost (a cooperative game) or nobody could win
            return UserError("game_ended_no_winner", game=engine.name, number=rec.id)
        return UserError("game_ended_here", game=engine.name, number=rec.id, winners=", ".join(winners))
    return UserError("game_aborted_here", game=engine.name, number=rec.id)
