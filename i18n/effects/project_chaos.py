"""Project Chaos's card effects, conditions, values and scenario goals (PC-1 … PC-12) and its ``/card`` and
scenario rule entries in words, from the card data and the catalogs' ``project-chaos.effect.*`` /
``project-chaos.describe.*`` templates (never typed twice by hand).

The Japanese wording follows the seed's own card texts, e.g.
"置き場にリソース2以上のカードがあればリソース+1、無ければ混沌ダイス+1", so the seed's cards read as the seed
wrote them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, partial

from engines.core import CardInfo, RuleSection, Text
from engines.project_chaos import ENGINE
from engines.project_chaos.cards import (
    CARDS,
    CATEGORY_NAMES,
    CardDef,
    Category,
    Claim,
    Condition,
    DiscardWorkplace,
    Effect,
    If,
    Recycle,
    SetDie,
    ShipWorkplace,
    Vote,
    WorkplaceValue,
)
from engines.project_chaos.scenarios import (
    SCENARIOS,
    CategoriesGoal,
    CategoryCountGoal,
    Goal,
    ScenarioDef,
    ValueCountGoal,
)
from i18n.catalog import t
from i18n.effects.bilingual import field, per_lang

NS = "project-chaos"
E = f"{NS}.effect"
D = f"{NS}.describe"


def _value_range(lo: int, hi: int, lang: str) -> str:
    """Which workplace cards an effect may pick, by value: all, troubles, resources or a range."""
    if lo == -3 and hi == 3:
        return t(lang, f"{E}.range.any")
    if lo == -3 and hi == -1:
        return t(lang, f"{E}.range.trouble")
    if lo == 1 and hi == 3:
        return t(lang, f"{E}.range.resource")
    return t(lang, f"{E}.range.between", lo=lo, hi=hi)


def condition_text(cond: Condition, lang: str) -> str:
    """The condition of an "if" effect: the clause after "if" / the subject before "があれば"."""
    if isinstance(cond, WorkplaceValue):
        if cond.category is None:
            return t(lang, f"{E}.condition.workplace_value", n=cond.at_least)
        name = CATEGORY_NAMES[cond.category].get(lang)
        return t(lang, f"{E}.condition.category_value", n=cond.at_least, category=name)
    return t(lang, f"{E}.condition.{cond.type}", n=cond.value)


def _outcome(effects: Sequence[Effect], lang: str) -> str:
    return _list(effects, lang) if effects else t(lang, f"{E}.nothing")


def _one(effect: Effect, lang: str) -> str:
    if isinstance(effect, DiscardWorkplace | ShipWorkplace):
        kind = _value_range(effect.min_value, effect.max_value, lang)
        return t(lang, f"{E}.{effect.type}.{effect.pick}", kind=kind)
    if isinstance(effect, Recycle):
        return t(lang, f"{E}.recycle", n=effect.count)
    if isinstance(effect, SetDie):
        return t(lang, f"{E}.set_die", n=effect.value)
    if isinstance(effect, If):
        cond = condition_text(effect.condition, lang)
        then = _list(effect.then, lang)
        if effect.otherwise:
            return t(lang, f"{E}.if.otherwise", cond=cond, then=then, otherwise=_list(effect.otherwise, lang))
        return t(lang, f"{E}.if.plain", cond=cond, then=then)
    if isinstance(effect, Vote):
        yes, no = _list(effect.yes, lang), _outcome(effect.no, lang)
        return t(lang, f"{E}.vote", question=effect.question.get(lang), yes=yes, no=no)
    if isinstance(effect, Claim):
        yes, no = _list(effect.claimed, lang), _outcome(effect.unclaimed, lang)
        return t(lang, f"{E}.claim", question=effect.question.get(lang), yes=yes, no=no)
    # tokens, die, roll: a type and at most an amount
    return t(lang, f"{E}.{effect.type}", n=getattr(effect, "amount", 0))


def _list(effects: Sequence[Effect], lang: str) -> str:
    return t(lang, f"{E}.then").join(_one(e, lang) for e in effects)


def effects_text(effects: Sequence[Effect], lang: str) -> str:
    """What a list of effects does, as one sentence ("" for none)."""
    text = _list(effects, lang)
    return t(lang, f"{E}.sentence", text=text[:1].upper() + text[1:]) if text else ""


def play_text(play: Sequence[Effect], lang: str) -> str | None:
    """A card's play effect (プレイ効果), or None if it cannot be played."""
    return effects_text(play, lang) if play else None


