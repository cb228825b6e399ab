"""How Glorious Crown reads on Discord: compact card labels ("7♠ 7♥ (pair)"), the 7-trade and 10-discard
choices grouped so a select stays short, Pass and "keep my cards" as buttons, and one sentence per event.

Cards are named by number and suit symbol everywhere in text (the card titles are on the pictures), so a
select option or a table line stays short on a phone; the notation itself (``7♠``, ``Joker``) is the
engine's (``engines.glorious_crown.notation``). Counts, points and places are worded through catalog keys
(one / many), never by gluing an "s" on. Nothing here decides a rule: the engine does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.base import GameUI, LabelContext
from engines.core import Action, Event, Text
from engines.glorious_crown.cards import CARDS, RANK_EFFECT
from engines.glorious_crown.events import (
    Cleared,
    Discarded,
    GameOver,
    Locked,
    Played,
    Revolution,
    Traded,
    TradeOffered,
    TradeOfferedCards,
    TradeReceived,
    WentOut,
)
from engines.glorious_crown.models import Answer, Decline, Discard, GCView, Give, Pass, Play
from engines.glorious_crown.notation import format_card, format_cards, format_suits
from engines.glorious_crown.plays import COUNTER
from engines.glorious_crown.scoring import fouls_out
from i18n import t
from i18n.words import clip

NS = "glorious-crown"  # catalog namespace of this game's own extra strings


# -- words ------------------------------------------------------------------------------------------
def group_text(cards: Sequence[str], lang: str) -> str:
    """A play with its size: "7♠ 7♥ (pair)"; a single card is just its name."""
    text = format_cards(cards, lang)
    if len(cards) > 1:
        return t(lang, f"{NS}.group", cards=text, size=t(lang, f"{NS}.size.{len(cards)}"))
    return text


def _plural(n: int, lang: str, noun: str) -> str:
    """ "1 card" / "2 cards" from the catalog's ``<noun>.one`` / ``<noun>.many``."""
    return t(lang, f"{NS}.{noun}.one") if n == 1 else t(lang, f"{NS}.{noun}.many", n=n)


def count_text(n: int, lang: str) -> str:
    return _plural(n, lang, "count")


def points_text(n: int, lang: str) -> str:
    return _plural(n, lang, "points")


def bonus_text(n: int, lang: str) -> str:
    return _plural(n, lang, "bonus")


def ordinal(n: int, lang: str) -> str:
    key = f"{NS}.ordinal.{n}"
    return t(lang, key) if 1 <= n <= 5 else str(n)


def or_list(items: Sequence[str], lang: str) -> str:
    """ "Joker", "Joker or Heart", "A, B or C" (the joining words are the catalog's)."""
    if len(items) <= 1:
        return "".join(items)
    rest = t(lang, f"{NS}.list.sep").join(items[:-1])
    return t(lang, f"{NS}.list.or", rest=rest, last=items[-1])


def suggestions_text(names: Sequence[Text], lang: str) -> str:
    return or_list([n.get(lang) for n in names], lang)


def _rank(cards: Sequence[str]) -> int:
    return next((CARDS[c].rank for c in cards if c in CARDS and not CARDS[c].is_joker), 0)


def _fouls_out(action: Action, ctx: LabelContext[GCView] | None) -> bool:
    """Whether the chooser would go out with an illegal finish (GC-20) by this move, from their own view."""
    view = ctx.view if ctx is not None and isinstance(ctx.view, GCView) else None
    if view is None or view.hand is None:
        return False
    return fouls_out(action, [h.id for h in view.hand], view.effective_revolution)


def _lone_joker_on_top(ctx: LabelContext[GCView] | None) -> bool | None:
    """Whether the field's top play is a lone Joker (``None`` when the label has no view to tell)."""
    if ctx is None or not isinstance(ctx.view, GCView):
        return None
    top = ctx.view.top
    return top is not None and top.jokers_only and len(top.cards) == 1


