-- Games: one row per table. state_json is the engine state; version rejects stale writes.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    game_id          TEXT    NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'aborted')),
    host_id          INTEGER NOT NULL,
    options_json     TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER NOT NULL,
    seats_json       TEXT    NOT NULL DEFAULT '[]',
    fixed_order      INTEGER NOT NULL DEFAULT 0,
    state_json       TEXT,
    version          INTEGER NOT NULL DEFAULT 0,
    lobby_message_id INTEGER,
    table_message_id INTEGER,
    created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- One live game per channel or thread; many per guild.
CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_guild ON games (guild_id, status);

-- The append-only action log: any game can be replayed from its seed and audited.
CREATE TABLE actions (
    game_pk     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL,
    seat        TEXT    NOT NULL,
    user_id     INTEGER,
    action_json TEXT    NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (game_pk, seq)
);

CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    locale     TEXT,
    settings_json TEXT NOT NULL DEFAULT '{}'
);

-- Finished-game results, one row per seat, for stats.
CREATE TABLE results (
    game_pk     INTEGER NOT NULL REFERENCES games (id),
    guild_id    INTEGER NOT NULL,
    game_id     TEXT    NOT NULL,
    seat        TEXT    NOT NULL,
    user_id     INTEGER,
    place       INTEGER NOT NULL,
    score       REAL    NOT NULL,
    winner      INTEGER NOT NULL,
    finished_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (game_pk, seat)
);
