"""The header of a rule set's files: its name, version and parent (``ruleset``, ``version``, ``extends``).

The header is read before the rest of the files, because ``extends`` says which parent to read
and the rest is checked over that parent (:mod:`rulespec.loader`). A problem with ``extends``, or
a file that is not a mapping, stops the check there: nothing after it can be read (nor does a
locale file given where a rule file is wanted: it is said to be one). A bad name or version
does not stop it: it is reported with every problem of the rest of the files and of the build
(a house rule's author who wrote ``version: 1`` learns of the bid below it that has no kind in
the same run, instead of one problem per run).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from rulespec.errors import RuleError
from rulespec.validation import validate_document
from rulespec.yamlsource import Document

#: The keys read before the parent.
HEADER_KEYS = ("ruleset", "version", "extends")


@dataclass
class Header:
    """What a rule set's files say of it before anything else. ``name`` and ``version`` are None
    when no file gives them as text (a value of another type is reported by the whole check)."""

    name: str | None = None
    version: str | None = None
    extends: str | None = None
    #: The file that says ``extends``, for an error about the parent.
    extends_doc: Document | None = None


def read_header(docs: list[Document]) -> Header:
    """The header of a rule set's files; a key given differently by two of them is an error."""
    header = Header()
    for doc in docs:
        data = doc.data if isinstance(doc.data, dict) else {}
        for key in HEADER_KEYS:
            if key not in data:
                continue
            attr = "name" if key == "ruleset" else key
            current = getattr(header, attr)
            if current is not None and current != data[key]:
                raise doc.error(
                    (key,),
                    f"'{key}' differs between the files of this rule set ('{current}' elsewhere)",
                    "the files of a folder are one rule set; to check rule sets of their own, name each file"
                    if key == "ruleset"
                    else None,
                )
            if isinstance(data[key], str):
                setattr(header, attr, data[key])
            if key == "extends":
                header.extends_doc = doc
    return header


def header_problems(docs: list[Document]) -> tuple[list[RuleError], bool]:
    """The schema's problems with the header keys of ``docs``, and whether they stop the check
    (``extends`` is wrong, or a file is not a mapping: the parent cannot be read; or a file is a
    locale file)."""
    locale_files = [_locale_file_error(doc) for doc in docs if _is_locale_file(doc)]
    if locale_files:  # (its every key would be "unknown": say what it is instead)
        return locale_files, True
    problems = [error for doc in docs for error in validate_document(_view(doc, HEADER_KEYS))]
    if not problems:
        return [], False
    return problems, any(validate_document(_view(doc, ("extends",))) for doc in docs)


def _is_locale_file(doc: Document) -> bool:
    """A locale file given where a rule file is wanted: ``language:``, none of the keys only a rule
    file has, and its ``bids`` (if any) texts by bid id rather than a rule file's list of bids."""
    data = doc.data
    if not isinstance(data, dict) or "language" not in data:
        return False
    return not {"extends", "version", "game", "remove_bids"} & data.keys() and not isinstance(data.get("bids"), list)


def _locale_file_error(doc: Document) -> RuleError:
    from rulespec.translations import LANGUAGE_CODE  # (only on this error: a load never needs it)

    language = doc.data.get("language") if isinstance(doc.data, dict) else None
    lang = language if isinstance(language, str) and LANGUAGE_CODE.match(language) else "LANG"
    return doc.error(
        ("language",),
        "this is a locale file (the texts of a rule set in one language), not a rule file",
        f"check a translation with: whist translate check {lang} RULESET",
    )


def without_header(doc: Document) -> Document:
    """``doc`` without its header keys: the rest, checked over the parent once the header was."""
    if not isinstance(doc.data, dict):
        return doc
    return dataclasses.replace(doc, data={k: v for k, v in doc.data.items() if k not in HEADER_KEYS})


def _view(doc: Document, keys: tuple[str, ...]) -> Document:
    """Only ``keys`` of ``doc`` (checked before the parent is read); the rest is checked later."""
    if not isinstance(doc.data, dict):
        return doc
    return dataclasses.replace(doc, data={k: doc.data[k] for k in keys if k in doc.data})
