-- Game nights (issue 26, rules/game-night.md): a night of several tables in timed sets. Times are Unix
-- seconds from the bot's clock (the same clock as the turn timers), so tests and the sandbox move them.
CREATE TABLE nights (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id          INTEGER NOT NULL,
    channel_id        INTEGER NOT NULL,
    host_id           INTEGER NOT NULL,
    game_id           TEXT    NOT NULL,
    sets              INTEGER NOT NULL,
    minutes           INTEGER NOT NULL,
    table_size        INTEGER,
    ai_fill           INTEGER NOT NULL DEFAULT 1,
    starts_at         REAL,
    status            TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'playing', 'between', 'ended')),
    current_set       INTEGER NOT NULL DEFAULT 0,
    seed              INTEGER NOT NULL,
    signup_message_id INTEGER,
    event_id          INTEGER,
    -- The running set's deadline: a timer kept on the night, fired once by the night's loop (then NULL).
    deadline_at       REAL,
    version           INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX nights_live_in ON nights (channel_id) WHERE status <> 'ended';
CREATE INDEX nights_deadline ON nights (deadline_at) WHERE deadline_at IS NOT NULL;

-- Who signed up; left_at set when they left (a member who comes back is signed up again).
CREATE TABLE night_signups (
    night_pk  INTEGER NOT NULL REFERENCES nights (id),
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    joined_at REAL    NOT NULL,
    left_at   REAL,
    PRIMARY KEY (night_pk, user_id)
);

-- Each set's tables: the game played there and the members seated (JSON list, null for an AI seat).
CREATE TABLE night_tables (
    night_pk     INTEGER NOT NULL REFERENCES nights (id),
    set_no       INTEGER NOT NULL,
    table_no     INTEGER NOT NULL,
    game_pk      INTEGER NOT NULL REFERENCES games (id),
    members_json TEXT    NOT NULL,
    PRIMARY KEY (night_pk, set_no, table_no)
);
CREATE INDEX night_tables_game ON night_tables (game_pk);

-- What a member wrote they learned in a set (one to three lines).
CREATE TABLE night_reflections (
    night_pk INTEGER NOT NULL REFERENCES nights (id),
    set_no   INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    text     TEXT    NOT NULL,
    PRIMARY KEY (night_pk, set_no, user_id)
);
