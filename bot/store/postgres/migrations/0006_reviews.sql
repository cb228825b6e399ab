-- Post-game reviews (issue 27 items 2 and 3): SQLite's 0009_reviews.sql with the same meaning (BIGINT ids,
-- the JSON kept as text: it is read back whole, never queried).
CREATE TABLE reviews (
    game_pk           BIGINT  NOT NULL REFERENCES games (id),
    seat              TEXT    NOT NULL,
    review_json       TEXT    NOT NULL,
    course_json       TEXT    NOT NULL,
    settings_json     TEXT    NOT NULL,
    version           TEXT    NOT NULL,
    created_at        DOUBLE PRECISION NOT NULL,
    shared_message_id BIGINT,
    shared_at         DOUBLE PRECISION,
    PRIMARY KEY (game_pk, seat)
);
