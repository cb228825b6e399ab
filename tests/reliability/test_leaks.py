"""Leaks: nothing an audience may not see reaches it, for every engine (``engines.all()``: a game that lands
later is searched too).

Engine level, many random games per engine (``LEAK_GAMES``), at every step and for every audience (the public
and each seat, so each seat's view of the others): the audience's view and every event it is sent are
searched for the ids of the cards hidden from it; the sentences the bot makes of those events (both
languages), and the labels of the moves a seat is offered, for the ids and the names (both languages) of the
cards hidden from it before and after the step. A name also carried by a card the audience does see (two
copies of one card) proves nothing and is not searched.

Through the fake Discord, a few whole games per hosted game: every message a member can see (the public
table messages and their own ephemeral hands) is searched for the cards hidden from them throughout.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import engines
from bot.games import GameManifest, LabelContext, manifests
from bot.store import Status
from engines.core import Engine, Event, Rng, replay
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import FakeMember, FakeThread, SeenMessage
from tests.reliability.conftest import FIGURES, count
from tests.reliability.hidden import LANGS, json_strings, named, names_of, ui_of
from tests.reliability.tables import Table, open_table

ENGINES = engines.all()
GAMES = manifests()
LEAK_GAMES = count(3, 1000)  # random games per engine
#: The first game's number: a long soak split over runs (``DECKHAND_SOAK_LEAK_FROM=565`` plays games 565..999;
#: each game's seed depends on its number only, so the parts together are the whole run).
LEAK_FROM = int(os.environ.get("DECKHAND_SOAK_LEAK_FROM") or 0)
DISCORD_GAMES = count(1, 3)  # whole games per hosted game through the fake Discord


class Search:
    """One engine's random games, every step searched for every audience."""

    def __init__(self, engine: Engine[Any, Any, Any, Any], figures: Any) -> None:
        self.engine, self.ui, self.figures = engine, ui_of(engine.id), figures
        #: Whether the labels of the moves offered are searched too (the slowest part: every tenth game).
        self.labels = True

    def game(self, seed: int) -> None:
        engine = self.engine
        rng = random.Random(seed)
        players = [f"p{i + 1}" for i in range(rng.randint(engine.min_players, engine.max_players))]
        names = {p: f"Player {p[1:]}" for p in players}
        state = engine.new_game(players, None, seed)
        agent = engine.ai("random")
        arng = Rng.from_seed(seed)
        hidden = self.hidden(state, players)
        self.shown: dict[str | None, set[str]] = {}
        self.step(hidden, state, hidden, [], players, names)
        for _ in range(20_000):
            movers = engine.to_move(state)
            if not movers:
                break
            seat = movers[0] if len(movers) == 1 else rng.choice(movers)
            step = engine.apply(state, seat, agent.choose(state, seat, arng))
            after = self.hidden(step.state, players)
            self.step(hidden, step.state, after, step.events, players, names)
            state, hidden = step.state, after
        else:
            pytest.fail(f"{engine.id} seed {seed}: no end")
        self.figures["games"] += 1

    def hidden(self, state: Any, players: list[str]) -> dict[str | None, set[str]]:
        return {audience: self.engine.hidden_cards(state, audience) for audience in [None, *players]}

    def step(
        self,
        hidden_before: dict[str | None, set[str]],
        after: Any,
        hidden_after: dict[str | None, set[str]],
        events: list[Event],
        players: list[str],
        names: dict[str, str],
    ) -> None:
        engine, ui, figures = self.engine, self.ui, self.figures
        for audience in [None, *players]:
            who = audience or "the public"
            hidden = hidden_after[audience]
            view = engine.view(after, audience)
            shown = json_strings(view)
            shown_before, self.shown[audience] = self.shown.get(audience, shown), shown
            leaked = sorted(hidden & shown)
            assert not leaked, f"{engine.id}: view for {who} shows hidden {leaked}"
            figures["views searched"] += 1
            throughout = hidden & hidden_before[audience]
            # Names only hidden cards carry: a name a visible card also has (a second copy) proves nothing,
            # so the cards the audience sees are read only when a sentence names a hidden card's name.
            candidates = {n for n in names_of(ui, throughout) if len(n) >= 3} | {
                c for c in throughout if len(c) >= 3
            }
            # (sentence, what it words, the card ids it may name: those of its event or move not hidden)
            sentences: list[tuple[str, str, set[str]]] = []
            for ev in events:
                if not ev.visible_for(audience):
                    continue
                fields = json_strings(ev)
                leaked = sorted(throughout & fields)
                assert not leaked, f"{engine.id}: event {ev.kind} to {who} shows {leaked}"
                figures["events searched"] += 1
                sentences += [
                    (ui.describe_event(ev, lang, names) or "", f"event {ev.kind}", fields - throughout)
                    for lang in LANGS
                ]
            if self.labels and audience is not None and audience in engine.to_move(after):
                ctx = LabelContext(view, names)
                for action in engine.legal_actions(after, audience)[:25]:
                    fields = json_strings(action) - throughout
                    sentences += [
                        (ui.action_label(action, lang, ctx=ctx), "move label", fields) for lang in LANGS
                    ]
                    figures["move labels searched"] += 2
            figures["event sentences searched"] += sum(1 for _, what, _ in sentences if what != "move label")
            for sentence, what, nameable in sentences:
                found = named(sentence, candidates)
                if found:
                    # A name is no secret when a card the audience knows carries it too: one the sentence is
                    # about (a card put back on a deck from a discard pile), or one in view before or after.
                    known = names_of(ui, nameable | shown | shown_before)
                    found = named(sentence, set(found), known)
                    found = [n for n in found if n in throughout or n not in known]
                assert not found, f"{engine.id}: {what} '{sentence}' to {who} names hidden {found}"
        figures["steps"] += 1


