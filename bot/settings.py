"""Settings from the environment or ``.env`` (see ``.env.example`` for every one)."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.shards import Shards


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(
        None, validation_alias=AliasChoices("DISCORD_TOKEN", "DECKHAND_TOKEN"), description="the bot's token"
    )
    #: A SQLite file (a path, or ``sqlite:///path``) or a PostgreSQL URL (``postgresql://user@host/db``).
    database: str = Field("data/deckhand.db", validation_alias="DECKHAND_DATABASE")
    dev_guild_id: int | None = Field(None, validation_alias="DECKHAND_DEV_GUILD_ID")
    api_base: str | None = Field(None, validation_alias="DECKHAND_API_BASE")
    ai_delay: float = Field(1.5, ge=0, le=30, validation_alias="DECKHAND_AI_DELAY")
    default_locale: str = Field("en", pattern="^(en|ja)$", validation_alias="DECKHAND_DEFAULT_LOCALE")
    #: Open lobbies one member may host from one channel at once (a server can set its own in
    #: ``/game settings lobbies:``).
    lobby_limit: int = Field(3, ge=1, le=25, validation_alias="DECKHAND_LOBBY_LIMIT")
    log_level: str = Field("INFO", validation_alias="DECKHAND_LOG_LEVEL")
    #: Processes drawing the pictures beside the bot's own (0: threads of the bot's process). A picture is
    #: mostly Python work under one interpreter lock: in a process of its own it leaves the bot's event loop
    #: free to answer clicks, and it uses a second core.
    render_workers: int = Field(1, ge=0, le=16, validation_alias="DECKHAND_RENDER_WORKERS")
    #: Processes for the analyses (post-game reviews, the coach, "Try it again"; 0: threads of the bot's
    #: process). A review is seconds of pure Python: never on the bot's event loop.
    analysis_workers: int = Field(1, ge=0, le=16, validation_alias="DECKHAND_ANALYSIS_WORKERS")
    #: Redeals of the hidden cards the coach plays each candidate move out on (``coach=on`` games, issue
    #: 27): a player waits for it, so a few (about a second of one core per suggestion at 6).
    coach_samples: int = Field(6, ge=1, le=64, validation_alias="DECKHAND_COACH_SAMPLES")
    #: Redeals a post-game review measures each decision on (unset: the analysis' own defaults,
    #: ``engines.core.analysis.AnalysisSettings``). Fewer is quicker and rougher: for tests, small machines.
    review_samples: int | None = Field(None, ge=1, le=256, validation_alias="DECKHAND_REVIEW_SAMPLES")
    #: Extra folders of games kept outside this repository, laid out like it (engines/, renderers/,
    #: bot/games/), separated by the OS path separator.
    game_paths_text: str = Field("", validation_alias="DECKHAND_GAME_PATHS")
    #: Which of Discord's shards this process connects ("0-1", "0,2"; empty: all) and how many there are
    #: (empty: as many as Discord recommends). ``python -m bot --shards --shard-count`` overrides both.
    shards_text: str = Field("", validation_alias="DECKHAND_SHARDS")
    #: PostgreSQL connections one bot process may hold (docs/scaling.md: processes × pool ≤ the server's
    #: max_connections, less what else connects).
    db_pool: int = Field(10, ge=1, le=200, validation_alias="DECKHAND_DB_POOL")
    shard_count: int | None = Field(None, ge=1, validation_alias="DECKHAND_SHARD_COUNT")
    #: How long a process's claim of due timers or of a game's outbox entries holds (seconds): after a
    #: process dies, the process that takes its shards takes its claims over once they run out.
    lease_seconds: float = Field(30.0, gt=0, le=3600, validation_alias="DECKHAND_LEASE_SECONDS")

    @property
    def shards(self) -> Shards:
        return Shards.parse(self.shards_text, self.shard_count)

    @property
    def game_paths(self) -> list[Path]:
        return [Path(p) for p in self.game_paths_text.split(os.pathsep) if p.strip()]

    @property
    def token(self) -> str | None:
        return self.discord_token.get_secret_value() if self.discord_token else None
