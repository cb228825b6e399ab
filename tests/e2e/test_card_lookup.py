"""``/card`` answers with the card's facts and its picture as printed."""

from __future__ import annotations

from engines.yggdrasil import ENGINE
from tests.fakediscord import FakeDiscord
from tests.fakediscord.botrunner import StartBot


async def test_card_answers_with_the_card_as_printed(fake: FakeDiscord, running_bot: StartBot) -> None:
    """``/card`` attaches the card's picture (a Yggdrasil tile's branches say more than any text)."""
    await running_bot()
    taro = fake.guild.member("taro", locale="ja")
    first = ENGINE.cards()[0]
    reply = await taro.slash("card", name=f"yggdrasil:{first.id}")
    assert reply.ephemeral and first.name.ja in reply.text()
    assert [a.filename for a in reply.attachments] == ["card.png"]
    assert reply.images()[0].width >= 300
