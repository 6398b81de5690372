"""``whist play`` never writes a new game over the save of a game not yet over.

A player stopped a game (Ctrl-D: "Resume with: whist play --resume whist-save.json"), ran
``whist play`` again in the same folder, and the new game replaced the save after its first
decision: the first game was lost without a word. Now the new game is refused (a usage error)
with the ways on: resume it, save elsewhere, or remove the file.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.agents import RandomAgent
from interpreter.game import Game
from interpreter.recordcheck import ruleset_digest
from interpreter.records import to_record
from rulespec import load_ruleset
from whist.cli import cli


def _unfinished(path: Path) -> bytes:
    """A save of a Combo Whist game stopped after its first deal."""
    rules = load_ruleset("combo-whist")
    game = Game(rules, [RandomAgent(seat) for seat in range(4)], seed=5)
    game.play_deal()
    record = to_record(game, "combo-whist", {"human_seat": 0, "ruleset_digest": ruleset_digest(rules)})
    assert record["result"] is None and record["decisions"]
    path.write_text(json.dumps(record), encoding="utf-8")
    return path.read_bytes()


@pytest.mark.parametrize(
    "args", [[], ["--save", "whist-save.json"], ["--resume", "other.json", "--save", "whist-save.json"]]
)
def test_a_new_game_is_refused_where_an_unfinished_one_is_saved(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    before = _unfinished(tmp_path / "whist-save.json")
    _unfinished(tmp_path / "other.json")
    seed = [] if "--resume" in args else ["--seed", "1"]  # (a resumed game has its own seed)
    result = CliRunner().invoke(cli, ["play", "--agents", "random", *seed, *args], input="")
    assert result.exit_code == 2, result.output
    assert "holds a game not yet over" in result.output and "whist play --resume whist-save.json" in result.output
    assert (tmp_path / "whist-save.json").read_bytes() == before


def test_the_unfinished_game_itself_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _unfinished(tmp_path / "whist-save.json")
    result = CliRunner().invoke(cli, ["play", "--resume", "whist-save.json", "--agents", "random"], input="")
    assert result.exit_code == 1 and "not yet over" not in result.output  # (it plays on; the input ends)
    assert "Resume with" in result.output


def test_a_resume_opens_where_the_game_stopped_not_at_each_finished_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Resumed after three whole deals, the game showed deal 1's last trick and result and waited
    for Enter, then deal 2's, …: one Enter per finished deal before it was back where it stopped."""
    monkeypatch.chdir(tmp_path)
    rules = load_ruleset("combo-whist")
    game = Game(rules, [RandomAgent(seat) for seat in range(4)], seed=5)
    for _ in range(3):
        game.play_deal()
    record = to_record(game, "combo-whist", {"human_seat": 0, "ruleset_digest": ruleset_digest(rules)})
    (tmp_path / "save.json").write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", "--resume", "save.json", "--agents", "random"], input="\n" * 3)
    assert result.exit_code == 1, result.output  # (in the fourth deal; the input ends)
    reports = re.findall(r"^Scores:.*\n(?:\s+.*\n)*Press Enter", result.output, re.M)  # (a report's last lines)
    assert result.output.count("Press Enter") == 1 and len(reports) == 1, result.output


def test_cards_that_change_hands_before_play_are_told(tmp_path: Path) -> None:
    """Mail's and Rank Trump's cards left and arrived without a word. Whatever came into the hand
    before the first trick (played later, never dealt) and went out of it (dealt, never played) is
    said, as the save's record has them. (Seed 47: seat 0 gives cards away and gets others before play.)"""
    save = tmp_path / "save.json"
    args = ["play", "--seed", "47", "--agents", "random", "--save", str(save), "--deals", "1"]
    result = CliRunner().invoke(cli, args, input="pass\n" + "1\n" * 200)
    assert result.exit_code == 0, result.output
    deal = json.loads(save.read_text(encoding="utf-8"))["deals"][0]
    dealt = set(deal["hands"]["0"])
    played = {card for trick in deal["tricks"] for seat, card in trick["plays"] if seat == 0}
    came, went = sorted(played - dealt), sorted(dealt - played)
    assert came and went  # (the seed's deal has an exchange)
    lines = re.findall(r"(?:Into|Out of) your hand: .*", result.output)  # (a line may follow a prompt)
    shown = " ".join(lines).replace("♣", "C").replace("♦", "D").replace("♥", "H").replace("♠", "S")
    for card in came + went:
        assert card in shown.split(), (card, lines)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
@pytest.mark.parametrize("ruleset", ["combo-whist", "christmas-whist"])
def test_stopping_offers_to_resume_only_a_save_that_holds_the_game(
    ruleset: str, seat: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopped at the person's first prompt: when others decided before them the save holds the game
    and is offered; when nobody did, nothing was written and no resume is offered."""
    if ruleset == "christmas-whist" and seat > 1:
        return
    monkeypatch.chdir(tmp_path)
    args = ["play", ruleset, "--seed", "5", "--seat", str(seat), "--agents", "random", "--save", "small.json"]
    result = CliRunner().invoke(cli, args, input="")
    assert result.exit_code == 1, result.output
    saved = (tmp_path / "small.json").exists()
    assert ("Resume with: whist play --resume small.json" in result.output) == saved
    assert ("nothing was saved" in result.output) == (not saved)
    if saved:
        again = CliRunner().invoke(cli, ["play", "--resume", "small.json", "--agents", "random"], input="")
        assert again.exit_code == 1 and "Resume with: whist play --resume small.json" in again.output


def test_a_branch_stopped_before_it_is_written_offers_the_save_it_came_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _unfinished(tmp_path / "first.json")
    args = ["play", "--resume", "first.json", "--save", "branch.json", "--agents", "random"]
    result = CliRunner().invoke(cli, args, input="")
    assert result.exit_code == 1, result.output
    offered = re.search(r"Resume with: whist play --resume (\S+)", result.output)
    assert offered is not None and (tmp_path / offered.group(1)).exists()


@pytest.mark.parametrize("name", ["my game.json", "it's $HOME;.json", "-dash.json", "plain.json"])
def test_the_offered_resume_command_pasted_into_a_shell_names_the_save(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The offered line once printed the path as it was: a space, a quote or a ``$`` in it made a
    pasted command resume another file or none. Split as a shell splits it, it resumes the save."""
    monkeypatch.chdir(tmp_path)
    args = ["play", "--seed", "5", "--seat", "1", "--agents", "random", "--lang", "sv", "--save", name]
    result = CliRunner().invoke(cli, args, input="")
    assert result.exit_code == 1 and (tmp_path / name).exists(), result.output
    line = result.output.strip().splitlines()[-1]
    words = shlex.split(line[line.index("whist play") :])
    assert words[:3] == ["whist", "play", "--resume"] and words[3] == name and words[4:] == ["--lang", "sv"]
    again = CliRunner().invoke(cli, [*words[1:], "--agents", "random"], input="")
    assert again.exit_code == 1 and "Traceback" not in again.output, again.output
