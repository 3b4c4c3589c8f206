"""The arena: bots against bots, its statistics and its merged runs."""
