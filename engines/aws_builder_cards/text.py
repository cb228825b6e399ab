"""Bilingual descriptions of card effects, generated from the data (so a corrected card file is described
correctly too). ``short`` fits on a card face; ``long`` is for /card."""

from __future__ import annotations

from engines.aws_builder_cards.cards import (
    AdoptEffect,
    CardDB,
    CreditsPer,
    DiscardToDeck,
    DrawEffect,
    DrawPer,
    Effect,
    Gives,
    StackEffect,
    WaDiscount,
    WithEffect,
)
from engines.aws_builder_cards.notation import card_name as full_name
from engines.aws_builder_cards.notation import short_name
from engines.core import Text


def gives_text(credits: int, draw: int, adopt: int, lang: str) -> str:
    """What a combo gives, e.g. "+2 Cr, Draw 1" (the pictures' shorter form is their catalog's)."""
    parts: list[str] = []
    if credits:
        parts.append(f"+{credits} Cr" if lang == "en" else f"+{credits}クレジット")
    if draw:
        parts.append(f"Draw {draw}" if lang == "en" else f"ドロー{draw}")
    if adopt:
        parts.append(f"Adopt +{adopt}" if lang == "en" else f"クラウド導入+{adopt}")
    return ", ".join(parts) if lang == "en" else "・".join(parts)


def _g(g: Gives, lang: str) -> str:
    return gives_text(g.credits, g.draw, g.adopt, lang)


def effect_text(db: CardDB, eff: Effect, lang: str, *, short: bool) -> str:
    nm = short_name if short else full_name
    sep = "/" if short else (" or " if lang == "en" else "か")
    if isinstance(eff, WithEffect):
        who = sep.join(nm(db, p, lang) for p in eff.partners)
        if eff.count > 1:
            who = f"{eff.count}× {who}" if lang == "en" else f"{who}×{eff.count}"
        return f"w/ {who}: {_g(eff.gives, lang)}" if lang == "en" else f"{who}と: {_g(eff.gives, lang)}"
    if isinstance(eff, CreditsPer | DrawPer):
        what = (
            gives_text(eff.amount, 0, 0, lang)
            if isinstance(eff, CreditsPer)
            else gives_text(0, eff.amount, 0, lang)
        )
        who = nm(db, eff.per, lang)
        return f"{what} per {who}" if lang == "en" else f"{who}1枚ごとに{what}"
    if isinstance(eff, StackEffect):
        steps = [f"{k}×={t}" for k, t in enumerate(eff.totals, start=1) if k >= 2]
        adopt = ""
        if eff.adopt_at is not None:
            adopt = f", {eff.adopt_at}×: Adopt +1" if lang == "en" else f"、{eff.adopt_at}枚で導入+1"
        body = " ".join(steps)
        return f"stack {body} Cr{adopt}" if lang == "en" else f"重ねて {body}クレジット{adopt}"
    if isinstance(eff, DrawEffect):
        return gives_text(0, eff.amount, 0, lang)
    if isinstance(eff, AdoptEffect):
        base = gives_text(0, 0, eff.amount, lang)
        if eff.sunset:
            base += " (Sunset)" if lang == "en" else "（サンセット）"
        return base
    if isinstance(eff, DiscardToDeck):
        return "discard → deck top" if lang == "en" else "捨て札1枚→山札の上"
    if isinstance(eff, WaDiscount):
        costs = "/".join(str(eff.costs[p]) for p in sorted(eff.costs))
        return f"W-A cost {costs}" if lang == "en" else f"W-A コスト{costs}"
    raise TypeError(eff)


def combo_line(db: CardDB, key: str, lang: str) -> str:
    card = db.cards[key]
    return " · ".join(effect_text(db, e, lang, short=True) for e in card.defn.effects)


def long_text(db: CardDB, key: str) -> Text:
    """A /card entry: category, cost, credits and every effect in full, plus the combo rule reminder."""
    card = db.cards[key]
    d = card.defn
    cat = db.categories[d.category]
    out: dict[str, str] = {}
    for lang in ("en", "ja"):
        parts: list[str] = [cat.en if lang == "en" else cat.ja]
        if d.kind == "wa":
            parts.append(
                f"{d.points} point(s), costs {d.cost} credits"
                if lang == "en"
                else f"{d.points}ポイント、{d.cost}クレジットで獲得"
            )
            if d.players > 2:
                parts.append(
                    f"used with {d.players}+ players" if lang == "en" else f"{d.players}人以上のときに使用"
                )
        elif d.kind == "starter":
            parts.append(
                "Starter (on-premises), 0 credits"
                if lang == "en"
                else "スターター（オンプレミス）、0クレジット"
            )
        else:
            cost = (
                ("free deck" if lang == "en" else "無料デッキ")
                if d.cost == 0
                else (f"costs {d.cost}" if lang == "en" else f"コスト{d.cost}")
            )
            parts.append(cost)
            parts.append(f"{d.credits} credits" if lang == "en" else f"{d.credits}クレジット")
        for eff in d.effects:
            parts.append(effect_text(db, eff, lang, short=False))
        if card.cmp_needs:
            needs = (" or " if lang == "en" else "か").join(
                full_name(db, k, lang) for k in sorted(card.cmp_needs)
            )
            parts.append(
                f"counts as compute only when {needs} is deployed too"
                if lang == "en"
                else f"{needs}も場にあるときだけコンピューティングとして数える"
            )
        out[lang] = " / ".join(parts) if lang == "en" else "／".join(parts)
    return Text(en=out["en"], ja=out["ja"])
