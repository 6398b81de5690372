"""The ``whist`` command.

Every problem the user can fix (a broken rule file, a bad argument) is printed as
``file:line:col: message`` with the source line and a caret, and exits with status 1 —
never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape as rich_escape

from printing.cli import register as register_printing
from rulespec import RuleError, load_ruleset
from rulespec.export import ruleset_to_data
from rulespec.locale import available_languages
from rulespec.localecheck import locale_report
from whist.analyzecli import register as register_analyze
from whist.cliargs import check_output_folder, parse_options
from whist.common import fail as _fail
from whist.common import rules_or_fail as _rules_or_fail
from whist.common import texts_or_fail as _texts
from whist.diffcli import register as register_diff
from whist.output import run_safely
from whist.tables import special_table, standard_table

DEFAULT_RULESET = "combo-whist"


def _lang_option(function):
    return click.option(
        "--lang",
        "lang",
        default=None,
        metavar="LANG",
        help="Language of the texts (default: from the environment, then English).",
    )(function)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Card-game rules as data: check, show and play rule sets."""


@cli.command()
@click.argument("paths", nargs=-1, required=True)
def check(paths: tuple[str, ...]) -> None:
    """Validate rule sets (bundled names, files or folders). Exit 0 when all are valid."""
    failed = False
    for path in paths:
        try:
            rules = load_ruleset(path)
        except RuleError as exc:
            click.echo(str(exc), err=True)
            failed = True
            continue
        problems, gaps = locale_report(rules)
        if problems:
            click.echo("\n".join(str(e) for e in problems), err=True)
            failed = True
            continue
        for gap in gaps:
            click.echo(f"warning: {gap}", err=True)
        click.echo(
            f"{path}: ok ({rules.id}: {len(rules.standard_bids)} standard and {len(rules.special_bids)} special bids)"
        )
    sys.exit(1 if failed else 0)


@cli.command()
@click.argument("ruleset", default=DEFAULT_RULESET)
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@_lang_option
def show(ruleset: str, fmt: str, lang: str | None) -> None:
    """Print a resolved rule set: its bid tables, or the whole set as JSON."""
    try:
        rules = load_ruleset(ruleset)
    except RuleError as exc:
        _fail(str(exc))
    if fmt == "json":
        click.echo(json.dumps(ruleset_to_data(rules), indent=2, ensure_ascii=False))
        return
    texts = _texts(rules, lang, rich_escape)  # shown through rich: a text's brackets are not markup
    console = Console()
    console.print(f"[bold]{texts.get('title')}[/bold] {rich_escape(rules.version)}")
    console.print(standard_table(rules, texts))
    console.print(special_table(rules, texts))
    _report_missing(texts)


def _report_missing(texts) -> None:
    """A missing translation falls back to English; say so (on stderr), never fail."""
    if texts.missing and texts.language != "en":
        click.echo(
            f"note: {len(texts.missing)} text(s) missing in '{texts.language}', shown in English "
            f"(see: whist translate status {texts.language})",
            err=True,
        )


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
def replay(file: str) -> None:
    """Re-execute a game record (JSON) or a scenario (YAML) and report any difference."""
    from interpreter.records import read_record
    from interpreter.records import replay as replay_record
    from interpreter.scenario import check_scenario, load_scenario

    path = Path(file)
    try:
        if path.suffix in (".yaml", ".yml"):
            problems = check_scenario(load_scenario(path), path.parent)
        else:
            problems = replay_record(read_record(path))
    except RuleError as exc:
        _fail(str(exc))
    if problems:
        click.echo(f"{file}: {len(problems)} difference(s)", err=True)
        for problem in problems:
            click.echo(f"  {problem}", err=True)
        sys.exit(1)
    click.echo(f"{file}: replayed, no difference")


def _usual_players(rules) -> int:
    """The number of players when none is given: those of a deal, else four if allowed."""
    limits = rules.game.players
    return limits.in_deal or max(limits.min, min(4, limits.max))


def _agent_factory(kind: str, rules=None):
    """seed -> agent for ``--agents``; the heuristic agent gets the rule set it plays."""
    from interpreter.agents import HeuristicAgent, RandomAgent

    factories = {
        "random": lambda seed: RandomAgent(seed),
        "heuristic": lambda seed: HeuristicAgent(seed, rules=rules),
    }
    if kind not in factories:
        _fail(f"error: unknown agents '{kind}'\nhint: one of: {', '.join(factories)}")
    return factories[kind]


