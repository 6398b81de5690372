"""A house rule can be translated into a language the project has no translation for.

``whist translate init de my/house.yaml`` wrote only the house rule's own four texts, while
``translate status`` counted 632 missing: the bundled parent's texts and the shared labels had
nowhere to go but the installed project, which a house rule's commands never write. Now the
texts the project has not translated go beside the house rule, in the files of the same names
(``locales/de/ui.yaml``, ``locales/de/combo-whist.yaml``), which are read for it there.

The class: for a house rule over the current and an older bundled version, in a language the
project lacks and in one it has, filling in every entry ``init`` wrote leaves nothing missing,
and nothing is ever written into the project.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from rulespec import load_ruleset, locale
from rulespec.translations import catalog, status
from whist.cli import cli

REPO = Path(__file__).parent.parent
EXAMPLE = REPO / "bids" / "examples" / "club-rules.yaml"


def _project_files() -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(locale.LOCALES_DIR.rglob("*")) if p.is_file()}


def _house(tmp_path: Path, parent: str) -> Path:
    shutil.copytree(REPO / "bids" / "examples" / "locales", tmp_path / "locales")
    house = tmp_path / "club-rules.yaml"
    house.write_text(
        EXAMPLE.read_text(encoding="utf-8").replace("extends: combo-whist\n", f"extends: {parent}\n"), "utf-8"
    )
    return house


def _fill(value: Any, english: dict[str, str], prefix: str = "") -> Any:
    """Every empty entry of a skeleton given its English text (placeholders and all)."""
    if isinstance(value, dict):
        return {k: _fill(v, english, f"{prefix}{k}.") for k, v in value.items()}
    return english[prefix[:-1]] if value == "" else value


@pytest.mark.parametrize("parent", ["combo-whist", "combo-whist@1.3.0"])
@pytest.mark.parametrize("lang", ["de", "sv"])
def test_init_gives_a_house_rule_every_text_it_shows(tmp_path: Path, parent: str, lang: str) -> None:
    house = _house(tmp_path, parent)
    project = _project_files()
    result = CliRunner().invoke(cli, ["translate", "init", lang, str(house), "--force"])
    assert result.exit_code == 0, result.output
    rules = load_ruleset(house)
    english = {key: entry.text for key, entry in catalog("en", rules).entries.items()}
    written = sorted((tmp_path / "locales" / lang).glob("*.yaml"))
    if lang == "de":  # nothing of the project's in German: the shared labels and the parent's texts too
        assert {p.name for p in written} >= {"ui.yaml", "club-rules.yaml", f"{parent}.yaml".replace("@1.3.0", "")}
    for path in written:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        path.write_text(yaml.safe_dump(_fill(data, english), allow_unicode=True), encoding="utf-8")
    report = status(lang, load_ruleset(house))
    assert report.missing == [] and report.errors == []
    assert _project_files() == project  # the installed project is never written for a house rule
    # Marked, the translation is complete and reviewed: the check a CI would run passes.
    assert CliRunner().invoke(cli, ["translate", "mark", lang, str(house)]).exit_code == 0
    checked = CliRunner().invoke(cli, ["translate", "check", lang, str(house)])
    assert checked.exit_code == 0, checked.output
    assert _project_files() == project


def test_a_language_the_project_has_adds_only_the_house_rules_own_texts(tmp_path: Path) -> None:
    house = _house(tmp_path, "combo-whist")
    shutil.rmtree(tmp_path / "locales" / "sv")
    result = CliRunner().invoke(cli, ["translate", "init", "sv", str(house)])
    assert result.exit_code == 0, result.output
    assert [p.name for p in (tmp_path / "locales" / "sv").iterdir()] == ["club-rules.yaml"]
