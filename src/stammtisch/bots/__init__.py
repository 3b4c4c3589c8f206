"""Computer players. A bot sees a seat's view, never the full state."""
