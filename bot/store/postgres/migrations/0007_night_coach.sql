-- A game night's coach (issue 27 item 4): SQLite's 0011_night_coach.sql with the same meaning.
ALTER TABLE nights ADD COLUMN coach INTEGER NOT NULL DEFAULT 1;
