"""Texts a person reads, per language, from ``locales/<lang>/``.

``locales/<lang>/ui.yaml`` holds labels shared by every rule set; ``locales/<lang>/<name>.yaml``
the texts of one rule set (bid names, rules texts, group names). A rule set that extends
another inherits its parent's texts and overrides what it names. A missing text falls back to
English, then to the key itself, and is remembered in :attr:`Texts.missing` (never a crash).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulespec.errors import RuleError
from rulespec.model import RuleSet
from rulespec.yamlsource import read_yaml

LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
DEFAULT_LANGUAGE = "en"


def default_language() -> str:
    """The language from the environment (WHIST_LANG, LANGUAGE, LC_ALL, LANG), else English."""
    for var in ("WHIST_LANG", "LANGUAGE", "LC_ALL", "LANG"):
        value = os.environ.get(var, "")
        code = value.split(":")[0].split("_")[0].split(".")[0].lower()
        if code and code not in ("c", "posix") and (LOCALES_DIR / code).is_dir():
            return code
    return DEFAULT_LANGUAGE


def available_languages() -> list[str]:
    return sorted(p.name for p in LOCALES_DIR.iterdir() if p.is_dir()) if LOCALES_DIR.is_dir() else []


def _deep_merge(base: dict[str, Any], overlay: dict[str, Any]) -> None:
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _deep_merge(base[key], value)
        else:
            base[key] = value


def _read(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    data = read_yaml(path).data
    if not isinstance(data, dict):
        raise RuleError("a locale file must be a mapping", None)
    return {k: v for k, v in data.items() if k not in ("language", "ruleset")}


def _layers(lang: str, rules: RuleSet | None) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    _deep_merge(merged, _read(LOCALES_DIR / lang / "ui.yaml"))
    names = [ref.split("@")[0] for ref in (rules.lineage if rules else ())]
    for name in dict.fromkeys(reversed(names)):  # parents first, so children override
        _deep_merge(merged, _read(LOCALES_DIR / lang / f"{name}.yaml"))
    return merged


@dataclass
class Texts:
    """Looked-up texts for one language with English fallback."""

    language: str
    data: dict[str, Any]
    fallback: dict[str, Any]
    missing: set[str] = field(default_factory=set)

    def get(self, key: str, **values: Any) -> str:
        """The text at a dotted key (``"bids.trump.name"``), placeholders filled from ``values``."""
        text = _lookup(self.data, key)
        if text is None:
            self.missing.add(key)
            text = _lookup(self.fallback, key)
        if text is None:
            return key.rsplit(".", 1)[-1] if key.startswith(("bids.", "groups.")) else key
        return str(text).format(**values) if values else str(text)

    def bid_name(self, bid_id: str) -> str:
        return self.get(f"bids.{bid_id}.name")

    def label(self, name: str, **values: Any) -> str:
        return self.get(f"labels.{name}", **values)


def _lookup(data: dict[str, Any], key: str) -> Any:
    value: Any = data
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value if isinstance(value, str | int) else None


def load_texts(rules: RuleSet | None, language: str | None = None) -> Texts:
    """The texts for ``rules`` in ``language`` (default: from the environment)."""
    lang = language or default_language()
    english = _layers(DEFAULT_LANGUAGE, rules)
    data = english if lang == DEFAULT_LANGUAGE else _layers(lang, rules)
    return Texts(lang, data, english)
