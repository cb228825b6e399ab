"""The project story (the seed: 自分たちだけの物語を紡ぐ): the game retold at the end, win or lose, as a short
chronicle in the players' language, e.g.

    Sprint 3: **The Product Gets Rave Reviews** (resources 1→3), played by Hanako — **CI Is All Green**
    reached the lane.

It is built from the game's public events only (the publisher passes every public event in order; anything
private is skipped here too), so it never names a card that stayed hidden. Each round is a sprint; each
sprint keeps its most telling moments ("beats": a vote or a claim, the die at 3, stagnation, a card reaching
the lane, …) in the order they happened. Every beat is a catalog template with a few variants, picked
deterministically by sprint and position, so two sprints rarely read alike and the same game always reads
the same. A long game is summarised so the story stays under ``LIMIT`` characters: fewer beats per sprint
first, then quiet sprints folded into one line with what they achieved.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.games.project_chaos.words import NS, and_list, card_ref, talk_of, typed, workplace_name
from engines.core import Event
from engines.project_chaos.cards import VALUE
from engines.project_chaos.events import (
    CardDiscarded,
    CardPlaced,
    CardPlayed,
    CardPushedOut,
    CardsRevealed,
    ClaimClosed,
    DieChanged,
    GameLost,
    GameWon,
    Stagnation,
    TokensChanged,
    TurnStarted,
    VoteClosed,
    WorkplaceCardMoved,
)
from engines.project_chaos.scenarios import SCENARIOS
from i18n import has, t
from i18n.words import clip

#: the story goes out with the final message, beside the standings: Discord allows 2,000 characters
LIMIT = 1800
#: the most beats a sprint tells before the story has to be shortened
BEATS = 4
_S = f"{NS}.story"


@dataclass
class Beat:
    """One moment of a sprint: a catalog template (``key``) and its parameters, its weight (what a short
    story keeps), the turn it happened in, and details that later events add ("resources 1→3")."""

    key: str
    params: dict[str, object]
    weight: int
    turn: int
    details: list[str] = field(default_factory=list)
    #: the card whose effects add details to this beat
    source: str | None = None


@dataclass
class Sprint:
    number: int
    beats: list[Beat] = field(default_factory=list)
    shipped: int = 0
    dice: list[int] = field(default_factory=list)


def variant(lang: str, key: str, pick: int, **params: object) -> str:
    """One of the catalog's variants ``<key>.0``, ``<key>.1`` … chosen by ``pick``."""
    count = 0
    while has(lang, f"{key}.{count}"):
        count += 1
    if count == 0:
        return t(lang, key, **params)
    return t(lang, f"{key}.{pick % count}", **params)


