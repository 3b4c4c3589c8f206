"""The HTTP routes, one module per area: pages, tables, history."""
