"""The house without circles: stammtisch's import graph has no cycle and no arrow up.

grimp builds the graph of every import in src/stammtisch, those inside functions
(lazy imports) too. The layers, lowest first; a module may import its own layer
and those below, never one above:

1. ``errors``, ``cards``, ``i18n``: words and cards, no game.
2. ``core``: match, actions, options, records, seeded randomness.
3. ``games`` and the package's own ``stammtisch`` (``new_match``, ``replay``):
   the engines, with the Python references of the compiled core
   (games/schnapsen_sim.py, schnapsen_playout.py, schnapsen_solver.py).
4. ``text``: a game described in lines of text and typed actions read, which the
   terminal shows and the reinforcement-learning envs render.
5. ``native``: the compiled core, falling back to those references.
6. ``bots``: the computer players; bots/registry.py assembles their levels.
7. ``envs``, ``arena``, ``terminal``: the adapters to reinforcement learning (and the
   levels that play through them: envs/levels.py), the bot tournaments, the terminal
   game (siblings).
8. ``server``, ``cli``: the web server and the command line.

Siblings of one layer may import each other, except the pairs in APART: the envs
and the terminal both describe a game through ``text`` and know nothing of each other.

KNOWN names the arrows still there, each with the issue that removes it; an entry
no longer in the graph fails the test, so the list only shrinks.
"""

from __future__ import annotations

import grimp
import pytest

PACKAGE = "stammtisch"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "cards", "i18n"),
    ("core",),
    ("games", ""),
    ("text",),
    ("native",),
    ("bots",),
    ("envs", "arena", "terminal", "ratings"),
    ("server", "cli"),
)
"""Lowest first; ``""`` is the package's own module, ``stammtisch/__init__.py``."""

APART: tuple[tuple[str, str], ...] = (("envs", "terminal"),)
"""Sibling packages that import each other in neither direction."""

KNOWN: dict[tuple[str, str], str] = {
}
"""(importer, imported) -> why it is still there."""


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(PACKAGE, cache_dir=None)


def _imports(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    return {module: set(graph.find_modules_directly_imported_by(module))
            for module in graph.modules}


def _package(module: str) -> str:
    """``stammtisch.bots.registry`` -> ``bots``; ``""`` for the package's own module."""
    return module.split(".")[1] if "." in module else ""


def _layer(module: str) -> int:
    part = _package(module)
    for rank, names in enumerate(LAYERS):
        if part in names:
            return rank
    raise AssertionError(f"{module} is in no layer: add its package to LAYERS")


def _cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(imports):
        if root in index:
            continue
        work = [(root, iter(sorted(imports[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(imports[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _without_known(imports: dict[str, set[str]]) -> dict[str, set[str]]:
    return {module: {other for other in imported if (module, other) not in KNOWN}
            for module, imported in imports.items()}


def _chain(graph: grimp.ImportGraph, component: list[str]) -> str:
    """One circle through the component's first module, for the message."""
    first = component[0]
    back = min((graph.find_shortest_chain(importer=other, imported=first) or ()
                for other in graph.find_modules_directly_imported_by(first)
                if other in component), key=len, default=())
    return " -> ".join([first, *back])


def test_no_module_imports_itself_back(graph: grimp.ImportGraph) -> None:
    cycles = _cycles(_without_known(_imports(graph)))
    assert not cycles, "import circles: " + "; ".join(_chain(graph, c) for c in cycles)


def test_no_module_imports_a_higher_layer(graph: grimp.ImportGraph) -> None:
    upward = []
    for module, imported in sorted(_without_known(_imports(graph)).items()):
        for other in sorted(imported):
            if _layer(other) > _layer(module):
                details = graph.get_import_details(importer=module, imported=other)
                where = ", ".join(f"line {d['line_number']}" for d in details)
                upward.append(f"{module} -> {other} ({where})")
    assert not upward, "imports of a higher layer:\n" + "\n".join(upward)


def test_apart_siblings_import_neither_way(graph: grimp.ImportGraph) -> None:
    apart = {frozenset(pair) for pair in APART}
    across = [f"{module} -> {other}"
              for module, imported in sorted(_without_known(_imports(graph)).items())
              for other in sorted(imported)
              if _package(module) != _package(other)
              and frozenset((_package(module), _package(other))) in apart]
    assert not across, "imports between siblings kept apart:\n" + "\n".join(across)


def test_every_known_arrow_is_still_there(graph: grimp.ImportGraph) -> None:
    gone = [pair for pair in KNOWN
            if not graph.direct_import_exists(importer=pair[0], imported=pair[1])]
    assert not gone, f"no longer imported, take them off KNOWN: {gone}"


def test_the_check_sees_a_circle_and_an_arrow_up() -> None:
    imports = {"stammtisch.bots.a": {"stammtisch.bots.b"},
               "stammtisch.bots.b": {"stammtisch.bots.a"},
               "stammtisch.games.c": {"stammtisch.server.d"},
               "stammtisch.server.d": set()}
    assert _cycles(imports) == [["stammtisch.bots.a", "stammtisch.bots.b"]]
    assert _layer("stammtisch.games.c") < _layer("stammtisch.server.d")
