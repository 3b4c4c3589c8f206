"""Swiss tournaments: the pairing (swiss.py, pure), their tables in the database
(tables.py, store.py), what a new one may be (new.py), a round's tables (boards.py),
the runner that starts rounds and notices their ends (runner.py) and what the API shows
(view.py)."""
