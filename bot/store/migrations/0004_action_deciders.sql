-- Who decided each move (issue "Fixes found by playing every game as a new user would", items 5 and 11).
-- decided_by: 'member' (the member in the seat), 'ai' (an AI seat of its own), 'timeout' (the AI on a member's
-- turn whose time ran out), 'auto' (the AI under /game auto), 'left' (the AI in the seat of a member who
-- left), 'away' (the AI in the seat of a member whose turns ran out three times in a row).
-- seats_json: who held every seat when the move was made (the game's seats_json then), so history and
-- replay word each move with the names of that moment and show a member a seat's private events only
-- while they held it. Rows written before this migration have NULL in both; readers fall back to the
-- game's current seats.
ALTER TABLE actions ADD COLUMN decided_by TEXT
    CHECK (decided_by IN ('member', 'ai', 'timeout', 'auto', 'left', 'away'));
ALTER TABLE actions ADD COLUMN seats_json TEXT;
