"""Loading one game's compiled core, with the pure-Python paths as fallback: the part
of native/scat.py, native/schnauz.py and native/schmier.py that is the same for every
game (Schnapsen's native/__init__.py came first and keeps its own).

A :class:`CompiledCore` imports its modules on first use, unless they are not built or
``STAMMTISCH_PURE_PYTHON=1`` is set; then it says why, once per process, and its game
plays on its Python paths (the same play, slower).
"""

from __future__ import annotations

import importlib
import os
import warnings
from types import ModuleType

PURE_PYTHON_VARIABLE = "STAMMTISCH_PURE_PYTHON"
"""Set to 1 to run the Python paths even where the compiled core is built."""


class CompiledCore:
    def __init__(self, game: str, *modules: str) -> None:
        self.game = game
        """The game's name as the warning says it (``Scat``)."""
        self.names = modules
        """The core's modules under stammtisch.native (``scat_core``)."""
        self._modules: tuple[ModuleType, ...] | None = None
        self._missing: str | None = None
        self._told = False

    def modules(self) -> tuple[ModuleType, ...] | None:
        """The core's modules, in the order named; None when it cannot be used."""
        if self._modules is None and self._missing is None:
            if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
                self._missing = f"{PURE_PYTHON_VARIABLE} is set"
                return None
            try:
                self._modules = tuple(importlib.import_module(f"stammtisch.native.{name}")
                                      for name in self.names)
            except ImportError as error:
                self._missing = f"the compiled core is not built ({error})"
        return self._modules

    def module(self, index: int = 0) -> ModuleType:
        """One of the core's modules; :class:`RuntimeError` saying why it cannot be used."""
        modules = self.modules()
        if modules is None:
            raise RuntimeError(f"stammtisch.native: {self._missing}")
        return modules[index]

    def available(self) -> bool:
        """Whether the compiled core is used; when not, says why once per process."""
        if self.modules() is not None:
            return True
        if not self._told:
            self._told = True
            warnings.warn(f"stammtisch.native: {self._missing}; {self.game} runs on its "
                          "pure-Python paths (slower, the same play)", RuntimeWarning,
                          stacklevel=3)
        return False

    def missing_reason(self) -> str | None:
        """Why the compiled core is not used (None when it is)."""
        return None if self.modules() is not None else self._missing
