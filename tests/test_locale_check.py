"""``whist check`` checks the locale files a rule set brings; ``cards`` and ``rules`` refuse a text
whose placeholder has no value (issue 16 §2). Through the real command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rulespec import locale

HOUSE = "ruleset: house\nversion: 1.0.0\nextends: combo-whist\n"


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LANG": "C", "WHIST_LANG": "en", "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "whist", *args], capture_output=True, text=True, env=env, timeout=300)


def house(tmp_path: Path, lang: str, text: str, rule: str = HOUSE) -> Path:
    (tmp_path / "house.yaml").write_text(rule, encoding="utf-8")
    (tmp_path / "locales" / lang).mkdir(parents=True, exist_ok=True)
    (tmp_path / "locales" / lang / "house.yaml").write_text(text, encoding="utf-8")
    return tmp_path / "house.yaml"


def test_check_reports_every_problem_of_a_locale_file_located(tmp_path):
    path = house(
        tmp_path,
        "sv",
        "language: sv\nruleset: house\ntitel: Hus\nbids:\n  late_bloomer:\n    name: Sen\n"
        "  trump:\n    nmae: Trumf\n    short: minst {heart} hjärter\nlabels:\n  yse: ja\n",
    )
    result = run("check", str(path))
    assert result.returncode == 1
    err = result.stderr
    assert "sv/house.yaml:3:1: unknown key 'titel'" in err and "did you mean 'title'?" in err
    assert "sv/house.yaml:5:3: unknown bid id 'late_bloomer'" in err
    assert "sv/house.yaml:8:5: unknown bid text 'nmae'" in err and "did you mean 'name'?" in err
    assert "sv/house.yaml:9:19: unknown placeholder '{heart}'" in err
    assert "sv/house.yaml:11:3: unknown label 'yse'" in err
    assert "Traceback" not in err and ": ok" not in result.stdout


def test_check_reports_a_yaml_syntax_error_in_a_locale_file(tmp_path):
    path = house(tmp_path, "sv", "language: sv\nbids: [\n")
    result = run("check", str(path))
    assert result.returncode == 1 and "sv/house.yaml:3:1: YAML syntax error" in result.stderr


def test_a_good_locale_file_passes(tmp_path):
    path = house(
        tmp_path, "sv", "language: sv\nruleset: house\ntitle: Hus\nbids:\n  trump:\n    short: Trumf {worth}\n"
    )
    result = run("check", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"{path}: ok")


def test_a_project_text_naming_a_value_the_house_rule_took_away(tmp_path):
    """Greed's English and Swedish rules texts name {bonus}; a house rule without a bonus. Such a
    text cannot be printed: check refuses it (it said ok, with a warning, and cards and rules then
    refused with a message located nowhere), and printing says the same error at the same place."""
    rule = HOUSE + "bids:\n  - id: greed\n    bonus: null\n"
    path = house(tmp_path, "en", "language: en\nruleset: house\n", rule)
    checked = run("check", str(path))
    assert checked.returncode == 1 and ": ok" not in checked.stdout
    located = "locales/en/combo-whist.yaml:190:60: unknown placeholder '{bonus}'"
    assert located in checked.stderr and "locales/sv/combo-whist.yaml:" in checked.stderr
    assert "give 'bids.greed.rules' a text of your own in locales/en/house.yaml" in checked.stderr
    said = checked.stderr.split("\n" + str(Path(locale.LOCALES_DIR) / "sv"))[0]  # (check's English error)
    shown = run("show", str(path))
    assert shown.returncode == 0, shown.stderr  # the terminal shows it, the placeholder as written
    printed = run("rules", str(path), "--format", "md")
    assert printed.returncode == 1 and printed.stdout == ""
    assert printed.stderr.strip() == said.strip()  # the same error, at the same place
    cards = run("cards", str(path), "--bids", "greed", "-o", str(tmp_path / "cards.pdf"))
    assert cards.returncode == 1 and cards.stderr.strip() == said.strip()
    swedish = run("rules", str(path), "--format", "md", "--lang", "sv")
    assert swedish.returncode == 1 and "locales/sv/combo-whist.yaml:" in swedish.stderr
    assert run("cards", str(path), "--bids", "misery", "-o", str(tmp_path / "misery.pdf")).returncode == 0
    own = "language: en\nruleset: house\nbids:\n  greed:\n    rules: One trick more and one fewer.\n"
    (tmp_path / "locales" / "en" / "house.yaml").write_text(own, encoding="utf-8")
    (tmp_path / "locales" / "sv").mkdir()
    (tmp_path / "locales" / "sv" / "house.yaml").write_text(
        own.replace("en", "sv").replace("One trick more and one fewer.", "Ett stick mer och ett mindre."),
        encoding="utf-8",
    )
    assert run("check", str(path)).returncode == 0  # texts of its own: it checks and it prints
    assert run("rules", str(path), "--format", "md").returncode == 0
    assert not (tmp_path / "cards.pdf").exists()