def value_text(value: int, lang: str) -> str:
    sign = "resource" if value > 0 else "trouble" if value < 0 else "neutral"
    return t(lang, f"{E}.value.{sign}", n=abs(value))


def categories_text(categories: Sequence[Category], lang: str) -> str:
    return t(lang, f"{E}.categories_separator").join(CATEGORY_NAMES[c].get(lang) for c in categories)


def goal_text(goal: Goal, lang: str) -> str:
    """A scenario's goal (PC-5) as one sentence."""
    if isinstance(goal, CategoryCountGoal):
        if goal.min_value == -3:
            cond = ""
        elif goal.min_value == 0:
            cond = t(lang, f"{E}.goal.not_trouble")
        else:
            cond = t(lang, f"{E}.goal.at_least", n=goal.min_value)
        name = CATEGORY_NAMES[goal.category].get(lang)
        return t(lang, f"{E}.goal.category_count", n=goal.count, category=name, cond=cond)
    if isinstance(goal, CategoriesGoal):
        return t(lang, f"{E}.goal.categories", n=goal.per_category)
    if isinstance(goal, ValueCountGoal):
        return t(lang, f"{E}.goal.value_count", n=goal.count, value=goal.value)
    return t(lang, f"{E}.goal.{goal.type}", **goal.model_dump(exclude={"type"}))


# ------------------------------------------------------------------------------------------------ /card
def _description(card: CardDef, lang: str) -> str:
    play = play_text(card.play, lang)
    said = t(lang, f"{D}.no_play") if play is None else t(lang, f"{D}.play", effect=play)
    return t(
        lang,
        f"{D}.text",
        categories=categories_text(card.categories, lang),
        value=value_text(card.value, lang),
        play=said,
        flavour=card.flavour.get(lang),
    )


def _play_field(card: CardDef, lang: str) -> str:
    play = play_text(card.play, lang)
    return t(lang, f"{D}.none") if play is None else play


def _info(card: CardDef, aliases: tuple[str, ...]) -> CardInfo:
    fields = [
        field(f"{D}.field.value", per_lang(partial(value_text, card.value))),
        field(f"{D}.field.categories", per_lang(partial(categories_text, card.categories))),
        field(f"{D}.field.play", per_lang(partial(_play_field, card))),
    ]
    if card.talk is not None:
        talk = card.talk
        fields.append(field(f"{D}.field.talk", per_lang(lambda lang: t(lang, f"{D}.talk.{talk}"))))
    return CardInfo(
        id=card.id,
        name=card.name,
        text=per_lang(partial(_description, card)),
        aliases=aliases,
        fields=tuple(fields),
    )


@cache
def _infos() -> tuple[CardInfo, ...]:
    return tuple(_info(CARDS[entry.id], entry.aliases) for entry in ENGINE.cards())


def card_infos() -> list[CardInfo]:
    """Every card as ``/card`` shows it, in the engine's order with the engine's aliases."""
    return list(_infos())


# ------------------------------------------------------------------------------------------------ /rules
def _scenario_line(s: ScenarioDef, lang: str) -> str:
    st = s.start
    start = t(lang, f"{D}.scenario.start", die=st.die, tokens=st.tokens)
    if st.workplaces:
        start += t(lang, f"{D}.scenario.workplaces")
    if st.deck is not None:
        start += t(lang, f"{D}.scenario.deck", n=st.deck)
    return t(lang, f"{D}.scenario.line", name=s.name.get(lang), goal=goal_text(s.goal, lang), start=start)


def _scenarios(lang: str) -> str:
    return "\n".join(_scenario_line(s, lang) for s in SCENARIOS.values())


def _with_scenarios(heading: Text, lang: str) -> str:
    return heading.get(lang) + "\n" + _scenarios(lang)


@cache
def _sections() -> tuple[RuleSection, ...]:
    out = []
    for section in ENGINE.rules():
        if section.id == "scenarios":  # the engine gives the heading; every scenario's goal follows
            section = section.model_copy(update={"body": per_lang(partial(_with_scenarios, section.body))})
        out.append(section)
    return tuple(out)


def rule_sections() -> list[RuleSection]:
    """The ``/rules`` sections with the scenarios' goals worded from the scenario data (PC-5)."""
    return list(_sections())
