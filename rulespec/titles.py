"""A rule set's title as every command shows it: whose title it is, and with which version.

A house rule inherits its parent's texts, the title too. Shown with the house rule's own version,
the parent's title names a release that does not exist (``friday`` 0.1.0 extending Combo Whist
would read "Combo Whist 0.1.0"). So a title counts as the rule set's own only when a locale file
of the rule set's own name gives it (``friday.yaml``; ``combo-whist@1.4.2.yaml`` for an older
release of the same rule set); otherwise the inherited title is shown with the rule set's id, as
the bundled examples write theirs: "Combo Whist (friday) 0.1.0". With no title anywhere, the id.

:func:`title_of` is the one place that decides; ``show``, ``simulate``, ``play``, ``analyze``,
``diff``, ``cards`` and ``rules`` all ask it.
"""

from __future__ import annotations

from pathlib import Path

from rulespec.locale import DEFAULT_LANGUAGE, Texts, locale_files, read_locale, text_at
from rulespec.model import RuleSet


def title_of(rules: RuleSet, texts: Texts, version: bool = True) -> str:
    """The title of ``rules`` in ``texts``' language (English when it has none), with its version
    (``version=False``: without it), escaped as ``texts`` escapes its own words."""
    title = _own_title(rules, texts)
    if title is None:
        inherited = text_at(texts.data, "title") or text_at(texts.fallback, "title")
        title = f"{inherited} ({rules.name})" if inherited else rules.name
    if texts.escape is not None:
        title = texts.escape(title)
    return f"{title} {texts.escape(rules.version) if texts.escape else rules.version}" if version else title


def _own_title(rules: RuleSet, texts: Texts) -> str | None:
    """The title a locale file of the rule set's own name gives, in the language, else in English."""
    for language in dict.fromkeys([texts.language, DEFAULT_LANGUAGE]):
        own = None
        for path in locale_files(language, rules):  # parents first: the last one that says it wins
            if _named(path) == rules.name:
                own = text_at(read_locale(path).data, "title") or own
        if own is not None:
            if language != texts.language:
                texts.missing.add("title")  # (reported as every text the language lacks is)
            return own
    return None


def _named(path: Path) -> str:
    """The rule set a locale file is of: ``combo-whist@1.4.2.yaml`` → combo-whist."""
    return path.stem.split("@")[0]
