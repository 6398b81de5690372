"""The table options a rule set declares (``game.options``): each one's default, and a number's bounds.

An option is written short, ``rounds: 3`` (its default, which also gives its kind: a whole number,
true/false or a word), or long, ``rounds: {default: 3, min: 1, max: 20}``, where a whole number may
say the least and the most a table may choose. The short form sets no bounds: any whole number is
taken, as a rule author who wrote none would expect of a number that may well be negative (a
floor, a handicap). In a file that extends another, the short form changes only the default: a
house rule's ``rounds: 5`` keeps the parent's bounds (the loader reads it as ``{default: 5}``).

:class:`DeclaredOptions` is a mapping of the defaults (what expressions read as ``option.NAME``
when a table chooses nothing), so code that only needs the defaults reads it as before; the
bounds ride along for :func:`interpreter.tableoptions.option_problem`, which every source of a
table's choice (command line, scenario, record, state API) goes through.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from rulespec import types as T

#: A whole-number option's least and most value (None: no bound on that side).
Bounds = tuple[int | None, int | None]


class DeclaredOptions(Mapping[str, Any]):
    """The declared options' defaults by name, with the bounds of those that have any."""

    def __init__(self, defaults: Mapping[str, Any] | None = None, bounds: Mapping[str, Bounds] | None = None) -> None:
        self._defaults = dict(defaults or {})
        self.bounds: dict[str, Bounds] = {name: b for name, b in (bounds or {}).items() if b != (None, None)}

    def __getitem__(self, name: str) -> Any:
        return self._defaults[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._defaults)

    def __len__(self) -> int:
        return len(self._defaults)

    def __repr__(self) -> str:
        return f"DeclaredOptions({self._defaults!r}, bounds={self.bounds!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DeclaredOptions):
            return self._defaults == other._defaults and self.bounds == other.bounds
        # as a plain mapping it is its defaults (what ``option.NAME`` reads when a table chooses nothing)
        return isinstance(other, Mapping) and self._defaults == dict(other)

    __hash__ = None  # type: ignore[assignment]  # (a mapping: compared by value, never hashed)

    def as_written(self) -> dict[str, Any]:
        """The options as a rule file writes them: the short form, or the long one where bounds are."""
        written: dict[str, Any] = {}
        for name, default in self._defaults.items():
            low, high = self.bounds.get(name, (None, None))
            if low is None and high is None:
                written[name] = default
                continue
            written[name] = {"default": default} | ({"min": low} if low is not None else {})
            written[name] |= {"max": high} if high is not None else {}
        return written


def flat_options(written: Mapping[str, Any]) -> dict[str, Any]:
    """Options as :meth:`DeclaredOptions.as_written` gives them, one entry per fact, for comparing
    two rule sets: ``{"rounds": 3, "rounds.min": 1, "rounds.max": 20}`` (``whist diff`` then says
    "table option rounds 3 → 2" whichever form each side is written in)."""
    flat: dict[str, Any] = {}
    for name, spec in written.items():
        spec = spec if isinstance(spec, Mapping) else {"default": spec}
        flat[name] = spec.get("default")
        flat |= {f"{name}.{bound}": spec[bound] for bound in ("min", "max") if spec.get(bound) is not None}
    return flat


def option_kind(spec: Any, first: Any = None) -> type:
    """What an option holds (``int``, ``bool`` or ``str``: what expressions may do with
    ``option.NAME``): a whole number if it has bounds, whatever its default; else what its default
    was where the option was first declared (``first``, given when a later file changed the
    default), else its default's kind. A default that does not fit is one error, at the option
    (:func:`declared_options`), not also one at every expression that reads it as it was declared."""
    spec = spec if isinstance(spec, Mapping) else {"default": spec}
    if spec.get("min") is not None or spec.get("max") is not None:
        return int
    return _kind(spec.get("default") if first is None else first)


