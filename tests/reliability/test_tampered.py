"""Issue 16, fault 3: a tampered component is refused with a plain sentence, never an internal error.

Before: a select value that is not a number, or a custom id with a game key past SQLite's INTEGER, gave
"Something went wrong (reference …)"; a negative key or an unknown operation matched no control and was
left unanswered ("This interaction failed"). Each case here is forged through the fake Discord (what a
modified client could send) by a member of each language; the reply is the catalog's refusal in their
language, and the store is unchanged.
"""

from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import SeenMessage
from tests.reliability.checks import fault_log, own_messages_text, snapshot, unexpected
from tests.reliability.tables import open_table

REFUSED = {
    "en": "I cannot read that button or menu",
    "ja": "そのボタンやメニューは読み取れません",
}
GONE = {"en": "That game has ended or no longer exists", "ja": "そのゲームは終了したか、もう存在しません"}


def latest_hand(messages: list[SeenMessage]) -> SeenMessage:
    return [m for m in messages if m.ephemeral and m.selects()][-1]


@pytest.mark.parametrize("locale", ["en-US", "ja"])
async def test_forged_ids_and_values_are_refused_in_the_members_language(
    fake: FakeDiscord, running_bot: StartBot, locale: str
) -> None:
    runner = await running_bot()
    lang = "ja" if locale == "ja" else "en"
    alice, bob = fake.guild.member("alice", locale=locale), fake.guild.member("bob")
    table = await open_table(fake, runner, "aws-builder-cards", [alice, bob])
    rec = await table.record()
    public = SeenMessage(fake, fake.store.messages[rec.lobby_message_id or 0])
    hand_reply = await alice.click("My hand")
    hand = latest_hand([hand_reply.message, *hand_reply.followups])  # type: ignore[list-item]
    select = hand.selects()[0]
    cases = [
        # (custom id, values or None for a click, message, expected refusal)
        (select.custom_id, ["x"], hand, REFUSED),  # a value that is not a number
        (select.custom_id, ["0", "1"], hand, REFUSED),  # two values for a one-value select
        (select.custom_id, [], hand, REFUSED),
        ("dh:hand:99999999999999999999", None, public, REFUSED),  # past SQLite's INTEGER
        ("dh:hand:-1", None, public, REFUSED),
        ("dh:hand:abc", None, public, REFUSED),
        ("dh:lobby:explode:1", None, public, REFUSED),  # an unknown operation
        ("dh:nosuchkind:1", None, public, REFUSED),  # an unknown kind
        (f"dh:act:{table.pk}:{rec.version}:0", ["0"], public, REFUSED),  # a hand's select on a public message
        ("dh:hand:424242", None, public, GONE),  # no such game
        ("dh:back:9999999999999999999", None, public, REFUSED),  # 19 digits, still past SQLite's INTEGER
        ("dh:cardjoin:x", None, public, REFUSED),
        (f"dh:leave:yes:{table.pk}", None, public, REFUSED),  # an ephemeral confirmation on a public message
    ]
    database = runner.database
    with fault_log() as faults:
        for custom_id, values, message, expected in cases:
            before = snapshot(database)
            reply = await alice.forge(custom_id, values=values, message=message)
            texts = own_messages_text(reply)
            assert texts and all(not unexpected(text) for text in texts), (custom_id, texts)
            assert expected[lang] in texts[0], (custom_id, texts)
            assert reply.message is not None and reply.message.ephemeral
            assert snapshot(database) == before, f"{custom_id} changed the store"
    assert not faults.lines(), faults.lines()
