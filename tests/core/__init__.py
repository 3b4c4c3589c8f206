"""The match contract (core/) and the cards beneath it (cards.py)."""
