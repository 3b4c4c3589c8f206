"""Play, replay, hint and review at the terminal (cli.py and terminal/)."""
