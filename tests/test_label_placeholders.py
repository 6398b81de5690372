"""The labels' declared placeholders are parsed once per text of the English ui.yaml, and follow it.

``whist translate check`` asks for them at every text it checks (12,000 times for the bundled rule
sets); they used to be parsed from the whole file each time (14 s for the command, 2 s now). The
kept answer must still follow the file: an edited label, another locales folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec import locale
from rulespec.placeholdernames import allowed_placeholders, label_placeholders


def _write(folder: Path, text: str) -> None:
    (folder / "en").mkdir(parents=True, exist_ok=True)
    (folder / "en" / "ui.yaml").write_text(f"labels:\n  greeting: '{text}'\n", encoding="utf-8")


def test_the_kept_placeholders_follow_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    _write(first, "Hello {name}")
    _write(second, "Hello {player} at {table}")
    monkeypatch.setattr(locale, "LOCALES_DIR", first)
    assert label_placeholders() == {"greeting": {"name"}}
    assert allowed_placeholders("labels.greeting", None) == {"name"}
    _write(first, "Hello {who}")  # the same file edited
    assert label_placeholders() == {"greeting": {"who"}}
    monkeypatch.setattr(locale, "LOCALES_DIR", second)  # another folder
    assert label_placeholders() == {"greeting": {"player", "table"}}


def test_a_caller_cannot_change_the_kept_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(tmp_path, "Hello {name}")
    monkeypatch.setattr(locale, "LOCALES_DIR", tmp_path)
    allowed = allowed_placeholders("labels.greeting", None)
    assert allowed is not None
    allowed.add("anything")
    assert allowed_placeholders("labels.greeting", None) == {"name"}
