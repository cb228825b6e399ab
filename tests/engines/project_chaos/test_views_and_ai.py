"""Views (what each audience sees, what a hand card may do, pending decisions) and the AI teammates."""

from __future__ import annotations

from engines.core import Rng
from engines.core.play import play_out
from engines.project_chaos import ENGINE
from engines.project_chaos.ai import NormalAgent, determinize, visible_cards
from engines.project_chaos.models import CastVote, NoClaim, VotePending
from i18n.effects.project_chaos import play_text

from .conftest import E, act, make_state

INTERN = "pc-genius-intern"  # tech +3, no play effect
OSS = "pc-oss-fixes-it"  # tech/user +3
COFFEE = "pc-new-coffee-machine"  # mgmt +1, die -1
CI = "pc-ci-all-green"
LEGACY = "pc-legacy-code"
STANDUP = "pc-five-minute-standup"  # vote yes: die -1, tokens +1
KEY_PERSON = "pc-key-person-quits"  # claim
REPLY_ALL = "pc-reply-all-storm"  # die +1


def test_hand_view_lists_each_cards_possible_actions() -> None:
    s = make_state({"p1": [INTERN, OSS, COFFEE], "p2": [CI], "p3": [LEGACY]})
    hand = E.view(s, "p1").hand
    assert hand is not None
    by_id = {h.id: h for h in hand}
    assert by_id[INTERN].playable is False and by_id[INTERN].places == ["tech"]
    assert by_id[OSS].places == ["tech", "user"] and by_id[COFFEE].playable
    assert all(h.discardable for h in hand)
    other = E.view(s, "p2").hand
    assert other is not None and other[0].places == [] and not other[0].discardable  # not p2's turn
    assert E.view(s, None).hand is None
    faces = E.view(s, "p1").cards
    assert (
        faces[COFFEE].play and play_text(faces[COFFEE].play, "ja") == "混沌ダイス-1"
    )  # worded above the engine
    assert INTERN in faces and CI not in faces


def test_pending_push_out_view_names_cost_and_destinations() -> None:
    s = make_state({"p1": [INTERN, OSS, COFFEE], "p2": [], "p3": []}, workplaces={"tech": CI})
    n = act(s, "p1", {"type": "place", "card": INTERN, "workplace": "tech"}).state
    pending = E.view(n, None).pending
    assert pending is not None and pending.kind == "push_out" and pending.seats == ["p1"]
    assert (pending.card, pending.by_card, pending.cost, pending.pay_to, pending.free_to) == (
        CI,
        INTERN,
        2,
        "lane",
        "discard",
    )
    assert CI in E.view(n, None).cards


def test_ai_never_looks_at_hidden_cards() -> None:
    """Shuffling every card the AI cannot see (other hands, deck, set-aside) and the game's generator changes
    nothing it decides: it sees only its own view."""
    agent = NormalAgent(ENGINE)
    for seed in range(6):
        s = ENGINE.new_game(["p1", "p2", "p3"], {"scenario": "balanced"}, seed)
        rng = Rng.from_seed(99)
        for _ in range(4):  # a few turns in, with a discard pile and a board
            movers = ENGINE.to_move(s)
            if not movers:
                break
            s = ENGINE.apply(s, movers[0], agent.choose(s, movers[0], rng)).state
        if not ENGINE.to_move(s):
            continue
        seat = ENGINE.to_move(s)[0]
        other = determinize(ENGINE, s, seat, Rng.from_seed(seed + 1000))
        assert other.hands[seat] == s.hands[seat] and other.rng != s.rng
        assert visible_cards(other, seat) == visible_cards(s, seat)
        a = agent.choose(s, seat, Rng.from_seed(7))
        b = agent.choose(other, seat, Rng.from_seed(7))
        assert a == b


def test_ai_votes_by_the_effect_and_never_claims() -> None:
    agent = NormalAgent(ENGINE)
    hands = {"p1": [STANDUP, KEY_PERSON, INTERN], "p2": [OSS], "p3": [LEGACY]}
    s = act(make_state(hands, die=2), "p1", {"type": "play", "card": STANDUP}).state
    assert isinstance(s.pending, VotePending)
    assert agent.choose(s, "p2", Rng.from_seed(1)) == CastVote(yes=True)  # die -1, tokens +1: good
    s = act(make_state(hands, die=1), "p1", {"type": "play", "card": KEY_PERSON}).state
    assert agent.choose(s, "p3", Rng.from_seed(1)) == NoClaim()


def test_ai_keeps_the_die_low() -> None:
    # At die 3 with a die -1 card in hand, a reveal looms: the AI plays it rather than a die +1 card.
    s = make_state({"p1": [COFFEE, REPLY_ALL, LEGACY], "p2": [], "p3": []}, die=3, tokens=1)
    choice = NormalAgent(ENGINE).choose(s, "p1", Rng.from_seed(3))
    assert choice == E.parse_action({"type": "play", "card": COFFEE})


def test_ai_team_wins_more_than_a_random_team() -> None:
    """Deterministic sanity check on a few seeded games (the full table comes from the bench)."""
    normal, rnd = ENGINE.ai("normal"), ENGINE.ai("random")
    wins = {"normal": 0, "random": 0}
    for seed in range(12):
        for name, agent in (("normal", normal), ("random", rnd)):
            state = ENGINE.new_game(["p1", "p2", "p3"], {"scenario": "balanced"}, seed)
            final, _ = play_out(ENGINE, state, agent, Rng.from_seed(seed))
            out = ENGINE.outcome(final)
            assert out is not None
            wins[name] += out.reason == "win"
    assert wins["normal"] >= 4 and wins["normal"] > wins["random"] + 3, wins
