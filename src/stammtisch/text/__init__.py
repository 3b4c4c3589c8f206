"""A game as text: views, events and results described in lines, and typed actions read.

The terminal's screens (stammtisch.terminal) and the reinforcement-learning envs'
``render`` (stammtisch.envs) both describe a game through this package, so it sits
above the games and below both: words and card symbols (words.py), what a renderer is
and the generic one (render.py), each game's own (schnauz.py, scat.py, schnapsen.py,
schmier.py), ``renderer(game)`` that picks one (games.py), and the reading of a typed
line as a legal action by the short forms the browser shares (resolve.py,
short_forms.py). Nothing here reads input or prints.
"""
