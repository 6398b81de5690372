"""``whist show --ids`` shows what a rule file, ``--bids`` and ``--agents`` name each bid by.

A Swedish club writing a house rule met only names in ``whist show --lang sv`` (the ids were in
``--format json`` alone). With ``--ids`` every bid's row starts with its id, in every language;
without it the tables are as they were.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rulespec import load_ruleset
from whist.cli import cli


@pytest.mark.parametrize("ref", ["combo-whist", "combo-whist@1.0.0", "christmas-whist"])
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_bid_is_shown_with_its_id(ref: str, lang: str) -> None:
    rules = load_ruleset(ref)
    runner = CliRunner()
    shown = runner.invoke(cli, ["show", ref, "--lang", lang, "--ids"], env={"COLUMNS": "200"})
    plain = runner.invoke(cli, ["show", ref, "--lang", lang], env={"COLUMNS": "200"})
    assert shown.exit_code == 0 and plain.exit_code == 0, shown.output
    rows = [line.split("│")[1].strip() for line in shown.stdout.splitlines() if line.startswith("│")]
    rows = [row for row in rows if row]  # (a row's next lines, where its rules text wraps)
    assert sorted(rows) == sorted(rules.bids)  # one row per bid, its id first
    assert not any(f"│ {bid} " in plain.stdout for bid in rules.bids if "_" in bid)  # not shown unasked


@pytest.mark.parametrize("width", [50, 60, 80])
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_list_of_names_wraps_between_names(width: int, lang: str) -> None:
    """The Incompatibility column broke inside a name ("Open" / "Hand", read as two bids): each
    line of the column holds whole names only, at any window width."""
    from printing.facts import incompatible_words
    from rulespec.locale import load_texts

    rules = load_ruleset("combo-whist")
    texts = load_texts(rules, lang)
    names = {name for bid in rules.bids.values() for name in incompatible_words(bid, rules, texts)}
    shown = CliRunner().invoke(cli, ["show", "--lang", lang], env={"COLUMNS": str(width)})
    assert shown.exit_code == 0
    assert "\ue001" not in shown.stdout and "\u00a0" not in shown.stdout  # (kept together, printed as plain spaces)
    special = shown.stdout.split(texts.label("special_bids"), 1)[1]
    pieces = [
        piece.strip()
        for line in special.splitlines()
        if line.startswith("│")
        for piece in line.split("│")[-2].split(",")
        if piece.strip() and piece.strip() != "—"
    ]
    assert pieces and set(pieces) <= names, sorted(set(pieces) - names)


def test_a_name_too_long_for_the_column_wraps_at_its_spaces(tmp_path) -> None:
    """Kept whole, a house rule's 33-character name was cut mid-word ("Northern C" / "lub")."""
    (tmp_path / "locales" / "en").mkdir(parents=True)
    (tmp_path / "h5.yaml").write_text(
        "ruleset: h5\nversion: 1.5.1+h5.1\nextends: combo-whist\nbids:\n"
        "  - {id: lucky, kind: special, worth: 1, incompatible: [lock]}\n",
        encoding="utf-8",
    )
    name = "Lucky Sevens of the Northern Club"
    (tmp_path / "locales" / "en" / "h5.yaml").write_text(
        f"language: en\nruleset: h5\nbids:\n  lucky: {{name: {name}, short: s, rules: r}}\n", encoding="utf-8"
    )
    for args in ([], ["--ids"]):
        shown = CliRunner().invoke(cli, ["show", str(tmp_path / "h5.yaml"), *args], env={"COLUMNS": "80"})
        assert shown.exit_code == 0, shown.output
        words = " ".join(
            line.split("│")[-2].strip() for line in shown.stdout.splitlines() if line.startswith("│")
        ).split()
        assert all(word.strip(",") in words or f"{word}," in words for word in name.split()), words
