"""The computer players, the coach and the expert's review."""
