"""What a player built, told to them alone (``bot.presenters.built``, issue 27 item 5), in both languages:
the services by category with their line on real AWS, the combos made, the missions and mission
architectures, the combos whose parts were held; long architectures stay within Discord's limits. And the
final message of an AWS game carries the "What you built" button beside Rematch."""

from __future__ import annotations

import discord
import pytest

from bot.games.aws_builder_cards.lessons import LESSONS as AB
from bot.games.aws_deckbuilding.lessons import LESSONS as AD
from bot.games.built import BuiltButton
from bot.presenters.built import BuiltWords, built, pack
from bot.presenters.final import final
from bot.table.feed import Feed
from bot.table.rematch import rematch_view
from engines.aws_builder_cards import ENGINE as AB_ENGINE
from engines.aws_builder_cards.setup import mission_id
from engines.aws_deckbuilding import ENGINE as AD_ENGINE
from engines.core import Outcome, Text
from engines.deckbuilding.lessons import Architecture, Built, Combo, Group
from i18n import t
from tests.bot.presenters.conftest import PK, controls, record, state_of, within_discord_limits

COMPUTE = Text(en="Compute", ja="コンピューティング")
STORAGE = Text(en="Storage", ja="ストレージ")


def ab_words() -> BuiltWords:
    state = AB_ENGINE.new_game(["p1", "p2"], {}, 1)
    return BuiltWords(
        words=AB.words, game=AB_ENGINE.name, names=AB.names(state), does=AB.does(), why=AB.why(state)
    )


def text_of(payload: object) -> str:
    assert hasattr(payload, "embeds")
    return "\n".join(
        f"{e.title or ''}\n{e.description or ''}"
        for e in payload.embeds()  # type: ignore[attr-defined]
    )


ARCH = Architecture(
    seat="p1",
    basis="deployed",
    groups=(
        Group("compute", COMPUTE, (Built("lambda", 3), Built("ec2", 1))),
        Group("storage", STORAGE, (Built("s3", 2),)),
    ),
    combos=(Combo("s3", 0, ("lambda",), 2),),
    missed=(Combo("identity-center", 0, ("corporate-idp",)),),
    missions=(mission_id("serverless-api"),),
    patterns=(mission_id("static-website"),),
)


def test_the_services_come_by_category_each_with_its_line_on_real_aws(lang: str) -> None:
    words = ab_words()
    payload = built(ARCH, words, lang)
    text = text_of(payload)
    assert t(lang, "aws-builder-cards.built.title", game=AB_ENGINE.name.get(lang)) in text
    assert text.index(f"**{COMPUTE.get(lang)}**") < text.index(f"**{STORAGE.get(lang)}**")
    lam = t(
        lang,
        "aws-builder-cards.built.service",
        card="AWS Lambda",
        times=t(lang, "aws-builder-cards.built.times", n=3),
        does=words.does["lambda"].get(lang),
    )
    assert lam in text.splitlines()
    ec2 = t(
        lang, "aws-builder-cards.built.service", card="Amazon EC2", times="", does=words.does["ec2"].get(lang)
    )
    assert ec2 in text.splitlines()  # once: no count
    within_discord_limits(payload)
    assert payload.allowed_mentions is not None and payload.allowed_mentions.users is False


def test_combos_missions_and_missed_combos_are_listed(lang: str) -> None:
    words = ab_words()
    lines = text_of(built(ARCH, words, lang)).splitlines()
    combo = t(
        lang,
        "aws-builder-cards.built.combo",
        card="Amazon S3",
        partners="AWS Lambda",
        times=t(lang, "aws-builder-cards.built.times", n=2),
    )
    assert f"**{t(lang, 'aws-builder-cards.built.combos')}**" in lines and combo in lines
    serverless = mission_id("serverless-api")
    assert f"**{t(lang, 'aws-builder-cards.built.missions')}**" in lines
    assert (
        t(
            lang,
            "aws-builder-cards.built.mission",
            mission=words.names[serverless].get(lang),
            why=words.why[serverless].get(lang),
        )
        in lines
    )
    assert f"**{t(lang, 'aws-builder-cards.built.patterns')}**" in lines
    missed = t(
        lang,
        "aws-builder-cards.built.combo",
        card=words.names["identity-center"].get(lang),
        partners=words.names["corporate-idp"].get(lang),
        times="",
    )
    at = lines.index(f"**{t(lang, 'aws-builder-cards.built.missed')}**")
    assert lines[at + 1] == missed and lines[at + 2] == t(lang, "aws-builder-cards.built.missed_note")


