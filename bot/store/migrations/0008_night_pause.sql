-- A paused game night (issue 26 item 3): the time its running set had left while the host pauses it. The
-- set's deadline (deadline_at) is NULL meanwhile, so the night's timer cannot fire; resuming sets it again.
ALTER TABLE nights ADD COLUMN paused_left REAL;
