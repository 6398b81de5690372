"""Command-line values checked before any work: numbers, table options, output paths.

A value that cannot work is a usage error (``click.BadParameter``) naming the option, never a
traceback after minutes of rendering: ``--bleed nan``, ``--option rounds=abc``, an ``--option``
the rule set does not declare, ``-o cards.jpg``, a save into a folder that does not exist.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

#: The rule set a command works on when none is named.
DEFAULT_RULESET = "combo-whist"

if TYPE_CHECKING:  # the rule model is imported by the commands that load one, not by `whist --help`
    from rulespec.model import RuleSet

#: Longest integer a table option may be given (digits): options count rounds or hands, not atoms.
MAX_OPTION_DIGITS = 9


class SeedType(click.types.IntParamType):
    """Every ``--seed`` option's type: a seed a game takes (:data:`interpreter.seeds.MAX_SEED`), so that
    a game played from one can be saved and resumed, and not negative (:data:`interpreter.seeds.MIN_SEED`:
    a negative seed deals its positive twin's game); another is a usage error before any work.
    (The bound is read when a seed is given: ``whist --help`` imports no engine module.)"""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from interpreter.seeds import MAX_SEED, MIN_SEED

        seed = super().convert(value, param, ctx)
        if not MIN_SEED <= seed <= MAX_SEED:
            self.fail(f"{seed} is not a seed: a seed is a whole number from {MIN_SEED} to {MAX_SEED}", param, ctx)
        return seed


SEED = SeedType()


class StudySeedType(SeedType):
    """The ``--seed`` of a study (``simulate``, ``duel``, ``balance``): a seed a game takes, and small
    enough that each of the study's games gets a seed of its own
    (:data:`interpreter.seeds.MAX_STUDY_SEED`); ``whist play --seed`` goes up to :data:`~interpreter.seeds.MAX_SEED`."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from interpreter.seeds import study_seed_problem

        # (The study's own bound, within the game's, says both ends: no need to ask the game's first.)
        seed = click.types.IntParamType.convert(self, value, param, ctx)
        problem = study_seed_problem(seed)
        if problem is not None:
            self.fail(problem, param, ctx)
        return seed


STUDY_SEED = StudySeedType()


class FiniteFloatRange(click.FloatRange):
    """A :class:`click.FloatRange` that also refuses ``nan`` (which compares false with every bound)."""

    name = "float range"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if number is not None and not math.isfinite(number):
            self.fail(f"{value!r} is not a number", param, ctx)
        return number


def named(rules: RuleSet) -> str:
    """The rule set as a message names it: an older bundled version with its version
    (``combo-whist@1.2.0`` has no limited variant, ``combo-whist`` has), others by name."""
    from rulespec.translations import is_older_version

    return rules.id if is_older_version(rules) else rules.name


def parse_options(pairs: tuple[str, ...], rules: RuleSet) -> dict[str, object]:
    """``--option NAME=VALUE`` pairs as the rule set's declared options take them.

    Each name must be one of ``game.options``; the value is read as the declared default's type
    (a whole number, yes/no, or a word)."""
    declared = dict(rules.game.options)
    known = ", ".join(sorted(declared)) or "none"
    options: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise click.BadParameter(f"takes NAME=VALUE, not '{pair}'", param_hint="--option")
        if name not in declared:
            raise click.BadParameter(
                f"'{name}' is not an option of {named(rules)} (its options: {known})", param_hint="--option"
            )
        default = declared[name]
        if isinstance(default, bool):
            words = {"true": True, "yes": True, "false": False, "no": False}
            if value.lower() not in words:
                raise click.BadParameter(f"{name} takes true or false, not '{value}'", param_hint="--option")
            options[name] = words[value.lower()]
        elif isinstance(default, int):
            digits = value.removeprefix("-")
            if not (digits.isascii() and digits.isdigit()):
                raise click.BadParameter(f"{name} takes a whole number, not '{value}'", param_hint="--option")
            if len(digits) > MAX_OPTION_DIGITS:  # a whole number, but far out of any range: say the range
                from rulespec.declaredoptions import bounds_text

                bounds = rules.game.options.bounds.get(name)
                span = bounds_text(bounds) if bounds else f"of at most {MAX_OPTION_DIGITS} digits"
                raise click.BadParameter(f"{name} takes a whole number {span}, not '{value}'", param_hint="--option")
            options[name] = int(value)
        else:
            options[name] = value
    if options:  # a word may have to name one of the rule set's own things (a match schedule)
        from interpreter.tableoptions import start_problem

        problem = start_problem(rules, rules.game.players.min, options)
        if problem is not None and rules.game.match is not None:
            # A schedule may be named as the screens name it ("Fem givar"): read as its id, else listed
            names = schedule_names(rules)
            by_name = {" ".join(shown.casefold().split()): schedule for shown, schedule in names}
            fixed = {
                k: by_name.get(" ".join(v.casefold().split()), v) if isinstance(v, str) else v
                for k, v in options.items()
            }
            if fixed != options and start_problem(rules, rules.game.players.min, fixed) is None:
                return fixed
            listed = "; ".join(
                f"{schedule}: {' / '.join(dict.fromkeys(shown for shown, s in names if s == schedule))}"
                for schedule in rules.game.match.schedules
            )
            problem = f"{problem} (by name: {listed})"
        if problem is not None:
            raise click.BadParameter(problem, param_hint="--option")
    return options


def schedule_names(rules: RuleSet) -> list[tuple[str, str]]:
    """(a match schedule's name in a language, its id), over every language."""
    from rulespec.locale import available_languages, load_texts

    assert rules.game.match is not None
    names: list[tuple[str, str]] = []
    for lang in available_languages(rules):
        texts = load_texts(rules, lang)
        names += [
            (texts.schedule_name(schedule), schedule)
            for schedule in rules.game.match.schedules
            if texts.has(f"schedules.{schedule}")
        ]
    return names


def check_output_folder(path: Path, option: str) -> None:
    """Refuse an output whose folder does not exist (or is not a folder), or that is a folder or not
    a regular file, before any work (an output replaces its file whole: ``-o /dev/null`` would
    replace the device)."""
    if str(path) == "-":  # (not standard output: outputs are files, written whole)
        raise click.BadParameter("'-' is not a file name here: name the file to write", param_hint=option)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise click.BadParameter(f"the folder {folder} does not exist", param_hint=option)
    refuse_no_file(path, option)


def refuse_no_file(path: Path, option: str) -> None:
    """A folder, device, pipe or socket named where a file is meant: a usage error (exit 2), for
    what is read (``--resume``) as for what is written (``--save``)."""
    if path.is_dir():
        raise click.BadParameter(f"{path} is a folder", param_hint=option)
    if path.exists() and not path.is_file():  # (a link to a file is followed: that file is fine)
        raise click.BadParameter(f"{path} is not a regular file (a device, pipe or socket)", param_hint=option)
    if path.is_file() and path.resolve().suffix.lower() in YAML_SUFFIXES:
        # Rule sets, locales and scenarios are YAML and no output is: a slip of the name must not replace one.
        raise click.BadParameter(
            f"{path} is a YAML file (a rule set, locale or scenario): never replaced", param_hint=option
        )


#: What rule sets, locales and scenarios are named: an output never replaces such a file.
YAML_SUFFIXES = (".yaml", ".yml")


def check_save_target(path: Path, option: str) -> None:
    """As :func:`check_output_folder`, and a file already there must be a save (or record) of ours:
    a save replaces its file after every decision, so ``--save`` naming a rule set, a locale or any
    other file by mistake would destroy it; a broken save is not replaced either (see :func:`read_save`)."""
    check_output_folder(path, option)
    if not path.is_file() or path.stat().st_size == 0:  # (an empty file holds nothing to lose)
        return
    read_save(path, option, "is there and is not a saved game: never replaced", "it is not replaced")


def refuse_unfinished(path: Path, option: str) -> None:
    """Refuse to write a new game over the save of one not yet over (a usage error): a second
    ``whist play`` in the same folder replaced the first game with a new one, and it was lost
    without a word. (Asked once the save is held: a game playing it right now is said first.)"""
    if not path.is_file() or path.stat().st_size == 0:
        return
    record = read_save(path, option, "is there and is not a saved game: never replaced", "it is not replaced")
    if record.get("result") is None and record.get("decisions"):
        import shlex

        from whist.playcli import allowed_for  # (the folders its rule set needs, as a stop says them)

        ruleset = record.get("ruleset")
        folders = allowed_for(ruleset, path) if isinstance(ruleset, str) else []
        allowed = "".join(f" --allow-path {shlex.quote(folder)}" for folder in folders)
        raise click.BadParameter(
            f"{path} holds a game not yet over: resume it with "
            f"'whist{allowed} play --resume {shlex.quote(str(path))}', save the new game elsewhere (--save FILE), "
            "or remove the file to give it up",
            param_hint=option,
        )


def read_save(
    path: Path, option: str, not_a_save: str = "is not a saved game", broken: str | None = None
) -> dict[str, Any]:
    """The save at ``path``, named with ``option`` (``--resume``, ``--save``), which treat a file alike.

    A file that says it is a save (it holds our format's name) but cannot be read as one — a key
    given twice, a syntax error, a value that does not fit, too large — is a problem in that file:
    its located error, exit 1. A file that is plainly no save at all (a rule set, notes, another
    program's JSON) was named by mistake: a usage error (exit 2), ``{path} {not_a_save}``. ``broken``:
    what the located error of a broken save adds (``--save``: that it is not replaced)."""
    from interpreter.recordcheck import MAX_RECORD_BYTES
    from interpreter.records import RECORD_FORMAT, read_record
    from rulespec.errors import RuleError
    from rulespec.paths import read_limited
    from whist.common import fail

    refuse_no_file(path, option)  # (no save at all, as a file that is none: a usage error)
    try:
        return read_record(path)
    except RuleError as problem:
        try:
            says_so = f'"{RECORD_FORMAT}"'.encode() in read_limited(path, MAX_RECORD_BYTES)
        except RuleError:
            says_so = True  # (too large or not a regular file: that is the problem to name)
        if not says_so:
            raise click.BadParameter(f"{path} {not_a_save}", param_hint=option) from None
        fail(str(problem) + (f"\n{option} {path}: {broken}" if broken else ""))


def check_suffix(path: Path, allowed: dict[str, str], fmt: str | None, option: str = "-o") -> str:
    """The format of an output named ``path``: from ``fmt`` or the name's suffix, which must agree.

    ``allowed`` maps suffixes (``.pdf``) to formats (``pdf``)."""
    suffix = path.suffix.lower()
    from_name = allowed.get(suffix)
    if from_name is None:
        names = ", ".join(sorted(allowed))
        raise click.BadParameter(f"{path.name} does not end in one of: {names}", param_hint=option)
    if fmt is not None and fmt != from_name:
        raise click.BadParameter(f"--format {fmt} does not fit the name {path.name}", param_hint=option)
    return from_name


def lang_option(of: str = "the texts") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The ``--lang LANG`` option every command that prints rule texts takes (``of``: what it names)."""
    return click.option(
        "--lang",
        "lang",
        default=None,
        metavar="LANG",
        help=f"Language of {of} (default: from the environment, then English).",
    )


#: The agents ``--agents`` (and duel's A and B) name: the engine's and a class of one's own.
AGENT_KINDS_HELP = "random, heuristic, search[:samples=N,…] or python:MODULE:CLASS (a class of your own)"
#: ``--agents``' help, for every command that takes it (the list's separator: interpreter.seating).
AGENTS_HELP = f"{AGENT_KINDS_HELP} at every seat, or one per seat parted by '/' (heuristic/random/random/random)"
#: ``whist play``'s: the list leaves out the person's seat.
AGENTS_HELP_PLAY = (
    f"{AGENT_KINDS_HELP} at the other seats, or one per other seat in seat order parted by '/' "
    "(heuristic/random/random)"
)


def check_agent(
    spec: str,
    param_hint: str = "'--agents'",
    seats: int | None = None,
    where: str = "seats at the table",
    rules: RuleSet | None = None,
) -> tuple[str, ...]:
    """An agent spec (``random``, ``heuristic``, ``search:samples=8``) the engine does not know is a
    usage error (exit 2) naming the known ones, found before any deal is played: the one check of
    ``--agents`` for simulate, play, duel and balance (``param_hint`` names the option in the message).
    With ``seats``, a list of one spec per seat (``heuristic/random/random/random``) is taken too, and
    one of another length is a usage error naming the number of seats (``where``: which seats);
    returns the spec at each seat (:func:`interpreter.seating.seat_agents`). With ``rules``, a class of
    one's own (``python:MODULE:CLASS``) is built once for them, so a constructor that fails is a
    usage error too."""
    from interpreter.agentimport import PYTHON_KIND
    from interpreter.duel import AGENT_KINDS, SEARCH_BUDGET, make_agent
    from interpreter.seating import SEPARATOR, seat_agents

    try:
        specs = seat_agents(spec, seats, where)
    except ValueError as exc:
        # Said from the engine's own tables, so a new kind or budget shows up here by itself.
        options = ",".join(f"{name}=N" for name in SEARCH_BUDGET)
        kinds = ", ".join(AGENT_KINDS)
        hint = (
            f"agents are {kinds}; search takes a budget: search:{options}; one's own class: python:MODULE:CLASS; "
            f"a seat each: parted by '{SEPARATOR}'"
        )
        raise click.BadParameter(f"{exc}\nhint: {hint}", param_hint=param_hint) from None
    for one in sorted(set(specs)) if rules is not None else ():
        if one.startswith(f"{PYTHON_KIND}:"):
            try:
                make_agent(one, 0, rules)
            except ValueError as exc:  # (its message names the class and what went wrong)
                raise click.BadParameter(str(exc), param_hint=param_hint) from None
    return specs


def agent_makers(
    spec: str, seats: int, rules: RuleSet | None = None, where: str = "seats at the table"
) -> list[Callable[[int], Any]]:
    """seed -> agent at each of ``seats`` seats for ``--agents SPEC`` (checked by :func:`check_agent`)."""
    from interpreter.parallel import agent_factory

    return [agent_factory(one, rules) for one in check_agent(spec, "'--agents'", seats, where, rules)]


def players_option(default: str = "its usual") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--players N``, as every command that seats a table takes it: any whole number here, checked
    against the rule set's own range by :func:`players_for` once the rule set is loaded (a fixed
    range in the option would claim one no rule set need have, and say it in another form)."""
    return click.option(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help=f"Players at the table: a number the rule set allows (default: {default}).",
    )


def players_for(rules: RuleSet, players: int | None) -> int:
    """The table's size: ``--players``, or the rule set's usual one; a size the rule set does not
    allow is a usage error (exit 2) before any game starts."""
    allowed = rules.game.players
    if players is None:
        return allowed.usual
    if not allowed.min <= players <= allowed.max:
        size = str(allowed.min) if allowed.min == allowed.max else f"{allowed.min} to {allowed.max}"
        message = f"{named(rules)} is for {size} players, not {players}"
        raise click.BadParameter(message, param_hint="'--players'")
    return players


def check_variant(rules: RuleSet, variant: str | None) -> None:
    """``--variant`` must be one of the rule set's winning variants (a usage error otherwise)."""
    if variant is None:
        return
    winning = rules.game.winning
    if winning is None:
        raise click.BadParameter(f"{named(rules)} has no winning variants", param_hint="'--variant'")
    if variant not in winning.variants:
        known = ", ".join(winning.variants)
        raise click.BadParameter(
            f"'{variant}' is not a winning variant of {named(rules)} (known: {known})", param_hint="'--variant'"
        )
