-- Post-game reviews (issue 27 items 2 and 3): a seat's review, computed once in an analysis process and kept,
-- so asking again is instant. review_json is engines.core.analysis.SeatReview, course_json its Course (every
-- seat's expected result over the moves, as the seat saw it); settings_json and version say how it was
-- computed (a review of other settings or an older version is computed again). shared_message_id: the
-- message in the game's thread where the player shared it (NULL: never shared; nothing hidden is public).
CREATE TABLE reviews (
    game_pk           INTEGER NOT NULL REFERENCES games (id),
    seat              TEXT    NOT NULL,
    review_json       TEXT    NOT NULL,
    course_json       TEXT    NOT NULL,
    settings_json     TEXT    NOT NULL,
    version           TEXT    NOT NULL,
    created_at        REAL    NOT NULL,
    shared_message_id INTEGER,
    shared_at         REAL,
    PRIMARY KEY (game_pk, seat)
);
