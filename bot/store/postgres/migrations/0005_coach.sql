-- The coach (issue 27 item 4): SQLite's 0008_coach.sql. 1: the game is played with `coach=on`.
ALTER TABLE games ADD COLUMN coach INTEGER NOT NULL DEFAULT 0;
