-- A paused game night (issue 26 item 3): SQLite's 0008_night_pause.sql with the same meaning.
ALTER TABLE nights ADD COLUMN paused_left DOUBLE PRECISION;