class Teller:
    """Reads the events once and keeps the sprints, then words them within the limit."""

    def __init__(self, lang: str, names: Mapping[str, str]) -> None:
        self.lang = lang
        self.names = names
        self.sprints: list[Sprint] = [Sprint(1)]
        self.turn = 0
        self.ending: Event | None = None
        self.die: int | None = None

    @property
    def sprint(self) -> Sprint:
        return self.sprints[-1]

    def name(self, seat: str | None) -> str:
        return self.names.get(seat or "", seat or "")

    def card(self, card: str | None) -> str:
        return card_ref(card, self.lang)

    def add(self, key: str, weight: int, *, source: str | None = None, **params: object) -> Beat:
        beat = Beat(key, dict(params), weight, self.turn, source=source)
        self.sprint.beats.append(beat)
        return beat

    def detail(self, source: str | None, text: str) -> None:
        """An effect's result joins the beat of the card it came from, in this turn."""
        for beat in reversed(self.sprint.beats):
            if beat.turn != self.turn:
                break
            if beat.source is not None and beat.source == source:
                beat.details.append(text)
                return

    def die_is(self, face: int) -> None:
        self.die = face
        self.sprint.dice.append(face)

    # -- reading ----------------------------------------------------------------------------------------
    def read(self, events: Sequence[Event]) -> None:
        for ev in events:
            if ev.public:  # never a private event, whatever the caller passes
                self.one(typed(ev))

    def one(self, ev: Event) -> None:
        lang = self.lang
        player = self.name(ev.seat)
        match ev:
            case TurnStarted(round=number):
                self.turn += 1
                if number != self.sprint.number:
                    self.sprints.append(Sprint(number))
                    if self.die is not None:
                        self.sprint.dice.append(self.die)
            case CardPlayed(card=card, forced=forced):
                if talk_of(card) is None:
                    key = f"{_S}.played_forced" if forced else f"{_S}.played"
                    self.add(key, 45 if forced else 35, source=card, player=player, card=self.card(card))
            case CardPlaced(card=card, workplace=workplace, tokens_before=before, tokens_after=after):
                trouble = VALUE[card] < 0
                beat = self.add(
                    f"{_S}.placed_trouble" if trouble else f"{_S}.placed",
                    40 if trouble or ev.forced else 30,
                    source=card,
                    player=player,
                    card=self.card(card),
                    workplace=workplace_name(workplace, lang),
                )
                if before != after:
                    beat.details.append(t(lang, f"{_S}.detail.tokens", before=before, after=after))
            case CardPushedOut(card=card, to="lane"):
                self.sprint.shipped += 1
                trouble = VALUE[card] < 0
                self.add(
                    f"{_S}.lane_trouble" if trouble else f"{_S}.lane", 55, player=player, card=self.card(card)
                )
            case CardPushedOut(card=card, to="discard", how="paid", paid=paid):
                self.add(f"{_S}.pushed_out", 25, player=player, card=self.card(card), n=paid)
            case WorkplaceCardMoved(card=card, to=to, source_card=source):
                if to == "lane":
                    self.sprint.shipped += 1
                self.add(
                    f"{_S}.moved_{to}", 50, player=player, card=self.card(card), source_card=self.card(source)
                )
            case CardDiscarded(card=card, reason="action"):
                self.add(f"{_S}.discarded", 10, player=player, card=self.card(card))
            case TokensChanged(source_card=source, before=before, after=after) if before != after:
                self.detail(source, t(lang, f"{_S}.detail.tokens", before=before, after=after))
            case DieChanged(source_card=source, before=before, after=after, cause=cause):
                if before != after or cause == "roll":
                    key = f"{_S}.detail.roll" if cause == "roll" else f"{_S}.detail.die"
                    self.detail(source, t(lang, key, before=before, after=after))
                self.die_is(after)
            case CardsRevealed(cards=cards):
                shown = and_list([self.card(c) for c in cards], lang)
                self.add(f"{_S}.revealed", 70, player=player, cards=shown)
            case VoteClosed(card=card, passed=passed, no_seats=no_seats):
                vote = talk_of(card)
                question = vote.question.get(lang) if vote is not None else ""
                against = and_list([self.name(s) for s in no_seats], lang)
                self.add(
                    f"{_S}.vote_{'passed' if passed else 'failed'}",
                    90,
                    source=card,
                    player=player,
                    question=question,
                    against=against,
                )
            case ClaimClosed(card=card, claimant_seat=claimant):
                claim = talk_of(card)
                question = claim.question.get(lang) if claim is not None else ""
                if claimant is None:
                    self.add(f"{_S}.unclaimed", 60, source=card, question=question)
                else:
                    self.add(f"{_S}.claimed", 90, source=card, player=self.name(claimant), question=question)
            case Stagnation(before=before, after=after):
                if after is not None:
                    self.add(f"{_S}.stagnation", 75, before=before, after=after)
                    self.die_is(after)
            case GameWon() | GameLost():
                self.ending = ev

    # -- wording ----------------------------------------------------------------------------------------
    def beat_text(self, beat: Beat, pick: int) -> str:
        details = ""
        if beat.details:
            details = t(self.lang, f"{_S}.details", text=t(self.lang, f"{NS}.sep").join(beat.details))
        return variant(self.lang, beat.key, pick, details=details, **beat.params)

    def sprint_line(self, sprint: Sprint, most: int) -> str | None:
        """ "Sprint 3: A — B; C." with the ``most`` weightiest beats, in the order they happened: beats of
        one turn joined by a dash, turns by a semicolon."""
        kept = sorted(sorted(sprint.beats, key=lambda b: -b.weight)[:most], key=sprint.beats.index)
        if not kept:
            return None
        parts: list[str] = []
        for i, beat in enumerate(kept):
            text = self.beat_text(beat, sprint.number + i)
            if parts:
                joiner = "same_turn" if kept[i - 1].turn == beat.turn else "next_turn"
                parts.append(t(self.lang, f"{_S}.join.{joiner}"))
            elif self.lang == "en":
                text = text[:1].upper() + text[1:]
            parts.append(text)
        text = "".join(parts)
        # "…up to date?”" needs no full stop after it
        key = "sprint_bare" if re.search(r"[?!.][”\"]?$", text) else "sprint"
        return t(self.lang, f"{_S}.{key}", n=sprint.number, text=text)

    def folded_line(self, run: list[Sprint]) -> str:
        """Several quiet sprints in one line: what reached the lane, where the die went."""
        dice = [d for s in run for d in s.dice]
        shipped = sum(s.shipped for s in run)
        first, last = run[0].number, run[-1].number
        span = t(self.lang, f"{_S}.span_{'many' if first != last else 'one'}", first=first, last=last)
        lane = t(self.lang, f"{_S}.fold_lane", n=shipped) if shipped else t(self.lang, f"{_S}.fold_no_lane")
        if dice and min(dice) != max(dice):
            die = t(self.lang, f"{_S}.fold_die_range", low=min(dice), high=max(dice))
        elif dice:
            die = t(self.lang, f"{_S}.fold_die_steady", face=dice[0])
        else:
            die = t(self.lang, f"{_S}.fold_die_quiet")
        return variant(self.lang, f"{_S}.fold", first, span=span, lane=lane, die=die)

    def opening(self) -> str:
        scenario = getattr(self.ending, "scenario", None)
        found = SCENARIOS.get(scenario or "")
        if found is None:
            return t(self.lang, f"{_S}.title_plain")
        return t(
            self.lang, f"{_S}.title", scenario=found.name.get(self.lang), story=found.story.get(self.lang)
        )

    def closing(self) -> str | None:
        ev = self.ending
        n = self.sprint.number
        if isinstance(ev, GameWon):
            return variant(self.lang, f"{_S}.won", n, n=n)
        if isinstance(ev, GameLost):
            reason = ev.reason.removeprefix("loss:")
            return t(self.lang, f"{_S}.lost.{reason}", n=n, card=self.card(ev.cause_card))
        return None

    def tell(self, limit: int = LIMIT) -> str | None:
        sprints = [s for s in self.sprints if s.beats]
        if not sprints and self.ending is None:
            return None
        head = self.opening()
        tail = self.closing()
        frame = len(head) + (len(tail) + 1 if tail else 0) + 1

        def assemble(lines: list[str]) -> str:
            return "\n".join([head, *lines, *([tail] if tail else [])])

        for most in range(BEATS, 0, -1):
            lines = [ln for s in sprints if (ln := self.sprint_line(s, most))]
            if frame + sum(len(ln) + 1 for ln in lines) <= limit:
                return assemble(lines)
        lines = self.fold(sprints, limit - frame)
        text = assemble(lines)
        return clip(text, limit)

    def fold(self, sprints: list[Sprint], budget: int) -> list[str]:
        """Keep the first sprint, the last two and then the weightiest others (one beat each) while they
        fit; every run of sprints left out becomes one folded line."""
        one = {s.number: self.sprint_line(s, 1) or "" for s in sprints}
        keep = {sprints[0].number, *(s.number for s in sprints[-2:])}
        order = sorted(sprints[1:-2], key=lambda s: (-max(b.weight for b in s.beats), s.number))

        def lines_for(kept: set[int]) -> list[str]:
            out: list[str] = []
            run: list[Sprint] = []
            for s in sprints:
                if s.number in kept:
                    if run:
                        out.append(self.folded_line(run))
                        run = []
                    out.append(one[s.number])
                else:
                    run.append(s)
            if run:
                out.append(self.folded_line(run))
            return out

        best = lines_for(keep)
        for s in order:
            trial = lines_for(keep | {s.number})
            if sum(len(ln) + 1 for ln in trial) > budget:
                continue
            keep.add(s.number)
            best = trial
        return best


def chronicle(events: Sequence[Event], lang: str, names: Mapping[str, str], limit: int = LIMIT) -> str | None:
    """The game's story from its public events, at most ``limit`` characters (``None``: nothing to tell)."""
    teller = Teller(lang, names)
    teller.read(events)
    return teller.tell(limit)
