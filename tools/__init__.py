"""Tools outside the library: benchmarks and labs, run from the repository's root.

``python -m tools.bench`` (``make bench``), ``python -m tools.loadbench``
(``make bench-server``), ``python -m tools.decision_lab``, ``python -m
tools.schmier_bidding``. They import :mod:`stammtisch` like any user; nothing in the
package imports them, and they are not installed. What they found: notes/findings.md.
"""
