-- Async play (issue 12): turn clocks, their timers, members' notification settings, rematches.
-- The game's clock in seconds per turn (0: off), chosen in the lobby (`clock=24h`).
ALTER TABLE games ADD COLUMN clock INTEGER NOT NULL DEFAULT 0;
-- Every seat's reserve and timeouts in a row, and the turns running now (bot.table.clock.ClockState).
-- Written in the same transaction as the change of the game that started or ended a turn.
ALTER TABLE games ADD COLUMN clock_json TEXT NOT NULL DEFAULT '{}';
-- The finished game a lobby is the rematch of (one live rematch per game).
ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);
CREATE INDEX games_rematch_of ON games (rematch_of) WHERE rematch_of IS NOT NULL;

-- Reminders and deadlines, fired by the scheduler's loop when due. A timer belongs to one turn of one seat
-- (version: the game's version when that turn began); it is done once it fired, was skipped, or its turn
-- ended, and that is written in the same transaction as what it did, so nothing fires twice.
CREATE TABLE timers (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_pk    INTEGER NOT NULL REFERENCES games (id),
    seat       TEXT    NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('half', 'near', 'timeout')),
    due_at     REAL    NOT NULL,
    version    INTEGER NOT NULL,
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    done_at    TEXT,
    outcome    TEXT CHECK (outcome IN ('fired', 'skipped', 'cancelled'))
);
CREATE INDEX timers_due ON timers (due_at) WHERE done_at IS NULL;
CREATE INDEX timers_pending_by_game ON timers (game_pk, seat) WHERE done_at IS NULL;

-- A member's own settings (`/game notify dm:on`), with the language their DMs are written in.
CREATE TABLE member_settings (
    user_id INTEGER PRIMARY KEY,
    dm      INTEGER NOT NULL DEFAULT 0,
    locale  TEXT
);
