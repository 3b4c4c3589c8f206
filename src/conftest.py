"""The docstring examples of src/stammtisch run as doctests (``--doctest-modules`` in
pyproject.toml). A module that needs an optional extra which is not installed is
skipped, naming the extra, instead of failing to import; with the extra it runs."""

from __future__ import annotations

from collections.abc import Generator
from fnmatch import fnmatch
from importlib.util import find_spec
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent / "stammtisch"

NEEDS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("envs/*", ("pettingzoo", "gymnasium", "numpy"), "rl"),
    ("envs/openspiel*", ("pyspiel",), "rl"),
    ("server/cluster.py", ("redis",), "cluster"),
    ("server/courier.py", ("redis",), "cluster"),
    ("server/playnow/redisboard.py", ("redis",), "cluster"),
)
"""(modules as a glob under src/stammtisch, the packages they import, their extra)."""

collect_ignore_glob = ["stammtisch/server/migrations/*"]
"""Alembic's scripts run inside a migration only (server/migrations/), never imported."""


def missing_extra(path: Path) -> str | None:
    """Why the module at ``path`` cannot run here, or None when it can."""
    if not path.is_relative_to(PACKAGE):
        return None
    module = path.relative_to(PACKAGE).as_posix()
    for pattern, packages, extra in NEEDS:
        missing = [name for name in packages if find_spec(name) is None]
        if missing and fnmatch(module, pattern):
            return f"needs {', '.join(missing)}: pip install 'stammtisch[{extra}]'"
    return None


class MissingExtra(pytest.File):
    """A module of src/stammtisch whose extra is missing: collected as one skip."""

    reason = ""

    def collect(self) -> list[pytest.Item]:
        pytest.skip(self.reason)


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Path, parent: pytest.Collector
                        ) -> Generator[None, list[pytest.Collector], list[pytest.Collector]]:
    collectors = yield
    reason = missing_extra(file_path)
    if reason is None or not collectors:
        return collectors
    skipped = MissingExtra.from_parent(parent, path=file_path)
    skipped.reason = reason
    return [skipped]
