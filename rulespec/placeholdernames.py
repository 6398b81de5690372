"""Which placeholders a locale text may use: a bid's values, the general rules' numbers, a label's
declared names, none for other texts (checked by ``whist check``, ``translate`` and PO imports).

A label declares its names by its text in the project's English ``ui.yaml``: the code that prints
it passes exactly those. They are parsed once per text of that file, not for every text checked
(``whist translate check`` asks about 12,000 times).
"""

from __future__ import annotations

from rulespec import locale
from rulespec.locale import DEFAULT_LANGUAGE, SHARED_FILE, bid_values, general_values, read_locale
from rulespec.model import RuleSet
from rulespec.placeholders import parse
from rulespec.yamlsource import Document


def allowed_placeholders(key: str, rules: RuleSet | None, labels: dict[str, set[str]] | None = None) -> set[str] | None:
    """The placeholders a text at ``key`` may use (a bid's values, the general rules' numbers,
    a label's declared names, nothing for other texts); None for a bid text of another rule set.

    ``labels``: :func:`label_placeholders` asked once by a caller that checks many texts (else
    each label's check reads the English ``ui.yaml`` again to see whether it changed)."""
    parts = key.split(".")
    if rules is not None and parts[0] == "bids" and len(parts) >= 3:
        bid = rules.bids.get(parts[1])
        # A text of a bid this rule set does not have (a house rule removed it) is never shown.
        return set(bid_values(bid)) if bid else None
    if rules is not None and parts[0] == "general":
        return set(general_values(rules))
    if parts[0] == "labels" and len(parts) == 2:
        names = label_placeholders() if labels is None else labels
        return set(names.get(parts[1], ()))  # (a copy: the kept sets are shared)
    if parts[0] in ("bids", "general"):
        return None  # a bid this rule set does not have: checked as an unknown bid id
    return set()


def label_placeholders() -> dict[str, set[str]]:
    """What each label may use: the placeholders of its text in the project's English ``ui.yaml``.

    The code that prints a label passes exactly those values; the English file, written with
    the code, is their declaration (a translation or a house rule cannot add one)."""
    path = locale.LOCALES_DIR / DEFAULT_LANGUAGE / f"{SHARED_FILE}.yaml"  # (read when asked: tests move it)
    if not path.is_file():
        return {}
    document = read_locale(path)  # (the same object while the file's text is the same)
    kept = _LABEL_NAMES.get(str(path))
    if kept is not None and kept[0] is document:
        return kept[1]  # asked for every text a check looks at: the labels are parsed once
    labels = document.data.get("labels")
    names = (
        {str(k): parse(v).names if isinstance(v, str) else set() for k, v in labels.items()}
        if isinstance(labels, dict)
        else {}
    )
    _LABEL_NAMES[str(path)] = (document, names)
    return names


#: The labels' placeholders per English ui.yaml path, with the parsed file they were read from.
_LABEL_NAMES: dict[str, tuple[Document, dict[str, set[str]]]] = {}


# --- lookup ------------------------------------------------------------------------------
