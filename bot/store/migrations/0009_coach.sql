-- The coach (issue 27 item 4): a game played with `coach=on` shows each human player the AI's suggestion
-- under their hand. Kept on the game, so stats can mark coached games (1: on).
ALTER TABLE games ADD COLUMN coach INTEGER NOT NULL DEFAULT 0;
