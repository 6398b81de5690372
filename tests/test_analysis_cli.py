"""``whist analyze``: the impossible combos listed, as JSON and in Swedish, and games it does not
analyse.
"""

from __future__ import annotations

import json
from typing import Any

import click
import pytest
from click.testing import CliRunner

from whist.analyzecli import register

# --- whist analyze --------------------------------------------------------------------------


@pytest.fixture
def runner() -> Any:
    group = click.Group("whist")
    register(group)
    return lambda *args: CliRunner().invoke(group, list(args))


def test_cli_lists_the_impossible_combos(runner: Any) -> None:
    result = runner("analyze", "combo-whist@1.4.2")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Combo Whist 1.4.2: combo bids that can never be completed")
    assert "This version forbids bidding them." in out
    assert "• Zero + Greed\n" in out and "• Taintless Master's Game + Greed + Ending Dog\n" in out
    assert "  – Lock: Take none of the first 3 tricks" in out
    assert "can never be completed (sets listed: 4)." in " ".join(out.split())


def test_cli_json_and_swedish(runner: Any) -> None:
    data = json.loads(runner("analyze", "combo-whist", "--json").output)
    assert data["ruleset"] == "combo-whist@1.5.1" and data["forbid_impossible"] is False
    assert [(e["standard"], e["specials"]) for e in data["impossible"]] == [
        ("certainty", ["greed"]),
        ("zero", ["greed"]),
    ]
    assert data["impossible"][1]["observed"] == ["count"] and data["impossible"][1]["adjusted"] is True
    swedish = runner("analyze", "combo-whist@1.4.0", "--lang", "sv", "--players", "3").output
    assert "kombinationsbud som aldrig kan gå hem" in swedish and "• Noll + Girighet" in swedish
    assert "Spelare i en giv: 3." in swedish


def test_cli_on_games_it_does_not_analyse(runner: Any) -> None:
    assert "This game has no combo bids." in runner("analyze", "christmas-whist").output
    bad = runner("analyze", "combo-whist", "--players", "2")  # a value the rule set refuses: usage (2)
    assert bad.exit_code == 2 and "combo-whist is for 3 to 12 players, not 2" in bad.output


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("width", [60, 80, 200])
def test_cli_lines_fit_the_window_and_say_the_same_words(lang: str, width: int) -> None:
    """The reasons ran to 151 columns, and an 80-column terminal broke them mid-word. Each line now
    fits the window, and the words are the same."""
    group = click.Group("whist")
    register(group)
    args = ["analyze", "combo-whist@1.4.2", "--lang", lang]
    shown = CliRunner().invoke(group, args, env={"COLUMNS": str(width)}).output
    wide = CliRunner().invoke(group, args, env={"COLUMNS": "1000"}).output
    assert max(len(line) for line in shown.splitlines()) <= width
    assert shown.split() == wide.split()


# --- what the prover does not model, in the reader's language ------------------------------


def _english_words(label: str) -> list[str]:
    """The English text of a label without its placeholders: the fragments a Swedish line must not hold."""
    from rulespec import load_ruleset
    from rulespec.locale import load_texts

    text = load_texts(load_ruleset("combo-whist"), "en").label(label, bid="\0", what="\0", item="\0")
    return [part.strip(" '()") for part in text.split("\0") if len(part.strip(" '()")) > 3]


def test_every_unmodelled_kind_has_its_own_words_in_each_language() -> None:
    from interpreter.analysis.results import UNMODELLED_KINDS, Unmodelled
    from interpreter.analysis.wording import unmodelled_words
    from rulespec import load_ruleset
    from rulespec.locale import load_texts

    rules = load_ruleset("combo-whist")
    english, swedish = load_texts(rules, "en"), load_texts(rules, "sv")
    for kind in UNMODELLED_KINDS:
        item = Unmodelled("lock", kind, "named")
        en, sv = unmodelled_words(english, item), unmodelled_words(swedish, item)
        assert en.startswith("Lock: ") and sv.startswith("Lås: "), (en, sv)  # the bid by its name
        assert "labels." not in en + sv and en != sv
        assert not any(fragment in sv for fragment in _english_words(f"analyze_unknown_{kind}")), (kind, sv)


def test_analyze_in_swedish_gives_no_english_reason(runner: Any, tmp_path: Any) -> None:
    """A choice made by several players and a fact of the standings are not modelled: ``--lang sv``
    said so in English ("whisper: 'named' (chosen by several players)")."""
    (tmp_path / "w.yaml").write_text(
        'ruleset: w\nversion: "1"\nextends: combo-whist\nbids:\n'
        "  - id: whisper\n    kind: special\n    worth: 1\n"
        "    steps:\n      - choose: {who: opponents, what: suit, as: named}\n"
        "    requires: declarer.tricks > 0 and trump in named\n"
        "  - {id: rich, kind: special, worth: 1, requires: declarer.score > 100 and declarer.tricks > 0}\n",
        encoding="utf-8",
    )
    out = " ".join(runner("analyze", str(tmp_path / "w.yaml"), "--lang", "sv", "--players", "3").output.split())
    assert "• whisper: 'named' (väljs av flera spelare)" in out and "• rich: uppgiften 'player.score'" in out
    from interpreter.analysis.results import UNMODELLED_KINDS

    for kind in UNMODELLED_KINDS:
        assert not any(fragment in out for fragment in _english_words(f"analyze_unknown_{kind}")), kind
