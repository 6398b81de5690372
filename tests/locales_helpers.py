"""Helpers shared by the tests of texts per language and of the translation tooling (test_locales_*.py).

``whist`` and ``whist_on`` run the command line (the latter with its locales read from a copy),
``write_house`` writes a house rule set with locale files beside it, and the fixtures give the
Combo Whist rule set and a copy of locales/ (``locales``) that the tooling reads and writes instead
of the real folder. No test changes the real ``locales/`` folder: ``never_write_the_real_locales``
(autouse in every module that imports it) makes the writers refuse it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import rulespec.locale as locale
import rulespec.skeleton as skeleton
import rulespec.translations as translations
from rulespec import RuleError, load_ruleset
from rulespec.translations import catalog, mark, status

ROOT = Path(__file__).resolve().parent.parent
LOCALE_VARS = ("WHIST_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

# `whist` with its locales read from another folder (the CLI otherwise reads the real locales/).
PATCHED_CLI = (
    "import sys; from pathlib import Path; import rulespec.locale as L; "
    "L.LOCALES_DIR = Path(sys.argv[1]); from whist.cli import main; main(sys.argv[2:])"
)

FAVOURITE_BID = """\
  - id: favourite
    kind: special
    worth: 1
    priority: 5
    incompatible: [zero, misery, master_misery]
    params: {favourite_cards: 5}
    steps:
      - choose: {who: declarer, what: suit, as: favourite_suit}
    requires: count(declarer.won, card.suit == favourite_suit) >= favourite_cards
"""


# --- helpers -------------------------------------------------------------------------------


def clean_env(**extra: str) -> dict[str, str]:
    """The environment for a ``whist`` subprocess: no locale variables unless given, wide output."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARS}
    env.update({"COLUMNS": "200", "PYTHONUTF8": "1", "PYTHONIOENCODING": "utf-8"})
    env.update(extra)
    return env


def whist(*args: str, env: dict[str, str] | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "whist", *args],
        cwd=cwd,
        env=env or clean_env(),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def whist_on(locales_dir: Path, *args: str) -> subprocess.CompletedProcess:
    """``whist`` run with its locales read from ``locales_dir`` (a copy), not the real folder."""
    return subprocess.run(
        [sys.executable, "-c", PATCHED_CLI, str(locales_dir), *args],
        cwd=ROOT,
        env=clean_env(),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def write_house(folder: Path, body: str = "", texts: dict[str, str] | None = None, name: str = "house") -> Path:
    """A house rule set extending combo-whist, with locale files ``locales/<lang>/<name>.yaml`` beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(f"ruleset: {name}\nversion: '1'\nextends: combo-whist\n{body}", encoding="utf-8")
    for lang, text in (texts or {}).items():
        (folder / "locales" / lang).mkdir(parents=True, exist_ok=True)
        (folder / "locales" / lang / f"{name}.yaml").write_text(text, encoding="utf-8")
    return path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} should occur once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_and_column(path: Path, needle: str, shift: int = 0) -> tuple[int, int]:
    """1-based line and column of ``needle`` (plus ``shift`` characters) in a file."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number, line.index(needle) + 1 + shift
    raise AssertionError(f"{needle!r} not in {path}")


def errors_matching(report, text: str) -> list[RuleError]:
    return [e for e in report.errors if text in e.message]


@pytest.fixture(scope="module")
def combo():
    return load_ruleset("combo-whist")


@pytest.fixture(scope="module")
def real_sv_status(combo):
    return status("sv", combo)


@pytest.fixture
def locales(tmp_path, monkeypatch, combo, real_sv_status) -> Path:
    """A copy of locales/ that the locale and translations modules read (and write) instead.

    The copy starts with a complete, current Swedish translation of combo-whist even while the
    real one lags behind (that is for the tests on the real tree to report): entries missing in
    Swedish are filled with the English text in ``sv/combo-whist@<version>.yaml``, then marked.
    """
    copy = tmp_path / "project" / "locales"
    shutil.copytree(ROOT / "locales", copy)
    monkeypatch.setattr(locale, "LOCALES_DIR", copy)
    missing = real_sv_status.missing
    if missing:
        english = catalog("en", combo).entries
        data: dict = {"language": "sv"}
        for key in missing:
            *parents, last = key.split(".")
            node = data
            for part in parents:
                node = node.setdefault(part, {})
            node[last] = english[key].text
        filler = copy / "sv" / f"combo-whist@{combo.version}.yaml"
        assert not filler.exists()
        filler.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    if missing or real_sv_status.stale:
        mark("sv", combo)
    return copy


@pytest.fixture(autouse=True)
def never_write_the_real_locales(monkeypatch):
    """The writers of the translation tooling refuse the real locales/ folder during these tests."""
    real = (ROOT / "locales").resolve()
    write, init = translations.write_fingerprints, skeleton.init

    def guarded_write(path: Path, prints: dict[str, str]) -> int:
        assert real not in Path(path).resolve().parents, f"a test would write {path}"
        return write(path, prints)

    def guarded_init(*args, **kwargs):
        assert Path(locale.LOCALES_DIR).resolve() != real, "a test would write into locales/"
        return init(*args, **kwargs)

    monkeypatch.setattr(translations, "write_fingerprints", guarded_write)
    monkeypatch.setattr(skeleton, "init", guarded_init)
