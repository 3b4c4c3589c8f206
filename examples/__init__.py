"""Example programs for bot writers (importable from the repository root:
``stammtisch arena schnapsen --players examples.greedy_bot:GreedyBot,club``)."""