@pytest.mark.timeout(21_600)
@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.id)
def test_no_audience_sees_a_card_hidden_from_it(engine: Engine[Any, Any, Any, Any]) -> None:
    figures = FIGURES[f"leaks {engine.id}"]
    search = Search(engine, figures)
    for n in range(LEAK_FROM, LEAK_GAMES):
        search.labels = n % 10 == 0
        search.game(seed=n * 7919 + 16)
    figures["leaks found"] += 0  # any leak fails the test above


# -- through the fake Discord ----------------------------------------------------------------------------
NAVIGATION = ("dh:page:", "dh:hand:")


async def play_turn(member: FakeMember, table: Table, rng: random.Random) -> bool:
    """Open the hand from the newest table message and make random moves until it offers none."""
    public = [
        m
        for m in member.visible_messages(table.channel)
        if not m.ephemeral and any(b.custom_id == f"dh:hand:{table.pk}" for b in m.buttons())
    ]
    if not public:
        return False
    reply = await member.click(f"dh:hand:{table.pk}", message=public[-1])
    hands = [m for m in [reply.message, *reply.followups] if m is not None and m.ephemeral]
    hand: SeenMessage | None = hands[-1] if hands else None
    moved = False
    for _ in range(30):
        if hand is None:
            break
        buttons = [b for b in hand.buttons() if b.custom_id and not b.custom_id.startswith(NAVIGATION)]
        selects = hand.selects()
        if not buttons and not selects:
            break
        if selects and (not buttons or rng.random() < 0.7):
            menu = selects[0]
            reply = await member.choose(menu.custom_id, [rng.choice(menu.options).value], message=hand)
            if menu.custom_id.startswith("dh:grp:"):
                continue
        else:
            reply = await member.click(rng.choice(buttons).custom_id or "", message=hand)
        moved = True
        fresh = [m for m in reply.messages if m.ephemeral and (m.selects() or m.buttons())]
        hand = fresh[-1] if fresh else reply.message
    return moved


