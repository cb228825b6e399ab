"""How AWS Builder Cards reads on Discord: deploy labels that say what the deploy gives (the whole hand
first), acquire labels from the chooser's view, mission names said once, counted words from the catalogs."""

from __future__ import annotations

import re

import pytest

from bot.games import LabelContext
from bot.games.aws_builder_cards.ui import UI
from engines.aws_builder_cards import ENGINE
from engines.aws_builder_cards.cards import DEFAULT_DB
from engines.aws_builder_cards.events import (
    Acquired,
    ArchitectureBuilt,
    Deployed,
    DrewCount,
    GameOver,
    MissionRevealed,
    MissionSolved,
)
from engines.aws_builder_cards.models import Acquire, Deploy, EndTurn, SolveMission, Vote
from engines.core import Rng
from engines.core.play import play_out
from tests.engines.aws_builder_cards.conftest import Table

ui = UI(ENGINE)
NAMES = {"p1": "Alice", "p2": "Bob", "p3": "Carol"}


def labels(t: Table, lang: str = "en", seat: str = "p1") -> list[str]:
    ctx = LabelContext(ENGINE.view(t.state, seat), NAMES)
    return [ui.action_label(a, lang, ctx=ctx) for a in ENGINE.legal_actions(t.state, seat)]


def test_deploy_all_comes_first_and_every_deploy_says_what_it_gives_now() -> None:
    t = Table()
    t.hand("p1", "s3", "lambda", "sqs")
    en = labels(t)
    assert en[0] == "Deploy all (S3, Lambda, SQS): 7 credits"
    assert "Deploy S3: 2 credits" in en
    assert "Deploy S3, Lambda: 3 credits, draw 1" in en
    assert labels(t, "ja")[0] == "全部デプロイ（S3、Lambda、SQS）：7クレジット"
    # Card by card gives less (S3 keeps the Lambda it drew with): the labels then say so.
    t.deploy("p1", *t.state.piles["p1"].hand[:2])
    assert "Deploy SQS: 5 credits" in labels(t)


def test_deploy_all_is_the_first_option_of_the_hand_not_a_button() -> None:
    t = Table()
    t.hand("p1", "s3", "lambda")
    legal = ENGINE.legal_actions(t.state, "p1")
    quick = ui.quick_actions(legal)
    assert quick == [EndTurn()]
    listed = [a for a in legal if a not in quick]
    assert listed[0] == Deploy(cards=tuple(t.state.piles["p1"].hand))


def test_a_long_deploy_all_keeps_its_yield_in_the_label() -> None:
    t = Table()
    t.hand("p1", "corporate-idp", "san", "data-warehouse", "database-server", "bare-metal-host")
    first = labels(t)[0]
    assert first == "Deploy all (5 cards): 0 credits" and len(first) <= 100


def test_acquire_labels_name_the_card_on_offer_from_the_choosers_view() -> None:
    t = Table()
    t.slot(1, "s3")
    t.paid_slot("cloudformation")
    t.state.now.credits = 9
    en = labels(t)
    assert "Take Amazon S3 (free slot 2, free)" in en
    assert "Buy AWS CloudFormation (paid slot, 3 credits)" in en
    assert "Buy Well-Architected (1 point) (3 credits)" in en
    assert "Draw blind from the free deck (free)" in en
    assert "Amazon S3 を獲得（無料スロット2・無料）" in labels(t, "ja")
    # Without the chooser's view a label still says where, never a wrong card.
    assert ui.action_label(Acquire(source="free", slot=1), "en") == "Take the card in free slot 2"


def test_votes_and_end_turn_are_buttons() -> None:
    assert ui.quick_actions([Vote(agree=True), Vote(agree=False), EndTurn(), Deploy(cards=("s3#1",))]) == [
        Vote(agree=True),
        Vote(agree=False),
        EndTurn(),
    ]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_mission_is_named_once(lang: str) -> None:
    """Regression: 「ミッション「ミッション：サーバーレス Web API」」 (the /card entry's title was used)."""
    key = sorted(DEFAULT_DB.missions)[0]
    mission = f"mission-{key}"
    name = DEFAULT_DB.missions[key].name.get(lang)
    lines = [
        ui.describe_event(MissionRevealed(seat="p1", mission_card=mission), lang, NAMES),
        ui.describe_event(
            MissionSolved(seat="p1", mission_card=mission, cards=["s3#1", "lambda#1"]), lang, NAMES
        ),
        ui.action_label(SolveMission(mission=mission), lang),
    ]
    for line in lines:
        assert line is not None and name in line
        assert (
            "ミッション「ミッション" not in line and "ミッション：" not in line and "Mission:" not in line
        ), line
    if lang == "ja":
        assert all(f"「{name}」" in line for line in lines if line)


@pytest.mark.parametrize(
    ("event", "en", "ja"),
    [
        (
            DrewCount(seat="p1", count=1, reason="combo"),
            "Alice drew a card thanks to their architecture.",
            "1枚",
        ),
        (
            DrewCount(seat="p1", count=2, reason="combo"),
            "Alice drew 2 cards thanks to their architecture.",
            "2枚",
        ),
        (
            Acquired(
                seat="p1",
                source="free",
                slot=0,
                card="s3#1",
                cost=0,
                to="discard",
                credits_left=1,
                acquisitions_left=1,
            ),
            "🛒 Alice took Amazon S3 from free slot 1 (1 credit and 1 acquisition left).",
            "（残り1クレジット・あと獲得1回）",
        ),
        (
            Acquired(
                seat="p1",
                source="paid",
                slot=0,
                card="cdk#1",
                cost=4,
                to="discard",
                credits_left=3,
                acquisitions_left=2,
            ),
            "🛒 Alice bought AWS CDK from the paid slot for 4 credits (3 credits and 2 acquisitions left).",
            "4クレジットで獲得",
        ),
        (GameOver(turns=1), "after 1 turn.", "1ターンで"),
        (
            Deployed(seat="p1", cards=["cfm#1"], declined_sunset=True),
            "without its Sunset effect",
            "残しました",
        ),
    ],
)
def test_counted_words_and_whole_sentences_come_from_the_catalogs(event: object, en: str, ja: str) -> None:
    from engines.core import Event

    assert isinstance(event, Event)
    assert en in (ui.describe_event(event, "en", NAMES) or "")
    assert ja in (ui.describe_event(event, "ja", NAMES) or "")


def test_an_architecture_of_starters_is_worded() -> None:
    t = Table()
    t.hand("p1", "virtual-machine", "bare-metal-host")
    events = t.deploy_all()
    arch = next(e for e in events if isinstance(e, ArchitectureBuilt))
    assert ui.describe_event(arch, "en", NAMES) == (
        "🏗️ Architecture: Virtual Machine + Bare Metal Host → draw 1"
        " — so far 0 credits, draw 1, 1 acquisition."
    )
    assert "仮想マシン + ベアメタルホスト → ドロー1" in (ui.describe_event(arch, "ja", NAMES) or "")


@pytest.mark.parametrize("seed", [3, 8])
def test_every_event_of_a_game_reads_in_both_languages(seed: int) -> None:
    state = ENGINE.new_game(["p1", "p2", "p3"], {"missions": True, "advanced_retire": True}, seed)
    _final, history = play_out(ENGINE, state, ENGINE.ai(), Rng.from_seed(seed))
    for _seat, _action, events in history:
        for event in events:
            for lang in ("en", "ja"):
                line = ui.describe_event(event, lang, NAMES)
                if line is None:
                    continue
                assert "{" not in line and not re.search(r"[a-z0-9-]+#\d", line), line
