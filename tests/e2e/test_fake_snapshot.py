"""The fake Discord's snapshot of a message: what the bot posted, drawn as a member sees it, to look at."""

from __future__ import annotations

import io

from PIL import Image

from tests.fakediscord.snapshot import WIDTH, plain, snapshot
from tests.fakediscord.state import Attachment, Message, User


def picture(colour: tuple[int, int, int], size: tuple[int, int] = (300, 120)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def message(**fields: object) -> Message:
    bot = User(id=1, username="Deckhand", bot=True)
    return Message(
        id=5, channel_id=2, guild_id=3, author=bot, created_at=0.0, created_seq=1, updated_seq=1, **fields
    )  # type: ignore[arg-type]


def test_markdown_reads_as_a_member_reads_it() -> None:
    assert plain("**Night** starts <t:0:F> for <@12>") == "Night starts 1970-01-01 00:00 UTC for @member"


def test_embeds_their_picture_and_buttons_are_drawn_in_a_column() -> None:
    red = (200, 30, 30)
    embed = {
        "title": "Standings · 順位",
        "description": "1. Aiko 10\n2. ベン 6",
        "color": 0x5865F2,
        "image": {"url": "attachment://standings.png"},
        "fields": [{"name": "Table 1", "value": "Aiko won."}],
    }
    buttons = {"type": 1, "components": [{"type": 2, "style": 1, "label": "Review"}]}
    shown = snapshot(
        message(
            content="The night is over.",
            embeds=[embed],
            components=[buttons],
            attachments=[Attachment(9, "standings.png", "image/png", picture(red), "u")],
        )
    )
    img = Image.open(io.BytesIO(shown)).convert("RGB")
    assert img.width == WIDTH
    reds = dict((colour, count) for count, colour in img.getcolors(WIDTH * img.height) or []).get(red, 0)
    assert reds >= 300 * 120 * 0.9  # the embed's picture, at its own size inside the column
    plain_only = Image.open(io.BytesIO(snapshot(message(content="The night is over.")))).convert("RGB")
    assert plain_only.height < img.height - 120


def test_a_wide_picture_is_scaled_to_the_column() -> None:
    shown = snapshot(
        message(attachments=[Attachment(9, "wide.png", "image/png", picture((0, 90, 0), (2000, 400)), "u")])
    )
    img = Image.open(io.BytesIO(shown)).convert("RGB")
    assert img.width == WIDTH
    assert img.height < 400
