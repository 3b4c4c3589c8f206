"""Terminal play and replay: the screens, the input resolver and the session loop.

Rendering is pure (a view and new events in, lines out), so every screen can be
tested without a terminal; only :mod:`console` touches stdin and stdout.
"""
