"""Records of game nights (issue 26, rules/game-night.md): plain data the store reads and writes; the night
service (``bot.night``) owns what they mean."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel


class NightStatus(StrEnum):
    #: taking sign-ups, no set played yet
    OPEN = "open"
    #: a set is running (``current_set``), its deadline in ``deadline_at`` until it fires
    PLAYING = "playing"
    #: a set is over, the next one waits for the host
    BETWEEN = "between"
    ENDED = "ended"

    @property
    def live(self) -> bool:
        return self is not NightStatus.ENDED


class NightRecord(BaseModel):
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    game_id: str
    sets: int
    minutes: int
    #: the largest table the host wants (``None``: the game's own maximum)
    table_size: int | None = None
    #: GN-7: AI seats may fill a table short of the game's minimum
    ai_fill: bool = True
    #: the first set is played with the coach (issue 27 item 4; the host's ``/night new coach:``)
    coach: bool = True
    #: the announced start, Unix seconds (``None``: when the host says)
    starts_at: float | None = None
    status: NightStatus = NightStatus.OPEN
    #: the set running or last played (0: none yet)
    current_set: int = 0
    seed: int
    signup_message_id: int | None = None
    #: the Discord scheduled event shown in the server's calendar, when the bot could make one
    event_id: int | None = None
    #: the running set's deadline (Unix seconds), a timer the night's loop fires once
    deadline_at: float | None = None
    #: while the host has paused the running set: the time it had left (seconds); ``deadline_at`` is then
    #: ``None``, so the deadline cannot fire, and resuming sets it to now plus this
    paused_left: float | None = None
    version: int = 0

    @property
    def paused(self) -> bool:
        return self.paused_left is not None


class SignUp(BaseModel):
    user_id: int
    name: str
    joined_at: float
    left_at: float | None = None

    @property
    def active(self) -> bool:
        return self.left_at is None


class NightTable(BaseModel):
    """One table of one set: its game and who was seated (``None``: an AI seat)."""

    set_no: int
    table_no: int
    game_pk: int
    members: list[int | None]


class Reflection(BaseModel):
    set_no: int
    user_id: int
    text: str