@pytest.mark.timeout(21_600)
@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.id)
async def test_no_member_sees_a_card_hidden_from_them(
    fake: FakeDiscord, running_bot: StartBot, game: GameManifest
) -> None:
    """Two humans (one of each language) and AI seats play whole games; every message each of them (and an
    onlooker) can see is searched for the cards hidden from them at every step of the game."""
    runner = await running_bot()
    figures = FIGURES["leaks through Discord"]
    rng = random.Random(f"leaks {game.id}")
    alice, taro = fake.guild.member("alice"), fake.guild.member("taro", locale="ja")
    olive = fake.guild.member("olive")
    ais = max(0, game.engine.min_players - 2) + (1 if game.engine.max_players > 2 else 0)
    for _ in range(DISCORD_GAMES):
        table = await open_table(fake, runner, game.id, [alice, taro], ais=ais)
        olive.in_channel(table.channel)
        for _ in range(3000):
            rec = await table.record()
            if rec.status is not Status.RUNNING:
                break
            mover = await table.member_to_move()
            if mover is None or not await play_turn(mover, table, rng):
                await table.fake.guild.members[0].settle()  # the AI seats are moving
        rec = await table.record()
        assert rec.status is Status.FINISHED, f"{game.id}: the game did not end"
        rows = await table.tables.store.actions(table.pk)
        players = [s.seat for s in rec.seats]
        log = [(r.seat, r.action) for r in rows]
        states = [replay(game.engine, players, rec.options, rec.seed, log[:k]) for k in range(len(log) + 1)]
        ui = ui_of(game.id)
        for member, seat in ((alice, table.seat_of(alice)), (taro, table.seat_of(taro)), (olive, None)):
            hidden = set.intersection(*(game.engine.hidden_cards(s, seat) for s in states))
            ever_seen = set().union(*(json_strings(game.engine.view(s, seat)) for s in states))
            secret = {s for s in hidden | (names_of(ui, hidden) - names_of(ui, ever_seen)) if len(s) >= 3}
            places = [
                table.channel,
                *([table.channel.parent] if isinstance(table.channel, FakeThread) else []),
            ]
            for message in [m for place in places for m in member.visible_messages(place)]:
                found = named(message.text(), secret)
                assert not found, f"{member.name} sees hidden {found} in: {message.text()[:300]}"
                figures["messages searched"] += 1
        figures["games played"] += 1
    figures["leaks found"] += 0  # any leak fails the test above


def test_the_search_finds_a_planted_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search is not blind: an event sentence that names a card of a hand is caught."""
    engine = engines.get("test-climb")
    ui = ui_of(engine.id)

    def leaky(event: Event, lang: str, names: Any) -> str:
        state = engine.new_game(["p1", "p2"], None, 1)
        return "leaked: " + ui.card_name(sorted(engine.hidden_cards(state, None))[0], lang)

    monkeypatch.setattr(ui, "describe_event", leaky)
    from collections import Counter

    with pytest.raises(AssertionError, match="names hidden"):
        Search(engine, Counter()).game(seed=16)


def test_a_name_inside_a_longer_visible_name_is_no_leak() -> None:
    """The soak's game 58 of AWS Builder Cards: "Amazon EC2 Auto Scaling" moved from a discard pile (public)
    is not "Amazon EC2" (hidden throughout); the search still finds "Amazon EC2" named on its own."""
    from collections import Counter

    from tests.reliability.hidden import named

    visible = {"Amazon EC2 Auto Scaling"}
    sentence = "Player 1 put Amazon EC2 Auto Scaling from their discard pile on top of their deck (AWS CDK)."
    assert named(sentence, {"Amazon EC2"}, visible) == []
    assert named(sentence + " Amazon EC2 too.", {"Amazon EC2"}, visible) == ["Amazon EC2"]
    search = Search(engines.get("aws-builder-cards"), Counter())
    search.game(seed=58 * 7919 + 16)
