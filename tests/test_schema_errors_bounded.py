"""A record or scenario with a million wrong entries names its first problem after looking at a bounded
number of them.

``whist replay`` of a 4 MB record of 1.3 million empty decisions (``"decisions": [{}, {}, …]``) took
80 seconds and 10 GB of memory: every schema problem of every entry was gathered and sorted to name
the first. Now at most ``MAX_SCHEMA_ERRORS`` are looked at. Work is counted here, never timed.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from interpreter.recordcheck import MAX_SCHEMA_ERRORS, validator
from tests.test_translate_cli import whist


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("game.json", json.dumps({"decisions": [{}] * 20_000})),
        ("scenario.yaml", "ruleset: christmas-whist\nplayers: 2\ndeals: [" + ",".join(["{}"] * 20_000) + "]\n"),
    ],
)
def test_only_a_bounded_number_of_schema_problems_is_looked_at(tmp_path: Path, capsys, monkeypatch, name, text) -> None:
    seen = []
    plain = jsonschema.Draft202012Validator.iter_errors
    plain_records = type(validator()).iter_errors

    def counted(self, instance, kind=jsonschema.Draft202012Validator):  # type: ignore[no-untyped-def]
        for error in (plain if kind is jsonschema.Draft202012Validator else plain_records)(self, instance):
            seen.append(error)
            yield error

    monkeypatch.setattr(jsonschema.Draft202012Validator, "iter_errors", counted)
    records = type(validator())  # (a record's validator: whole numbers are ints, tuples are arrays)
    monkeypatch.setattr(records, "iter_errors", lambda self, instance: counted(self, instance, records))
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code, _, err = whist(capsys, "replay", str(path))
    assert code == 1 and "not a valid" in err
    assert 0 < len(seen) <= MAX_SCHEMA_ERRORS
