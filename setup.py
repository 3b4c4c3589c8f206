"""The optional compiled core (stammtisch.native): Cython extensions, built when they can be.

``pip install`` (and ``pip install -e .``) compiles them with Cython and the C
compiler; without a compiler or Python's headers the build warns and goes on,
and stammtisch runs on its pure-Python paths (stammtisch.native says so once).
Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NATIVE = ["twister", "schnapsen_core", "schnapsen_playout", "schnapsen_solver",
          "schnauz_core", "schmier_core", "schmier_playout", "scat_core", "schnapsen_batch"]


class OptionalBuildExt(build_ext):
    """build_ext that warns and continues when an extension cannot be compiled."""

    failed: set[str] = set()

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any build failure leaves pure Python
            _warn(f"the compiled core was not built ({error}); stammtisch runs in pure Python")

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # noqa: BLE001
            self.failed.add(ext.name)
            _warn(f"{ext.name} was not built ({error}); stammtisch runs in pure Python")

    def copy_extensions_to_source(self) -> None:
        """In-place builds (``pip install -e``) copy only what was built."""
        every = self.extensions
        self.extensions = [ext for ext in every if ext.name not in self.failed]
        try:
            super().copy_extensions_to_source()
        finally:
            self.extensions = every


def _warn(message: str) -> None:
    sys.stderr.write(f"WARNING: {message}\n")


def _extensions() -> list[Extension]:
    try:
        from Cython.Build import cythonize
    except ImportError:
        _warn("Cython is missing: the compiled core is not built")
        return []
    modules = [Extension(f"stammtisch.native.{name}", [f"src/stammtisch/native/{name}.pyx"],
                         extra_compile_args=["-O2"])
               for name in NATIVE]
    try:
        return list(cythonize(modules, compiler_directives={"language_level": "3"},
                              include_path=["src"], quiet=True))
    except Exception as error:  # noqa: BLE001
        _warn(f"Cython could not translate the compiled core ({error})")
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
