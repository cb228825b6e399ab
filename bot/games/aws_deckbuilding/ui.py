"""How the AWS Deckbuilding Game (BuilderCards 1st edition) reads on Discord.

- Moves are labelled with what they give, from the chooser's own view: a draft pick or a buy with its cost in
  its currency (TCO for a black cost, AWSome for an orange one), the credits the card gives and its two
  effects; "Take all effects" with their total; each effect with its reason ("S3 revealed").
- The hand's buttons (``quick_actions``): take all effects, end the turn, keep the on-premises cards,
  propose a marketplace reshuffle (any seat, any time: AD-14) and the vote. When many effects are offered
  they are grouped by card (``group_label``): the card first, then apply or decline each of its effects.
- One sentence per event; each turn ends with its summary in words ("Alice: 7 TCO + 3 AWSome; bought Amazon
  S3 and a 1-point W-A; retired a Bare-metal server").
- A reshuffle vote puts public Yes / No buttons on the table message (``table_items``, ``vote.VoteButton``).

Card ids are instance ids (``s3#2``, ``bare-metal#blue1``, ``wa-1#3``): they are named by their kind. Every
sentence, plural and separator is a catalog entry (``i18n/games/aws-deckbuilding/<lang>.toml``); the card
names and the short condition texts ("S3", "a Storage card") are the engine's card data. Nothing here
decides a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from bot.games.aws_deckbuilding.lessons import LESSONS
from bot.games.aws_deckbuilding.vote import vote_buttons
from bot.games.base import GameUI, LabelContext
from bot.games.built import TeachesArchitecture
from bot.interactions import UiItem
from engines.aws_deckbuilding.cards import DB, Card, Eff, key_of
from engines.aws_deckbuilding.events import (
    Bought,
    CardDrawn,
    DeckShuffled,
    DraftFinished,
    DraftPicked,
    DrewCount,
    EffectApplied,
    EffectDeclined,
    GameEnded,
    HandRevealed,
    MarketRefilled,
    MarketReshuffled,
    NothingAffordable,
    OnpremRetired,
    ReshuffleProposed,
    RetireSkipped,
    TurnEnded,
    TurnStarted,
    Voted,
)
from engines.aws_deckbuilding.events import Drew as DrewCards
from engines.aws_deckbuilding.models import (
    ApplyEffect,
    ApplyEffects,
    Buy,
    DeclineEffect,
    Draft,
    EndTurn,
    KeepOnprem,
    ProposeReshuffle,
    Retire,
    Vote,
)
from engines.aws_deckbuilding.text import condition_text, short_name
from engines.aws_deckbuilding.views import ADView
from engines.core import Action, Event
from i18n import t
from i18n.words import LABEL_LIMIT, clip, tidy

if TYPE_CHECKING:
    from bot.store import GameRecord

GAME = "aws-deckbuilding"
#: the catalog namespace of this game's own strings
NS = "aws-deckbuilding"
#: more offered effects than this are chosen card first (a select of cards, then the card's effects)
FLAT_EFFECTS = 4


def card(card_id: str) -> Card:
    return DB.card(card_id)


def known(card_id: str) -> bool:
    return card_id in DB.by_id or key_of(card_id) in DB.cards


def _view(ctx: LabelContext[ADView] | None) -> ADView | None:
    return ctx.view if ctx is not None and isinstance(ctx.view, ADView) else None


# -- words --------------------------------------------------------------------------------------------
def card_name(card_id: str, lang: str) -> str:
    """The printed name of a card kind ("Amazon S3", "Well-Architected (1 point)")."""
    return card(card_id).name.get(lang) if known(card_id) else card_id


def short(card_id: str, lang: str) -> str:
    """ "Amazon S3" -> "S3": lists of several cards read better without the brand prefixes."""
    return short_name(card(card_id), lang) if known(card_id) else card_id


def listing(items: Sequence[str], lang: str) -> str:
    """ "A", "A and B", "A, B and C" (the joining words are the catalog's)."""
    if not items:
        return t(lang, f"{NS}.nothing")
    if len(items) == 1:
        return items[0]
    return t(lang, f"{NS}.list_and", rest=t(lang, f"{NS}.sep").join(items[:-1]), last=items[-1])


def counted(cards: Iterable[str]) -> list[tuple[str, int]]:
    """Card kinds in order of first appearance with their counts."""
    return list(Counter(key_of(c) for c in cards).items())


def card_list(cards: Iterable[str], lang: str, *, full: bool = False) -> str:
    """Names in order, identical kinds counted: "S3 ×2, Lambda and Bare-metal server"."""
    names = []
    for key, n in counted(cards):
        name = card_name(key, lang) if full else short(key, lang)
        names.append(name if n == 1 else t(lang, f"{NS}.times", name=name, n=n))
    return listing(names, lang)


def credits(tco: int, awsome: int, lang: str) -> str:
    """ "7 TCO + 3 AWSome" """
    return t(lang, f"{NS}.credits", tco=tco, awsome=awsome)


def cost(c: Card, lang: str) -> str:
    """ "3 TCO" (a black cost) or "4 AWSome" (an orange one) (AD-1)."""
    return t(lang, f"{NS}.cost.{c.currency or 'tco'}", n=c.cost)


def gives(eff: Eff, lang: str) -> str:
    """What an effect gives: "+2 AWSome", "draw 1", "+1 buy" (AD-2)."""
    return t(lang, f"{NS}.gives.{eff.type}", n=eff.amount)


def effect_text(eff: Eff, lang: str) -> str:
    """An effect as printed, short: "S3 → +2 AWSome", or "+1 buy" without a condition."""
    if eff.cond is None:
        return gives(eff, lang)
    return t(lang, f"{NS}.when", cond=condition_text(eff.cond, lang, short=True), gives=gives(eff, lang))


def card_credits(c: Card, lang: str) -> str:
    """The credits a card gives when revealed: "gives 2 TCO + 1 AWSome", "gives 1 TCO"."""
    form = "both" if c.tco and c.awsome else "tco" if c.tco else "awsome" if c.awsome else "none"
    return t(lang, f"{NS}.card_gives.{form}", tco=c.tco, awsome=c.awsome)


def card_offer(c: Card, lang: str, *, effects: bool = True) -> str:
    """What a service card gives: its credits, then (``effects``) its two effects as printed:
    "gives 1 TCO + 1 AWSome · CloudFront → +2 AWSome · an Analytics card → draw 1"."""
    parts = [card_credits(c, lang)]
    if effects:
        parts += [effect_text(e, lang) for e in c.effects]
    return t(lang, f"{NS}.sep_label").join(parts)


def wa_name(c: Card, lang: str) -> str:
    """ "a 1-point W-A" """
    return t(lang, f"{NS}.wa", n=c.points)


def bought_name(card_id: str, lang: str) -> str:
    c = card(card_id)
    return wa_name(c, lang) if c.is_wa else card_name(card_id, lang)


def which_word(which: str, lang: str) -> str:
    return t(lang, f"{NS}.which.{which}")


def because_text(cards: Sequence[str], lang: str) -> str:
    """The revealed cards that met a condition: "S3 revealed" ("" when the effect has no condition)."""
    if not cards:
        return ""
    return t(lang, f"{NS}.because", cards=card_list(cards, lang))


def refusal_params(params: Mapping[str, object], lang: str, names: Mapping[str, str]) -> dict[str, object]:
    """An engine refusal's params as players read them: cards by name, a currency by its word, a seat by
    its player's name."""
    out = dict(params)
    if isinstance(card := out.get("card"), str) and known(card):
        out["card"] = bought_name(card, lang)
    if out.get("currency") in ("tco", "awsome"):
        out["currency"] = t(lang, f"{NS}.currency.{out['currency']}")
    if isinstance(proposer := out.get("proposer"), str):
        out["proposer"] = names.get(proposer, proposer)
    if "effect" in out:
        out["effect"] = which_word(str(out["effect"]), lang)
    return out


# -- the UI -------------------------------------------------------------------------------------------------
class UI(TeachesArchitecture, GameUI[ADView]):
    #: "What you built" on the final message (bot.games.built)
    lessons = LESSONS

    def card_name(self, card_id: str, lang: str) -> str:
        return card_name(card_id, lang)

    # -- moves ----------------------------------------------------------------------------------------------
    def action_label(
        self, action: Action, lang: str, *, in_group: bool = False, ctx: LabelContext[ADView] | None = None
    ) -> str:
        return clip(tidy(self._label(action, lang, in_group, _view(ctx)), lang))

    def _label(self, action: Action, lang: str, in_group: bool, view: ADView | None) -> str:
        key = f"{GAME}.actions.{action.type}"
        match action:
            case Buy(card=cid) if card(cid).is_wa:
                c = card(cid)
                return t(lang, f"{NS}.label.buy_wa", wa=wa_name(c, lang), cost=cost(c, lang))
            case Draft(card=cid) | Buy(card=cid):
                return self.offer_label(key, cid, lang)
            case ApplyEffects():
                total = self.offered_total(view, lang)
                return t(lang, f"{NS}.label.apply_all", total=total) if total else t(lang, key)
            case ApplyEffect(card=cid, effect=which) | DeclineEffect(card=cid, effect=which):
                eff = card(cid).effect(which)
                assert eff is not None
                reason = self.reason(view, cid, which, lang)
                what = gives(eff, lang)
                if reason:
                    what = t(lang, f"{NS}.label.with_reason", gives=what, reason=reason)
                form = "in_group" if in_group else "flat"
                return t(
                    lang,
                    f"{NS}.label.{action.type}_{form}",
                    card=short(cid, lang),
                    which=which_word(which, lang),
                    gives=what,
                )
            case EndTurn() if view is not None and view.decision is not None and view.decision.cards:
                return t(lang, f"{NS}.label.end_turn_unbought")
            case Retire(card=cid):
                return t(lang, key, card=card_name(cid, lang), tco=card(cid).tco)
            case Vote(agree=agree):
                return t(lang, f"{NS}.label.vote_{'yes' if agree else 'no'}")
        return t(lang, key)  # end_turn, keep_onprem, propose_reshuffle

    @staticmethod
    def offer_label(key: str, cid: str, lang: str) -> str:
        """A draft pick or a buy: the card, its cost in its currency and what it gives, with its effects
        when they fit Discord's 100 characters, else its credits only."""
        c = card(cid)
        name, price = card_name(cid, lang), cost(c, lang)
        full = tidy(t(lang, key, card=name, cost=price, gives=card_offer(c, lang)), lang)
        if len(full) <= LABEL_LIMIT:
            return full
        return t(lang, key, card=name, cost=price, gives=card_offer(c, lang, effects=False))

    @staticmethod
    def reason(view: ADView | None, cid: str, which: str, lang: str) -> str:
        """Why an offered effect holds, from the chooser's view ("S3 revealed")."""
        if view is None or view.turn is None:
            return ""
        for status in view.turn.effects:
            if status.card == cid and status.effect == which:
                return because_text(status.because_cards, lang)
        return ""

    @staticmethod
    def offered_total(view: ADView | None, lang: str) -> str:
        """What taking every offered effect gives, summed by kind: "+3 AWSome, +1 buy, draw 2"."""
        if view is None or view.decision is None or not view.decision.offers:
            return ""
        sums: dict[str, int] = {}
        for offer in view.decision.offers:
            sums[offer.type] = sums.get(offer.type, 0) + offer.amount
        return t(lang, f"{NS}.sep").join(
            t(lang, f"{NS}.gives.{kind}", n=sums[kind]) for kind in ("awsome", "buy", "draw") if kind in sums
        )

    def group_label(
        self, action: Action, lang: str, *, ctx: LabelContext[ADView] | None = None
    ) -> str | None:
        """Many offered effects are chosen card first: "Amazon Athena: its effects". A few stay one list."""
        view = _view(ctx)
        if not isinstance(action, ApplyEffect | DeclineEffect):
            return None
        offers = view.decision.offers if view is not None and view.decision is not None else []
        if len(offers) <= FLAT_EFFECTS:
            return None
        n = sum(1 for o in offers if o.card == action.card)
        return clip(tidy(t(lang, f"{NS}.label.effects_of", card=card_name(action.card, lang), n=n), lang))

    def hand_moves(self, legal: list[Action]) -> list[Action]:
        """When the buys have run out (AD-10, AD-11) the turn has only its end left (AD-12): End turn is
        offered alone on the hand. A reshuffle (AD-14) stays open to everyone at any time through
        ``/cloud reshuffle`` and to the other players' hands."""
        if any(isinstance(a, EndTurn) for a in legal) and not any(isinstance(a, Buy) for a in legal):
            return [a for a in legal if not isinstance(a, ProposeReshuffle)]
        return legal

    def quick_actions(self, legal: list[Action]) -> list[Action]:
        """Buttons: take all effects, end the turn, keep the on-premises cards, propose a reshuffle, vote.
        Draft picks, buys, single effects and retirements go in the select, labelled with what they give."""
        return [
            a for a in legal if isinstance(a, ApplyEffects | EndTurn | KeepOnprem | ProposeReshuffle | Vote)
        ]

    # -- the public vote buttons (AD-14) --------------------------------------------------------------------
    def table_items(self, rec: GameRecord, view: ADView, lang: str) -> list[UiItem]:
        """Yes / No on the table message while a reshuffle vote waits for a seat played by a person (the
        computer votes by itself)."""
        if not isinstance(view, ADView) or view.decision is None or view.decision.kind != "vote":
            return []
        humans = {s.seat for s in rec.seats if not s.is_ai}
        if not humans & set(view.decision.seats):
            return []
        return vote_buttons(rec.id, rec.version, lang)

    # -- events ---------------------------------------------------------------------------------------------
    def describe_event(self, event: Event, lang: str, names: Mapping[str, str]) -> str | None:
        line = self._describe(event, lang, names)
        return None if line is None else tidy(line, lang)

    def _describe(self, event: Event, lang: str, names: Mapping[str, str]) -> str | None:
        player = names.get(event.seat or "", event.seat or "")
        key = f"{GAME}.events.{event.kind}"
        match event:
            case TurnStarted() | DrewCount() | RetireSkipped():
                return None  # the "to move" line, the turn's summary and the hand say these
            case DraftPicked(card=cid, pick=pick, picks=picks):
                c = card(cid)
                return t(
                    lang,
                    key,
                    player=player,
                    card=card_name(cid, lang),
                    cost=cost(c, lang),
                    pick=pick,
                    picks=picks,
                )
            case MarketRefilled(cards=cards):
                return t(lang, key, cards=card_list(cards, lang, full=True)) if cards else None
            case MarketReshuffled(reason=reason, reshuffles=n, found=found, cards=cards):
                shown = card_list(cards, lang, full=True)
                if reason == "nothing_affordable" and not found:
                    return t(lang, f"{NS}.reshuffled_in_vain", player=player, n=n, cards=shown)
                return t(lang, f"{NS}.reshuffled.{reason}", n=n, cards=shown)
            case DraftFinished(deck_size=size):
                return t(lang, key, n=size)
            case DeckShuffled(count=n):
                return t(lang, key, player=player, n=n)
            case DrewCards(cards=cards):
                return t(lang, key, cards=card_list(cards, lang))
            case HandRevealed(cards=cards, tco=tco, awsome=awsome, offered=offered):
                return t(
                    lang,
                    key,
                    player=player,
                    cards=card_list(cards, lang),
                    credits=credits(tco, awsome, lang),
                    n=offered,
                )
            case EffectApplied(card=cid, effect=which, because_cards=because):
                eff = card(cid).effect(which)
                assert eff is not None
                what = gives(eff, lang)
                why = because_text(because, lang)
                if why:
                    what = t(lang, f"{NS}.label.with_reason", gives=what, reason=why)
                return t(
                    lang, key, player=player, card=short(cid, lang), which=which_word(which, lang), gives=what
                )
            case CardDrawn(card=None, source_card=source):
                return t(lang, f"{NS}.drew_nothing", player=player, source=short(source, lang))
            case CardDrawn(card=cid, source_card=source, tco=tco, awsome=awsome):
                assert cid is not None
                return t(
                    lang,
                    key,
                    player=player,
                    card=card_name(cid, lang),
                    source=short(source, lang),
                    credits=credits(tco, awsome, lang),
                )
            case EffectDeclined(card=cid, effect=which):
                return t(lang, key, player=player, card=short(cid, lang), which=which_word(which, lang))
            case Bought(card=cid) if card(cid).is_wa:
                c = card(cid)
                return t(lang, f"{NS}.bought_wa", player=player, wa=wa_name(c, lang), cost=cost(c, lang))
            case Bought(card=cid):
                return t(lang, key, player=player, card=card_name(cid, lang), cost=cost(card(cid), lang))
            case NothingAffordable():
                return t(lang, key, player=player)
            case TurnEnded():
                return t(lang, key, summary=self.turn_summary(event, lang, names))
            case OnpremRetired(card=cid, onprem_left=left):
                return t(lang, key, player=player, card=card_name(cid, lang), n=left)
            case ReshuffleProposed(seats=seats):
                voters = listing([names.get(s, s) for s in seats], lang)
                return t(lang, key, player=player, voters=voters)
            case Voted(agree=agree):
                return t(lang, f"{NS}.voted_{'yes' if agree else 'no'}", player=player)
            case GameEnded(winner_seats=winners, called=by_call):
                # GN-2: a called game ends when its round does, not with the last W-A card.
                key = f"{key}_called" if by_call else key
                return t(lang, key, player=player, winners=listing([names.get(s, s) for s in winners], lang))
        return t(lang, key, player=player)  # reshuffle_rejected

    def turn_summary(self, event: TurnEnded, lang: str, names: Mapping[str, str]) -> str:
        """ "Alice: 7 TCO + 3 AWSome; bought Amazon S3 and a 1-point W-A; retired a Bare-metal server" """
        player = names.get(event.seat or "", event.seat or "")
        parts = [t(lang, f"{NS}.sum.credits", player=player, credits=credits(event.tco, event.awsome, lang))]
        if event.bought_cards:
            bought = listing([bought_name(c, lang) for c in event.bought_cards], lang)
            parts.append(t(lang, f"{NS}.sum.bought", cards=bought))
        else:
            parts.append(t(lang, f"{NS}.sum.bought_nothing"))
        if event.retired_card:
            name = card_name(event.retired_card, lang)
            article = "vowel" if name[:1].lower() in "aeiou" else "consonant"
            parts.append(t(lang, f"{NS}.sum.retired_{article}", card=name))
        return t(lang, f"{NS}.sep_parts").join(parts)
