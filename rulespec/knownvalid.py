"""Rule files known to pass the schema: the bundled ones, recorded when they are shipped.

Checking a rule set against its JSON schema (jsonschema is pure Python) was about a quarter of
loading Combo Whist (4 of 18 ms of CPU time), and its first use in a process imports jsonschema and
builds the validator. A bundled file changes only with a release, so ``known-valid.json`` (beside
the schema) holds SHA-256 digests of what passed, for every bundled rule set, version and example:

* a rule set's *own* digest: the schema's text and its files' texts, in order. The loader checks a
  rule set's header (name, version, extends) before reading its parent; that check reads only these.
* its *chain* digest: its own digest with its parent's chain digest. Each file is checked over the
  parent merged so far (a child names only what it changes); that check reads only these.

A load skips a check whose digest is recorded — the same texts under the same schema get the same
verdict — and makes every other check as before: a house rule, an edited bundled file, a changed
schema. JSON only: reading the file runs no code. A stranger's file is skipped only if its texts are
a bundled rule set's, byte for byte.

``python -m rulespec.knownvalid`` rewrites the file (after editing a bundled rule file or the
schema); tests/test_known_valid.py checks that it records exactly the bundled rule sets, that they
pass the schema when checked, and that an edited file is checked.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from rulespec.validation import RULESET_SCHEMA
from rulespec.yamlsource import Document

KNOWN_PATH = RULESET_SCHEMA.with_name("known-valid.json")

#: While :func:`recording` runs: the digests of the rule sets loaded (every check made, none skipped).
_recorded: set[str] | None = None


@cache
def _schema_digest() -> str:
    return hashlib.sha256(RULESET_SCHEMA.read_bytes()).hexdigest()


def own_digest(docs: Sequence[Document]) -> str:
    """The digest of the schema and of a rule set's files (their texts, in order)."""
    digest = hashlib.sha256(b"own\0" + _schema_digest().encode())
    for doc in docs:
        text = doc.text.encode("utf-8", "surrogatepass")
        digest.update(b"\0%d\0" % len(text) + text)  # (lengths: no two lists of texts run together alike)
    return digest.hexdigest()


def chain_digest(own: str, parent: str | None) -> str:
    """The digest of a rule set's own digest and its parent's chain digest (None: it extends nothing)."""
    return hashlib.sha256(f"chain\0{own}\0{parent or ''}".encode()).hexdigest()


@cache
def _shipped() -> frozenset[str]:
    try:
        stored = json.loads(KNOWN_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return frozenset()  # no record: every check is made
    digests = stored.get("digests") if isinstance(stored, dict) else None
    return frozenset(d for d in digests if isinstance(d, str)) if isinstance(digests, list) else frozenset()


def known(digest: str) -> bool:
    """Whether the check that ``digest`` stands for passed when the bundled rule sets were recorded."""
    return _recorded is None and digest in _shipped()


def passed(*digests: str) -> None:
    """A rule set passed the checks these digests stand for (kept while :func:`recording`)."""
    if _recorded is not None:
        _recorded.update(digests)


@contextmanager
def recording() -> Iterator[set[str]]:
    """Every check made (none skipped) while the body runs; the digests of those that passed."""
    global _recorded
    before, _recorded = _recorded, set()
    try:
        yield _recorded
    finally:
        _recorded = before


def bundled_digests() -> set[str]:
    """The digests of every bundled rule set, version and example, each checked in full."""
    from rulespec.loader import load_merged
    from rulespec.locate import BUNDLED_DIR, bundled_names, bundled_versions

    refs = [*bundled_names(), *sorted(str(p) for p in (BUNDLED_DIR / "examples").glob("*.yaml"))]
    refs += [f"{name}@{version}" for name in bundled_names() for version in bundled_versions(name)]
    with recording() as digests:
        for ref in refs:
            load_merged(ref)
    return digests


def write(path: Path = KNOWN_PATH) -> None:
    """Write the digests of the bundled rule sets (atomically: see :mod:`rulespec.atomic`)."""
    from rulespec.atomic import write_atomically

    write_atomically(path, json.dumps({"digests": sorted(bundled_digests())}, indent=0) + "\n")


if __name__ == "__main__":  # (run as a script, this module is not the one the loader imports: use that one)
    from rulespec import knownvalid

    knownvalid.write()
    print(f"wrote {KNOWN_PATH}")
