"""The README's Python examples run as doctests: what it shows is what the package does."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def test_the_readmes_python_examples_run() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = list(BLOCK.finditer(text))
    assert blocks, "README.md has no ```python block to run"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    names: dict[str, object] = {}  # shared: a later block may use an earlier one's names
    report: list[str] = []
    for block in blocks:
        line = text.count("\n", 0, block.start(1))
        test = parser.get_doctest(block.group(1), names, "README.md", str(README), line)
        assert test.examples, f"README.md line {line + 1}: a python block with no >>> example"
        runner.run(test, out=report.append, clear_globs=False)
        names.update(test.globs)  # get_doctest ran on a copy of them
    assert runner.failures == 0, "".join(report)
