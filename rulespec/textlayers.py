"""Which translated texts were made for another English text than the one in force.

Locale files are layered (:func:`rulespec.locale.layer`): the shared labels, then each rule set of
the lineage, a version's own file after its rule set's, the files beside a house rule after the
project's. An English text that a later layer changes — an older version's rule, a house rule's
own wording — is a different text from the one an earlier layer's translation was made from: the
German file made for Combo Whist 1.5.1 told a 1.5.0 table to pass Master Mail's cards to the left,
where 1.5.0 passes them to the right. Such a translation is not shown for that rule set: the
English text is, and the text counts as missing (``whist translate status`` too: it is to be written
in the later layer's file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulespec.locale import DEFAULT_LANGUAGE, META_KEYS, flatten, layer, locale_files, read_locale, text_at


def text_sources(lang: str, rules: Any) -> dict[str, Path]:
    """The file each of ``lang``'s texts for ``rules`` comes from (the last layer that holds it)."""
    found: dict[str, Path] = {}
    for path in locale_files(lang, rules):
        data = read_locale(path).data
        for key, _ in flatten({k: v for k, v in data.items() if k not in META_KEYS}):
            if text_at(data, key) is not None:  # (an empty entry is no text: an earlier one stands)
                found[key] = path
    return found


def made_for_other_english(lang: str, rules: Any) -> set[str]:
    """The keys whose ``lang`` text lies at an earlier layer than the English text in force."""
    if lang == DEFAULT_LANGUAGE:
        return set()
    english = text_sources(DEFAULT_LANGUAGE, rules)
    layers: dict[Path, tuple[int, int]] = {}  # (a handful of files for hundreds of texts: each placed once)

    def placed(path: Path) -> tuple[int, int]:
        found = layers.get(path)
        if found is None:
            found = layers[path] = layer(path, rules)
        return found

    return {
        key for key, path in text_sources(lang, rules).items() if key in english and placed(path) < placed(english[key])
    }


def drop(data: dict[str, Any], keys: set[str]) -> dict[str, Any]:
    """``data`` (nested texts, changed in place) without the texts at the dotted ``keys``."""
    for key in keys:
        *parents, last = key.split(".")
        node: Any = data
        for part in parents:
            node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, dict):
            node.pop(last, None)
    return data
