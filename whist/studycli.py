"""What the study commands (``whist simulate``, ``duel``, ``balance``) share: a progress bar while
the deals are played, the report as JSON or tables, and which table options a winning variant reads.
(Their ``--seed`` is :data:`whist.cliargs.STUDY_SEED`.)"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import click

from rulespec import RuleError
from rulespec.locale import Texts
from whist.common import fail, said, stopped

if TYPE_CHECKING:
    from rulespec.model import RuleSet


@contextmanager
def playing(total: int, texts: Texts) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr (when it is a terminal) up to ``total`` deals, its word in the
    language of ``texts`` (shown through rich: escaped as markup); gives the function
    that moves it. What the study refuses (a ``ValueError`` or ``OSError``) and a rule's run-time
    error are errors for people; Ctrl-C stops it with status 130."""
    from rich.console import Console
    from rich.progress import Progress

    stderr = Console(stderr=True)
    try:
        with Progress(console=stderr, transient=True, disable=not stderr.is_terminal) as bar:
            task = bar.add_task(texts.label("progress_deals"), total=total)
            yield lambda done: bar.update(task, completed=done)
    except RuleError as exc:  # a rule that fails at run time (in a worker too), located at its expression
        fail(said(exc))
    except (ValueError, OSError) as exc:
        fail(f"error: {said(exc)}")
    except KeyboardInterrupt:  # the pool has stopped its workers; as ``whist simulate``: 130
        stopped(texts)


def report(data: dict[str, Any], as_json: bool, shown: Callable[[], Iterable[Any]]) -> None:
    """The study's data as one JSON document, or what ``shown`` gives (tables, lines) on the terminal."""
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    from rich.console import Console  # imported when a table is printed: a JSON run needs none of rich

    console = Console()
    for item in shown():
        console.print(sentence(item, console.width) if isinstance(item, str) else item)


def sentence(line: str, width: int) -> Any:
    """A line of text (rich markup) wrapped at spaces but never at a no-break space (``95\u00a0%``).

    Rich breaks lines at any Unicode space, the no-break one too; :mod:`textwrap` breaks only at
    ASCII whitespace, so the labels' no-break spaces keep a number with its unit.
    """
    from rich.text import Text

    plain = Text.from_markup(line).plain
    return Text("\n".join(textwrap.wrap(plain, width, break_on_hyphens=False)) or plain, no_wrap=True)


def study_title(data: dict[str, Any], texts: Texts, markup: bool = True) -> str:
    """The rule set a study played, as ``whist simulate`` names it ("Combo Whist 1.5.1", a house
    rule's "Combo Whist (my-club) 1.5.1+my.1"): the argument as typed (a bundled name,
    "my-club/rules.yaml") named a path, not the game. ``markup``: escaped for rich (a chart's is not)."""

    from rich.markup import escape

    from rulespec.errors import shown_path
    from rulespec.titles import title_of

    rules = texts.rules
    title = shown_path(data["ruleset"]) if rules is None else title_of(rules, replace(texts, escape=None))
    return escape(title) if markup else title


def options_read(value: Any, seen: set[int] | None = None) -> set[str]:
    """The table options (``option.NAME``) the expressions in ``value`` read — a rule set, a part of
    one, an expression — found by walking the model's dataclasses, mappings and sequences."""
    from dataclasses import fields, is_dataclass

    from rulespec.compiled import Expression

    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, str | int | float | bool | type(None)):
        return set()
    seen.add(id(value))
    if isinstance(value, Expression):
        return _options_of(value.node) if value.node is not None else set()
    if is_dataclass(value) and not isinstance(value, type):
        parts: Iterable[Any] = (getattr(value, f.name) for f in fields(value))
    elif isinstance(value, Mapping):
        parts = value.values()
    elif isinstance(value, list | tuple | set | frozenset):
        parts = value
    else:
        return set()
    return {name for part in parts for name in options_read(part, seen)}


def _options_of(node: Any) -> set[str]:
    found = {str(node.value)} if node.kind == "attribute" and _is_name(node.children[0], "option") else set()
    return found.union(*(_options_of(child) for child in node.children))


def _is_name(node: Any, name: str) -> bool:
    return bool(node.kind == "name" and node.value == name)


def variant_option_problem(rules: RuleSet, variant: str | None, options: Mapping[str, Any]) -> str | None:
    """Why ``options`` do not fit the winning ``variant`` played (None: they do): an option read only
    by other variants' rules would be set and never read (``--option rounds=1`` under ``classic``)."""
    winning = rules.game.winning
    if winning is None or not options:
        return None
    chosen = variant or winning.default
    by_variant = {name: options_read(v) for name, v in winning.variants.items()}
    elsewhere = options_read(replace(rules, game=replace(rules.game, winning=None)))
    for name in options:
        readers = [v for v, read in by_variant.items() if name in read]
        if name not in elsewhere and readers and chosen not in readers:
            return (
                f"{name} is read only by the {' and '.join(readers)} variant of {rules.name}, "
                f"not by {chosen}, the one played (choose it with --variant {readers[0]})"
            )
    return None