def _kind(value: Any) -> type:
    return bool if isinstance(value, bool) else int if isinstance(value, int) else str


#: The expression type of each kind of option.
OPTION_TYPES: dict[type, T.Type] = {int: T.NUMBER, bool: T.BOOL, str: T.TEXT}
#: How a message names each kind.
_KIND_WORDS = {int: "a whole number", bool: "true or false", str: "a word"}


def bounds_text(bounds: Bounds) -> str:
    """'from 1 to 20', 'of at least 1', 'of at most 20'."""
    low, high = bounds
    if low is not None and high is not None:
        return f"from {low} to {high}"
    return f"of at least {low}" if low is not None else f"of at most {high}"


def _written(value: Any) -> str:
    """A default as YAML writes it (``true``, ``'fast'``)."""
    return str(value).lower() if isinstance(value, bool) else repr(value)


def within(bounds: Bounds, value: int) -> bool:
    low, high = bounds
    return (low is None or value >= low) and (high is None or value <= high)


#: Reports a problem at a key below ``game.options`` (the builder's located ``fail``).
Fail = Callable[[tuple[Any, ...], str, "str | None"], None]
#: Of several keys, the one written last (in the file that extends the others).
Newest = Callable[[list[tuple[Any, ...]]], tuple[Any, ...]]


def declared_options(
    raw: Mapping[str, Any] | None,
    key: tuple[Any, ...],
    fail: Fail,
    newest: Newest = lambda keys: keys[0],
    first_defaults: Mapping[str, Any] | None = None,
) -> DeclaredOptions:
    """The options of a merged rule set (every one in the long form, see ``loader``), checked:
    bounds only for a whole number, the least not above the most, the default within them.

    A default outside its bounds (or not a number at all) is blamed on whichever of the two was
    written last (``newest``): a house rule that lowers the ``max`` below the parent's default is
    told so at its ``max``, one that makes the default a word at its default. ``first_defaults``:
    each option's default where it was first declared, if a later file changed it (the loader's
    ``Merged.first_defaults``): a new default of another kind is refused at that default."""
    defaults: dict[str, Any] = {}
    bounds: dict[str, Bounds] = {}
    for name, spec in (raw or {}).items():
        spec = spec if isinstance(spec, dict) else {"default": spec}
        default = spec.get("default")
        defaults[name] = default
        low, high = spec.get("min"), spec.get("max")
        if low is None and high is None:
            first = (first_defaults or {}).get(name)
            if first is not None and _kind(first) != _kind(default):  # (a house rule's new default)
                fail(
                    (*key, name, "default"),
                    f"option {name}: the default {_written(default)} is not {_KIND_WORDS[_kind(first)]}, "
                    f"as where the option is declared (default {_written(first)})",
                    "give a value of the same kind, or declare an option of your own under another name",
                )
            continue
        at = (*key, name)
        if not isinstance(default, int) or isinstance(default, bool):
            said = "min" if low is not None else "max"
            if newest([(*at, said), (*at, "default")])[-1] == "default":  # (a house rule's new default)
                written = _written(default)
                fail(
                    (*at, "default"),
                    f"option {name}: the default {written} is not a whole number, and the option has a '{said}'",
                    "give a whole number, or drop the bounds with {min: null, max: null}",
                )
            else:
                fail((*at, said), f"option {name} is not a whole number: it cannot have a '{said}'", "remove it")
            continue
        if low is not None and high is not None and low > high:
            fail(
                newest([(*at, "min"), (*at, "max")]),
                f"option {name}: its min {low} is above its max {high}",
                "a min may not be above its max",
            )
            continue
        if not within((low, high), default):
            fail(
                newest([(*at, "default"), (*at, "min" if low is not None and default < low else "max")]),
                f"option {name}: the default {default} is not a whole number {bounds_text((low, high))}",
                "change the default or the bounds",
            )
            continue
        bounds[name] = (low, high)
    return DeclaredOptions(defaults, bounds)
