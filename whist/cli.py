"""The ``whist`` command.

Every problem the user can fix (a broken rule file) is printed as ``file:line:col: message``
with the source line and a caret, and exits with status 1 — never a traceback. A bad argument
or option is a usage error: a message with a hint, and exit status 2 (click's convention).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from rulespec import RuleError, load_ruleset
from rulespec.errors import shown_path
from whist.cliargs import (
    AGENTS_HELP,
    DEFAULT_RULESET,
    STUDY_SEED,
    check_agent,
    check_variant,
    lang_option,
    parse_options,
    players_for,
    players_option,
)
from whist.commands import LAZY_COMMANDS, LazyGroup
from whist.common import fail as _fail
from whist.common import note_missing, said, stopped
from whist.common import rules_or_fail as _rules_or_fail
from whist.common import texts_or_fail as _texts
from whist.output import run_safely

if TYPE_CHECKING:
    pass

# Only click is imported for `whist --help`: rich, the rule model, lark and jsonschema are imported
# by the commands that use them; the other modules' commands are imported when they run.


@click.group(cls=LazyGroup, lazy=LAZY_COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="whist-rules", prog_name="whist")
@click.option(
    "--allow-path",
    "allow_paths",
    multiple=True,
    metavar="DIR",
    help="Let paths written in files (extends:, a save's rule set) lead under DIR too.",
)
def cli(allow_paths: tuple[str, ...] = ()) -> None:
    """Card-game rules as data: check, show and play rule sets.

    \b
    Example:
      whist show combo-whist --lang sv
    """
    from rulespec.paths import allow

    allow(allow_paths)


@cli.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document: each path, ok or its error.")
def check(paths: tuple[str, ...], as_json: bool) -> None:
    """Validate rule sets (bundled names, files or folders). Exit 0 when all are valid.

    \b
    Example:
      whist check my-club/house.yaml
    """
    from rulespec.localecheck import locale_report

    failed = False
    results: list[dict[str, object]] = []
    for path in paths:
        try:
            rules = load_ruleset(path)
        except RuleError as exc:
            results.append({"path": path, "ok": False, **_failure_data(exc)})
            if not as_json:
                click.echo(str(exc), err=True)
            failed = True
            continue
        problems, gaps = locale_report(rules)
        if problems:
            results.append({"path": path, "ok": False, "errors": [_error_data(e) for e in problems]})
            if not as_json:
                click.echo("\n".join(str(e) for e in problems), err=True)
            failed = True
            continue
        counts = {"standard_bids": len(rules.standard_bids), "special_bids": len(rules.special_bids)}
        results.append({"path": path, "ok": True, "ruleset": rules.id, **counts, "warnings": [str(g) for g in gaps]})
        if not as_json:
            for gap in gaps:
                click.echo(f"warning: {gap}", err=True)
            # (a game without an auction plays kinds of hand: nobody bids them)
            told = f"{counts['standard_bids']} standard and {counts['special_bids']} special bids"
            if rules.game.auction is None and not counts["special_bids"]:
                told = f"{counts['standard_bids']} kinds of hand"
            click.echo(f"{shown_path(path)}: ok ({rules.id}: {told})")
    if as_json:
        click.echo(json.dumps(results, indent=2, ensure_ascii=False))
    sys.exit(1 if failed else 0)


def _failure_data(exc: RuleError) -> dict[str, object]:
    """A failed load as JSON: ``error`` the first problem, ``errors`` every one (as the text lists them)."""
    errors = [_error_data(e) for e in getattr(exc, "errors", [exc])]
    return {"error": errors[0], "errors": errors}


def _error_data(exc: RuleError) -> dict[str, object]:
    """A rule error as JSON: where, what, and the hint."""
    pos = exc.position
    return {
        "file": pos.path if pos else None,
        "line": pos.line if pos else None,
        "column": pos.column if pos else None,
        "message": exc.message,
        "hint": exc.hint,
    }


@cli.command()
@click.argument("ruleset", default=DEFAULT_RULESET)
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--ids", is_flag=True, help="Show each bid's id (what rule files and --bids name it by).")
@lang_option()
def show(ruleset: str, fmt: str, lang: str | None, ids: bool) -> None:
    """Print a resolved rule set: its bid tables, or the whole set as JSON.

    \b
    Example:
      whist show combo-whist@1.0.0 --lang sv --ids
    """
    from rich.console import Console
    from rich.markup import escape as rich_escape

    from rulespec.export import ruleset_to_data
    from rulespec.titles import title_of
    from whist.tables import bid_tables

    try:
        rules = load_ruleset(ruleset)
    except RuleError as exc:
        _fail(str(exc))
    if fmt == "json":
        click.echo(json.dumps(ruleset_to_data(rules), indent=2, ensure_ascii=False))
        return
    texts = _texts(rules, lang, rich_escape)  # shown through rich: a text's brackets are not markup
    console = Console()
    console.print(f"[bold]{title_of(rules, texts, version=False)}[/bold] {rich_escape(rules.version)}")
    for table in bid_tables(rules, texts, ids=ids):
        console.print(table)
    if not rules.special_bids and rules.game.auction is not None:  # (an empty table would say nothing)
        console.print(texts.label("no_special_bids"))
    note_missing(texts, ruleset=ruleset)


@cli.command()
@click.argument("file", type=click.Path())  # (a folder, as a missing file, is a problem with the file: exit 1)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document: the file and its differences.")
def replay(file: str, as_json: bool) -> None:
    """Re-execute a game record (JSON) or a scenario (YAML) and report any difference.

    \b
    Example:
      whist replay whist-save.json
      whist replay tests/scenarios/trump-basic.yaml
    """
    from interpreter.records import read_record
    from interpreter.records import replay as replay_record
    from interpreter.scenario import check_scenario, load_scenario

    path = Path(file)
    try:
        if path.suffix in (".yaml", ".yml"):
            problems = check_scenario(load_scenario(path), path.parent)
        else:
            problems = replay_record(read_record(path), path)
    except RuleError as exc:
        if as_json:
            click.echo(json.dumps({"file": file, "ok": False, **_failure_data(exc)}, indent=2))
            sys.exit(1)
        _fail(str(exc))
    if as_json:
        data = {"file": file, "ok": not problems, "differences": [str(p) for p in problems]}
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        sys.exit(1 if problems else 0)
    if problems:
        click.echo(f"{file}: {len(problems)} difference(s)", err=True)
        for problem in problems:  # (one told at its place has its line, a caret and a hint under it)
            click.echo("  " + problem.replace("\n", "\n  "), err=True)
        sys.exit(1)
    click.echo(f"{file}: replayed, no difference")


@cli.command()
@click.argument("ruleset", default=DEFAULT_RULESET)
@click.option("--games", type=click.IntRange(1, 1_000_000), default=100, show_default=True)
@click.option("--seed", type=STUDY_SEED, default=1, show_default=True)
@click.option("--agents", "agent_kind", default="random", show_default=True, help=AGENTS_HELP)
@players_option()
@click.option("--variant", default=None, help="Winning variant (default: the rule set's).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A table option, e.g. rounds=5.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON document.")
@click.option("--jobs", type=click.IntRange(1, 256), default=None, help="Processes (default: every core).")
@lang_option()
def simulate(
    ruleset: str,
    games: int,
    seed: int,
    agent_kind: str,
    players: int | None,
    variant: str | None,
    option_pairs: tuple[str, ...],
    as_json: bool,
    jobs: int | None,
    lang: str | None,
) -> None:
    """Agents play many games; print winners, speed, and how often each bid is bid and completed.

    \b
    Example:
      whist simulate --games 200 --agents heuristic --jobs 2
      whist simulate --games 200 --agents heuristic/random/random/random
    """
    from rich.console import Console
    from rich.markup import escape as rich_escape
    from rich.progress import Progress

    from interpreter.parallel import simulate_on_cores
    from interpreter.seating import is_list
    from whist.studycli import variant_option_problem
    from whist.tables import simulation_tables

    rules = _rules_or_fail(ruleset)
    players = players_for(rules, players)
    check_variant(rules, variant)
    seats = check_agent(agent_kind, "'--agents'", players, rules=rules)  # a usage error here, before any process starts
    options = parse_options(option_pairs, rules)
    problem = variant_option_problem(rules, variant, options)
    if problem is not None:
        raise click.BadParameter(problem, param_hint="'--option'")
    texts = _texts(rules, lang, rich_escape)  # shown through rich: a text's brackets are not markup
    stderr = Console(stderr=True)
    try:
        with Progress(console=stderr, transient=True, disable=not stderr.is_terminal) as bar:
            task = bar.add_task(texts.label("progress_simulating"), total=games)
            summary = simulate_on_cores(
                ruleset,
                games,
                seed,
                players,
                agent_kind,
                options,
                variant,
                jobs,
                lambda done: bar.update(task, completed=done),
                rules=rules,
            )
    except RuleError as exc:  # a rule that fails at run time, located at its expression
        _fail(said(exc))
    except ValueError as exc:
        _fail(f"error: {said(exc)}")
    except KeyboardInterrupt:
        stopped(texts)
    data = summary.to_data(rules)
    if is_list(agent_kind):  # who sat where (one agent at every seat: as it always was)
        data["seat_agents"] = {str(seat): spec for seat, spec in enumerate(seats)}
    winning = rules.game.winning  # what the study was run with: a saved report says how to run it again
    data.update(seed=seed, agents=agent_kind, variant=variant or (winning.default if winning else None))
    data["options"] = options
    from interpreter.runner import ruleset_digest

    data["ruleset_sha256"] = ruleset_digest(rules)  # the files played: a saved report can be checked
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    console = Console()
    for table in simulation_tables(data, rules, texts, variant):
        console.print(table)
    note_missing(texts, ruleset=ruleset)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI with safe output (write failures and closed pipes handled, see
    run_safely); a usage error exits with status 2 and a hint, other errors with 1."""
    run_safely(_main, argv)


def _main(argv: list[str] | None) -> None:
    try:
        cli.main(args=argv, prog_name="whist", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        sys.exit(0)
    except click.UsageError as exc:  # click's convention: a usage error exits with status 2
        hint = f"\nhint: see '{exc.ctx.command_path} --help'" if exc.ctx else ""
        click.echo(f"error: {exc.format_message()}{hint}", err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Abort as exc:  # click's name for Ctrl-C (and for input that ended)
        if isinstance(exc.__context__, KeyboardInterrupt):
            stopped()
        _fail("aborted")
    except click.ClickException as exc:
        _fail(f"error: {exc.format_message()}")
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM or SIGHUP (whist.output.stop_on_hangup): one form, 130
        stopped()
    except RuntimeError as exc:
        # One's own agent that keeps answering illegally, in any command (simulate, play, duel, balance):
        # an error for the person who wrote it, not a traceback. Told by the class the engine raises,
        # looked up only when the engine was loaded (so `whist --help` imports none of it).
        agents = sys.modules.get("interpreter.agentimport")
        if agents is None or not isinstance(exc, agents.AgentMisbehaved):
            raise
        _fail(f"error: {exc}")


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
