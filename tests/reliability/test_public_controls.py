"""Issue 11, item 5: public buttons carry both languages; what they open follows the clicker's locale.

A Japanese host (taro) and an English player (alice) share a table on an English server. Each presses the
half of a label they read; each hand, refusal and confirmation comes in the presser's own language; the
abort confirmation (shown to one member only) is in that member's language alone.
"""

from __future__ import annotations

from i18n import t
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot
from tests.fakediscord.harness import Reply
from tests.reliability.checks import own_text
from tests.reliability.tables import open_table

GAME = "glorious-crown"


def game_title(lang: str) -> str:
    return t(lang, "hand.title", game="").strip(" —")


def public_labels(reply: Reply) -> list[str]:
    return [b.label or "" for m in reply.messages if not m.ephemeral for b in m.buttons()]


async def test_public_buttons_in_both_languages_replies_in_the_clickers(
    fake: FakeDiscord, running_bot: StartBot
) -> None:
    runner = await running_bot()
    taro = fake.guild.member("taro", locale="ja")
    alice, bob = fake.guild.member("alice", locale="en-US"), fake.guild.member("bob", locale="en-GB")
    table = await open_table(fake, runner, GAME, [taro, alice, bob], start=False)
    lobby = table.lobby
    assert [b.label for b in lobby.buttons() if (b.custom_id or "").startswith("dh:lobby:")] == [
        "Join · 参加",
        "Leave · 退出",
        "Start · 開始",
    ], "the server speaks English: English first, Japanese beside it"
    assert all(len(b.label or "") <= 80 for b in lobby.buttons())

    refused = await alice.click("Start", message=lobby)  # the English half; she is not the host
    assert t("en", "errors.host_only") in own_text(refused)
    late = fake.guild.member("jiro", locale="ja").in_channel(table.channel)
    refused = await late.click("開始", message=lobby)  # the Japanese half
    assert t("ja", "errors.host_only") in own_text(refused)

    await taro.click("開始", message=lobby)
    tables = [
        m
        for m in taro.visible_messages()
        if not m.ephemeral and any(b.custom_id == f"dh:hand:{table.pk}" for b in m.buttons())
    ]
    assert tables, "a table message with the hand button"
    hand_button = next(b for b in tables[-1].buttons() if b.custom_id == f"dh:hand:{table.pk}")
    assert hand_button.label == "My hand · 手札を見る"

    for member, half, lang in ((taro, "手札を見る", "ja"), (alice, "My hand", "en")):
        reply = await member.click(half, message=tables[-1])
        hand = next(m for m in [reply.message, *reply.followups] if m is not None and m.ephemeral)
        assert any(game_title(lang) in (e.get("title") or "") for e in hand.embeds), hand.text()
        other = "en" if lang == "ja" else "ja"
        assert not any(game_title(other) in (e.get("title") or "") for e in hand.embeds)

    ask = await taro.slash("game abort")
    assert ask.ephemeral and ask.button_labels() == [
        t("ja", "buttons.abort_yes"),
        t("ja", "buttons.abort_no"),
    ]
