"""What the study commands (``whist simulate``, ``duel``, ``balance``) share: their ``--seed``, a
progress bar while the deals are played, and the report as JSON or tables."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from rulespec import RuleError
from rulespec.locale import Texts
from whist.cliargs import SeedType
from whist.common import fail, stopped


class StudySeedType(SeedType):
    """The ``--seed`` of a study (``simulate``, ``duel``, ``balance``): a seed a game takes, and small
    enough that each of the study's games gets a seed of its own
    (:data:`interpreter.seeds.MAX_STUDY_SEED`); ``whist play --seed`` keeps the whole range."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from interpreter.seeds import study_seed_problem

        seed = super().convert(value, param, ctx)
        problem = study_seed_problem(seed)
        if problem is not None:
            self.fail(problem, param, ctx)
        return seed


STUDY_SEED = StudySeedType()


@contextmanager
def playing(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr (when it is a terminal) up to ``total`` deals; gives the function
    that moves it. What the study refuses (a ``ValueError`` or ``OSError``) and a rule's run-time
    error are errors for people; Ctrl-C stops it with status 130."""
    from rich.console import Console
    from rich.progress import Progress

    stderr = Console(stderr=True)
    try:
        with Progress(console=stderr, transient=True, disable=not stderr.is_terminal) as bar:
            task = bar.add_task("deals", total=total)
            yield lambda done: bar.update(task, completed=done)
    except RuleError as exc:  # a rule that fails at run time (in a worker too), located at its expression
        fail(str(exc))
    except (ValueError, OSError) as exc:
        fail(f"error: {exc}")
    except KeyboardInterrupt:  # the pool has stopped its workers; as ``whist simulate``: 130
        stopped()


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
    from dataclasses import replace

    from rich.markup import escape

    from rulespec.errors import shown_path
    from rulespec.titles import title_of

    rules = texts.rules
    title = shown_path(data["ruleset"]) if rules is None else title_of(rules, replace(texts, escape=None))
    return escape(title) if markup else title
