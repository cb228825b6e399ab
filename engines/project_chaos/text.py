"""Card and goal text, generated from the data in both languages (never typed twice by hand).

The Japanese wording follows the seed's own card texts, e.g.
"置き場にリソース2以上のカードがあればリソース+1、無ければ混沌ダイス+1",
so the three seed cards read as the seed wrote them."""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import Text
from engines.project_chaos.cards import (
    CATEGORY_NAMES,
    CardDef,
    Claim,
    Condition,
    Die,
    DieAtLeast,
    DiscardWorkplace,
    Effect,
    If,
    Recycle,
    Roll,
    SetDie,
    ShipWorkplace,
    Tokens,
    Vote,
    WorkplaceValue,
)
from engines.project_chaos.scenarios import (
    CategoriesGoal,
    CategoryCountGoal,
    DieFaceGoal,
    Goal,
    LaneTotalGoal,
    ValueCountGoal,
)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


def _value_range(lo: int, hi: int) -> tuple[str, str]:
    if lo == -3 and hi == 3:
        return "", ""
    if hi == -1 and lo == -3:
        return " trouble", "トラブル"
    if lo == 1 and hi == 3:
        return " resource", "リソース"
    return f" of value {_signed(lo)}..{_signed(hi)}", f"状況値{_signed(lo)}〜{_signed(hi)}の"


def condition_text(cond: Condition) -> tuple[str, str]:
    """English clause and the Japanese subject before "があれば"."""
    if isinstance(cond, WorkplaceValue):
        if cond.category is None:
            return (
                f"a workplace holds a card of value {_signed(cond.at_least)} or more",
                f"置き場にリソース{cond.at_least}以上のカード",
            )
        name = CATEGORY_NAMES[cond.category]
        return (
            f"the {name.en} workplace holds a card of value {_signed(cond.at_least)} or more",
            f"{name.ja}カテゴリにリソース{cond.at_least}以上のカード",
        )
    if isinstance(cond, DieAtLeast):
        return f"the chaos die shows {cond.value} or more", f"混沌ダイスが{cond.value}以上"
    return f"you have {cond.value} or more resource tokens", f"リソースが{cond.value}個以上"


def _one(effect: Effect) -> tuple[str, str]:
    if isinstance(effect, Tokens):
        return f"resources {_signed(effect.amount)}", f"リソース{_signed(effect.amount)}"
    if isinstance(effect, Die):
        return f"chaos die {_signed(effect.amount)}", f"混沌ダイス{_signed(effect.amount)}"
    if isinstance(effect, Roll):
        return "roll the chaos die", "混沌ダイスを振る"
    if isinstance(effect, SetDie):
        return f"set the chaos die to {effect.value}", f"混沌ダイスを{effect.value}にする"
    if isinstance(effect, DiscardWorkplace | ShipWorkplace):
        en_kind, ja_kind = _value_range(effect.min_value, effect.max_value)
        if isinstance(effect, DiscardWorkplace):
            verb_en, verb_ja = "discard", "捨てる"
        else:
            verb_en, verb_ja = "move", "完成品レーンへ移す（コストなし）"
        target_en = " to the lane for free" if isinstance(effect, ShipWorkplace) else ""
        if effect.pick == "choose":
            return (
                f"{verb_en} a{en_kind} workplace card of your choice{target_en}",
                f"置き場の{ja_kind}カードを1枚選んで{verb_ja}",
            )
        most = "highest" if effect.pick == "highest" else "lowest"
        most_ja = "高い" if effect.pick == "highest" else "低い"
        return (
            f"{verb_en} the{en_kind} workplace card with the {most} value{target_en}",
            f"置き場の最も状況値が{most_ja}{ja_kind}カードを{verb_ja}",
        )
    if isinstance(effect, Recycle):
        return (
            f"shuffle {effect.count} random cards of the discard pile back into the deck",
            f"捨て場からランダムに{effect.count}枚を山札に戻して切り直す",
        )
    if isinstance(effect, If):
        cond_en, cond_ja = condition_text(effect.condition)
        then_en, then_ja = _list(effect.then)
        en = f"if {cond_en}, {then_en}"
        ja = f"{cond_ja}があれば{then_ja}"
        if effect.otherwise:
            else_en, else_ja = _list(effect.otherwise)
            en += f"; otherwise {else_en}"
            ja += f"、無ければ{else_ja}"
        return en, ja
    if isinstance(effect, Vote):
        yes_en, yes_ja = _list(effect.yes)
        no_en, no_ja = _list(effect.no) if effect.no else ("nothing happens", "何も起きない")
        return (
            f"ALL AGREE? Everyone votes on \u201c{effect.question.en}\u201d If every vote is yes: {yes_en}; "
            f"otherwise {no_en}",
            f"全員の合意：「{effect.question.ja}」全員で投票し、全員が賛成なら{yes_ja}。そうでなければ{no_ja}",
        )
    assert isinstance(effect, Claim)
    got_en, got_ja = _list(effect.claimed)
    none_en, none_ja = _list(effect.unclaimed) if effect.unclaimed else ("nothing happens", "何も起きない")
    return (
        f"WHO HAS LIVED THIS? \u201c{effect.question.en}\u201d If anyone claims it: {got_en}; if nobody "
        f"does: {none_en}",
        f"体験者はいる？「{effect.question.ja}」誰かが名乗り出たら{got_ja}。誰もいなければ{none_ja}",
    )


