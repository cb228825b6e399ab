-- Where a game lives and what it has published (issue 11), and the outbox (issue 16).
-- channel_id stays the place the game is played (its thread, or the channel when threads are off);
-- parent_channel_id/summary_message_id: the summary card in the channel the game was opened from.
ALTER TABLE games ADD COLUMN parent_channel_id INTEGER;
ALTER TABLE games ADD COLUMN summary_message_id INTEGER;
-- The table message being written (its id, whom it addresses, its lines) and the recent feed: kept with
-- the game so a restart continues the same message instead of starting a new one.
ALTER TABLE games ADD COLUMN feed_json TEXT NOT NULL DEFAULT '{}';
-- Why an aborted game ended: 'aborted' (host or Manage Server) or 'abandoned' (no human seated any more).
ALTER TABLE games ADD COLUMN end_reason TEXT;

-- The outbox: every change players must be told about, written in the same transaction as the change.
-- A publisher drains it in id order per game, retries with backoff, and resumes after a restart, so a
-- failed post never loses or strands a move.
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game_pk      INTEGER NOT NULL REFERENCES games (id),
    version      INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    seat         TEXT,
    payload_json TEXT    NOT NULL DEFAULT '{}',
    state_json   TEXT,
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT,
    created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    done_at      TEXT
);
CREATE INDEX outbox_pending ON outbox (game_pk, id) WHERE done_at IS NULL;
