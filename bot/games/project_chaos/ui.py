"""How Project Chaos reads on Discord: the hand as "a card, then what to do with it" (play / discard / place,
each saying what it does), every pending decision as buttons that say what they cost and do (the push-out,
the die-2 discard, the die-3 forced cards one by one, a target, a vote, a claim), one line per event, the
public Yes/No and Claim buttons of the talk cards (PC-12, ``bot.games.project_chaos.talk``) and the project's
story at the end (``bot.games.project_chaos.story``).

Card ids name the card itself ("pc-ci-all-green"), and every card an event names is public when it happens
(the engine's only private event, ``card_drawn``, goes to the drawer alone). A move's label reads what it
needs from the chooser's own view (``LabelContext.view``): the tokens, the workplaces, the pending decision.
Nothing here decides a rule: the engine does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from bot.games.base import GameUI, LabelContext
from bot.games.project_chaos.story import chronicle
from bot.games.project_chaos.talk import talk_buttons
from bot.games.project_chaos.words import (
    GAME,
    NS,
    TURN_ACTIONS,
    and_list,
    card_ref,
    card_title,
    effects_words,
    play_words,
    signed,
    talk_of,
    typed,
    workplace_name,
)
from bot.interactions import UiItem
from engines.core import Action, Event, Outcome
from engines.project_chaos.cards import CARDS, Claim, Vote
from engines.project_chaos.effects import clamp_tokens, overflows_die
from engines.project_chaos.events import (
    CardDiscarded,
    CardDrawn,
    CardPlaced,
    CardPlayed,
    CardPushedOut,
    CardsRecycled,
    CardsRevealed,
    ChaosResolved,
    ClaimClosed,
    ClaimMade,
    ClaimOpened,
    ClaimPassed,
    ConditionChecked,
    DieChanged,
    DrawCount,
    EffectNoTarget,
    GameLost,
    GameWon,
    Stagnation,
    TokensChanged,
    TurnStarted,
    VoteCast,
    VoteClosed,
    VoteOpened,
    WorkplaceCardMoved,
)
from engines.project_chaos.models import (
    CastVote,
    Discard,
    MakeClaim,
    NoClaim,
    NoPay,
    Pay,
    Pick,
    Place,
    Play,
)
from engines.project_chaos.scenarios import SCENARIOS
from engines.project_chaos.views import PCView
from i18n import has, t
from i18n.words import clip

if TYPE_CHECKING:
    from bot.store import GameRecord


def chooser_view(ctx: LabelContext[PCView] | None) -> PCView | None:
    view = ctx.view if ctx is not None else None
    return view if isinstance(view, PCView) else None


def refusal_params(params: Mapping[str, object], lang: str) -> dict[str, object]:
    """A rule refusal's params as players read them: cards by name, workplaces by category name."""
    out = dict(params)
    if isinstance(card := out.get("card"), str):
        out["card"] = card_title(card, lang)
    if isinstance(workplace := out.get("workplace"), str):
        out["workplace"] = workplace_name(workplace, lang)
    if isinstance(candidates := out.get("candidates"), list | tuple):
        out["candidates"] = t(lang, f"{NS}.sep").join(workplace_name(str(c), lang) for c in candidates)
    return out


