"""Option tables: each game declares its options; creation validates them.

An unknown key or a value outside the allowed set raises :class:`OptionError`
naming the key and the allowed values (docs/rules/README.md §9).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from stammtisch.errors import OptionError


def _identity(value: Any) -> Any:
    return value


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"

    def __reduce__(self) -> str:
        return "REQUIRED"  # unpickles as the one sentinel


REQUIRED: Any = _Required()
"""Default of an option that must be given."""


@dataclass(frozen=True)
class OptionSpec:
    """One configuration key of a game."""

    name: str
    default: Any
    allowed: str
    """The allowed values, as the error message and ``games()`` show them."""
    accepts: Callable[[Any], bool]
    doc: str = ""
    canonical: Callable[[Any], Any] = _identity
    """The stored form of an accepted value (``30.0`` given, ``30`` kept)."""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _same(value: Any, allowed: Any) -> bool:
    """Equal and of one kind; numbers compare by value (a record may write 30 as 30.0)."""
    if isinstance(value, bool) or isinstance(allowed, bool):
        return value is allowed
    if isinstance(value, int | float) and isinstance(allowed, int | float):
        return value == allowed
    return type(value) is type(allowed) and value == allowed


# The tests below are small classes rather than closures so that options, and with
# them matches, envs and OpenSpiel states, pickle.

@dataclass(frozen=True)
class _OneOf:
    values: tuple[Any, ...]

    def __call__(self, value: Any) -> bool:
        return any(_same(value, x) for x in self.values)


@dataclass(frozen=True)
class _CanonicalOf:
    values: tuple[Any, ...]

    def __call__(self, value: Any) -> Any:
        return next(x for x in self.values if _same(value, x))


@dataclass(frozen=True)
class _Between:
    low: int
    high: int | None

    def __call__(self, value: Any) -> bool:
        return _is_int(value) and value >= self.low and (self.high is None or value <= self.high)


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _is_seat_or_random(value: Any) -> bool:
    return value == "random" or (_is_int(value) and value >= 0)


def choice(name: str, values: tuple[Any, ...], default: Any, doc: str = "") -> OptionSpec:
    allowed = ", ".join(repr(v) for v in values)
    return OptionSpec(name, default, allowed, _OneOf(values), doc, _CanonicalOf(values))


def integer(name: str, low: int, high: int | None, default: Any, doc: str = "") -> OptionSpec:
    allowed = f"an integer from {low} to {high}" if high is not None else f"an integer >= {low}"
    return OptionSpec(name, default, allowed, _Between(low, high), doc)


def boolean(name: str, default: bool, doc: str = "") -> OptionSpec:
    return OptionSpec(name, default, "true or false", _is_bool, doc)


def seat_or_random(name: str, doc: str = "") -> OptionSpec:
    return OptionSpec(name, "random", "a seat number or 'random'", _is_seat_or_random, doc)


def resolve(game: str, specs: tuple[OptionSpec, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Check ``given`` against ``specs`` and fill in the defaults."""
    by_name = {spec.name: spec for spec in specs}
    for key in given:
        if key not in by_name:
            raise OptionError(key, "one of " + ", ".join(sorted(by_name)), game=game)
    resolved: dict[str, Any] = {}
    for spec in specs:
        if spec.name in given:
            value = given[spec.name]
            if not spec.accepts(value):
                raise OptionError(spec.name, spec.allowed, value=value, game=game)
            resolved[spec.name] = spec.canonical(value)
        elif spec.required:
            raise OptionError(spec.name, f"required, {spec.allowed}", game=game)
        else:
            resolved[spec.name] = spec.default
    return resolved


def parse_value(text: str) -> Any:
    """Read an option value typed on a command line: ints, booleans, else the string."""
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(lowered)
    except ValueError:
        return text.strip().strip("\"'")