@cli.command()
@click.argument("ruleset", default=DEFAULT_RULESET)
@click.option("--games", type=click.IntRange(1, 1_000_000), default=100, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--agents", "agent_kind", default="random", show_default=True, help="random or heuristic")
@click.option("--players", type=click.IntRange(2, 12), default=None, help="Players (default: the rule set's usual).")
@click.option("--variant", default=None, help="Winning variant (default: the rule set's).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A table option, e.g. rounds=5.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON document.")
@_lang_option
def simulate(ruleset, games, seed, agent_kind, players, variant, option_pairs, as_json, lang) -> None:
    """Agents play many games; print winners, speed, and how often each bid is bid and completed."""
    from rich.progress import Progress

    from interpreter.simulation import simulate as run_simulation
    from whist.tables import simulation_tables

    rules = _rules_or_fail(ruleset)
    players = players or _usual_players(rules)
    make_agent = _agent_factory(agent_kind, rules)
    options = parse_options(option_pairs, rules)
    stderr = Console(stderr=True)
    try:
        with Progress(console=stderr, transient=True, disable=not stderr.is_terminal) as bar:
            task = bar.add_task("simulating", total=games)
            summary = run_simulation(
                rules, games, seed, players, make_agent, options, variant, lambda done: bar.update(task, completed=done)
            )
    except ValueError as exc:
        _fail(f"error: {exc}")
    data = summary.to_data(rules)
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    texts = _texts(rules, lang, rich_escape)  # shown through rich: a text's brackets are not markup
    console = Console()
    for table in simulation_tables(data, rules, texts):
        console.print(table)


@cli.command()
@click.argument("ruleset", default=DEFAULT_RULESET)
@click.option("--players", type=click.IntRange(2, 12), default=None, help="Players (default: the rule set's usual).")
@click.option("--seed", type=int, default=None, help="Seed of the shuffles (default: random).")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat (0 = first).")
@click.option("--agents", "agent_kind", default="heuristic", show_default=True, help="random or heuristic")
@click.option("--save", "save_path", default="whist-save.json", show_default=True, help="Saved after every decision.")
@click.option("--resume", "resume_path", default=None, help="Continue a saved game.")
@click.option("--clock", is_flag=True, help="Use the rule set's bid time limits.")
@click.option("--deals", type=click.IntRange(1), default=None, help="Stop after this many deals.")
@click.option("--variant", default=None, help="Winning variant (default: the rule set's).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A table option, e.g. rounds=5.")
@_lang_option
def play(ruleset, players, seed, seat, agent_kind, save_path, resume_path, clock, deals, variant, option_pairs, lang):
    """Play against agents at the terminal."""
    import random

    from interpreter.game import Game
    from interpreter.records import resume, saver
    from whist.play import HumanAgent, console_input

    console = Console()
    if resume_path:
        from interpreter.records import read_record

        try:
            record = read_record(Path(resume_path))
        except RuleError as exc:
            _fail(str(exc))
        ruleset, players = record["ruleset"], int(record["players"])
        seat = next((int(s) for s in [record.get("human_seat", seat)]), seat)
    rules = _rules_or_fail(ruleset)
    players = players or _usual_players(rules)
    make_agent = _agent_factory(agent_kind, rules)
    if not 0 <= seat < players:
        _fail(f"error: --seat must be between 0 and {players - 1}")
    texts = _texts(rules, lang, rich_escape)  # shown through rich: a text's brackets are not markup
    if not resume_path:
        check_output_folder(Path(save_path), "--save")
    game_holder: list = []
    human = HumanAgent(
        rules,
        texts,
        console,
        console_input(console),
        target=lambda: game_holder[0].winning_target() if game_holder else None,
        clock=clock,
    )
    seed = seed if seed is not None else random.SystemRandom().randrange(1 << 30)
    agents = [human if s == seat else make_agent(seed * 17 + s) for s in range(players)]
    try:
        if resume_path:
            game = resume(Path(resume_path), agents)
            save_path = resume_path
        else:
            game = Game(
                rules,
                agents,
                seed=seed,
                options=parse_options(option_pairs, rules),
                variant=variant,
                on_decision=saver(Path(save_path), ruleset),
            )
    except (ValueError, RuleError) as exc:
        _fail(f"error: {exc}")
    game_holder.append(game)
    console.print(texts.label("play_title", title=texts.get("title"), seat=seat))
    console.print(texts.label("saved_to", path=rich_escape(str(save_path))))
    played = 0
    try:
        while game.result is None and (deals is None or played < deals):
            result = game.play_deal()
            played += 1
            _deal_report(console, texts, game, result, human)
    except (KeyboardInterrupt, EOFError):
        console.print()
        _fail(f"stopped; resume with: whist play --resume {save_path}")
    console.print(texts.label("game_over") if game.result else texts.label("deal_over"))
    if game.result is not None and game.result.winner is not None:
        key = "match_won_by" if game.result.reason == "match" else "wins_game"
        console.print(f"[bold]{texts.label(key, player=texts.label('seat_n', n=game.result.winner))}[/bold]")


def _deal_report(console: Console, texts, game, result, human) -> None:
    """What happened at the end of a deal: the last trick, completion, points, scores."""
    record = game.deal_records[-1]
    if record["tricks" if "tricks" in record else "auction"] and record.get("tricks"):
        last = record["tricks"][-1]
        plays = "  ".join(f"{texts.label('seat_n', n=s)}: {human.cards.show(c)}" for s, c in last["plays"])
        console.print(f"{texts.label('trick_n', n=last['number'])}: {plays}")
    if "contract" in record:  # a hand of a match
        points = "  ".join(f"{texts.label('seat_n', n=s)}: {v}" for s, v in record["hand_points"].items())
        console.print(f"{texts.label('hand_points')}: {points}")
        winner = record["hand_winner"]
        console.print(
            texts.label("hand_tied")
            if winner is None
            else texts.label("hand_won_by", player=texts.label("seat_n", n=winner))
        )
    elif result.declarer is None:
        console.print(texts.label("all_passed"))
    else:
        key = "result_completed" if result.completed else "result_failed"
        console.print(texts.label(key, player=texts.label("seat_n", n=result.declarer), points=result.points))
    scores = "  ".join(f"{texts.label('seat_n', n=s)}: {v}" for s, v in sorted(game.scores.items()))
    console.print(f"{texts.label('scores')}: {scores}")


@cli.group()
def translate() -> None:
    """Translation tooling: status, init, check, mark."""


@translate.command("status")
@click.argument("lang")
@click.argument("ruleset", default=DEFAULT_RULESET)
def translate_status(lang: str, ruleset: str) -> None:
    """List missing, stale (English changed since) and obsolete entries of LANG."""
    from rulespec.translations import status

    rules = _rules_or_fail(ruleset)
    report = status(lang, rules)
    for title, keys in (("missing", report.missing), ("stale", report.stale), ("obsolete", report.obsolete)):
        for key in keys:
            click.echo(f"{title}: {key}")
    for error in report.errors:
        click.echo(str(error), err=True)
    click.echo(
        f"{lang} / {rules.name}: {report.total} entries, {len(report.missing)} missing, "
        f"{len(report.stale)} stale, {len(report.obsolete)} obsolete, {len(report.errors)} placeholder error(s)"
    )
    sys.exit(1 if report.errors else 0)


@translate.command("init")
@click.argument("lang")
@click.argument("ruleset", default=DEFAULT_RULESET)
@click.option("--force", is_flag=True, help="Overwrite existing files.")
def translate_init(lang: str, ruleset: str, force: bool) -> None:
    """Write a skeleton for a new language: every key, empty, with the English text beside it."""
    from rulespec.translations import init

    rules = _rules_or_fail(ruleset)
    try:
        for path in init(lang, rules, force):
            click.echo(f"wrote {path}")
    except RuleError as exc:
        _fail(str(exc))


@translate.command("check")
@click.argument("langs", nargs=-1)
def translate_check(langs: tuple[str, ...]) -> None:
    """Exit 1 on missing entries or placeholder mismatches in any language (stale: warnings)."""
    from rulespec.loader import bundled_names, bundled_versions
    from rulespec.translations import status

    failed = False
    refs = [ref for name in bundled_names() for ref in (name, *(f"{name}@{v}" for v in bundled_versions(name)))]
    for name in refs:
        rules = _rules_or_fail(name)
        for lang in langs or available_languages():
            report = status(lang, rules)
            for error in report.errors:
                click.echo(str(error), err=True)
            for key in report.missing:
                click.echo(f"{lang}/{name}: missing {key}", err=True)
            for key in report.stale:
                click.echo(f"{lang}/{name}: warning: stale {key} (the English text changed)", err=True)
            failed = failed or bool(report.errors or report.missing)
            click.echo(
                f"{lang}/{name}: {len(report.missing)} missing, {len(report.stale)} stale, "
                f"{len(report.errors)} error(s)"
            )
    sys.exit(1 if failed else 0)


@translate.command("mark")
@click.argument("lang")
@click.argument("keys", nargs=-1)
@click.option("--ruleset", default=DEFAULT_RULESET, show_default=True)
def translate_mark(lang: str, keys: tuple[str, ...], ruleset: str) -> None:
    """Record that LANG's entries (all, or KEYS) are translated from the current English texts."""
    from rulespec.translations import mark

    try:
        changed = mark(lang, _rules_or_fail(ruleset), list(keys) or None)
    except RuleError as exc:
        _fail(str(exc))
    click.echo(f"{lang}: fingerprints updated in {changed} file(s)")


register_printing(cli)
register_diff(cli)
register_analyze(cli)


def main(argv: list[str] | None = None) -> None:
    """Entry point: the CLI with safe output, write failures and closed pipes handled (see run_safely)."""
    run_safely(_main, argv)


def _main(argv: list[str] | None) -> None:
    try:
        cli.main(args=argv, prog_name="whist", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        sys.exit(0)
    except click.UsageError as exc:
        hint = f"\nhint: see '{exc.ctx.command_path} --help'" if exc.ctx else ""
        _fail(f"error: {exc.format_message()}{hint}")
    except click.exceptions.Abort:
        _fail("aborted")
    except click.ClickException as exc:
        _fail(f"error: {exc.format_message()}")
    except KeyboardInterrupt:
        _fail("interrupted")


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
