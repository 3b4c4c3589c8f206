"""``stammtisch serve``: its flags reach the server, bad ones are one line; the
installed package carries every web file."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path
from typing import Any

import pytest

import stammtisch.server
from stammtisch.cli import main
from stammtisch.server.settings import WEB_DIR

ROOT = Path(__file__).resolve().parents[2]


def test_serve_passes_its_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(stammtisch.server, "serve", lambda **kwargs: seen.update(kwargs))
    assert main(["serve", "--port", "8123", "--db", "sqlite:///x.db"]) == 0
    assert seen == {"host": "127.0.0.1", "port": 8123, "db": "sqlite:///x.db"}


def test_a_bad_flag_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "eighty"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("stammtisch: ") and err.count("\n") == 1


def test_every_web_file_is_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["stammtisch"]
    package = WEB_DIR.parent
    for path in WEB_DIR.rglob("*"):
        if path.is_file():
            name = path.relative_to(package).as_posix()
            assert any(fnmatch.fnmatch(name, p) for p in patterns), name
