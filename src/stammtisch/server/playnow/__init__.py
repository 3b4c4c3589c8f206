"""Play now: people (and programs) ask for a game and a rule set, the server pairs them
by rating and fills the seats still empty after each one's wait with computer levels
(queue.py: the pairing, with no I/O; board.py and redisboard.py: where the queues live;
service.py: the process's part in running them)."""
