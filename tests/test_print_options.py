"""The options of ``whist cards`` and ``whist rules``: each one does what it says, or is refused.

``--lang de`` was refused in a form of its own (``unknown language 'de'``, no ``error:``): now as
every other usage error, naming the option and the languages there are.

Options that do nothing were accepted without a word: ``--paper`` for Markdown or HTML (no
pages), ``--flip`` without ``--backs`` (no backs to place), ``--dpi`` for a PDF (no pixels),
``--paper`` with ``--bleed`` (a page per card, no sheet). The class: each such option, given where
it does nothing, is a usage error (exit 2) naming it and saying why, and the same option where
it applies is taken.

``--bids`` took ids only, while nothing printed shows an id: ``--bids "Master Mail"`` was "unknown
bid 'Master'", and ``--bids ""`` or ``--bids ,`` printed every card. The class: every bid is
chosen by its id or by its name in the run's language or in English, in any case; a list that
names no bid is a usage error; an unknown one is refused with (the first twelve of) the bids' ids and names.
"""

from __future__ import annotations

import pytest

from rulespec import load_ruleset
from rulespec.locale import load_texts
from tests.print_helpers import chosen_fixture, whist_fixture  # noqa: F401 - the fixtures `chosen`, `whist`

UNUSED = [
    (("rules", "--format", "md", "--paper", "letter"), "--paper", "no pages"),
    (("rules", "--format", "html", "--paper", "a4", "-o", "{tmp}/r.html"), "--paper", "no pages"),
    (("cards", "--flip", "short", "-o", "{tmp}/c.pdf"), "--flip", "needs --backs"),
    (("cards", "--flip", "long", "-o", "{tmp}/c.png"), "--flip", "needs --backs"),
    (("cards", "--dpi", "300", "-o", "{tmp}/c.pdf"), "--dpi", "a PDF has none"),
    (("cards", "--dpi", "150", "--format", "pdf", "-o", "{tmp}/c.pdf"), "--dpi", "a PDF has none"),
    (("cards", "--bleed", "3", "--paper", "letter", "-o", "{tmp}/c.pdf"), "--paper", "with --bleed"),
]
USED = [
    ("rules", "--format", "pdf", "--paper", "letter", "-o", "{tmp}/r.pdf"),
    ("rules", "--format", "md", "-o", "{tmp}/r.md"),
    ("cards", "--bids", "trump", "--backs", "--flip", "short", "-o", "{tmp}/c.pdf"),
    ("cards", "--bids", "trump", "--dpi", "40", "-o", "{tmp}/c.png"),
    ("cards", "--bids", "trump", "--paper", "letter", "-o", "{tmp}/c.pdf"),
    ("cards", "--bids", "trump", "--bleed", "3", "-o", "{tmp}/c.pdf"),
]


@pytest.mark.parametrize(("args", "option", "why"), UNUSED)
def test_an_option_that_would_do_nothing_is_a_usage_error(whist, tmp_path, args, option, why):
    code, out, err = whist(*(a.format(tmp=tmp_path) for a in args))
    assert code == 2 and option in err and why in err and "Traceback" not in err
    assert not list(tmp_path.iterdir()) and not out


@pytest.mark.parametrize("args", USED)
def test_the_option_where_it_applies_is_taken(whist, tmp_path, args):
    code, _, err = whist(*(a.format(tmp=tmp_path) for a in args))
    assert code == 0, err
    assert list(tmp_path.iterdir())


@pytest.fixture(scope="module")
def rules():
    return load_ruleset("combo-whist")


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_bid_is_chosen_by_id_or_by_name_in_either_language(whist, tmp_path, rules, chosen, lang):
    texts, english = load_texts(rules, lang), load_texts(rules, "en")
    ids = list(rules.bids)
    forms = {
        "id": ids,
        "name": [texts.bid_name(b) for b in ids],
        "English name, upper case": [english.bid_name(b).upper() for b in ids],
        "name, lower case": [texts.bid_name(b).lower() for b in ids],
    }
    for form, given in forms.items():
        code, _, err = whist("cards", "--lang", lang, "--bids", ", ".join(given), "-o", str(tmp_path / "c.pdf"))
        assert code == 0, (form, err)
        assert chosen[-1] == ids, form


def test_names_and_ids_mix_in_order(whist, tmp_path, chosen):
    out = tmp_path / "c.pdf"
    code, _, err = whist(
        "cards", "--bleed", "0", "--bids", "Master Mail, lock", "--bids", "trump grill", "-o", str(out)
    )
    assert code == 0, err
    assert chosen == [["master_mail", "lock", "trump", "grill"]]


@pytest.mark.parametrize("value", ["", ",", " , ,", " "])
def test_a_list_of_no_bid_is_a_usage_error(whist, tmp_path, value):
    code, _, err = whist("cards", "--bids", value, "-o", str(tmp_path / "c.pdf"))
    assert code == 2 and "--bids" in err and "names no bid" in err and "misery (Misery)" in err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("value", ["Master Maill", "trumpf", "lock,nothing", "Trump Nothing"])
def test_an_unknown_bid_is_refused_with_the_ids_and_names(whist, tmp_path, value):
    code, _, err = whist("cards", "--bids", value, "-o", str(tmp_path / "c.pdf"))
    assert code == 2 and "unknown bid" in err and "misery (Misery)" in err and "trump (Trump)" in err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("lang", ["de", "xx", "de_DE.UTF-8"])
@pytest.mark.parametrize("command", [("cards", "-o", "{tmp}/c.pdf"), ("rules", "--format", "md")])
def test_an_unknown_language_is_a_usage_error_like_the_others(whist, tmp_path, command, lang):
    code, out, err = whist(*(a.format(tmp=tmp_path) for a in command), "--lang", lang)
    assert code == 2 and not out and not list(tmp_path.iterdir())
    assert err.startswith("error: Invalid value for --lang: unknown language 'de'" if lang != "xx" else "error: ")
    assert "unknown language" in err and "available: en, sv" in err and "hint: see 'whist" in err