def play_hint(cards: Sequence[str], lang: str, on_lone_joker: bool | None = None) -> str:
    """What a play does besides beating the field, for its select label ("" when nothing). A lone ♠3 is
    marked as the counter when it answers a lone Joker (or when the caller cannot tell)."""
    if list(cards) == [COUNTER] and on_lone_joker is not False:
        return t(lang, f"{NS}.hint.counter")
    rank = _rank(cards)
    if rank == 0:
        return t(lang, f"{NS}.hint.joker") if len(cards) == 1 else ""
    if len(cards) == 4:
        return t(lang, f"{NS}.hint.revolution")
    effect = RANK_EFFECT.get(rank)
    if effect is None or effect.type == "joker_counter":
        return ""
    return t(lang, f"{NS}.hint.{effect.type}")


#: refusal params that count cards: worded "1 card" / "2 cards" rather than a bare number
_COUNT_PARAMS = ("max", "need", "count", "size")


def refusal_params(params: Mapping[str, object], lang: str) -> dict[str, object]:
    """An engine refusal's params as players read them: card ids and suit codes as written ("S7" ->
    "7♠", ["S", "H"] -> "♠♥"), a Joker rank (0) by name, card counts with their noun."""
    out = dict(params)
    if isinstance(card := out.get("card"), str) and card in CARDS:
        out["card"] = format_card(card, lang)
    if isinstance(lock := out.get("lock"), list | tuple):
        out["lock"] = format_suits(lock)
    for key in ("rank", "top"):
        if out.get(key) == 0:
            out[key] = format_card("JK1", lang)
    for key in _COUNT_PARAMS:
        if isinstance(n := out.get(key), int):
            out[key] = count_text(n, lang)
    return out


