"""``stammtisch serve``: its flags reach the server, bad ones are one line, and so is
a database it cannot use; the installed package carries every web file."""

from __future__ import annotations

import fnmatch
import gc
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import uvicorn

import stammtisch.server
from stammtisch.cli import main
from stammtisch.server.settings import WEB_DIR
from stammtisch.server.store import Store, StoreError

ROOT = Path(__file__).resolve().parents[2]


def test_serve_passes_its_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(stammtisch.server, "serve", lambda **kwargs: seen.update(kwargs))
    assert main(["serve", "--port", "8123", "--db", "sqlite:///x.db"]) == 0
    assert seen == {"host": "127.0.0.1", "port": 8123, "db": "sqlite:///x.db", "public_url": None}


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


# --- a database the server cannot use ---------------------------------------------------------


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The servers ``main`` would have run (none is)."""
    runs: list[str] = []
    monkeypatch.setattr(uvicorn, "run", lambda *_args, **_kwargs: runs.append("run"))
    monkeypatch.setattr(gc, "freeze", lambda: None)
    return runs


def _folder(tmp_path: Path) -> tuple[str, Path]:
    (tmp_path / "tables").mkdir()
    return "sqlite:///{}", tmp_path / "tables"


def _no_folder(tmp_path: Path) -> tuple[str, Path]:
    return "sqlite:///{}", tmp_path / "nowhere" / "tables.db"


def _not_a_database(tmp_path: Path) -> tuple[str, Path]:
    path = tmp_path / "notes.db"
    path.write_bytes(bytes(range(256)) * 20)
    return "sqlite:///{}", path


def _read_only(tmp_path: Path) -> tuple[str, Path]:
    path = tmp_path / "tables.db"
    Store(f"sqlite:///{path}").dispose()
    return "sqlite:///file:{}?mode=ro&uri=true", path


@pytest.mark.parametrize(("make", "problem"), [
    (_folder, "it is a folder, not a file"),
    (_no_folder, "its folder {parent} does not exist"),
    (_not_a_database, "it is not a SQLite database"),
    (_read_only, "it is read-only, and the server writes every action"),
])
def test_a_database_the_server_cannot_use_is_one_line(
        make: Callable[[Path], tuple[str, Path]], problem: str, tmp_path: Path,
        started: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    url, path = make(tmp_path)
    assert main(["serve", "--db", url.format(path)]) == 2
    path = path.resolve()  # as named in the message
    said = problem.format(parent=path.parent)
    assert capsys.readouterr().err == f"stammtisch: cannot use the database {path}: {said}\n"
    assert started == []


def test_a_read_only_file_is_told_at_start(tmp_path: Path, started: list[str],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A file nobody may write, root included (``chattr +i``; the tests may run as root,
    whom a missing write permission does not stop)."""
    path = (tmp_path / "tables.db").resolve()
    Store(f"sqlite:///{path}").dispose()
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(path)],
                                        capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not available here (it needs root and a file system "
                    "that keeps the attribute)")
    try:
        assert main(["serve", "--db", f"sqlite:///{path}"]) == 2
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)
    assert capsys.readouterr().err == (f"stammtisch: cannot use the database {path}: it is "
                                       "read-only, and the server writes every action\n")
    assert started == []


def test_a_database_held_by_another_server_is_one_line(
        tmp_path: Path, started: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    path = (tmp_path / "tables.db").resolve()
    running = Store(f"sqlite:///{path}")
    try:
        assert main(["serve", "--db", f"sqlite:///{path}"]) == 2
    finally:
        running.dispose()
    assert capsys.readouterr().err == (f"stammtisch: another stammtisch server is using "
                                       f"{path}; stop it or use another --db\n")
    assert started == []


def test_serve_passes_the_cluster_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(stammtisch.server, "serve", lambda **kwargs: seen.update(kwargs))
    assert main(["serve", "--db", "postgresql+psycopg://db/x", "--redis", "redis://r:6379/0",
                 "--redis-prefix", "p:", "--lease", "2.5", "--bot-delay", "0"]) == 0
    assert seen["redis"] == "redis://r:6379/0" and seen["redis_prefix"] == "p:"
    assert seen["lease"] == 2.5 and seen["bot_delay"] == 0.0


@pytest.mark.parametrize("flags", [["--lease", "3"], ["--redis", "http://r"],
                                   ["--redis", "redis://r", "--lease", "0.1"]])
def test_bad_cluster_flags_are_one_line(flags: list[str],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *flags]) == 2
    err = capsys.readouterr().err
    assert err.startswith("stammtisch: ") and err.count("\n") == 1


def test_several_processes_refuse_a_sqlite_file(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="postgresql"):
        stammtisch.server.create_app(stammtisch.server.Settings(
            db_url=f"sqlite:///{tmp_path / 'x.db'}", redis="redis://127.0.0.1:6379/0"))
    Store(f"sqlite:///{tmp_path / 'x.db'}").dispose()  # the file's lock was given back


EXTRAS = ("redis", "psycopg", "pettingzoo", "gymnasium", "numpy", "open_spiel", "pyspiel",
          "ray", "matplotlib", "playwright", "httpx", "pytest", "hypothesis")
"""The modules of the optional extras (and of the tests): ``make serve`` installs none."""


def test_the_base_install_serves_a_table(tmp_path: Path) -> None:
    """``stammtisch serve`` with every extra's module hidden (as after ``make serve`` on a
    fresh clone, which installs the base only): its pages and a practice table work."""
    import httpx

    from tests.server.live import free_port

    port = free_port()
    hide = "; ".join(f"sys.modules[{name!r}] = None" for name in EXTRAS)
    script = (f"import sys; {hide}; from stammtisch.cli import main; "
              f"sys.exit(main(['serve', '--port', '{port}', "
              f"'--db', 'sqlite:///{tmp_path / 'base.db'}']))")
    server = subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.PIPE,
                              text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, server.communicate()[1]
            assert time.monotonic() < deadline, "the server did not answer"
            try:
                page = httpx.get(f"{url}/")
                break
            except httpx.TransportError:
                time.sleep(0.1)
        assert page.status_code == 200
        created = httpx.post(f"{url}/api/tables", headers={"Origin": url},
                             json={"game": "schnapsen", "seats": ["human", "club"]})
        assert created.status_code == 201, created.text
        assert httpx.get(f"{url}{created.json()['url']}").status_code == 200
    finally:
        server.terminate()
        server.wait(timeout=30)
