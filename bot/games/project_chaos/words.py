"""Project Chaos's words that more than one module says: card names as messages show them, workplaces, the
catalog's own list joining, the talk effect of a card (PC-12), and events read back as the game's own types.
Shared by the UI (``bot.games.project_chaos.ui``), the story (``…story``) and the cog."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import TypeAdapter, ValidationError

from engines.core import Event
from engines.project_chaos.cards import CARDS, CATEGORY_NAMES, Claim, Effect, Vote
from engines.project_chaos.events import PCEvent
from engines.project_chaos.events import __name__ as EVENTS_MODULE
from engines.project_chaos.text import effects_text, play_text
from i18n import t

GAME = "project-chaos"
#: the catalog namespace of this game's own strings (``i18n/games/project-chaos/<lang>.toml``)
NS = GAME
#: the moves of a turn's action (PC-7): chosen in the hand's selects, card first
TURN_ACTIONS = ("play", "discard", "place")


def card_title(card: str, lang: str) -> str:
    """A card's printed name, plain (for labels)."""
    found = CARDS.get(card)
    return found.name.get(lang) if found is not None else card


def card_ref(card: str | None, lang: str) -> str:
    """A card's name as a message shows it (bold in English, 「」 in Japanese)."""
    return t(lang, f"{NS}.card", name=card_title(card or "", lang))


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def workplace_name(category: str, lang: str) -> str:
    found = CATEGORY_NAMES.get(category)  # type: ignore[call-overload]
    return found.get(lang) if found is not None else category


def effects_words(effects: Sequence[Effect], lang: str) -> str:
    """What a list of effects does ("Chaos die -1, then resources +1."), or "nothing happens"."""
    if not effects:
        return t(lang, f"{NS}.nothing_happens")
    return effects_text(effects).get(lang)


def and_list(items: Sequence[str], lang: str) -> str:
    """ "A", "A and B", "A, B and C" (the catalog joins, each language its own way)."""
    if len(items) <= 1:
        return "".join(items)
    return t(lang, f"{NS}.list", rest=t(lang, f"{NS}.sep").join(items[:-1]), last=items[-1])


def talk_of(card: str) -> Vote | Claim | None:
    """The card's talk effect (PC-12), if it has one."""
    found = CARDS.get(card)
    for effect in found.play if found is not None else ():
        if isinstance(effect, Vote | Claim):
            return effect
    return None


def play_words(card: str, lang: str) -> str:
    """A card's play effect, short enough for a label: a talk card says what it asks."""
    talk = talk_of(card)
    if isinstance(talk, Vote):
        return t(lang, f"{NS}.label.vote_effect", question=talk.question.get(lang))
    if isinstance(talk, Claim):
        return t(lang, f"{NS}.label.claim_effect", question=talk.question.get(lang))
    text = play_text(CARDS[card]) if card in CARDS else None
    return text.get(lang) if text is not None else t(lang, f"{NS}.no_play_effect")


_EVENTS: TypeAdapter[PCEvent] = TypeAdapter(PCEvent)


def typed(event: Event) -> Event:
    """The game's own event class for an event read back without it (the table's outbox stores events as
    JSON), so every sentence reads typed fields; an event of no known kind stays as it is."""
    if type(event).__module__ == EVENTS_MODULE:
        return event
    try:
        found: Event = _EVENTS.validate_python(event.model_dump(mode="json"))
    except ValidationError:
        return event
    return found
