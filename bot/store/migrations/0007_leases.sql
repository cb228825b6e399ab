-- Leases (issue 25): a process claims due timers and a game's outbox entries before it acts on them, so that
-- when two processes could both see them (one died and another took its shards, or a re-shard overlaps) the
-- work is done once. lease_until is Unix seconds; an expired lease is taken over by whoever claims next.
ALTER TABLE timers ADD COLUMN lease_owner TEXT;
ALTER TABLE timers ADD COLUMN lease_until REAL;
ALTER TABLE outbox ADD COLUMN lease_owner TEXT;
ALTER TABLE outbox ADD COLUMN lease_until REAL;
