"""Command-line conventions (issue 16.4) and authoring messages (16.5), through the real ``whist`` command."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from test_translate_cli import whist  # the real entry point, in-process

from whist.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def house(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"ruleset: house\nversion: '1'\nextends: combo-whist\n{body}", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "args",
    [
        ("check", "--bogus", "combo-whist"),
        ("show", "combo-whist", "--format", "xml"),
        ("nosuchcommand",),
        ("check",),
        ("translate", "status", "xx"),
        ("show", "--lang", "xx"),
        ("play", "--seat", "4"),
        ("play", "--seat", "-1"),
        ("play", "christmas-whist", "--seat", "2"),
    ],
    ids=" ".join,
)
def test_usage_errors_exit_2_with_a_hint(args, capsys):
    code, out, err = whist(capsys, *args)
    assert code == 2 and out == "" and err.strip(), err


def test_version_on_the_installed_script():
    result = subprocess.run(
        [sys.executable, "-m", "whist", "--version"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 0 and result.stdout.startswith("whist, version ")


def _commands(group, path=()):
    ctx = click.Context(group)  # every command, those imported on first use too (whist.commands)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        yield (*path, name), command
        if hasattr(command, "commands"):
            yield from _commands(command, (*path, name))


@pytest.mark.parametrize("path", [p for p, _ in _commands(cli)], ids=" ".join)
def test_every_command_help_has_an_example(path, capsys):
    code, out, _ = whist(capsys, *path, "--help")
    assert code == 0 and "Example:" in out
    example = out.split("Example:")[1].strip().splitlines()[0].strip()
    assert example.startswith("whist " + " ".join(path))  # an example of this very command


def test_every_command_that_takes_a_rule_set_defaults_to_the_same_one():
    """One default rule set for the whole command line (``whist.cliargs.DEFAULT_RULESET``), named once."""
    from whist.cliargs import DEFAULT_RULESET

    defaults = {
        " ".join(path): param.default
        for path, command in _commands(cli)
        for param in command.params
        if param.name == "ruleset" and isinstance(param.default, str)  # translate import: from the PO file
    }
    assert {"play", "simulate", "balance", "duel", "show"} <= set(defaults)
    assert set(defaults.values()) == {DEFAULT_RULESET}, defaults
    literal = f'"{DEFAULT_RULESET}"'
    named = [str(f.relative_to(ROOT)) for f in sorted((ROOT / "whist").rglob("*.py")) if literal in f.read_text()]
    assert named == ["whist/cliargs.py"]


#: The other arguments each command that plays games needs for a quick run.
PLAYING = {
    "simulate": ("--games", "1", "--jobs", "1"),
    "play": ("--save", "{tmp}/save.json"),
    "duel": ("random", "random", "--deals", "1", "--jobs", "1"),
    "balance": ("--deals", "1", "--jobs", "1"),
    "analyze": (),
}


@pytest.mark.parametrize(
    ("option", "ruleset", "value", "message"),
    [
        ("--players", "christmas-whist", "3", "christmas-whist is for 2 players, not 3"),
        ("--players", "combo-whist", "2", "combo-whist is for 3 to 12 players, not 2"),
        ("--variant", "christmas-whist", "classic", "christmas-whist has no winning variants"),
        (
            "--variant",
            "combo-whist",
            "nope",
            "'nope' is not a winning variant of combo-whist (known: classic, limited)",
        ),
        # An older version is named with its version: the newest has the variant it lacks.
        (
            "--variant",
            "combo-whist@1.2.0",
            "limited",
            "'limited' is not a winning variant of combo-whist@1.2.0 (known: classic)",
        ),
    ],
)
def test_a_table_the_rule_set_does_not_allow_is_a_usage_error(option, ruleset, value, message, tmp_path, capsys):
    """Every command with ``--players`` or ``--variant`` refuses what the rule set does not allow
    before a game starts: exit 2, naming the option."""
    takers = [path[0] for path, command in _commands(cli) if any(p.opts[0] == option for p in command.params)]
    assert takers and set(takers) <= set(PLAYING)
    for name in takers:
        args = [a.replace("{tmp}", str(tmp_path)) for a in PLAYING[name]]
        code, out, err = whist(
            capsys,
            name,
            *args[: 2 if name == "duel" else 0],
            ruleset,
            *args[2 if name == "duel" else 0 :],
            option,
            value,
        )
        assert code == 2 and f"'{option}'" in err and message in err, (name, err)
    assert list(tmp_path.iterdir()) == []


def test_check_json(tmp_path, capsys):
    bad = house(tmp_path, "worth_typo: 1\n")
    code, out, _ = whist(capsys, "check", "combo-whist", str(bad), "--json")
    [good, broken] = json.loads(out)
    assert code == 1 and good == {
        "path": "combo-whist",
        "ok": True,
        "ruleset": good["ruleset"],
        "standard_bids": 16,
        "special_bids": good["special_bids"],
        "warnings": [],
    }
    assert broken["ok"] is False and broken["error"]["file"] == str(bad) and broken["error"]["line"] == 4
    assert broken["errors"] == [broken["error"]]


def test_check_json_lists_every_problem_the_text_lists(tmp_path, capsys):
    """``--json`` gave only the first problem of a rule set that failed to load; the text, all."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: bad\nversion: 1\nextends: combo-whist\nbids:\n  - id: trump\n    score: many\n", "utf-8")
    code, out, _ = whist(capsys, "check", str(bad), "--json")
    [broken] = json.loads(out)
    code_text, _, err = whist(capsys, "check", str(bad))
    assert code == code_text == 1
    assert [(e["line"], e["message"]) for e in broken["errors"]] == [
        (2, broken["error"]["message"]),
        (6, broken["errors"][1]["message"]),
    ]
    assert all(f"{bad}:{e['line']}:{e['column']}: {e['message']}" in err for e in broken["errors"])
    # The same in replay: a scenario whose rule set fails to load.
    scenario = ROOT / "tests" / "scenarios" / "versions" / "v1.0.0-bingo-ten-lost.yaml"
    moved = tmp_path / "scenario.yaml"
    moved.write_text(scenario.read_text(encoding="utf-8").replace("ruleset: combo-whist@1.0.0", "ruleset: bad.yaml"))
    code, out, _ = whist(capsys, "replay", str(moved), "--json")
    assert code == 1 and [e["line"] for e in json.loads(out)["errors"]] == [2, 6]


