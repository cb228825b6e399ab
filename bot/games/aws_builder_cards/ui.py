"""How AWS Builder Cards reads on Discord: move labels that say what a deploy gives before it is chosen
("Deploy all (Lambda, S3): 7 credits, draw 1", offered first) and what each console slot holds, and event
lines that say which pairs formed and what they produced, ending each turn with a one-line summary.

Only wording and arrangement live here: the rules, the numbers (``preview_deploy``, in the chooser's view)
and the card names (``engines.aws_builder_cards.notation``) come from the engine. Every sentence, every
plural and every separator is a catalog entry (``i18n/games/aws-builder-cards/<lang>.toml``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bot.games.aws_builder_cards.lessons import LESSONS
from bot.games.base import GameUI, LabelContext
from bot.games.built import TeachesArchitecture
from engines.aws_builder_cards.cards import DEFAULT_DB, key_of
from engines.aws_builder_cards.events import (
    Acquired,
    ArchitectureBuilt,
    ConsoleRefilled,
    ConsoleReshuffled,
    Deployed,
    Drew,
    DrewCount,
    GameOver,
    MissionDrawn,
    MissionRevealed,
    MissionSolved,
    MovedToDeck,
    ReshuffleProposed,
    RetiredBuilder,
    RetiredOnprem,
    TurnEnded,
    TurnStarted,
    Voted,
)
from engines.aws_builder_cards.models import (
    ABView,
    Acquire,
    Deploy,
    DeployPreview,
    EndTurn,
    MoveToDeck,
    PairLine,
    ProposeReshuffle,
    Retire,
    RetireBuilder,
    SolveMission,
    Vote,
)
from engines.aws_builder_cards.notation import card_name, counted, mission_name, without_prefix
from engines.core import Action, Event
from i18n import t
from i18n.words import LABEL_LIMIT, clip, tidy

GAME = "aws-builder-cards"
_NS = "aws-builder-cards"


def plural(lang: str, key: str, n: int, **params: object) -> str:
    """A counted phrase from the catalog: ``<key>.one`` for exactly one, ``<key>.other`` otherwise (each
    language writes its own forms: "a card" / "3 cards", 「1枚」/「3枚」)."""
    return t(lang, f"{key}.{'one' if n == 1 else 'other'}", n=n, **params)


def _view(ctx: LabelContext[ABView] | None) -> ABView | None:
    return ctx.view if ctx is not None and isinstance(ctx.view, ABView) else None


class UI(TeachesArchitecture, GameUI[ABView]):
    #: "What you built" on the final message (bot.games.built)
    lessons = LESSONS

    # -- names --------------------------------------------------------------------------------------
    def card_name(self, card_id: str, lang: str, view: ABView | None = None) -> str:
        """The printed name; the chooser's view knows the cards of a custom card file too."""
        face = view.cards.get(key_of(card_id)) if view is not None else None
        if face is not None:
            return face.name.get(lang)
        if card_id.startswith("mission-"):
            return mission_name(DEFAULT_DB, card_id, lang)
        return card_name(DEFAULT_DB, card_id, lang)

    def short_name(self, card_id: str, lang: str, view: ABView | None = None) -> str:
        """ "Amazon S3" -> "S3": lists of several cards read better without the brand prefixes."""
        return without_prefix(self.card_name(card_id, lang, view))

    def card_list(
        self,
        cards: Iterable[str],
        lang: str,
        *,
        joiner: str = "plus",
        short: bool = True,
        view: ABView | None = None,
    ) -> str:
        """Names in order of first appearance, identical cards counted: "EC2 ×2 + S3 + Lambda"."""
        names = []
        for key, n in counted(cards):
            name = self.short_name(key, lang, view) if short else self.card_name(key, lang, view)
            names.append(name if n == 1 else t(lang, f"{_NS}.times", name=name, n=n))
        if not names:
            return t(lang, f"{_NS}.nothing")
        return t(lang, f"{_NS}.sep_{joiner}").join(names)

    def gives(self, credits: int, draw: int, adopt: int, lang: str) -> str:
        """What one pair adds: "+2 credits, draw 1"."""
        parts = []
        if credits:
            parts.append(plural(lang, f"{_NS}.n.plus_credits", credits))
        if draw:
            parts.append(plural(lang, f"{_NS}.n.draw", draw))
        if adopt:
            parts.append(plural(lang, f"{_NS}.n.adopt", adopt))
        return t(lang, f"{_NS}.sep_list").join(parts) or t(lang, f"{_NS}.gives_nothing")

    def totals(self, credits: int, draws: int, adoptions: int, acquisitions: int, lang: str) -> str:
        """What a turn has so far: "7 credits, draw 1, 2 acquisitions" (only non-zero extras)."""
        parts = [plural(lang, f"{_NS}.n.credits", credits)]
        if draws:
            parts.append(plural(lang, f"{_NS}.n.draw", draws))
        if adoptions:
            parts.append(plural(lang, f"{_NS}.n.adopt", adoptions))
        if acquisitions:
            parts.append(plural(lang, f"{_NS}.n.acquisitions", acquisitions))
        return t(lang, f"{_NS}.sep_list").join(parts)

    # -- moves --------------------------------------------------------------------------------------
    def action_label(
        self, action: Action, lang: str, *, in_group: bool = False, ctx: LabelContext[ABView] | None = None
    ) -> str:
        return clip(tidy(self._action_label(action, lang, _view(ctx)), lang))

    def _action_label(self, action: Action, lang: str, view: ABView | None) -> str:
        match action:
            case Deploy():
                return self.deploy_label(action, lang, view)
            case Acquire():
                return self.acquire_label(action, lang, view)
            case Vote(agree=agree):
                return t(lang, f"{GAME}.actions.vote" if agree else f"{_NS}.label.vote_no")
            case SolveMission(mission=mission):
                return t(lang, f"{GAME}.actions.solve_mission", mission=self.card_name(mission, lang))
            case Retire(card=card) | MoveToDeck(card=card) | RetireBuilder(card=card):
                return t(lang, f"{GAME}.actions.{action.type}", card=self.card_name(card, lang, view))
        return t(lang, f"{GAME}.actions.{action.type}")

    def preview_of(self, action: Deploy, view: ABView | None) -> DeployPreview | None:
        if view is None or not view.previews:
            return None
        return next((p for p in view.previews if p.matches(action)), None)

    def deploy_label(self, action: Deploy, lang: str, view: ABView | None) -> str:
        """The cards in hand order with what the deploy gives now (``preview_deploy``, from the view); the
        whole hand is "Deploy all"."""
        hand = [h.card for h in view.hand or []] if view is not None else []
        cards = [c for c in hand if c in action.cards] + [c for c in action.cards if c not in hand]
        names = self.card_list(cards, lang, joiner="list", view=view)
        whole = self.deploys_all(action, view)
        preview = self.preview_of(action, view)
        if preview is None:
            if len(cards) == 1:
                key = "deploy_keep_plain" if action.decline_sunset else None
                name = self.card_name(cards[0], lang, view)
                return t(lang, f"{_NS}.label.{key}" if key else f"{GAME}.actions.deploy", card=name)
            return t(lang, f"{_NS}.label.{'deploy_all_plain' if whole else 'deploy_some_plain'}", cards=names)
        gives = self.totals(preview.credits, preview.draws, preview.adoptions, 0, lang)
        if action.decline_sunset:
            return t(lang, f"{_NS}.label.deploy_keep", card=self.card_name(cards[0], lang, view), gives=gives)
        key = f"{_NS}.label.{'deploy_all' if whole else 'deploy_some'}"
        label = t(lang, key, cards=names, gives=gives)
        over = len(label) - LABEL_LIMIT
        if over > 0:  # the yield matters more than every name: "Deploy all (6 cards)", or cut the names
            short = (
                plural(lang, f"{_NS}.n.cards", len(cards)) if whole else names[: len(names) - over - 1] + "…"
            )
            label = t(lang, key, cards=short, gives=gives)
        return label

    def acquire_label(self, action: Acquire, lang: str, view: ABView | None) -> str:
        """The card on offer at the action's source and its cost, as the chooser's view shows them."""
        if action.source == "blind":
            return t(lang, f"{_NS}.label.acquire_blind")
        console = view.console if view is not None else None
        slot = None
        if console is not None:
            slot = console.paid_slot if action.source == "paid" else None
            if action.source == "free" and 0 <= action.slot < len(console.free_slots):
                slot = console.free_slots[action.slot]
        if console is not None and action.source == "wa" and console.wa_top is not None:
            top = console.wa_top
            face = view.cards.get(key_of(top)) if view is not None else None
            cost = console.wa_costs.get(str(face.points)) if face is not None else None
            if cost is not None:
                return t(
                    lang, f"{_NS}.label.acquire_wa", card=self.card_name(top, lang, view), cost=cost, n=cost
                )
        if slot is None or view is None:
            return t(lang, f"{_NS}.label.acquire_{action.source}_unknown", slot=action.slot + 1)
        name = self.card_name(slot.key, lang, view)
        if action.source == "free":
            return t(lang, f"{GAME}.actions.acquire", card=name, slot=action.slot + 1)
        face = view.cards.get(slot.key)
        price = face.cost if face else "?"
        return t(lang, f"{_NS}.label.acquire_paid", card=name, cost=price, n=price)

    def long_group_label(
        self, action: Action, lang: str, *, ctx: LabelContext[ABView] | None = None
    ) -> str | None:
        """A build phase too long for one select (every deploy combination of the hand): the hand's cards
        first, each then with what can be done with it (its deploys, alone or with the cards after it in
        the hand, its retirement). "Deploy all", the acquisitions and the rest stay beside the cards."""
        view = _view(ctx)
        match action:
            case Deploy(cards=cards) if not self.deploys_all(action, view):
                hand = [h.card for h in view.hand or []] if view is not None else []
                first = next((c for c in hand if c in cards), cards[0])
                return self.card_name(first, lang, view)
            case Retire(card=card) | RetireBuilder(card=card):
                return self.card_name(card, lang, view)
        return None

    @staticmethod
    def deploys_all(action: Deploy, view: ABView | None) -> bool:
        """Whether ``action`` deploys the whole hand (every card that can be deployed): "Deploy all"."""
        if view is None:
            return False
        deployable = {h.card for h in view.hand or [] if view.cards[h.key].kind != "wa"}
        return len(action.cards) > 1 and set(action.cards) == deployable

    def hand_moves(self, legal: list[Action]) -> list[Action]:
        """After the last acquisition (AB-6) nothing is left to deploy or acquire: the turn goes on only to
        its end phase (AB-7), so End turn is offered alone. A console reshuffle (AB-9) then would only
        change offers nobody can take this turn; the next player may propose it at once."""
        if any(isinstance(a, EndTurn) for a in legal) and not any(
            isinstance(a, Deploy | Acquire | Retire) for a in legal
        ):
            return [a for a in legal if not isinstance(a, ProposeReshuffle)]
        return legal

    def quick_actions(self, legal: list[Action]) -> list[Action]:
        """Buttons: answer a vote, end the turn. Deploys (the whole hand first, each with what it gives),
        purchases and retirements go in the select, labelled with names, costs and yields."""
        return [a for a in legal if isinstance(a, Vote | EndTurn)]

    # -- events -------------------------------------------------------------------------------------
    def describe_event(self, event: Event, lang: str, names: Mapping[str, str]) -> str | None:
        line = self._describe(event, lang, names)
        return None if line is None else tidy(line, lang)

    def _describe(self, event: Event, lang: str, names: Mapping[str, str]) -> str | None:
        player = names.get(event.seat or "", event.seat or "")
        key = f"{GAME}.events.{event.kind}"
        match event:
            case TurnStarted():
                return None  # the table message's "▶ Your turn" line says it
            case RetiredOnprem(card=card, proof_cards=proof):
                hand = self.card_list(proof, lang, joiner="list")
                return t(lang, key, player=player, card=self.card_name(card, lang), hand=hand)
            case Deployed(cards=cards, declined_sunset=True):
                return t(lang, f"{_NS}.deployed_kept", player=player, card=self.card_name(cards[0], lang))
            case Deployed(cards=cards):
                return t(lang, key, player=player, cards=self.card_list(cards, lang))
            case ArchitectureBuilt():
                totals = self.totals(event.credits, event.draws, event.adoptions, event.acquisitions, lang)
                return t(
                    lang, key, lines=self.architecture_lines(event.unlocked, event.lines, lang), totals=totals
                )
            case Drew(cards=cards, reason=reason):
                which = "drew_hand" if reason == "end_phase" else "drew_combo"
                return t(lang, f"{_NS}.{which}", cards=self.card_list(cards, lang, joiner="list"))
            case DrewCount(count=count, reason=reason):
                if reason == "end_phase" or not count:
                    return None
                return t(lang, key, player=player, count=plural(lang, f"{_NS}.n.cards", count))
            case Acquired():
                return self.acquired_line(event, player, lang)
            case ConsoleRefilled(cards=cards):
                return t(lang, key, cards=self.card_list(cards, lang, joiner="list", short=False))
            case ConsoleReshuffled(free_cards=free, paid_cards=paid):
                return t(lang, key, cards=self.card_list([*free, *paid], lang, joiner="list", short=False))
            case MovedToDeck(card=card) | RetiredBuilder(card=card):
                return t(lang, key, player=player, card=self.card_name(card, lang))
            case MissionRevealed(mission_card=mission) | MissionDrawn(mission_card=mission):
                return t(lang, key, player=player, mission=self.card_name(mission, lang))
            case MissionSolved(mission_card=mission, cards=cards):
                name = self.card_name(mission, lang)
                return t(lang, key, player=player, mission=name, cards=self.card_list(cards, lang))
            case ReshuffleProposed(seats=seats):
                voters = t(lang, f"{_NS}.sep_list").join(names.get(v, v) for v in seats)
                return t(lang, key, player=player, voters=voters)
            case Voted(agree=agree):
                return t(lang, key, player=player, vote=t(lang, f"{_NS}.vote_{'yes' if agree else 'no'}"))
            case TurnEnded():
                return t(lang, key, player=player, summary=self.turn_summary(event, lang))
            case GameOver(turns=turns, called=by_call):
                # GN-2: a called game ends when its round does, not when the W-A pile runs out.
                key = f"{key}_called" if by_call else key
                return t(lang, key, turns=plural(lang, f"{_NS}.n.turns", turns))
        return t(lang, key, player=player)  # last_wa_acquired, reshuffle_rejected

    def architecture_lines(self, unlocked: bool, lines: Sequence[PairLine], lang: str) -> str:
        """What the deployed cards produce together, pair by pair (the engine's best pairing)."""
        if not unlocked:
            return t(lang, f"{_NS}.not_unlocked")
        out = []
        for ln in lines:
            card = self.short_name(ln.card, lang)
            gives = self.gives(ln.credits, ln.draw, ln.adopt, lang)
            if ln.kind == "stack":
                out.append(t(lang, f"{_NS}.line_stack", card=card, n=len(ln.partner_cards) + 1, gives=gives))
            elif ln.kind in ("with", "per"):
                partners = self.card_list(
                    ln.partner_cards, lang, joiner="list" if ln.kind == "per" else "plus"
                )
                out.append(t(lang, f"{_NS}.line_{ln.kind}", card=card, partners=partners, gives=gives))
            else:
                out.append(t(lang, f"{_NS}.line_effect", card=card, gives=gives))
        return t(lang, f"{_NS}.sep_lines").join(out) if out else t(lang, f"{_NS}.no_combos")

    def acquired_line(self, event: Acquired, player: str, lang: str) -> str:
        how = t(
            lang,
            f"{_NS}.how_{event.source}",
            card=self.card_name(event.card, lang),
            slot=event.slot + 1,
            cost=plural(lang, f"{_NS}.n.credits", event.cost),
        )
        if not event.acquisitions_left:
            return t(lang, f"{GAME}.events.acquired", player=player, how=how)
        return t(
            lang,
            f"{_NS}.acquired_more",
            player=player,
            how=how,
            credits=plural(lang, f"{_NS}.n.credits", event.credits_left),
            acquisitions=plural(lang, f"{_NS}.n.acquisitions", event.acquisitions_left),
        )

    def turn_summary(self, event: TurnEnded, lang: str) -> str:
        """ "deployed S3 + Lambda + API Gateway: 6 credits, draw 1; acquired Amazon EC2" """
        parts = []
        if event.retired_card:
            parts.append(t(lang, f"{_NS}.sum_retired", card=self.card_name(event.retired_card, lang)))
        if event.deployed_cards:
            totals = self.totals(event.credits, event.draws, event.adoptions, 0, lang)
            cards = self.card_list(event.deployed_cards, lang)
            parts.append(t(lang, f"{_NS}.sum_deployed", cards=cards, totals=totals))
        else:
            parts.append(t(lang, f"{_NS}.sum_no_deploy"))
        if event.acquired_cards:
            names = self.card_list(event.acquired_cards, lang, joiner="list", short=False)
            parts.append(t(lang, f"{_NS}.sum_acquired", cards=names))
        else:
            parts.append(t(lang, f"{_NS}.sum_no_acquire"))
        if event.sunset_cards:
            parts.append(t(lang, f"{_NS}.sum_sunset", cards=self.card_list(event.sunset_cards, lang)))
        return t(lang, f"{_NS}.sep_parts").join(parts)