def test_nothing_built_says_so_and_lists_no_empty_sections(lang: str) -> None:
    empty = Architecture(seat="p1", basis="deployed", groups=(), combos=(), missed=())
    text = text_of(built(empty, ab_words(), lang))
    assert t(lang, "aws-builder-cards.built.none") in text
    assert t(lang, "aws-builder-cards.built.combos_none") in text
    assert t(lang, "aws-builder-cards.built.missed") not in text
    assert t(lang, "aws-builder-cards.built.missions") not in text


def test_many_partners_are_cut_to_three_and_a_count(lang: str) -> None:
    many = Architecture(
        seat="p1",
        basis="deployed",
        groups=(),
        combos=(Combo("cloudwatch", 0, ("ec2", "lambda", "s3", "sqs", "sns"), 1),),
        missed=(),
    )
    words = ab_words()
    shown = t(lang, "aws-builder-cards.built.or").join(["Amazon EC2", "AWS Lambda", "Amazon S3"])
    partners = t(lang, "aws-builder-cards.built.and_more", partners=shown, n=2)
    line = t(lang, "aws-builder-cards.built.combo", card="Amazon CloudWatch", partners=partners, times="")
    assert line in text_of(built(many, words, lang)).splitlines()


def test_the_deckbuilding_words_say_owned_and_a_combo_without_partner(lang: str) -> None:
    state = AD_ENGINE.new_game(["p1", "p2"], {}, 1)
    words = BuiltWords(words=AD.words, game=AD_ENGINE.name, names=AD.names(state), does=AD.does())
    arch = Architecture(
        seat="p1",
        basis="owned",
        groups=(Group("compute", COMPUTE, (Built("ec2", 2),)),),
        combos=(Combo("cost-management", 1, (), 1),),
        missed=(Combo("athena", 0, ("s3",)),),
    )
    text = text_of(built(arch, words, lang))
    assert t(lang, "aws-deckbuilding.built.intro") in text
    assert (
        t(lang, "aws-deckbuilding.built.combo_alone", card=words.names["cost-management"].get(lang), times="")
        in text
    )
    assert t(lang, "aws-deckbuilding.built.missed_note") in text


def test_a_long_architecture_is_packed_within_discords_limits(lang: str) -> None:
    words = ab_words()
    keys = [k for k in words.does if not k.startswith("wa")]
    huge = Architecture(
        seat="p1",
        basis="deployed",
        groups=tuple(Group(f"c{i}", COMPUTE, tuple(Built(k, 9) for k in keys)) for i in range(3)),
        combos=tuple(Combo(k, 0, ("ec2", "lambda"), 4) for k in keys),
        missed=tuple(Combo(k, 1, ("s3",)) for k in keys),
    )
    payload = built(huge, words, lang)
    within_discord_limits(payload)
    assert len(payload.embeds()) >= 2
    last = (payload.embeds()[-1].description or "").splitlines()[-1]
    assert last.startswith(t(lang, "aws-builder-cards.built.more", n=1).split("1")[0])


@pytest.mark.parametrize("game", ["aws-builder-cards", "aws-deckbuilding"])
def test_the_final_message_of_an_aws_game_offers_what_you_built(game: str, lang: str) -> None:
    rec = record(game)
    outcome = Outcome(
        scores={"p1": 3, "p2": 1, "p3": 0}, ranking=[["p1"], ["p2"], ["p3"]], winners=["p1"], reason="x"
    )
    payload = final(rec, state_of(rec), outcome, Feed(), lang, story=None, rematch=rematch_view)
    assert [(c.kind, c.pk) for c in controls(payload)] == [("rematch", PK), ("built", PK)]
    assert payload.view is not None
    button = next(i for i in payload.view.children if isinstance(i, BuiltButton))
    assert isinstance(button.item, discord.ui.Button)
    assert t(lang, f"{game}.built.button") in (button.item.label or "")
    within_discord_limits(payload)


def test_other_games_final_messages_keep_rematch_alone(lang: str) -> None:
    rec = record()
    outcome = Outcome(
        scores={"p1": 1, "p2": 0, "p3": 0}, ranking=[["p1"], ["p2"], ["p3"]], winners=["p1"], reason="x"
    )
    payload = final(rec, state_of(rec), outcome, Feed(), lang, story=None, rematch=rematch_view)
    assert [c.kind for c in controls(payload)] == ["rematch"]


def test_packing_keeps_whole_lines_and_counts_what_is_left() -> None:
    lines = [f"{i}" * 1000 for i in range(10)]
    pages = pack(lines, lambda n: f"… {n} more")
    assert [len(p) for p in pages] == [4003, 1000 + 1 + len("… 5 more")]
    assert pages[-1].endswith("… 5 more") and all(len(p) <= 4096 for p in pages)
    assert sum(len(p) for p in pages) <= 6000 - 300
    assert pack(["a", "", "**b**"], lambda n: "more") == ["a\n\n**b**"]