def test_replay_json(tmp_path, capsys):
    scenario = next((ROOT / "tests" / "scenarios").rglob("*.yaml"))
    code, out, err = whist(capsys, "replay", str(scenario), "--json")
    data = json.loads(out)
    assert (code, data["ok"], data["differences"]) == (0, True, []), err
    code, out, _ = whist(capsys, "replay", str(tmp_path / "missing.json"), "--json")
    assert code == 1 and json.loads(out)["ok"] is False


def test_translate_status_json(capsys):
    code, out, _ = whist(capsys, "translate", "status", "sv", "--json")
    data = json.loads(out)
    assert code == 0 and data["language"] == "sv" and data["total"] > 250
    assert {"missing", "unreviewed", "stale", "obsolete", "errors"} <= set(data)


@pytest.mark.parametrize("lang", ["sv_SE", "sv_SE.UTF-8", "sv-SE", "SV"])
def test_lang_takes_what_LANG_takes(lang, capsys):
    code, out, err = whist(capsys, "show", "combo-whist", "--lang", lang)
    assert code == 0 and "Standardbud" in out, err


# --- authoring messages ------------------------------------------------------------------------


def test_removing_a_named_bid_points_at_remove_bids(tmp_path, capsys):
    path = house(tmp_path, "remove_bids: [misery]\n")
    code, _, err = whist(capsys, "check", str(path))
    assert code == 1
    assert err.splitlines()[0] == f"{path}:4:15: cannot remove 'misery': still named by plague"
    assert "hint: remove those bids too" in err


def test_a_param_of_the_wrong_type_is_reported_where_it_is_defined(tmp_path, capsys):
    path = house(tmp_path, "bids:\n  - id: lock\n    params: {locked_tricks: four}\n")
    code, _, err = whist(capsys, "check", str(path))
    assert code == 1
    assert err.splitlines()[0] == (
        f"{path}:6:29: param 'locked_tricks' is 'four', but bids.lock.requires uses it as a number"
    )


