"""``/rules`` and ``/card`` content, written for players (the rule page is the reference behind it)."""

from __future__ import annotations

import tomllib
from importlib import resources

from pydantic import BaseModel, ConfigDict

from engines.core import CardField, CardInfo, RuleSection, Text
from engines.glorious_crown.cards import CARDS, DATA, FOUL, JOKERS, POINTS, SUITS, Card, Effect


class _Section(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    rule_ids: tuple[str, ...]
    title: Text
    body: Text


class _Rules(BaseModel):
    sections: tuple[_Section, ...]


def _load() -> _Rules:
    raw = resources.files(__name__.rpartition(".")[0]).joinpath("rules.toml").read_text(encoding="utf-8")
    return _Rules.model_validate(tomllib.loads(raw))


_RULES = _load()


def rule_sections() -> list[RuleSection]:
    return [
        RuleSection(
            id=s.id, title=s.title, body=Text(en=s.body.en.strip(), ja=s.body.ja.strip()), rule_ids=s.rule_ids
        )
        for s in _RULES.sections
    ]


_EFFECT_TEXT: dict[str, tuple[str, str]] = {
    "skip_next": (
        "Mandatory: the next player is skipped once (GC-11).",
        "必ず発動：次の人を1人飛ばす（GC-11）。",
    ),
    "trade_cards": (
        "Optional: trade up to one card per 7 played with the next player, chosen blind (GC-12).",
        "任意：出した7の枚数まで、次の人と札を見ずに交換する（GC-12）。",
    ),
    "clear_field": (
        "Mandatory: the field is cleared at once; you lead. Scores 0 (GC-13).",
        "必ず発動：場がすぐに流れ、自分が親。0点（GC-13）。",
    ),
    "discard": (
        "Optional: discard one card from your hand (GC-14).",
        "任意：手札を1枚捨てる（GC-14）。",
    ),
    "reverse_until_clear": (
        "Mandatory: strength is reversed from the next play until the field is cleared (GC-15).",
        "必ず発動：次の札から場が流れるまで強さが逆転（GC-15）。",
    ),
    "joker_counter": (
        "Optional: played alone on a lone Joker, clears the field at once and scores (GC-7).",
        "任意：単体のジョーカーに対して1枚で出すと場がすぐに流れ、点数を得る（GC-7）。",
    ),
}

_FOUL_TEXT: dict[str, tuple[str, str]] = {
    "always": ("Going out with it is an illegal finish.", "これで上がると反則上がり。"),
    "normal": (
        "Going out with it in the normal state is an illegal finish.",
        "平常状態でこれで上がると反則上がり。",
    ),
    "revolution": (
        "Going out with it in revolution is an illegal finish.",
        "革命状態でこれで上がると反則上がり。",
    ),
}


def _text(card: Card) -> Text:
    en: list[str] = []
    ja: list[str] = []
    n, r = POINTS[card.rank]
    en.append(f"Points: normal {n} / revolution {r}.")
    ja.append(f"点数：平常{n}点／革命{r}点。")
    if card.is_joker:
        en.append("Wild inside a group; alone it beats any single card in either state (GC-4, GC-7).")
        ja.append("組の中ではワイルドカード。単体ならどの状態でもどのシングルにも勝つ（GC-4, GC-7）。")
    effect: Effect | None = card.effect
    if effect is not None:
        e, j = _EFFECT_TEXT[effect.type]
        en.append(e)
        ja.append(j)
    foul = FOUL[card.rank]
    if foul != "never":
        e, j = _FOUL_TEXT[foul]
        en.append(e)
        ja.append(j)
    return Text(en=" ".join(en), ja="".join(ja))


def _aliases(card: Card) -> tuple[str, ...]:
    if card.is_joker:
        num = card.id[2:]
        return (card.id, "JOKER", "joker", f"joker {num}", f"joker{num}", "ジョーカー", f"ジョーカー{num}")
    suit = SUITS[card.suit]
    r = card.rank
    out = [card.id, f"{suit.symbol}{r}", f"{r}{suit.symbol}", f"{suit.name.ja}{r}", f"{suit.name.ja}の{r}"]
    for a in suit.aliases:
        out += [f"{a} {r}", f"{r} of {a}"] if a.isascii() else [f"{a}{r}"]
    return tuple(dict.fromkeys(out))


def _fields(card: Card) -> tuple[CardField, ...]:
    n, r = POINTS[card.rank]
    if card.is_joker:
        number = DATA.joker_rules.name
        suit = Text(en="any (wild)", ja="なんでも（ワイルド）")
    else:
        number = Text(en=str(card.rank), ja=str(card.rank))
        suit = SUITS[card.suit].name
    return (
        CardField(name=Text(en="Number", ja="数字"), value=number),
        CardField(name=Text(en="Suit", ja="柄"), value=suit),
        CardField(
            name=Text(en="Points", ja="点数"),
            value=Text(en=f"normal {n} / revolution {r}", ja=f"平常{n}点／革命{r}点"),
        ),
    )


def card_infos() -> list[CardInfo]:
    infos = []
    for card in CARDS.values():
        if card.is_joker:
            joker = DATA.joker_rules.name
            label_en, label_ja = f"{joker.en} {card.id[2:]}", f"{joker.ja}{card.id[2:]}"
        else:
            suit = SUITS[card.suit]
            label_en = f"{suit.name.en} {card.rank}"
            label_ja = f"{suit.name.ja}の{card.rank}"
        infos.append(
            CardInfo(
                id=card.id,
                name=Text(en=f"{label_en} 「{card.title.en}」", ja=f"{label_ja}「{card.title.ja}」"),
                text=_text(card),
                aliases=(*_aliases(card), card.title.en, card.title.ja),
                fields=_fields(card),
            )
        )
    assert len(infos) == len(CARDS) and all(j in CARDS for j in JOKERS)
    return infos
