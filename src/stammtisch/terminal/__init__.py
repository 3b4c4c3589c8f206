"""Terminal play and replay: the screens, the input resolver and the session loop.

Rendering is pure (a view and new events in, lines out) and lives in
:mod:`stammtisch.text`, which the reinforcement-learning envs render through too;
render.py, text.py, games.py, resolve.py and short_forms.py here name what it offers
under the terminal's old names. Only :mod:`console` touches stdin and stdout.
"""
