"""Every label of ``locales/en/ui.yaml`` is read by the code: no text is translated for nothing.

Labels outlive the code that read them (``preference``, ``choose_card_of_justice``, ``your_turn`` …,
some named after one game's bids although ui.yaml is every game's): a translator translated and
reviewed them, ``translate status`` counted them, and nobody could tell. The code is scanned
(every string constant; a label built at run time only through a prefix listed below, each with
the code that builds it), and every label must be read.
"""

from __future__ import annotations

import ast
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CODE = ("whist", "printing", "interpreter", "rulespec")

#: Labels built at run time: ``prefix`` + a value of the data or of the code (each line names where).
PREFIXES = (
    "analyze_",  # whist/analyzecli.py f"analyze_{note}", interpreter/refusalwords.py f"analyze_reason_{proof}"
    "card_forbidden_",  # interpreter/cardrefusals.py f"card_forbidden_{what}" (play, lead)
    "diff_dir_",  # whist/diffwords.py f"diff_dir_{value}"
    "diff_field_",  # whist/diff.py f"diff_field_{field}"
    "diff_key_",  # whist/diff.py, whist/diffwords.py f"diff_key_{key}"
    "diff_kind_",  # whist/diff.py f"diff_kind_{kind}"
    "diff_negative_",  # whist/diff.py f"diff_negative_{hook}" (bonus, penalty)
    "diff_text_",  # whist/diff.py f"diff_text_{field}"
    "diff_who_",  # whist/diffwords.py f"diff_who_{name}"
    "help_choice_",  # whist/playhelp.py f"help_choice_{what}"
    "rank_short_",  # whist/play.py f"rank_short_{rank}"
    "reason_",  # whist/tables.py f"reason_{reason}" (how a simulated game ended)
    "section_",  # printing/reference.py, whist/diff.py f"section_{key}"
    "suit_",  # whist/play.py f"suit_{option}", f"suit_symbol_{suit}"
)
#: whist/play.py asks a choice with f"choose_{what}" (or its plural, "…s"), what being a request's kind.
CHOICE_WHATS = ("suit", "card", "number", "player", "direction", "contract")


def _constants() -> tuple[set[str], set[str]]:
    """Every string constant of the code, and the heads of f-strings that add a suffix to a whole
    label (``f"duel_too_few{per}"``, per being "" or "_match")."""
    found: set[str] = set()
    stems: set[str] = set()
    for folder in CODE:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.add(node.value)
                    found.add(node.value.removeprefix("labels."))
                if isinstance(node, ast.JoinedStr) and len(node.values) == 2:
                    head, tail = node.values
                    word = str(head.value) if isinstance(head, ast.Constant) else ""
                    if isinstance(tail, ast.FormattedValue) and word.isidentifier() and not word.endswith("_"):
                        stems.add(word)
    return found, stems


#: interpreter/refusalwords.py says a refusal with a ``why`` fact by f"{key}_why": a refusal's label and this.
WHY_SUFFIX = "_why"


def _read(label: str, constants: set[str], stems: set[str]) -> bool:
    if label.endswith(WHY_SUFFIX) and _read(label.removesuffix(WHY_SUFFIX), constants, stems):
        return True
    if label in constants or any(label.startswith(prefix) for prefix in PREFIXES):
        return True
    if any(label.startswith(stem + "_") for stem in stems):
        return True
    return label in {f"choose_{what}{plural}" for what in CHOICE_WHATS for plural in ("", "s")}


def test_every_label_of_ui_yaml_is_read_by_the_code() -> None:
    constants, stems = _constants()
    assert len(constants) > 2000 and "prompt_bid" in constants  # the scan saw the code
    assert "duel_too_few" in stems
    labels = yaml.safe_load((ROOT / "locales/en/ui.yaml").read_text(encoding="utf-8"))["labels"]
    assert len(labels) > 400
    assert [label for label in labels if not _read(label, constants, stems)] == []


def test_the_swedish_file_has_the_same_labels() -> None:
    english = yaml.safe_load((ROOT / "locales/en/ui.yaml").read_text(encoding="utf-8"))["labels"]
    swedish = yaml.safe_load((ROOT / "locales/sv/ui.yaml").read_text(encoding="utf-8"))["labels"]
    assert set(swedish) == set(english)
