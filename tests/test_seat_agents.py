"""An agent per seat: ``--agents heuristic/random/random/random`` on every command that takes a table's agents.

One spec is every seat's (as it always was: the same seeds, the same figures, the same output); a
list parted by ``/`` names each seat's agent, and a list of another length is a usage error naming
the table's seats. Commas are the search budget's (``search:samples=8,rollouts=4``), so a list
written with commas is refused with the same list written with ``/``. The commands are found from
the CLI itself (tests/test_agents_option.py), so a new command that takes agents is held to this too.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from interpreter.balance import balance
from interpreter.parallel import agent_factory, simulate_on_cores
from interpreter.seating import seat_agents
from interpreter.simulation import play_games
from rulespec import load_ruleset
from tests.test_agents_option import _agent_commands
from tests.test_parallel import figures
from whist.cli import cli


def test_one_spec_is_every_seats_and_a_list_names_each_seat() -> None:
    assert seat_agents("heuristic", 4) == ("heuristic",) * 4
    assert seat_agents("search:samples=2,rollouts=3/random", 2) == ("search:samples=2,rollouts=3", "random")
    assert seat_agents("random", None) == ("random",)


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("heuristic/random", "2 agents for 4 seats at the table"),
        ("heuristic/random/random/random/random", "5 agents for 4 seats at the table"),
        (
            "heuristic,random,random,random",
            "not ',' (a search budget takes the commas): heuristic/random/random/random",
        ),
        (
            "search:samples=8,rollouts=4,heuristic,random,random",
            ": search:samples=8,rollouts=4/heuristic/random/random",
        ),
        ("heuristic/nobody/random/random", "unknown agents 'nobody'"),
        ("heuristic//random/random", "unknown agents ''"),
    ],
)
def test_a_wrong_list_is_refused_saying_the_right_one(spec: str, said: str) -> None:
    with pytest.raises(ValueError) as caught:
        seat_agents(spec, 4)
    assert said in str(caught.value)


def test_a_duels_agent_is_one_agent() -> None:
    with pytest.raises(ValueError, match="one agent here, not one per seat"):
        seat_agents("random/heuristic", None)


def _args(command: str, spec: str) -> list[str]:
    """A command with ``spec`` as the table's agents (christmas-whist: 2 players; play lists the
    other seat only); a duel's agent is one agent."""
    if command == "duel":
        return ["duel", "random", spec, "christmas-whist", "--deals", "1"]
    table = ["christmas-whist"] if command != "balance" else ["combo-whist", "--players", "3"]
    rest = ["--deals", "1"] if command in ("balance", "play") else ["--games", "1", "--jobs", "1"]
    return [command, *table, "--agents", spec, *rest]


def _seats(command: str) -> int:
    return {"balance": 3, "play": 1}.get(command, 2)


def test_every_command_refuses_a_list_of_the_wrong_length_the_same_way() -> None:
    for command, _ in _agent_commands():
        seats = _seats(command)
        result = CliRunner().invoke(cli, _args(command, "random/" * seats + "random"))
        assert result.exit_code == 2, (command, result.output)
        if command == "duel":
            assert "one agent here, not one per seat" in result.output, result.output
            continue
        where = "other seat at the table" if command == "play" else "seats at the table"  # (play: 2 players)
        assert f"{seats + 1} agents for {seats} {where}" in result.output, (command, result.output)
        assert "a seat each: parted by '/'" in result.output and "Traceback" not in result.output


def test_every_command_refuses_a_list_written_with_commas() -> None:
    for command, _ in _agent_commands():
        result = CliRunner().invoke(cli, _args(command, "random,heuristic"))
        assert result.exit_code == 2, (command, result.output)
        assert "parted by '/', not ','" in result.output and "random/heuristic" in result.output, command


