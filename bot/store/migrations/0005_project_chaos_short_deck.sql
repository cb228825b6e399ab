-- PC-6 (issue "Fixes found by playing every game as a new user would", item 13): every card now goes into the
-- Project Chaos deck unless the game's options say deck=short. Games stored before this migration were dealt
-- (or, for a lobby, offered) the scenario's shorter deck: they keep it, so a running game goes on as it
-- began and /game replay rebuilds every old game exactly.
UPDATE games SET options_json = json_set(options_json, '$.deck', 'short')
 WHERE game_id = 'project-chaos' AND json_extract(options_json, '$.deck') IS NULL;
