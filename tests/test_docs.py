"""The rules the code cites are in the repository: every reference to
``docs/rules/<file>.md`` (with a section such as ``§6.2``, a range such as ``§5-§8``,
or a heading's anchor or name) names a file and a section that exist, and no
reference to the rules outside the repository (``../shared/``, a bare
``rules/<game>.md``) is left.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
CITING = ("src", "tests", "tools", "examples", "notes", "README.md", "docs")
TEXT = {".py", ".pyx", ".pxd", ".md", ".json", ".js", ".html", ".css", ".toml", ".txt", ".cfg"}
GAME_FILES = r"(?:README|NOTATION|schnauz|scat|schnapsen|schmier)"

REFERENCE = re.compile(r"docs/rules/(?P<file>[\w.-]+\.md)(?:#(?P<anchor>[\w-]+))?")
SECTIONS = re.compile(  # right after a reference: "§6.2", "(§5-§8, §11)", "§4 and §10"
    r"\s*(?:#\s*)?\(?(?P<chain>§[\d.]+(?:\s*(?:-|–|/|,|and|or|to)\s*§[\d.]+)*)")
HEADING_NAME = re.compile(r"\s*,?\s*[\"*“](?P<name>[A-Za-z][^\"*”\n]*)[\"*”]")
OUTSIDE = re.compile(  # written so that this file does not match itself
    r"\.\./shared/|(?<![\w/.-])shared/rules|(?<![\w/.-])rules/" + GAME_FILES + r"\.md")
MARKDOWN_LINK = re.compile(r"\]\((?P<target>[^)#\s]+)(?:#[^)]*)?\)")


def citing_files() -> Iterator[Path]:
    for top in CITING:
        start = ROOT / top
        if start.is_file():
            yield start
            continue
        for path in sorted(start.rglob("*")):
            parts = path.relative_to(ROOT).parts
            if any(p.startswith(".") or p == "__pycache__" or p.endswith(".egg-info")
                   for p in parts):
                continue
            if path.is_file() and path.suffix in TEXT:
                yield path


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return kept.replace(" ", "-")


def outline(rules_file: Path) -> tuple[set[str], set[str], list[str]]:
    """A rules file's section numbers (headings, and the numbered steps under a
    numbered heading: §5.4 is step 4 of §5), its anchors and its heading texts."""
    numbers: set[str] = set()
    anchors: set[str] = set()
    headings: list[str] = []
    current: str | None = None
    for line in rules_file.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#{1,6}\s+(.*)", line)
        if heading:
            text = heading.group(1)
            headings.append(text)
            anchors.add(slug(text))
            number = re.match(r"(\d+(?:\.\d+)*)\.?\s", text)
            current = number.group(1) if number else None
            if current:
                numbers.add(current)
            continue
        step = re.match(r"(\d+)\.\s", line)
        if step and current and "." not in current:
            numbers.add(f"{current}.{step.group(1)}")
    return numbers, anchors, headings


OUTLINES = {path.name: outline(path) for path in sorted(RULES.glob("*.md"))}


def references() -> Iterator[tuple[str, str]]:
    """(where, problem or "") for every docs/rules reference in the citing files."""
    for path in citing_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for found in REFERENCE.finditer(text):
            line = text.count("\n", 0, found.start()) + 1
            where = f"{path.relative_to(ROOT)}:{line}: {found.group(0)}"
            name = found.group("file")
            if name not in OUTLINES:
                yield where, f"docs/rules/{name} does not exist"
                continue
            numbers, anchors, headings = OUTLINES[name]
            anchor = found.group("anchor")
            if anchor and anchor not in anchors:
                yield where, f"no heading of {name} has the anchor #{anchor}"
                continue
            tail = text[found.end():found.end() + 200]
            chain = SECTIONS.match(tail)
            cited = re.findall(r"§([\d.]*\d)", chain.group("chain")) if chain else []
            missing = [n for n in cited if n not in numbers]
            if missing:
                yield where, f"{name} has no section " + ", ".join(f"§{n}" for n in missing)
                continue
            heading = None if chain or anchor else HEADING_NAME.match(tail)
            if heading and not any(heading.group("name").lower() in h.lower()
                                   for h in headings):
                yield where, f"{name} has no heading {heading.group('name')!r}"
                continue
            yield where, ""


def test_the_rules_files_are_there() -> None:
    expected = {"README.md", "NOTATION.md", "schnauz.md", "scat.md", "schnapsen.md",
                "schmier.md"}
    assert expected <= set(OUTLINES), sorted(expected - set(OUTLINES))
    assert (ROOT / "docs" / "README.md").is_file()


def test_every_game_file_has_its_clarifications_last() -> None:
    for name in ("schnauz.md", "scat.md", "schnapsen.md", "schmier.md"):
        last = OUTLINES[name][2][-1]
        assert last.split(". ", 1)[1].startswith("Clarifications"), (name, last)


def test_every_reference_to_docs_rules_names_a_file_and_section_that_exist() -> None:
    found = list(references())
    assert found, "no reference to docs/rules/ at all"
    broken = [f"{where}  ({problem})" for where, problem in found if problem]
    assert not broken, "\n".join(broken)


def test_the_sections_a_reference_names_are_checked() -> None:
    numbers, anchors, headings = OUTLINES["schnapsen.md"]
    assert {"8.3", "5.4", "14"} <= numbers and "15" not in numbers
    assert "14-clarifications-binding-they-settle-points-the-sections-above-leave-open" \
        in anchors
    chain = SECTIONS.match(" §5-§8, §11).")
    assert chain and re.findall(r"§([\d.]*\d)", chain.group("chain")) == ["5", "8", "11"]


def test_links_inside_docs_lead_to_files_that_exist() -> None:
    broken = []
    for path in sorted((ROOT / "docs").rglob("*.md")):
        for link in MARKDOWN_LINK.finditer(path.read_text(encoding="utf-8")):
            target = link.group("target")
            if "://" not in target and not (path.parent / target).exists():
                broken.append(f"{path.relative_to(ROOT)}: {target}")
    assert not broken, broken


@pytest.mark.parametrize("top", [t for t in CITING if t != "docs"])
def test_no_reference_to_the_rules_outside_the_repository_is_left(top: str) -> None:
    """Fails until /tmp/point_references.py has pointed the references at docs/rules/."""
    here = Path(__file__).resolve()
    left = []
    for path in citing_files():
        if path == here or path.relative_to(ROOT).parts[0] != top:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8",
                                                     errors="replace").splitlines(), 1):
            if OUTSIDE.search(line):
                left.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not left, "point these at docs/rules/:\n" + "\n".join(left)