class UI(GameUI[PCView]):
    def card_name(self, card_id: str, lang: str) -> str:
        return card_title(card_id, lang)

    # -- moves ----------------------------------------------------------------------------------------
    def group_label(
        self, action: Action, lang: str, *, ctx: LabelContext[PCView] | None = None
    ) -> str | None:
        """A turn's action is two steps in the hand: first the card ("2. CI Is All Green · Technology +2"),
        then play / discard / place, each saying what it does."""
        view = chooser_view(ctx)
        if not isinstance(action, Play | Discard | Place) or view is None or view.pending is not None:
            return None
        hand = [h.id for h in view.hand or []]
        if action.card not in hand:
            return None
        return clip(self.card_label(action.card, lang, hand.index(action.card) + 1))

    def card_label(self, card: str, lang: str, slot: int | None = None) -> str:
        found = CARDS[card]
        cats = t(lang, f"{NS}.cat_sep").join(workplace_name(c, lang) for c in found.categories)
        text = t(
            lang, f"{NS}.label.card", name=found.name.get(lang), categories=cats, value=signed(found.value)
        )
        return t(lang, f"{NS}.label.numbered", n=slot, card=text) if slot else text

    def action_label(
        self, action: Action, lang: str, *, in_group: bool = False, ctx: LabelContext[PCView] | None = None
    ) -> str:
        view = chooser_view(ctx)
        label = self._label(action, lang, in_group, view)
        # PC-11: a play that loses the game for everyone is said so before it is chosen (a forced play at
        # die 3 is no choice to warn about).
        forced = view is not None and view.pending is not None and view.pending.kind == "forced"
        if (
            isinstance(action, Play)
            and view is not None
            and not forced
            and overflows_die(CARDS[action.card].play, view.die)
        ):
            label = t(lang, f"{NS}.label.warn_loses", move=label, die=view.die)
        return clip(label)

    def _label(self, action: Action, lang: str, in_group: bool, view: PCView | None) -> str:
        key = f"{GAME}.actions.{action.type}"
        label = f"{NS}.label"
        pending = view.pending if view is not None else None
        forced = pending is not None and pending.kind == "forced"
        match action:
            case Play(card=card):
                if forced:
                    return t(
                        lang,
                        f"{label}.play_forced",
                        card=card_title(card, lang),
                        effect=play_words(card, lang),
                    )
                if in_group:
                    return t(lang, f"{label}.play_in_group", effect=play_words(card, lang))
                return t(lang, key, card=card_title(card, lang), effect=play_words(card, lang))
            case Discard(card=card):
                if pending is not None and pending.kind == "chaos_discard":
                    return t(lang, f"{label}.discard_chaos", card=self.card_label(card, lang))
                if in_group:
                    return t(lang, f"{label}.discard_in_group")
                return t(lang, key, card=card_title(card, lang))
            case Place(card=card, workplace=workplace):
                return self._place_label(card, workplace, lang, in_group, forced, view)
            case Pay() | NoPay():
                return self._push_out_label(isinstance(action, Pay), lang, view)
            case Pick(workplace=workplace):
                return self._pick_label(workplace, lang, view)
            case CastVote(yes=yes):
                return t(lang, key if yes else f"{label}.vote_no")
            case MakeClaim() | NoClaim():
                return t(lang, key)
        return super().action_label(action, lang, in_group=in_group)

    def _place_label(
        self, card: str, workplace: str, lang: str, in_group: bool, forced: bool, view: PCView | None
    ) -> str:
        """ "Place in User: resources 1 → 3 · replaces Scope Creep (-2)": the token change the value makes
        (PC-7 C) and the card it pushes out, from the chooser's view."""
        where = workplace_name(workplace, lang)
        name = card_title(card, lang)
        if view is None:
            return t(lang, f"{NS}.label.place_plain", card=name, workplace=where)
        before = view.tokens
        after = clamp_tokens(before + CARDS[card].value)
        effect = t(lang, f"{NS}.label.tokens", before=before, after=after)
        old = view.workplaces.get(workplace)  # type: ignore[call-overload]
        if old is not None:
            effect += t(
                lang, f"{NS}.label.replaces", card=card_title(old, lang), value=signed(CARDS[old].value)
            )
        if forced:
            return t(lang, f"{NS}.label.place_forced", card=name, workplace=where, effect=effect)
        if in_group:
            return t(lang, f"{NS}.label.place_in_group", workplace=where, effect=effect)
        return t(lang, f"{GAME}.actions.place", card=name, workplace=where, effect=effect)

    def _push_out_label(self, pay: bool, lang: str, view: PCView | None) -> str:
        """What each answer costs and where the pushed-out card goes (PC-7 C)."""
        p = view.pending if view is not None else None
        if p is None or p.kind != "push_out" or p.card is None:
            return t(lang, f"{GAME}.actions.{'pay' if pay else 'no_pay'}_plain")
        name = card_title(p.card, lang)
        where = p.pay_to if pay else p.free_to
        goes = t(lang, f"{NS}.label.goes_{where}", card=name)
        if pay:
            return t(lang, f"{GAME}.actions.pay", n=p.cost, goes=goes)
        return t(lang, f"{GAME}.actions.no_pay", goes=goes)

    def _pick_label(self, workplace: str, lang: str, view: PCView | None) -> str:
        p = view.pending if view is not None else None
        card = view.workplaces.get(workplace) if view is not None else None  # type: ignore[call-overload]
        where = workplace_name(workplace, lang)
        if p is None or p.kind != "target" or card is None:
            return t(lang, f"{NS}.label.pick_plain", workplace=where)
        return t(
            lang,
            f"{NS}.label.pick_{p.effect}",
            card=card_title(card, lang),
            value=signed(CARDS[card].value),
            workplace=where,
        )

    def quick_actions(self, legal: list[Action]) -> list[Action]:
        """Every decision but the turn's own action is a row of buttons: the push-out (pay or not), the die-2
        discard, the die-3 cards one at a time, a target, a vote, a claim. The turn's action (a card, then
        play / discard / place) goes in the selects."""
        types = {a.type for a in legal}
        if types <= set(TURN_ACTIONS) and "discard" in types and types & {"play", "place"}:
            return []
        return list(legal)

    # -- the public talk buttons (PC-12) --------------------------------------------------------------
    def table_items(self, rec: GameRecord, view: PCView, lang: str) -> list[UiItem]:
        """Yes / No under a vote and Claim / Not me under a claim, on the public table message, while a
        seat played by a person still has to answer (the computer answers by itself)."""
        if not isinstance(view, PCView) or view.pending is None or view.pending.kind not in ("vote", "claim"):
            return []
        humans = {s.seat for s in rec.seats if not s.is_ai}
        if not humans & set(view.pending.seats):
            return []
        return talk_buttons(view.pending.kind, rec.id, rec.version, lang)

    def table_prompt(self, view: PCView, lang: str, names: Mapping[str, str]) -> str | None:
        """PC-12: while a vote or a claim is open, the message that pings the players names the card and
        asks its question, so the notification says what they are asked (the picture alone does not)."""
        pending = view.pending if isinstance(view, PCView) else None
        if pending is None or pending.kind not in ("vote", "claim") or pending.card is None:
            return None
        talk = talk_of(pending.card)
        if not isinstance(talk, Vote | Claim):
            return None
        return t(
            lang,
            f"{NS}.talk.ask_{pending.kind}",
            card=card_ref(pending.card, lang),
            question=talk.question.get(lang),
        )

    # -- events ---------------------------------------------------------------------------------------
    def describe_event(self, event: Event, lang: str, names: Mapping[str, str]) -> str | None:
        event = typed(event)
        player = names.get(event.seat or "", event.seat or "")
        key = f"{GAME}.events.{event.kind}"
        ns = NS
        match event:
            case TurnStarted():
                return None  # the table message's "▶ Your turn" line says it
            case CardPlayed(card=card, forced=forced):
                if talk_of(card) is not None:
                    return None  # the vote or claim it opens says it, with its question
                effect = play_words(card, lang)
                return t(
                    lang,
                    f"{ns}.played_forced" if forced else key,
                    player=player,
                    card=card_ref(card, lang),
                    effect=effect,
                )
            case CardDiscarded(card=card, reason=reason):
                return t(
                    lang,
                    key if reason == "action" else f"{ns}.discarded_chaos",
                    player=player,
                    card=card_ref(card, lang),
                )
            case CardPlaced():
                return t(
                    lang,
                    f"{ns}.placed_forced" if event.forced else key,
                    player=player,
                    card=card_ref(event.card, lang),
                    value=signed(event.value),
                    workplace=workplace_name(event.workplace, lang),
                    before=event.tokens_before,
                    after=event.tokens_after,
                )
            case CardPushedOut(card=card, how=how, to=to, paid=paid):
                return t(
                    lang,
                    f"{ns}.pushed.{how}_{to}" if how != "free" else f"{ns}.pushed.free",
                    player=player,
                    card=card_ref(card, lang),
                    n=paid,
                )
            case TokensChanged(source_card=card, before=before, after=after):
                return t(lang, key, card=card_ref(card, lang), before=before, after=after)
            case DieChanged(source_card=card, before=before, after=after, cause=cause):
                return t(lang, f"{ns}.die.{cause}", card=card_ref(card, lang), before=before, after=after)
            case ConditionChecked(source_card=card, met=met):
                return t(lang, key if met else f"{ns}.condition_not_met", card=card_ref(card, lang))
            case WorkplaceCardMoved(card=card, source_card=source, workplace=workplace, to=to):
                return t(
                    lang,
                    f"{ns}.moved_{to}",
                    source=card_ref(source, lang),
                    card=card_ref(card, lang),
                    workplace=workplace_name(workplace, lang),
                )
            case EffectNoTarget(source_card=card, effect=effect):
                return t(lang, f"{ns}.no_target_{effect}", card=card_ref(card, lang))
            case CardsRecycled(source_card=card, cards=cards, deck_count=deck):
                return t(lang, key, card=card_ref(card, lang), n=len(cards), deck=deck)
            case ChaosResolved(face=face, effect=effect):
                if effect == "calm":
                    return None  # die 0 or 1: nothing happens, the picture shows the die
                return t(lang, f"{ns}.chaos_{effect}", player=player, face=face)
            case CardDrawn(card=card):
                return t(lang, key, card=card_ref(card, lang))
            case DrawCount(cause=cause, deck_count=deck):
                if cause == "chaos":
                    return None  # the die-2 line says it
                return t(lang, key if deck else f"{ns}.drew_last", player=player, n=deck)
            case CardsRevealed(cards=cards):
                shown = self.card_list(cards, lang)
                return t(lang, key, player=player, cards=shown, n=len(cards))
            case VoteOpened(card=card):
                return self._talk_opened(key, player, card, lang)
            case VoteCast(yes=yes):
                return t(lang, key if yes else f"{ns}.vote_cast_no", player=player)
            case VoteClosed(card=card, passed=passed, no_seats=no_seats):
                vote = talk_of(card)
                outcome = (vote.yes if passed else vote.no) if isinstance(vote, Vote) else ()
                against = and_list([names.get(s, s) for s in no_seats], lang)
                return t(
                    lang,
                    key if passed else f"{ns}.vote_failed",
                    card=card_ref(card, lang),
                    against=against,
                    effect=effects_words(outcome, lang),
                )
            case ClaimOpened(card=card):
                return self._talk_opened(key, player, card, lang)
            case ClaimMade():
                return t(lang, key, player=player)
            case ClaimPassed():
                return t(lang, key, player=player)
            case ClaimClosed(card=card, claimant_seat=claimant):
                claim = talk_of(card)
                if not isinstance(claim, Claim):
                    return None
                if claimant is None:
                    return t(
                        lang,
                        f"{ns}.claim_unclaimed",
                        card=card_ref(card, lang),
                        effect=effects_words(claim.unclaimed, lang),
                    )
                return t(
                    lang,
                    key,
                    player=names.get(claimant, claimant),
                    card=card_ref(card, lang),
                    effect=effects_words(claim.claimed, lang),
                )
            case Stagnation(round=round_, before=before, after=after):
                if after is None:
                    return t(lang, f"{ns}.stagnation_lost", round=round_)
                return t(lang, key, round=round_, before=before, after=after)
            case GameWon(scenario=scenario):
                return t(lang, key, scenario=self.scenario_name(scenario, lang))
            case GameLost(reason=reason, cause_card=card):
                return t(lang, f"{ns}.lost.{reason.removeprefix('loss:')}", card=card_ref(card, lang))
        return super().describe_event(event, lang, names)

    def _talk_opened(self, key: str, player: str, card: str, lang: str) -> str:
        """ "🗳️ All agree? Alice played …: “…?” If everyone says yes: …; otherwise: …" """
        talk = talk_of(card)
        if isinstance(talk, Vote):
            yes, no = effects_words(talk.yes, lang), effects_words(talk.no, lang)
        elif isinstance(talk, Claim):
            yes, no = effects_words(talk.claimed, lang), effects_words(talk.unclaimed, lang)
        else:
            return t(lang, f"{NS}.talk_plain", player=player, card=card_ref(card, lang))
        return t(
            lang,
            key,
            player=player,
            card=card_ref(card, lang),
            question=talk.question.get(lang),
            yes=yes,
            no=no,
        )

    def card_list(self, cards: Sequence[str], lang: str) -> str:
        return and_list([card_ref(c, lang) for c in cards], lang)

    def team_result(self, outcome: Outcome, lang: str) -> str:
        """PC-11a: the project shipped or failed, for the whole team, in which scenario and why."""
        scenario = self.scenario_name(str(outcome.details.get("scenario", "")), lang)
        if outcome.winners:
            return t(lang, f"{NS}.team.won", scenario=scenario)
        reason = outcome.reason.removeprefix("loss:")
        key = f"{NS}.team.reason.{reason}"
        why = t(
            lang,
            key if has(lang, key) else f"{NS}.team.reason.other",
            card=card_ref(outcome.details.get("cause_card"), lang),
        )
        return t(lang, f"{NS}.team.lost", scenario=scenario, reason=why)

    def team_variant(self, outcome: Outcome, lang: str) -> str | None:
        """The team's record is kept per scenario (PC-11a)."""
        scenario = outcome.details.get("scenario")
        return self.scenario_name(str(scenario), lang) if scenario else None

    @staticmethod
    def scenario_name(scenario: str, lang: str) -> str:
        found = SCENARIOS.get(scenario)
        return found.name.get(lang) if found is not None else scenario

    # -- the story ------------------------------------------------------------------------------------
    def chronicle(self, events: Sequence[Event], lang: str, names: Mapping[str, str]) -> str | None:
        return chronicle(events, lang, names)
