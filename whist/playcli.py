"""``whist play``: a person at the terminal against agents, saved after every decision."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click
from click.core import ParameterSource

from rulespec import RuleError
from whist.cliargs import (
    AGENTS_HELP_PLAY,
    DEFAULT_RULESET,
    SEED,
    agent_makers,
    check_save_target,
    check_variant,
    lang_option,
    parse_options,
    players_for,
    players_option,
    read_save,
    refuse_unfinished,
)
from whist.common import fail as _fail
from whist.common import note_missing
from whist.common import rules_or_fail as _rules_or_fail
from whist.common import texts_or_fail as _texts

if TYPE_CHECKING:
    from rich.console import Console

    from interpreter.decisions import ScriptError
    from interpreter.game import Game
    from rulespec.locale import Texts
    from whist.play import HumanAgent
    from whist.playsave import Kept


@click.command()
@click.argument("ruleset", default=DEFAULT_RULESET)
@players_option()
@click.option("--seed", type=SEED, default=None, help="Seed of the shuffles and the agents (default: random).")
@click.option("--seat", type=int, default=None, help="Your seat (0 = first; default 0, or the saved one).")
@click.option(
    "--agents",
    "agent_kind",
    default="heuristic",
    show_default=True,
    help=AGENTS_HELP_PLAY + "; with --resume, left out: the saved game's agents",
)
@click.option(
    "--save",
    "save_path",
    default="whist-save.json",
    show_default=True,
    help="Saved after every decision (never over a game not yet over: resume that one).",
)
@click.option("--resume", "resume_path", default=None, help="Continue a saved game.")
@click.option("--clock", is_flag=True, help="Use the rule set's bid time limits.")
@click.option(
    "--suit-letters",
    is_flag=True,
    help="Show suits as your language's letters (C D H S; Swedish K R H S), not symbols: for a terminal "
    "or screen reader without ♣♦♥♠.",
)
@click.option(
    "--deals", type=click.IntRange(1), default=None, help="Stop after this many new deals (not the saved ones)."
)
@click.option("--variant", default=None, help="Winning variant (default: the rule set's).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A table option, e.g. rounds=5.")
@lang_option()
def play(
    ruleset: str,
    players: int | None,
    seed: int | None,
    seat: int | None,
    agent_kind: str,
    save_path: str,
    resume_path: str | None,
    clock: bool,
    suit_letters: bool,
    deals: int | None,
    variant: str | None,
    option_pairs: tuple[str, ...],
    lang: str | None,
) -> None:
    """Play against agents at the terminal.

    \b
    Example:
      whist play --players 4 --seed 7
    """
    import random

    from rich.markup import escape as rich_escape

    from interpreter.decisions import ScriptError
    from interpreter.game import Game
    from interpreter.records import resume, saver
    from interpreter.seating import is_list, seat_agents
    from rulespec.titles import title_of
    from whist.entrylines import KeepingConsole
    from whist.output import show_suit_letters
    from whist.play import HumanAgent, console_input
    from whist.playlock import hold_save
    from whist.playsave import Kept, tolerant_saver
    from whist.playscreen import deal_report, watching
    from whist.playseats import Table, agents_to_resume, same_agents, seated

    show_suit_letters(suit_letters)  # (set either way: a command run after another in one process, in tests)
    console = KeepingConsole(highlight=False)  # (rich colours every number and quoted word: emphasis nobody meant)
    if resume_path:
        _refuse_settings_of_a_saved_game()
        from interpreter.recordcheck import absolute_ref, record_rules

        record = read_save(Path(resume_path), "--resume")
        try:
            rules = record_rules(record, Path(resume_path))
        except RuleError as exc:
            _fail(str(exc))
        ruleset = absolute_ref(record["ruleset"], Path(resume_path))  # (the rule set a note or a command names)
        players, saved_seat = int(record["players"]), record.get("human_seat")
        if seat is not None and saved_seat is not None and seat != saved_seat:
            raise click.UsageError(
                f"--seat cannot change a saved game: it was saved with you at seat {saved_seat} and resumes there"
            )
        seat = saved_seat if saved_seat is not None else seat
        agents_given = click.get_current_context().get_parameter_source("agent_kind") != ParameterSource.DEFAULT
        agent_kind = agents_to_resume(record.get("agents"), agent_kind if agents_given else None)
    else:
        rules = _rules_or_fail(ruleset)
        players = players_for(rules, players)
        check_variant(rules, variant)
    seat = 0 if seat is None else seat
    if not 0 <= seat < players:
        raise click.BadParameter(
            f"{seat} is not a seat of {players} players (0 to {players - 1})", param_hint="'--seat'"
        )
    # One agent for the other seats, or one for each of them in seat order (yours left out).
    makers = agent_makers(agent_kind, players - 1, rules, "other seats at the table")
    texts = _texts(rules, lang, rich_escape)  # shown through rich: a text's brackets are not markup
    saved_agents = record.get("agents") if resume_path else None
    if saved_agents is not None and not same_agents(saved_agents, agent_kind, players - 1):  # (said once)
        console.print(texts.label("agents_differ", saved=rich_escape(saved_agents), agents=rich_escape(agent_kind)))
    seats = [texts.label("seat_n", n=s) for s in range(players)]  # names a narrow screen never cuts
    console.keep([*map(texts.bid_name, rules.bids), *seats, *(f"{s} ({texts.label('you')})" for s in seats)])
    save_given = click.get_current_context().get_parameter_source("save_path") != ParameterSource.DEFAULT
    if not resume_path or save_given:  # (a resumed game saves to its own file unless told otherwise)
        check_save_target(Path(save_path), "--save")
    options = {} if resume_path else parse_options(option_pairs, rules)  # (a usage error holds nothing)
    if not resume_path:
        from whist.studycli import variant_option_problem

        problem = variant_option_problem(rules, variant, options)
        if problem is not None:
            raise click.BadParameter(problem, param_hint="'--option'")
    in_use = hold_save(Path(save_path if save_given or not resume_path else resume_path))  # one game per save
    if in_use is not None:
        _fail(in_use)
    if not resume_path or save_given:
        refuse_unfinished(Path(save_path), "--save")
    game_holder: list[Game] = []
    human = HumanAgent(
        rules,
        texts,
        console,
        console_input(console),
        target=lambda: game_holder[0].winning_target() if game_holder else None,
        clock=clock,
        seat=seat,
    )
    seed = seed if seed is not None else random.SystemRandom().randrange(1 << 30)
    # The agents of the first deal (each deal gets its own, seeded from the game's: whist.playseats).
    agents = seated(makers, human, seat, players, int(record["seed"]) if resume_path else seed)
    try:
        if resume_path:
            target = Path(save_path) if save_given else None
            game = resume(Path(resume_path), agents, save_to=target, agents_spec=agent_kind)
            save_path = save_path if save_given else resume_path
        else:
            game = Game(
                rules,
                agents,
                seed=seed,
                options=options,
                variant=variant,
                on_decision=saver(Path(save_path), ruleset, seat, agent_kind),
            )
    except (ValueError, RuleError) as exc:
        _fail(f"error: {exc}")
    assert game.on_decision is not None  # (both ways of starting save after every decision)
    table, kept = Table(game, makers, seat, deal=0), Kept()  # kept: what a file holds of the game to resume
    if resume_path:
        table.catch_up(record, rules)  # the agents as they were when the save was made
        kept = Kept(str(Path(resume_path)), len(record["decisions"]), table.saved_deal)
    saving = tolerant_saver(game.on_decision, Path(save_path), texts, console, kept)
    game.on_decision = watching(saving, human, seat)
    game_holder.append(game)
    console.print(texts.label("play_title", title=title_of(rules, texts, version=False), seat=seat))
    winning = rules.game.winning
    if winning is not None and len(winning.variants) > 1:  # (a game with one way to win needs no name for it)
        console.print(f"{texts.label('variant')}: {texts.variant_name(game.variant)}")
    match_lines(console, game, texts, options)
    if is_list(agent_kind):  # an agent per other seat: who plays where
        others = iter(seat_agents(agent_kind, players - 1))
        for other in (s for s in range(players) if s != seat):
            console.print(texts.label("seat_played_by", n=other, agent=rich_escape(next(others))))
    console.print(texts.label("saved_to", path=rich_escape(str(save_path))))
    played = 0  # new deals (--deals counts these: one the save holds whole is no new one)
    try:
        while game.result is None and (deals is None or played < deals):
            table.before_deal()
            asked = _new_decisions(game)
            result = game.play_deal()
            if not game.script.exhausted:  # a deal the save holds whole: resumed past, not shown again
                continue
            played += int(_new_decisions(game) > asked)  # (the last deal saved, reported again, is not new)
            deal_report(human, game, result, wait=game.result is None and (deals is None or played < deals))
    except (KeyboardInterrupt, EOFError) as exc:  # (SIGTERM and SIGHUP come as Ctrl-C: whist.output)
        console.print()
        note_missing(texts, ruleset=ruleset)
        _stopped(kept, texts, lang, agent_kind, ruleset, 130 if isinstance(exc, KeyboardInterrupt) else 1)
    except RuleError as exc:  # a rule that fails at run time, located at its expression
        _fail(str(exc))
    except ScriptError as exc:  # a saved decision the rules refuse now
        _fail(f"{resume_path}: {_unfit_save(exc, seat)}")
    console.print(texts.label("game_over") if game.result else texts.label("deal_over"))
    if game.result is not None and game.result.winner is not None:
        console.print(f"[bold]{winner_line(human, game)}[/bold]")
    for line in kept.lines(texts, rich_escape):
        console.print(f"[yellow]{line}[/yellow]")
    if game.result is None and kept.path is not None:  # stopped by --deals: how to go on
        console.print(
            texts.label(
                "play_paused", command=rich_escape(_resume_command(kept.path, lang, texts, agent_kind, ruleset))
            )
        )
    elif game.result is None and kept.failed:
        console.print(texts.label("nothing_saved"))
    note_missing(texts, ruleset=ruleset)


def _stopped(kept: Kept, texts: Texts, lang: str | None, agents: str, ruleset: str, status: int) -> NoReturn:
    """End play that was stopped (Ctrl-C, SIGTERM or SIGHUP: status 130; the input ended: 1),
    saying truly what the save holds and how to play on from it."""
    for line in kept.lines(texts, str):
        click.echo(line, err=True)
    if kept.path is not None:
        command = _resume_command(kept.path, lang, texts, agents, ruleset)
        click.echo(texts.label("play_stopped", command=command), err=True)
    elif kept.failed:  # saves were tried and failed: no file holds this game
        click.echo(texts.label("play_stopped_save_failed"), err=True)
    else:  # stopped before the first decision was saved
        click.echo(texts.label("play_stopped_unsaved"), err=True)
    sys.exit(status)


def _resume_command(path: str, lang: str | None, texts: Texts, agents: str, ruleset: str) -> str:
    """The command that plays on, in the language asked for with ``--lang`` (a save keeps no language:
    without it, the game would go on in the environment's), with ``--agents`` when they name code of
    one's own (the save keeps them, but a file is never taken for what code to import), with
    ``--suit-letters`` when the suits are shown so, and with
    ``whist --allow-path`` the folders the save's rule set needs (:func:`allowed_for`). Each word is
    quoted as a shell needs it, so that the line can be pasted whatever the save's path holds."""
    import shlex

    from interpreter.recordcheck import names_code
    from whist.output import suit_letters_shown

    own = f" --agents {shlex.quote(agents)}" if names_code(agents) else ""
    own += " --suit-letters" if suit_letters_shown() else ""
    allowed = "".join(f" --allow-path {shlex.quote(folder)}" for folder in allowed_for(ruleset, Path(path)))
    return (
        f"whist{allowed} play --resume {shlex.quote(path)}"
        + (f" --lang {shlex.quote(texts.language)}" if lang else "")
        + own
    )


def allowed_for(ruleset: str, save: Path) -> list[str]:
    """The folders ``whist --allow-path`` must allow for ``save`` to be resumed: a save may only lead
    to files under its own folder and the bundled rule sets (:mod:`rulespec.paths`), so a house rule
    elsewhere needs its folder allowed; and the folders allowed for this game (its rule file may
    extend files there) are allowed again."""
    from rulespec.locate import looks_like_path
    from rulespec.paths import bundled_root

    context = click.get_current_context(silent=True)
    given = context.find_root().params.get("allow_paths", ()) if context is not None else ()
    folders = list(dict.fromkeys(str(Path(folder).resolve()) for folder in given or ()))
    if looks_like_path(ruleset):
        target = Path(ruleset).resolve()
        home = target if target.is_dir() else target.parent
        roots = (save.resolve().parent, bundled_root(), *map(Path, folders))
        if not any(home == root or root in home.parents for root in roots):
            folders.append(str(home))
    return folders


def _new_decisions(game: Game) -> int:
    """Decisions made in this session (asked of the seats, not read from a save)."""
    return len(game.decisions) - game.script.position - game.script.play_position


def winner_line(human: HumanAgent, game: Game) -> str:
    """Who won the game; a match won by hands says how many (its points may say otherwise)."""
    from whist.playscreen import hands_won

    assert game.result is not None and game.result.winner is not None
    texts, winner = human.texts, game.result.winner
    player = human.name(winner, None)
    if game.result.reason != "match":
        return texts.label("wins_game", player=player)
    won = hands_won(game)
    if not won:
        return texts.label("match_won_by", player=player)
    return texts.label("match_won_by_hands", player=player, n=won[winner], total=sum(won.values()))


def match_lines(console: Console, game: Game, texts: Texts, options: dict[str, Any]) -> None:
    """What the table plays, said before the first deal: the options given with ``--option``
    (as typed, so that a person sees theirs were taken), and for a match the schedule in force
    with its hands by their names (a house rule's own default one is seen to be the one played)."""
    from rich.markup import escape as rich_escape

    from rulespec.matchtext import planned, schedule_words
    from whist.entrylines import KeepingConsole

    if options:
        given = ", ".join(f"{name}={value}" for name, value in options.items())
        console.print(texts.label("table_options", options=rich_escape(given)))
    if game.rules.game.match is None:
        return
    hands = [planned(hand) for hand in game.schedule()]
    if isinstance(console, KeepingConsole):  # a hand's number stays with its name (never "4." alone at a line's end)
        entries = schedule_words(hands, texts).split("; ")
        console.keep([*console.kept, *(" ".join(entry.split(" ")[:2]) for entry in entries)])
    console.print(texts.label("match_schedule", schedule=texts.schedule_name(game.schedule_name())))
    console.print(texts.label("match_hands", n=len(hands), hands=schedule_words(hands, texts)))


def _unfit_save(error: ScriptError, seat: int) -> str:
    """Why a save cannot be resumed, as the player at ``seat`` may read it: another seat's refused
    decision is named, not what that seat could have done instead (its cards)."""
    if error.seat is None or error.seat == seat:
        detail = str(error)
    else:
        detail = f"decision {error.decision}: seat {error.seat}'s saved answer is not allowed there"
    return f"the save does not fit the rule set (the save was changed, or the rules were): {detail}"


def register(cli: click.Group) -> None:
    """Add ``play`` to the ``whist`` group (see :mod:`whist.commands`)."""
    cli.add_command(play)


#: What a saved game keeps of its own: given with --resume they would be ignored, so they are refused.
_SAVED_SETTINGS = {
    "ruleset": "RULESET",
    "players": "--players",
    "seed": "--seed",
    "variant": "--variant",
    "option_pairs": "--option",
}


def _refuse_settings_of_a_saved_game() -> None:
    """A usage error for a setting given with ``--resume`` that the saved game decides (its rule set,
    players, seed, winning variant and table options): silently playing on with the saved ones would
    leave the person believing theirs apply. (The seed also seeds the agents, deal by deal, so that a
    resumed game goes on as it would have without the stop: :mod:`whist.playseats`.)"""
    context = click.get_current_context()
    for name, shown in _SAVED_SETTINGS.items():
        if context.get_parameter_source(name) not in (ParameterSource.DEFAULT, None):
            raise click.UsageError(f"{shown} cannot change a saved game: --resume plays on with the game's own")