def test_every_command_that_seats_a_table_takes_a_list(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # (play saves its game where it runs)
    for command, _ in _agent_commands():
        if command == "duel":
            continue
        spec = "/".join(["heuristic", "random", "random"][: _seats(command)])
        result = CliRunner().invoke(cli, _args(command, spec), input="")
        assert "--agents" not in result.output, (command, result.output)
        # (play waits for the person, who says nothing here: it stops at the end of the input)
        assert result.exit_code == (1 if command == "play" else 0), (command, result.output)


def test_a_list_gives_the_same_figures_for_any_number_of_processes() -> None:
    name, players, spec = "christmas-whist", 2, "heuristic/random"
    rules = load_ruleset(name)
    makers = [agent_factory(one, rules) for one in spec.split("/")]
    one = figures(play_games(rules, range(4), 5, players, makers).to_data(rules))  # the plain loop
    for jobs in (1, 2):
        assert figures(simulate_on_cores(name, 4, 5, players, spec, jobs=jobs).to_data(rules)) == one, jobs
    # The seats' seeds are those of one agent for everyone: the same agent listed at every seat plays the same.
    same = figures(simulate_on_cores(name, 4, 5, players, "random/random", jobs=2).to_data(rules))
    assert same == figures(simulate_on_cores(name, 4, 5, players, "random", jobs=1).to_data(rules))
    assert same != one  # (the heuristic agent at seat 0 plays otherwise)


def test_balance_with_a_list_is_the_same_for_any_number_of_processes() -> None:
    def without_time(data: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in data.items() if key != "seconds"}

    one, two = (balance("combo-whist", 6, 3, 4, "heuristic/random/random/random", jobs=jobs) for jobs in (1, 2))
    assert without_time(one) == without_time(two)
    assert one["seat_agents"] == {"0": "heuristic", "1": "random", "2": "random", "3": "random"}
    listed = balance("combo-whist", 6, 3, 4, "random/random/random/random", jobs=2)
    plain = balance("combo-whist", 6, 3, 4, "random", jobs=1)
    assert without_time(plain) == {
        key: v for key, v in without_time(listed).items() if key not in ("agents", "seat_agents", "by_seat")
    } | {"agents": "random"}
    assert "seat_agents" not in plain and "by_seat" not in plain


def test_balance_says_how_each_seats_agent_fared() -> None:
    """With an agent per seat, each seat's points per deal, declarations and completions: counted from
    the seats here, checked against the figures counted from the bids (every declared combo has one
    standard bid) and against the gains of the positions (the same deals, every agent at every position)."""
    data = balance("combo-whist", 24, 5, 4, "heuristic/random/random/random", jobs=1)
    seats = data["by_seat"]
    assert [(s["seat"], s["agent"]) for s in seats] == [(0, "heuristic"), (1, "random"), (2, "random"), (3, "random")]
    assert all(s["deals"] == 24 for s in seats)  # four players: every seat plays every deal
    standard = [b for b in data["bids"] if b["kind"] == "standard"]
    assert sum(s["declared"] for s in seats) == data["declared"] == sum(b["bid"] for b in standard)
    assert sum(s["completed"] for s in seats) == sum(b["completed"] for b in standard)
    by_seat = sum(s["mean_points"] * s["deals"] for s in seats)
    by_position = sum(p["mean_points"] * 24 for p in data["seats"]["positions"])
    assert by_seat == pytest.approx(by_position, abs=0.01)  # (means rounded to 4 places)
    for s in seats:
        low, high = s["ci95"]
        assert low <= s["mean_points"] <= high
    assert data["declared"] > 0  # (a study where nobody declared would check nothing)


def _simulate(*args: str) -> Any:
    result = CliRunner().invoke(cli, ["simulate", "christmas-whist", "--games", "1", "--jobs", "1", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_summary_says_who_sat_where_in_text_and_json() -> None:
    data = json.loads(_simulate("--agents", "heuristic/random", "--json"))
    assert data["seat_agents"] == {"0": "heuristic", "1": "random"}
    assert "seat_agents" not in json.loads(_simulate("--agents", "heuristic", "--json"))  # as it always was
    english = _simulate("--agents", "heuristic/random", "--lang", "en")
    assert "Agent at seat 0" in english and "Agent at seat 1" in english and "heuristic" in english
    swedish = _simulate("--agents", "heuristic/random", "--lang", "sv")
    assert "Agent på plats 0" in swedish and "Agent på plats 1" in swedish
    assert "Agent" not in _simulate("--agents", "heuristic", "--lang", "en")


@pytest.mark.parametrize(
    ("lang", "said", "points"),
    [("en", "Seat 1 (heuristic): ", "points per deal"), ("sv", "Plats 1 (heuristic): ", "poäng per giv")],
)
def test_balance_says_who_sat_where(lang: str, said: str, points: str) -> None:
    args = ["balance", "combo-whist", "--deals", "2", "--agents", "random/heuristic/random/random", "--lang", lang]
    result = CliRunner().invoke(cli, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith(said)]
    assert len(lines) == 1 and points in lines[0], result.output
    assert ("Seat 0 (random): " if lang == "en" else "Plats 0 (random): ") in result.output
    assert said not in CliRunner().invoke(cli, [*args[:5], "random", "--lang", lang]).output


def test_play_seats_the_listed_agents_around_the_person(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The list names the other seats in seat order, the person's seat left out."""
    import interpreter.game
    from interpreter.agents import HeuristicAgent, RandomAgent
    from whist.play import HumanAgent

    seated: list[Any] = []

    def game(rules: Any, agents: list[Any], **_: Any) -> None:
        seated.extend(agents)
        raise ValueError("seated")  # (stops before the first deal; play says it as an error)

    monkeypatch.setattr(interpreter.game, "Game", game)
    args = ["play", "combo-whist", "--seat", "2", "--agents", "random/heuristic/random", "--seed", "4"]
    result = CliRunner().invoke(cli, [*args, "--save", str(tmp_path / "save.json")], input="")
    assert result.exit_code == 1 and "seated" in result.output, result.output
    assert [type(agent) for agent in seated] == [RandomAgent, HeuristicAgent, HumanAgent, RandomAgent]


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Seat {n} is played by {agent}."), ("sv", "Plats {n} spelas av {agent}.")]
)
def test_play_says_who_plays_at_each_other_seat(tmp_path: Any, lang: str, said: str) -> None:
    """With an agent per seat, the opening of ``whist play`` says which agent plays where (its own
    seat left out); with one agent for all, it says nothing of it."""
    args = ["play", "combo-whist", "--seat", "2", "--seed", "4", "--deals", "1", "--lang", lang]
    listed = CliRunner().invoke(
        cli, [*args, "--agents", "random/heuristic/random", "--save", str(tmp_path / "a.json")], input=""
    )
    for seat, agent in ((0, "random"), (1, "heuristic"), (3, "random")):
        assert said.format(n=seat, agent=agent) in listed.output, listed.output
    assert said.format(n=2, agent="random") not in listed.output
    single = CliRunner().invoke(cli, [*args, "--agents", "random", "--save", str(tmp_path / "b.json")], input="")
    assert said.format(n=0, agent="random") not in single.output
