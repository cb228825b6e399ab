-- A game night's coach (issue 27 item 4): whether its first set is played with `coach=on` (the set to learn
-- the game in, the seed's 体験プレイ); the host may turn it off in `/night new coach:`. 1: on, the default.
ALTER TABLE nights ADD COLUMN coach INTEGER NOT NULL DEFAULT 1;
