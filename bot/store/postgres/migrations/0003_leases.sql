-- Leases (issue 25): SQLite's 0007_leases.sql. A process claims due timers and a game's outbox entries
-- (FOR UPDATE SKIP LOCKED) before it acts on them, so work two processes could both see is done once.
ALTER TABLE timers ADD COLUMN lease_owner TEXT;
ALTER TABLE timers ADD COLUMN lease_until DOUBLE PRECISION;
ALTER TABLE outbox ADD COLUMN lease_owner TEXT;
ALTER TABLE outbox ADD COLUMN lease_until DOUBLE PRECISION;
