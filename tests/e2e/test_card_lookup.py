"""``/card`` answers with the card's facts and its picture as printed."""

from __future__ import annotations

import engines
from engines.yggdrasil import ENGINE
from i18n import t
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


async def test_a_name_several_games_share_lists_every_match(fake: FakeDiscord, running_bot: StartBot) -> None:
    """``/card name:Lambda`` outside a game: both AWS editions have it, so both are listed, each with its
    game, and the answer says how to pick one."""
    await running_bot()
    alice = fake.guild.member("alice")
    reply = await alice.slash("card", name="Lambda")
    text = reply.text()
    assert reply.ephemeral
    for game in ("aws-builder-cards", "aws-deckbuilding"):
        assert t("en", "card.several_line", card="AWS Lambda", game=engines.get(game).name.en) in text, text
    assert "`game:`" in text
    assert not reply.embeds


async def test_game_picks_the_card_of_that_game(fake: FakeDiscord, running_bot: StartBot) -> None:
    """``/card name:Lambda game:`` answers with that game's card, by id or by the game's name."""
    await running_bot()
    taro = fake.guild.member("taro", locale="ja")
    deckbuilding = engines.get("aws-deckbuilding").name
    for game in ("aws-deckbuilding", deckbuilding.ja):
        reply = await taro.slash("card", name="Lambda", game=game)
        assert reply.ephemeral
        (embed,) = reply.embeds
        assert {"name": t("ja", "card.game"), "value": deckbuilding.ja, "inline": True} in embed["fields"]