def _list(effects: Sequence[Effect]) -> tuple[str, str]:
    parts = [_one(e) for e in effects]
    return ", then ".join(p[0] for p in parts), "、".join(p[1] for p in parts)


def effects_text(effects: Sequence[Effect]) -> Text:
    en, ja = _list(effects)
    return Text(en=(en[:1].upper() + en[1:] + ".") if en else "", ja=ja)


def play_text(card: CardDef) -> Text | None:
    """The card's play effect (プレイ効果), or None if it cannot be played."""
    return effects_text(card.play) if card.play else None


def value_text(value: int) -> Text:
    if value > 0:
        return Text(en=f"resource +{value}", ja=f"リソース{value}")
    if value < 0:
        return Text(en=f"trouble {value}", ja=f"トラブル{-value}")
    return Text(en="neutral 0", ja="状況値0")


def categories_text(card: CardDef) -> Text:
    return Text(
        en=" / ".join(CATEGORY_NAMES[c].en for c in card.categories),
        ja="・".join(CATEGORY_NAMES[c].ja for c in card.categories),
    )


def goal_text(goal: Goal) -> Text:
    if isinstance(goal, CategoriesGoal):
        n = goal.per_category
        return Text(
            en=f"The lane holds at least {n} cards of each category (a two-category card counts once, "
            "for either of its categories).",
            ja=f"完成品レーンに3つのカテゴリのカードがそれぞれ{n}枚以上ある（2つのカテゴリを持つカードは、どちらか一方"
            "として1枚に数える）。",
        )
    if isinstance(goal, ValueCountGoal):
        return Text(
            en=f"The lane holds {goal.count} cards of value {_signed(goal.value)}.",
            ja=f"完成品レーンに状況値{_signed(goal.value)}のカードが{goal.count}枚ある。",
        )
    if isinstance(goal, DieFaceGoal):
        return Text(
            en=f"The chaos die shows {goal.value} at the end of a turn.",
            ja=f"ターンの終わりに混沌ダイスの目が{goal.value}になっている。",
        )
    if isinstance(goal, CategoryCountGoal):
        name = CATEGORY_NAMES[goal.category]
        cond_en = "" if goal.min_value == -3 else f" of value {_signed(goal.min_value)} or more"
        cond_ja = "" if goal.min_value == -3 else f"状況値{goal.min_value}以上の"
        if goal.min_value == 0:
            cond_en, cond_ja = " that are not troubles", "トラブルでない"
        return Text(
            en=f"The lane holds {goal.count} {name.en} cards{cond_en}.",
            ja=f"完成品レーンに{cond_ja}{name.ja}のカードが{goal.count}枚ある。",
        )
    assert isinstance(goal, LaneTotalGoal)
    return Text(
        en=f"The values of the lane's cards add up to {_signed(goal.at_least)} or more.",
        ja=f"完成品レーンのカードの状況値の合計が{_signed(goal.at_least)}以上になる。",
    )
