"""Issue 10: an invasion choice and its result say in words whose strength is whose ("attack C3: your 7 vs its
4"), not "C3 (7:4)". Labels (buttons, selects, the /tree invade autocomplete) read the chooser's view; the
table line reads the typed event (YG-8)."""

from __future__ import annotations

from bot.games import LabelContext, ui_for
from bot.games.yggdrasil.ui import UI
from engines.yggdrasil import ENGINE
from engines.yggdrasil.events import Invaded
from engines.yggdrasil.models import Invade, Place, YggState
from tests.engines.yggdrasil.conftest import build

NAMES = {"p1": "alice", "p2": "bob"}


def ui() -> UI:
    found = ui_for("yggdrasil")
    assert isinstance(found, UI)
    return found


def attack_on(target_kind: str, supporter: str | None) -> YggState:
    """p1 places a spear salamander (power 4) on C2 pointing at p2's card on C3; B3 may support (YG-8)."""
    field = {"C3": ("p2", target_kind)}
    if supporter:
        field["B3"] = ("p1", supporter)
    state = build(field, hands={"p1": ["spear-salamander"], "p2": ["star-fruit"]})
    return ENGINE.apply(state, "p1", Place(card="p1:h0", cell="C2")).state


def label(state: YggState, lang: str) -> str:
    (invade,) = [a for a in ENGINE.legal_actions(state, "p1") if isinstance(a, Invade)]
    return ui().action_label(invade, lang, ctx=LabelContext(ENGINE.view(state, "p1"), NAMES))


def test_yg_8_the_choice_names_whose_strength_is_whose_and_what_will_happen() -> None:
    strong = attack_on("moss-bear", "bough-lynx")  # 4 + 3 against 4
    assert label(strong, "en") == "Attack Moss Bear on C3: your 7 vs its 4 — it falls"
    assert label(strong, "ja") == "C3 の「苔むす熊」に侵攻：あなた 7 対 相手 4 — 倒せる"
    weak = attack_on("stone-guardian", None)  # 4 against 6
    assert label(weak, "en") == "Attack Stone Guardian on C3: your 4 vs its 6 — it holds"
    assert label(weak, "ja") == "C3 の「岩の守護者」に侵攻：あなた 4 対 相手 6 — 倒せない"


def test_yg_8_without_the_view_the_choice_still_reads_as_words() -> None:
    assert ui().action_label(Invade(target="C3"), "en") == "Attack C3"
    assert ui().action_label(Invade(target="C3"), "ja") == "C3 に侵攻"


def test_yg_8_the_table_line_says_whose_strength_is_whose() -> None:
    def event(success: bool) -> Invaded:
        return Invaded(
            seat="p1",
            target_seat="p2",
            target="C3",
            target_card="p2:05",
            target_kind="moss-bear",
            supporters=["C2", "B3"],
            attack=7 if success else 3,
            defence=4,
            success=success,
        )

    said = ui().describe_event(event(True), "en", NAMES)
    assert said == "alice attacked bob's **Moss Bear** on C3: alice's 7 vs its 4 — destroyed!"
    said = ui().describe_event(event(False), "en", NAMES)
    assert said == "alice attacked bob's **Moss Bear** on C3: alice's 3 vs its 4 — it held."
    said = ui().describe_event(event(True), "ja", NAMES)
    assert said == "alice が bob の C3 の「苔むす熊」に侵攻：alice 7 対 bob 4 — 破壊！"
    said = ui().describe_event(event(False), "ja", NAMES)
    assert said == "alice が bob の C3 の「苔むす熊」に侵攻：alice 3 対 bob 4 — 耐えた。"