def test_unknown_suit_lists_the_suits_and_a_word_for_a_number_says_so(tmp_path, capsys):
    body = (
        "bids:\n  - id: fav\n    kind: special\n    worth: one\n    priority: 5\n"
        '    requires: count(declarer.won, card.suit == "Hearts") >= 3\n'
    )
    code, _, err = whist(capsys, "check", str(house(tmp_path, body)))
    assert code == 1
    assert "expected a number, got 'one'" in err and "hint: write the number in digits" in err
    assert "unknown suit 'Hearts'" in err and "hint: the suits are: C, D, H, S" in err


def test_schema_prints_its_path_or_writes_a_copy(tmp_path, capsys):
    code, out, _ = whist(capsys, "schema")
    path = Path(out.strip())
    assert code == 0 and path.is_file() and json.loads(path.read_text(encoding="utf-8"))["$schema"]
    code, out, _ = whist(capsys, "schema", "-o", str(tmp_path / "s.json"))
    assert code == 0 and (tmp_path / "s.json").read_bytes() == path.read_bytes()
    assert "# yaml-language-server: $schema=s.json" in out


LUCKY = """\
bids:
  - id: lucky_sevens
    kind: special
    worth: 1
    priority: 5
    requires: count(declarer.won, card.rank == "7") >= 2
"""


def test_house_rule_bids_stand_by_rank_in_tables_rules_cards_and_the_bid_menu(tmp_path, capsys):
    """A new special bid of rank 1 stands among the rank-1 bids, not after the parent's bids."""
    from rich.console import Console

    from interpreter.decisions import Request
    from printing.facts import select_bids
    from rulespec import load_ruleset
    from rulespec.locale import load_texts
    from rulespec.ordering import rank_key
    from whist.playscreen import compact_bid_menu, full_bid_table

    path = house(tmp_path, LUCKY)
    code, out, err = whist(capsys, "show", str(path), "--lang", "en")
    assert code == 0, err
    special = out[out.index("Special bids") :]
    names = [line.split("│")[1].strip() for line in special.splitlines() if line.startswith("│")]
    # after the other rank-1 bids (Open Trump is the parent's last), before the first of rank 2 (Lock)
    assert names.index("Open Trump") + 1 == names.index("lucky_sevens") == names.index("Lock") - 1
    assert whist(capsys, "rules", str(path), "--lang", "en", "--format", "md", "-o", str(tmp_path / "r.md"))[0] == 0
    reference = (tmp_path / "r.md").read_text(encoding="utf-8")
    assert reference.index("| Open Trump |") < reference.index("| lucky\\_sevens |") < reference.index("| Lock |")
    rules = load_ruleset(path)
    for kind in ("standard", "special"):  # cards: by rank within each kind
        printed = [b for b in select_bids(rules) if b.kind == kind]
        assert [rank_key(b) for b in printed] == sorted(rank_key(b) for b in printed)
    with open(tmp_path / "menu.txt", "w", encoding="utf-8") as screen:
        standard, special_ids = (tuple(b.id for b in bids) for bids in (rules.standard_bids, rules.special_bids))
        request = Request("bid", 0, standard_ids=standard, special_ids=special_ids)
        ids = compact_bid_menu(Console(file=screen), request, rules, load_texts(rules, "en"))
        assert full_bid_table(Console(file=screen), request, rules, load_texts(rules, "en")) == ids
    specials = [rules.bids[i] for i in ids if rules.bids[i].kind == "special"]
    assert [rank_key(b) for b in specials] == sorted(rank_key(b) for b in specials)
    assert ids.index("lucky_sevens") < ids.index("lock")


def test_the_readme_names_the_commands_that_take_lang():
    """README says which commands take ``--lang`` and which speak English only: it said "every
    command", and ``whist check --lang sv`` was a usage error. Each top-level command is in exactly
    one of the two lists, and its options agree."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    takes = readme.split("Every command that shows a rule set's texts (")[1].split(")")[0]
    english = readme.split(" speak English whatever the language")[0].rsplit("\n", 1)[-1]
    said_takes, said_english = set(re.findall(r"`(\w+)`", takes)), set(re.findall(r"`(\w+)`", english))
    commands = dict(_commands(cli))
    top = {path[0] for path in commands if len(path) == 1}
    assert said_takes | said_english == top and not said_takes & said_english
    for name in top:
        has_lang = any("--lang" in param.opts for param in commands[(name,)].params)
        assert has_lang == (name in said_takes), name
