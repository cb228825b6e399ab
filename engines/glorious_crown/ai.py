"""Glorious Crown AIs. ``normal`` is a hand-tuned heuristic; ``random`` is the uniform baseline.

The heuristic decides only from what its seat may see: its own hand and the public table (field, discard,
hand counts, passes, board state). Its ideas, in order of weight:
- go out legally when one play can empty the hand; never go out with a foul card (GC-20), and never leave
  itself holding only cards it cannot legally finish with (Jokers, 8s, 15s in normal, 3s in revolution):
  with four cards or fewer left it is keen to play those cards while it still can;
- keep cards while the race is open (each kept card is a later chance to win a clear), but shed, in groups
  and without breaking pairs, once opponents are out or down to their last card (the finishing bonus,
  GC-19, then outweighs the field points); keep Jokers and the strongest cards for control;
- lead 8s freely (the field clears and it leads again, GC-13) and follow with an 8 to take the lead;
- follow with the cheapest play that wins, and prefer plays nobody can answer (everyone else has passed,
  or no unseen group is stronger), because the clear pays the play's points (GC-17);
- counter a lone Joker with the spade 3 (GC-7); play a quad when the flipped order suits its hand (GC-8);
- give and discard its weakest cards with 7 and 10 (GC-12, GC-14); hand a Joker or an 8 to a next player
  who holds only as many cards as the trade, which leaves them only an illegal finish.
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Agent, RandomAgent, Rng, Seat
from engines.glorious_crown.cards import ALL_IDS, FOUL, RANK
from engines.glorious_crown.models import Answer, Decline, Discard, GCState, Give, Pass, Play, TopPlay
from engines.glorious_crown.plays import AnswerShape, group_rank, new_lock
from engines.glorious_crown.scoring import is_foul_finish, play_points


def strength(card: str, revolution: bool) -> float:
    """0 (weakest) .. 12 (strongest number); Jokers 14."""
    r = RANK[card]
    if r == 0:
        return 14.0
    return float(15 - r if revolution else r - 3)


def foul_risk(card: str, revolution: bool) -> bool:
    when = FOUL[RANK[card]]
    return when == "always" or (when == "normal" and not revolution) or (when == "revolution" and revolution)


class HeuristicAgent:
    """Scores each legal play by its expected worth: the chance nobody answers it (estimated by dealing the
    unseen cards at random a few times) times the points and the lead it brings, plus the value of shedding
    cards, minus the future worth of the strong cards it spends."""

    def __init__(self, engine: Any, samples: int = 8, **weights: float) -> None:
        self.engine = engine
        self.samples = samples
        self.w = {
            "pass": -0.02,
            "lead": 0.99,
            "shed": -0.8,
            "race": 0.6,
            "foul_shed": 0.5,
            "cost": 1.62,
            "joker": 1.38,
            "eight": -0.02,
            "break": -0.1,
            "answer": 0.94,
        } | weights

    def choose(self, state: GCState, seat: Seat, rng: Rng) -> Action:
        actions: list[Action] = self.engine.legal_actions(state, seat)
        pending = state.pending
        if pending is not None:
            if pending.kind == "seven_give":
                return self._give(state, seat, pending.count, pending.other)
            if pending.kind == "seven_answer":
                return Answer(cards=self._weakest(state, seat, pending.count))
            return self._discard(state, seat)
        plays = [a for a in actions if isinstance(a, Play)]
        if len(actions) == 1:
            return actions[0]
        deals = self._deals(state, seat, rng)
        best: Action = Pass() if state.top is not None else plays[0]
        best_score = self.w["pass"] if state.top is not None else -1e9
        for p in plays:
            score = self._score(state, seat, p.cards, deals)
            if score > best_score:
                best, best_score = p, score
        return best

    # -- plays ------------------------------------------------------------------------------------------
    def _deals(self, state: GCState, seat: Seat, rng: Rng) -> list[dict[Seat, AnswerShape]]:
        """Guesses of the other hands: the unseen cards dealt at random to match the hand counts."""
        seen = set(state.hands[seat]) | set(state.discard) | set(state.field)
        unseen = [c for c in ALL_IDS if c not in seen]
        others = [p for p in state.players if p != seat and state.hands[p]]
        deals = []
        for _ in range(self.samples):
            rng.shuffle(unseen)
            deal: dict[Seat, AnswerShape] = {}
            i = 0
            for p in others:
                k = len(state.hands[p])
                deal[p] = AnswerShape(unseen[i : i + k])
                i += k
            deals.append(deal)
        return deals

    def _responders(self, state: GCState, seat: Seat, skip: bool) -> list[Seat]:
        """Who gets a chance to answer our play in this trick, in turn order."""
        players = state.players
        i = players.index(seat)
        out = []
        for step in range(1, len(players)):
            p = players[(i + step) % len(players)]
            if not state.hands[p] or (p in state.passed and not state.options.once_passed_may_replay):
                continue
            if skip:
                skip = False
                continue
            out.append(p)
        return out

    def _score(
        self, state: GCState, seat: Seat, cards: list[str], deals: list[dict[Seat, AnswerShape]]
    ) -> float:
        hand = state.hands[seat]
        rev = state.effective_revolution
        n = len(cards)
        rest = [c for c in hand if c not in cards]
        rank = group_rank(cards) or 0
        if not rest:
            return -1000.0 if is_foul_finish(cards, rev) else 1000.0
        board = state.revolution != (n == 4)
        after_rev = board != (state.eleven_back or rank == 11)
        w = self.w
        score = 0.0
        if all(foul_risk(c, board) for c in rest):
            score -= 60.0  # we could only finish illegally
        top = state.top
        if top is not None and top.rank == 0:
            p_win = 1.0  # GC-7 counter
        elif rank == 8:
            p_win = 1.0  # GC-13
        else:
            p_win = self._p_win(state, seat, tuple(cards), rank, after_rev, deals)
        score += p_win * (play_points(cards, after_rev) + w["lead"])
        score += w["shed"] * n
        score += w["race"] * n * self._urgency(state, seat)
        small = len(hand) <= 4
        for c in cards:
            r = RANK[c]
            if r == 0:
                score -= 0.3 if small else w["joker"]
            elif r == 8:
                score -= w["eight"]
            else:
                score -= strength(c, rev) / 12.0 * w["cost"]
            if small and foul_risk(c, board):
                score += w["foul_shed"]  # a card we may not finish with: play it while we still can
        jokers = sum(1 for c in cards if RANK[c] == 0)
        if rank and sum(1 for c in hand if RANK[c] == rank) > n - jokers:
            score -= w["break"]
        if n == 4:
            score += self._revolution_gain(rest, rev)
        return score

    @staticmethod
    def _urgency(state: GCState, seat: Seat) -> int:
        """How pressing it is to shed cards (public hand counts only): each opponent already out and each
        one down to its last card pushes us towards a worse finishing place (GC-19), where the bonus
        lost outweighs the field points a kept card may still win."""
        urgency = 0
        for p in state.players:
            if p != seat:
                left = len(state.hands[p])
                urgency += left <= 1
        return urgency

    def _p_win(
        self,
        state: GCState,
        seat: Seat,
        cards: tuple[str, ...],
        rank: int,
        rev: bool,
        deals: list[dict[Seat, AnswerShape]],
    ) -> float:
        responders = self._responders(state, seat, skip=rank == 5)
        if not responders:
            return 1.0
        mine = TopPlay(seat=seat, cards=cards, rank=rank)
        lock = state.lock
        if state.top is not None and lock is None:
            lock = new_lock(cards, state.top, None)
        keep = 1.0 - self.w["answer"]
        total = 0.0
        for deal in deals:
            p = 1.0
            for r in responders:
                if deal[r].can_answer(mine, lock, rev):
                    p *= keep
            total += p
        return total / len(deals)

    def _revolution_gain(self, rest: list[str], rev: bool) -> float:
        now = sum(strength(c, rev) for c in rest) / len(rest)
        flipped = sum(strength(c, not rev) for c in rest) / len(rest)
        return (flipped - now) / 3.0

    # -- effects ----------------------------------------------------------------------------------------
    def _weakest(self, state: GCState, seat: Seat, count: int) -> list[str]:
        rev = state.effective_revolution
        return sorted(state.hands[seat], key=lambda c: strength(c, rev))[:count]

    def _give(self, state: GCState, seat: Seat, count: int, to: Seat | None) -> Action:
        rev = state.effective_revolution
        hand = state.hands[seat]
        if to is not None and len(state.hands[to]) == count:
            traps = [c for c in hand if RANK[c] in (0, 8)]
            if traps and len(hand) > count:
                picked = list(dict.fromkeys(traps + self._weakest(state, seat, count + len(traps))))
                return Give(cards=picked[:count])
        weak = [c for c in sorted(hand, key=lambda c: strength(c, rev)) if strength(c, rev) <= 5]
        weak = weak[:count]
        return Give(cards=weak) if weak else Decline()

    def _discard(self, state: GCState, seat: Seat) -> Action:
        hand = state.hands[seat]
        if len(hand) <= 1:
            return Decline()  # discarding the last card is an illegal finish (GC-20)
        rev = state.effective_revolution
        counts: dict[int, int] = {}
        for c in hand:
            counts[RANK[c]] = counts.get(RANK[c], 0) + 1
        singles = [c for c in hand if RANK[c] and counts[RANK[c]] == 1]
        pool = singles or [c for c in hand if RANK[c]]
        if not pool:
            return Decline()
        return Discard(card=min(pool, key=lambda c: strength(c, rev)))


def make_agent(engine: Any, level: str) -> Agent:
    if level == "random":
        return RandomAgent(engine)
    return HeuristicAgent(engine)
