"""AI teammates. ``random``: uniform legal play. ``normal``: a one-turn lookahead on boards it may know.

How ``normal`` decides, from its own seat's view only:

1. It never reads another hand, the deck order or the game's generator: before looking ahead it re-deals every
   card it cannot see (all cards minus its hand and the public board, lane, discard and revealed cards) at
   random to the other hands and the deck, with a fresh generator (a *determinization*), ``SAMPLES`` times.
2. For each legal choice it plays the rest of the turn on each sample (its own follow-up decisions greedily,
   the others' votes by the vote rule, no claims) and scores the board where the next turn starts: progress
   toward the scenario's goal, the chaos die kept low (each face costs more, 3 most: forced cards and the risk
   of losing), tokens, cards in workplaces that can still reach the lane, the cards it keeps in hand, a round
   without a die effect (PC-10), and a won or lost game above all. A goal that counts cards of one value
   (World-changing innovation) weighs them by where they are (the lane well above a workplace, so moving one
   on pays its three tokens) and counts those lost to the discard: the deck holds one spare.
   A move into a die-3 reveal (PC-9) that looks better than every move avoiding it is weighed again over
   every card the reveal could show (``NormalAgent._weigh_reveals``): two samples of a reveal are a gamble.
3. Vote rule (PC-12a): it votes yes when the board after the yes effects scores at least as well as after the
   no effects (same samples). Claim rule (PC-12b): it never claims, a computer has lived nothing; it passes at
   once so the humans are not kept waiting."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.core import Agent, RandomAgent, Rng, Seat
from engines.project_chaos.cards import CARD_IDS, CARDS, CATEGORIES, CATS, VALUE, Effect, Roll, Vote
from engines.project_chaos.cards import Die as DieEffect
from engines.project_chaos.effects import queue_front, run_effect
from engines.project_chaos.models import (
    CastVote,
    ClaimPending,
    ForcedPending,
    NoClaim,
    PCAction,
    PCState,
    VotePending,
)
from engines.project_chaos.scenarios import (
    SCENARIOS,
    CategoriesGoal,
    CategoryCountGoal,
    DieFaceGoal,
    LaneTotalGoal,
    ValueCountGoal,
    category_fill,
)

if TYPE_CHECKING:
    from engines.project_chaos.engine import ProjectChaosEngine

SAMPLES = 2
#: cost of each die face: 2 burns a card a turn, 3 reveals two and may lose the game
DIE_COST = (0.0, 2.0, 7.0, 18.0)
WIN, LOSS = 1000.0, -1000.0
TOKEN = 1.5
STEP = 10.0  # one step of goal progress
FOLLOW_UP = 6  # decisions resolved after the action before scoring
HAND = 1.0  # weight of the cards the AI keeps in its own hand
#: a card of the goal's value lost to the discard (World-changing innovation, PC-5: five +3 cards of the
#: six); with the weights below it adds a point (59.6% of 1,000 games against 58.8% without)
GOAL_CARD_LOST = 8.0
#: the goal can no longer be met: not yet a lost game, but no move after it can win
UNREACHABLE = -400.0
#: World-changing innovation's +3 card in the lane and in a workplace. Moving one on costs three tokens
#: (PC-7 C, 4.5 points), so the lane must be worth clearly more than the workplace plus that, and the
#: workplace more than the tokens a +3 placement adds anyway. A team of three over 1,000 seeded games: 59.6%
#: with these; 48.5% with one step and 4 (below the push's price, the AI rarely paid); 58-61% over 500 games
#: for a lane of 2..3 steps and a workplace of 6..12; under 15% wherever the push does not pay.
IN_LANE = 2 * STEP
AT_WORK = STEP


def _calming(effects: tuple[Effect, ...]) -> bool:
    """The effects lower the die for sure (a vote's yes branch counts: the team decides it)."""
    for e in effects:
        if isinstance(e, DieEffect) and e.amount < 0:
            return True
        if isinstance(e, Vote) and _calming(e.yes):
            return True
    return False


_CALM: dict[str, bool] = {cid: _calming(c.play) for cid, c in CARDS.items()}
_ROLL: dict[str, bool] = {cid: any(isinstance(e, Roll) for e in c.effects) for cid, c in CARDS.items()}


def visible_cards(state: PCState, seat: Seat) -> set[str]:
    """What ``seat`` can see: its hand and everything public."""
    seen = set(state.hands[seat])
    seen.update(c for c in state.workplaces.values() if c is not None)
    seen.update(state.lane)
    seen.update(state.discard)
    seen.update(state.revealed)
    if state.playing is not None:
        seen.add(state.playing)
    p = state.pending
    if p is not None and p.kind == "push_out":
        seen.add(p.card)
    return seen


def determinize(engine: ProjectChaosEngine, state: PCState, seat: Seat, rng: Rng) -> PCState:
    """A copy where every card ``seat`` cannot see is re-dealt at random and the generator is fresh."""
    det = engine.copy_state(state)
    seen = visible_cards(state, seat)
    unseen = [c for c in CARD_IDS if c not in seen]
    rng.shuffle(unseen)
    for other in state.players:
        if other != seat:
            n = len(state.hands[other])
            det.hands[other] = unseen[:n]
            unseen = unseen[n:]
    n = len(state.set_aside)
    det.set_aside, det.deck = unseen[:n], unseen[n:]
    det.rng = rng.next_u64()
    return det


def _goal_score(state: PCState) -> float:
    goal = SCENARIOS[state.scenario].goal
    lane = state.lane
    wp = [c for c in state.workplaces.values() if c is not None]
    if isinstance(goal, CategoriesGoal):
        fill = category_fill(lane, goal.per_category)
        score = STEP * sum(fill.values())
        # A workplace card of a category still short will reach the lane when pushed out.
        short = {c for c in CATEGORIES if fill[c] < goal.per_category}
        score += 3.0 * sum(1 for c in wp if short & set(CATS[c]) and VALUE[c] <= 0)
        score += 1.5 * sum(1 for c in wp if short & set(CATS[c]) and VALUE[c] > 0)
        return score
    if isinstance(goal, ValueCountGoal):
        n = sum(VALUE[c] == goal.value for c in lane)
        score = IN_LANE * min(n, goal.count) + AT_WORK * sum(VALUE[c] == goal.value for c in wp)
        lost = goal.lost((*state.discard, *state.set_aside))
        if goal.spare(lost) < 0:
            return score + UNREACHABLE
        return score - GOAL_CARD_LOST * lost
    if isinstance(goal, DieFaceGoal):
        return -STEP * abs(state.die - goal.value)
    if isinstance(goal, CategoryCountGoal):
        n = sum(goal.category in CATS[c] and VALUE[c] >= goal.min_value for c in lane)
        near = sum(goal.category in CATS[c] and VALUE[c] >= goal.min_value for c in wp)
        return STEP * min(n, goal.count) + 3.0 * near
    total = sum(VALUE[c] for c in lane)
    return 3.0 * min(total, goal.at_least) + 1.0 * sum(VALUE[c] for c in wp)


def hand_worth(state: PCState, seat: Seat) -> float:
    """What the cards ``seat`` holds are worth for what comes next: a card that calms the die, one the goal
    needs, a resource; so a forced discard drops the least useful card."""
    goal = SCENARIOS[state.scenario].goal
    short: set[str] = set()
    if isinstance(goal, CategoriesGoal):
        fill = category_fill(state.lane, goal.per_category)
        short = {c for c in CATEGORIES if fill[c] < goal.per_category}
    worth = 0.0
    for card in state.hands[seat]:
        value = VALUE[card]
        worth += 0.3 * max(0, value)
        if _CALM[card]:
            worth += 1.5 if state.die >= 1 else 0.5
            worth += 2.0 if isinstance(goal, DieFaceGoal) else 0.0
        elif _ROLL[card]:
            worth += (0.8 if state.die >= 2 else 0.2) + (1.0 if isinstance(goal, DieFaceGoal) else 0.0)
        if isinstance(goal, ValueCountGoal) and value == goal.value:
            worth += 3.0
        elif isinstance(goal, CategoryCountGoal) and goal.category in CATS[card] and value >= goal.min_value:
            worth += 1.5
        elif short & set(CATS[card]):
            worth += 1.0
        elif isinstance(goal, LaneTotalGoal) and value > 0:
            worth += 0.3 * value
    return worth


def evaluate(state: PCState, seat: Seat | None = None) -> float:
    """How good the board is for the team (``seat``: also count the cards that seat holds)."""
    if state.stage == "over":
        return WIN if state.result == "win" else LOSS
    score = _goal_score(state)
    if seat is not None and HAND:
        score += HAND * hand_worth(state, seat)
    score -= DIE_COST[state.die]
    score += TOKEN * state.tokens
    if not state.die_touched:
        # Stagnation is coming at the round's end (PC-10): the later in the round, the surer.
        left = len(state.players) - 1 - state.current
        score -= (4.0 if state.die < 3 else 25.0) / (1 + left)
    # Running out of deck loses: keep some margin.
    if len(state.deck) < 6:
        score -= 2.0 * (6 - len(state.deck))
    return score


class NormalAgent:
    def __init__(self, engine: ProjectChaosEngine, samples: int = SAMPLES) -> None:
        self.engine = engine
        self.samples = samples

    def choose(self, state: PCState, seat: Seat, rng: Rng) -> PCAction:
        legal = self.engine.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        pending = state.pending
        if isinstance(pending, ClaimPending):
            return NoClaim()
        worlds = [determinize(self.engine, state, seat, rng) for _ in range(self.samples)]
        if isinstance(pending, VotePending):
            return self._vote(worlds, pending)
        values: list[float] = []
        reveals: list[Reveal | None] = []  # per move: the first sample's reveal, if every sample met one
        for action in legal:
            outcomes = [self._playout(world, seat, action) for world in worlds]
            values.append(sum(v for v, _ in outcomes) / len(outcomes))
            met = all(r is not None for _, r in outcomes)
            reveals.append(outcomes[0][1] if met else None)
        self._weigh_reveals(values, reveals, seat, rng)
        best = 0
        for i, value in enumerate(values):
            if value > values[best] + 1e-9:
                best = i
        return legal[best]

    # -- a die-3 reveal (PC-9) weighed card by card -------------------------------------------------------
    def _weigh_reveals(self, values: list[float], reveals: list[Reveal | None], seat: Seat, rng: Rng) -> None:
        """Weigh again, over every card that could come up, the moves that lead into a die-3 reveal and that
        look better than the best move that does not.

        A reveal can end the game either way (a card that raises the die at 3 loses, PC-11), so a move into
        one is worth a few likely boards and a rare +-1000: two samples of it let one lucky pair of cards
        decide against a safe move (measured: in one Firefighting position the safe stand-up is worth -20
        and each gamble -200 with a spread of 490, and two samples chose a gamble in a fifth of the seeds).
        Here the pool the reveal draws from (the first sample's deck) is shuffled and cut into pairs, each
        revealed in turn, so every card comes up exactly once: the chance of a losing card is counted, not
        drawn (the player picks the order, so a pair's order does not matter). One sample's pool is enough:
        the samples differ only in the few cards the other hands hold (on the position above, one pool and
        two chose the safe move in 158 of 160 seeds alike, at half the cost).
        Only when a move that avoids the reveal exists: when every move reveals they share the risk and the
        same two sampled cards compare them fairly."""
        safe = [v for v, r in zip(values, reveals, strict=True) if r is None]
        if not safe:
            return
        bar = max(safe)
        order = rng.next_u64()
        for i, point in enumerate(reveals):
            if point is not None and values[i] > bar:
                values[i] = self._stratified(point, seat, order)

    def _stratified(self, point: Reveal, seat: Seat, order: int) -> float:
        """The mean score over the pairs cut from the pool. ``order`` seeds the cut and each pair's generator:
        the same for every move weighed (common random numbers), and a pair's own generator so that a
        revealed card that rolls the die (PC-4) rolls afresh in each."""
        at, steps = point
        rng = Rng(order)
        deck = at.deck + list(reversed(at.revealed))  # as it was before the reveal, top last
        pool = list(deck)
        rng.shuffle(pool)
        k = len(at.revealed)
        total, count = 0.0, 0
        for i in range(0, len(pool) - k + 1, k):
            shown = pool[i : i + k]
            trial = self.engine.copy_state(at)
            trial.deck = [c for c in deck if c not in shown]
            trial.revealed = shown
            trial.rng = rng.next_u64()
            total += self._finish(trial, seat, steps)[0]
            count += 1
        return total / count

    # -- voting (PC-12a) ---------------------------------------------------------------------------------
    def _vote(self, worlds: list[PCState], pending: VotePending) -> CastVote:
        yes = sum(self._branch(w, pending.card, pending.effect.yes) for w in worlds)
        no = sum(self._branch(w, pending.card, pending.effect.no) for w in worlds)
        return CastVote(yes=yes >= no)

    def _branch(self, world: PCState, card: str, effects: tuple[Any, ...]) -> float:
        trial = self.engine.copy_state(world)
        trial.pending = None
        trial.queue = []
        queue_front(trial, card, effects)
        events: list[Any] = []
        while trial.queue and trial.pending is None and trial.stage != "over":
            run_effect(trial, trial.queue.pop(0), events)
        return evaluate(trial)

    # -- lookahead ---------------------------------------------------------------------------------------
    def _playout(self, world: PCState, seat: Seat, action: PCAction) -> tuple[float, Reveal | None]:
        """``action`` on ``world``, the turn played on: its score and the die-3 reveal it met, if any."""
        state = self.engine.apply(world, seat, action).state
        return self._finish(state, seat, FOLLOW_UP, _reveal_point(world, state, FOLLOW_UP))

    def _finish(
        self, state: PCState, seat: Seat, steps: int, reveal: Reveal | None = None
    ) -> tuple[float, Reveal | None]:
        """The turn played on greedily from ``state`` (at most ``steps`` decisions), then scored; with the
        first die-3 reveal met on the way (the state as it was revealed, and the decisions left)."""
        for left in range(steps, 0, -1):
            if state.stage == "over" or state.pending is None:
                break
            mover = self.engine.to_move(state)[0]
            before, state = state, self.engine.apply(state, mover, self._greedy(state, mover)).state
            reveal = reveal or _reveal_point(before, state, left - 1)
        return evaluate(state, seat), reveal

    def _greedy(self, state: PCState, seat: Seat) -> PCAction:
        """Follow-up decisions inside a lookahead: the best static score one step ahead."""
        legal = self.engine.legal_actions(state, seat)
        pending = state.pending
        if len(legal) == 1:
            return legal[0]
        if isinstance(pending, ClaimPending):
            return NoClaim()
        if isinstance(pending, VotePending):
            return self._vote([state], pending)
        best: PCAction = legal[0]
        best_value = float("-inf")
        for action in legal:
            value = evaluate(self.engine.apply(state, seat, action).state, seat)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best


#: a die-3 reveal met in a lookahead: the state as the cards were revealed, and the decisions left to play
Reveal = tuple[PCState, int]


def _reveal_point(before: PCState, after: PCState, steps: int) -> Reveal | None:
    """``after`` is a die-3 reveal (PC-9) that ``before`` was not."""
    if not before.revealed and after.revealed and isinstance(after.pending, ForcedPending):
        return after, steps
    return None


def make_agent(engine: Any, level: str) -> Agent:
    if level == "random":
        return RandomAgent(engine)
    return NormalAgent(engine)
