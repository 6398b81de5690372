"""Which locale file a translated text belongs in: where ``translate import`` writes it, and where
``translate check`` says a missing one is to be written (one answer for both).

Locale files are layered (:func:`rulespec.locale.layer`); a text is shown from the last layer that
holds it, and counts as translated only at the layer of its English text or a later one
(:mod:`rulespec.textlayers`). So the file is never one at an earlier layer than the English: the
German of Combo Whist's wording is not overwritten with the German of a house rule's own wording.
"""

from __future__ import annotations

from pathlib import Path

from rulespec.errors import RuleError
from rulespec.locale import layer
from rulespec.model import RuleSet
from rulespec.translations import Entry, is_bundled, own_locale_file, writable


def text_file(key: str, english_file: str, current: Entry | None, lang: str, rules: RuleSet | None) -> Path:
    """The locale file an imported text of ``key`` is written to. For a bundled rule set: the file
    of the English text's name in ``lang``'s folder. For a house rule: its own file (where the
    text is now, if it is there at the English text's layer or a later one, else
    ``locales/<lang>/<name>.yaml`` beside it), which overrides what it inherits; the project's
    files are never written for a house rule. A text at an earlier layer than its English (the
    German of Combo Whist's wording, where the house rule words it in English its own way) is
    not overwritten: the new text is the house rule's own, and the other stays the parent's."""
    if is_bundled(rules):
        english = Path(english_file)
        return english.parent.parent / lang / english.name
    assert rules is not None
    if (
        current is not None
        and writable(current.doc.path, rules)
        and layer(current.doc.path, rules) >= layer(english_file, rules)
    ):
        return Path(current.doc.path)
    target = own_locale_file(lang, rules)
    for other in (english_file, current.doc.path if current is not None else None):
        if other is not None and layer(other, rules) > layer(target, rules):  # it would not be shown, nor marked
            raise RuleError(
                f"the text of {key} written in {target} would not override {other}",
                None,
                f"give the house rule a name of its own (its 'ruleset:'), not '{rules.name}'",
            )
    return target
