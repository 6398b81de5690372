"""What ``whist simulate`` reports and refuses.

* A match game (Christmas Whist): "should any hand result in a tie score, that hand is immediately
  replayed" — a tied hand is void, so its points are not in a kind of hand's average, which is a
  player's (the sum over the players, divided by them); the matches no one won are counted, with why.
* An option that the winning variant played never reads (``--option rounds=1`` under ``classic``:
  the rounds are the limited variant's) is a usage error naming the variant that reads it.
* The JSON report holds what it takes to run it again: seed, agents, variant, options.
* A whole number too long for any option is refused with the option's range, not as "not a whole number".
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.agents import RandomAgent
from interpreter.game import Game
from interpreter.seeds import study_seed
from interpreter.simulation import play_games
from rulespec import load_ruleset
from whist.cli import cli


def test_a_tied_hand_is_void_in_the_per_player_average() -> None:
    rules = load_ruleset("christmas-whist")
    games = range(12)
    data = play_games(rules, games, 1, 2, lambda seed: RandomAgent(seed)).to_data(rules)
    points: dict[str, float] = {}
    kept: dict[str, int] = {}
    ties = 0
    for index in games:  # the same games, their whole records: the rules' reading, hand by hand
        seed = study_seed(1, index)
        game = Game(rules, [RandomAgent(seed * 17 + seat) for seat in range(2)], seed=seed)
        game.run()
        for hand in game.deal_records:
            if hand["replay"]:  # a tie: played again, these points never count
                ties += 1
                continue
            points[hand["contract"]] = points.get(hand["contract"], 0) + sum(hand["hand_points"].values())
            kept[hand["contract"]] = kept.get(hand["contract"], 0) + 1
    assert ties and data["replays"] == ties  # (the seeds hold ties to leave out)
    for bid_id, row in data["hand_types"].items():
        assert row["played"] - row["tied"] == kept.get(bid_id, 0)
        expected = round(points[bid_id] / (kept[bid_id] * 2), 3) if kept.get(bid_id) else None
        assert row["average_points"] == expected, bid_id


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_match_no_one_won_is_shown_with_why(lang: str, tmp_path: Path) -> None:
    house = tmp_path / "no-points.yaml"  # every hand of Take Tricks ties at 0: replayed to the deal cap
    house.write_text("extends: christmas-whist\nbids: [{id: tricks_up, params: {trick_points: 0}}]\n", "utf-8")
    data = json.loads(CliRunner().invoke(cli, ["simulate", str(house), "--games", "1", "--json"]).output)
    assert data["undecided"] == data["unfinished"] == 1 and data["winners"] == {"0": 0, "1": 0}
    tricks = data["hand_types"]["tricks_up"]
    assert tricks["played"] == tricks["tied"] == data["replays"] > 0 and tricks["average_points"] is None
    shown = CliRunner().invoke(cli, ["simulate", str(house), "--games", "1", "--lang", lang], env={"COLUMNS": "200"})
    from rulespec.locale import load_texts

    texts = load_texts(load_ruleset(str(house)), lang)
    lines = shown.output.splitlines()
    for key, figure in (("match_undecided", "1"), ("match_unfinished", "1"), ("match_drawn", "0")):
        row = next(line for line in lines if texts.label(key) in line)
        assert row.strip("│ ").endswith(figure), row


#: Rule sets whose ``limited`` variant alone reads ``option.rounds`` (its rules: "rounds of the limited variant").
ROUNDS_OF_LIMITED = ["combo-whist", "combo-whist@1.3.0", "bids/examples/club-rules.yaml"]


@pytest.mark.parametrize("ruleset", ROUNDS_OF_LIMITED)
def test_an_option_the_variant_played_never_reads_is_refused_naming_the_one_that_does(ruleset: str) -> None:
    for variant in ([], ["--variant", "classic"]):
        result = CliRunner().invoke(cli, ["simulate", ruleset, "--games", "1", "--option", "rounds=1", *variant])
        assert result.exit_code == 2, result.output
        assert "--variant limited" in result.output and "classic" in result.output
    args = ["simulate", ruleset, "--games", "1", "--option", "rounds=1", "--variant", "limited", "--json"]
    assert CliRunner().invoke(cli, args).exit_code == 0


@pytest.mark.parametrize(
    "args",
    [
        [
            "combo-whist",
            "--seed",
            "7",
            "--agents",
            "random/heuristic/random/random",
            "--variant",
            "limited",
            "--option",
            "rounds=2",
        ],
        ["christmas-whist", "--seed", "3", "--option", "match=three"],
        ["combo-whist", "--players", "3"],
    ],
)
def test_the_json_report_holds_what_it_takes_to_run_it_again(args: list[str]) -> None:
    first = json.loads(CliRunner().invoke(cli, ["simulate", *args, "--games", "2", "--jobs", "1", "--json"]).output)
    again = ["simulate", first["ruleset"], "--games", str(first["games"]), "--jobs", "1", "--json"]
    again += ["--seed", str(first["seed"]), "--agents", first["agents"], "--players", str(first["players"])]
    again += ["--variant", first["variant"]] if first["variant"] else []
    again += [arg for name, value in first["options"].items() for arg in ("--option", f"{name}={value}")]
    second = json.loads(CliRunner().invoke(cli, again).output)
    timing = ("seconds", "deals_per_second", "hands_per_second")
    assert {k: v for k, v in first.items() if k not in timing} == {k: v for k, v in second.items() if k not in timing}


@pytest.mark.parametrize("value", ["100000000000000000000", "-100000000000000000000", "1234567890"])
def test_a_whole_number_too_long_for_an_option_is_refused_with_its_range(value: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", "--option", f"rounds={value}", "--variant", "limited"])
    assert result.exit_code == 2
    assert f"rounds takes a whole number from 1 to 20, not '{value}'" in result.output


@pytest.mark.parametrize(
    "study",
    [
        ["simulate", "--games", "1", "--jobs", "1"],
        ["duel", "--deals", "1", "random", "random"],
        ["balance", "--agents", "random", "--deals", "1"],
    ],
)
def test_every_study_report_names_the_files_it_played_by_their_bytes(study: list[str], tmp_path: Path) -> None:
    """A report kept from a house rule says which version of its files it played: the digest of
    their bytes (as a cluster's workers are checked), so an edit since is seen."""
    import shutil

    from rulespec import load_ruleset

    path = tmp_path / "club.yaml"
    shutil.copy(Path(__file__).resolve().parent.parent / "bids" / "examples" / "club-rules.yaml", path)

    def report() -> dict[str, object]:
        ruleset_last = study[0] == "duel"  # (whist duel A B [RULESET])
        args = [*study, str(path)] if ruleset_last else [study[0], str(path), *study[1:]]
        result = CliRunner().invoke(cli, [*args, "--json"])
        assert result.exit_code == 0, result.output
        return dict(json.loads(result.stdout))

    first = report()
    if study[0] == "balance":  # (the rule set set beside it is named alike)
        beside = CliRunner().invoke(cli, [*study, "--against", str(path), "--json"])
        against = json.loads(beside.stdout)["against"]
        assert against["ruleset_sha256"] == first["ruleset_sha256"] and "ruleset_version" in against
    sources = load_ruleset(str(path)).sources
    expected = hashlib.sha256(b"".join(Path(source).read_bytes() + b"\0" for source in sources)).hexdigest()
    assert first["ruleset_sha256"] == expected
    path.write_text(path.read_text() + "\n# edited\n")
    assert report()["ruleset_sha256"] != expected