# -- the UI -------------------------------------------------------------------------------------------
class UI(GameUI[GCView]):
    def action_label(
        self, action: Action, lang: str, *, in_group: bool = False, ctx: LabelContext[GCView] | None = None
    ) -> str:
        label = self._label(action, lang, ctx)
        if _fouls_out(action, ctx):  # GC-20: said before the move is chosen, not only after
            label = t(lang, f"{NS}.warn_foul", move=label)
        return clip(label)

    def _label(self, action: Action, lang: str, ctx: LabelContext[GCView] | None) -> str:
        key = f"{NS}.actions.{action.type}"
        match action:
            case Play(cards=cards):
                hint = play_hint(cards, lang, on_lone_joker=_lone_joker_on_top(ctx))
                text = group_text(cards, lang)
                label = (
                    t(lang, f"{NS}.play_hinted", cards=text, hint=hint) if hint else t(lang, key, cards=text)
                )
            case Give(cards=cards) if ctx is not None and isinstance(ctx.view, GCView) and ctx.view.pending:
                to = ctx.name(ctx.view.pending.other)
                label = t(lang, f"{key}_to", cards=format_cards(cards, lang), to=to)
            case Give(cards=cards) | Answer(cards=cards):
                label = t(lang, key, cards=format_cards(cards, lang), count=count_text(len(cards), lang))
            case Discard(card=card):
                label = t(lang, key, card=format_card(card, lang))
            case _:
                label = t(lang, key)
        return label

    def group_label(
        self, action: Action, lang: str, *, ctx: LabelContext[GCView] | None = None
    ) -> str | None:
        """The 7-trade offers every combination of up to as many cards as 7s were played: grouped by how
        many cards and the first card, each group stays a short list. A blind return of two or more cards
        is grouped by its first card the same way. Plays and discards stay one flat list."""
        match action:
            case Give(cards=[_]):
                return t(lang, f"{NS}.give_one")
            case Give(cards=cards):
                first = format_card(cards[0], lang)
                return t(lang, f"{NS}.give_group", count=count_text(len(cards), lang), first=first)
            case Answer(cards=cards) if len(cards) > 1:
                first = format_card(cards[0], lang)
                return t(lang, f"{NS}.answer_group", count=count_text(len(cards), lang), first=first)
        return None

    def long_group_label(
        self, action: Action, lang: str, *, ctx: LabelContext[GCView] | None = None
    ) -> str | None:
        """Plays too many for one select (a big hand with Jokers): grouped by number, the hand's cards of
        that number first ("Play 7♠ 7♥ 7♦"), then every play of them, with or without Jokers."""
        if not isinstance(action, Play):
            return None
        rank = _rank(action.cards)
        view = ctx.view if ctx is not None and isinstance(ctx.view, GCView) else None
        hand = [h.id for h in view.hand or []] if view is not None else list(action.cards)
        same = [c for c in hand if c in CARDS and CARDS[c].rank == rank and CARDS[c].is_joker == (rank == 0)]
        return t(lang, f"{NS}.play_group", cards=format_cards(same or list(action.cards), lang))

    def quick_actions(self, legal: list[Action]) -> list[Action]:
        return [a for a in legal if isinstance(a, Pass | Decline)]

    # -- events -----------------------------------------------------------------------------------
    def describe_event(self, event: Event, lang: str, names: Mapping[str, str]) -> str | None:
        player = names.get(event.seat or "", event.seat or "")

        def who(seat: str | None) -> str:
            return names.get(seat or "", seat or "")

        key = f"{NS}.events.{event.kind}"
        match event:
            case Played(cards=cards, rank=rank):
                return t(
                    lang,
                    key,
                    player=player,
                    cards=group_text(cards, lang),
                    note=self._note(cards, rank, lang),
                )
            case Locked(suits=suits):
                return t(lang, key, suits=format_suits(suits))
            case Revolution(revolution=on):
                return t(lang, f"{NS}.revolution_{'on' if on else 'off'}")
            case Cleared(cause="eight"):
                return None  # the 8's own line already says the field is cut for 0 points
            case Cleared(cause=cause, points=points, cards=cards):
                return t(
                    lang,
                    key if cause == "passes" else f"{NS}.cleared_counter",
                    player=player,
                    points=points_text(points, lang),
                    cards=group_text(cards, lang),
                )
            case WentOut(foul=True, how=how):
                return t(lang, f"{NS}.went_out_foul_{how}", player=player)
            case WentOut(place=place):
                return t(lang, key, player=player, place=ordinal(place or 0, lang))
            case TradeOffered(to_seat=other, count=count) | Traded(other_seat=other, count=count):
                return t(lang, key, player=player, other=who(other), count=count_text(count, lang))
            case TradeOfferedCards(to_seat=other, cards=cards):
                return t(lang, key, cards=format_cards(cards, lang), other=who(other))
            case TradeReceived(gave_cards=gave, got_cards=got):
                return t(lang, key, gave=format_cards(gave, lang), got=format_cards(got, lang))
            case Discarded(card=card):
                return t(lang, key, player=player, card=format_card(card, lang))
            case GameOver():
                return self._game_over(event, lang, names)
        return t(lang, key, player=player)

    @staticmethod
    def _note(cards: Sequence[str], rank: int, lang: str) -> str:
        """What a play does besides beating the field, after the play's line ("" when nothing)."""
        effect = RANK_EFFECT.get(rank) if rank else None
        if rank == 0 and len(cards) == 1:
            return t(lang, f"{NS}.note.joker")
        if effect is not None and effect.type == "clear_field":
            return t(lang, f"{NS}.note.clear_field", points=points_text(0, lang))
        if effect is not None and effect.type in ("trade_cards", "discard"):
            return t(lang, f"{NS}.note.{effect.type}")
        return ""

    def _game_over(self, event: GameOver, lang: str, names: Mapping[str, str]) -> str:
        last = event.last_seat
        if event.called:  # GN-4: the hand ended at the clear after the call
            lines = [t(lang, f"{NS}.game_over_called")]
        elif last:
            lines = [t(lang, f"{NS}.events.game_over", player=names.get(last, last))]
        else:
            lines = [t(lang, f"{NS}.game_over_all_out")]
        for row in event.standings:
            if row.foul:
                how = t(lang, f"{NS}.finish.foul")
            elif row.held is not None:
                how = t(lang, f"{NS}.finish.held", cards=count_text(row.held, lang))
            elif row.seat == last:
                how = t(lang, f"{NS}.finish.last")
            else:
                how = t(lang, f"{NS}.finish.out", place=ordinal(row.finish, lang))
            lines.append(
                t(
                    lang,
                    f"{NS}.standing",
                    player=names.get(row.seat, row.seat),
                    field=points_text(row.field_points, lang),
                    bonus=bonus_text(row.bonus, lang),
                    total=points_text(row.total, lang),
                    how=how,
                )
            )
        return "\n".join(lines)
