"""``whist check`` checks the locale files a rule set brings; ``cards`` and ``rules`` refuse a text
whose placeholder has no value (issue 16 §2). Through the real command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
    """Greed's English and Swedish rules texts name {bonus}; a house rule without a bonus."""
    rule = HOUSE + "bids:\n  - id: greed\n    bonus: null\n"
    path = house(tmp_path, "en", "language: en\nruleset: house\n", rule)
    checked = run("check", str(path))
    assert checked.returncode == 0  # the locale file is fine: a warning naming the text to override
    assert "warning: " in checked.stderr and "unknown placeholder '{bonus}'" in checked.stderr
    assert "give 'bids.greed.rules' a text of your own in locales/en/house.yaml" in checked.stderr
    shown = run("show", str(path))
    assert shown.returncode == 0, shown.stderr
    printed = run("rules", str(path), "--format", "md")
    assert printed.returncode == 1 and printed.stdout == ""
    assert "the text 'bids.greed.rules' in 'en' uses {bonus}, which has no value here" in printed.stderr
    cards = run("cards", str(path), "--bids", "greed", "-o", str(tmp_path / "cards.pdf"))
    assert cards.returncode == 1 and "uses {bonus}" in cards.stderr
    assert not (tmp_path / "cards.pdf").exists()
