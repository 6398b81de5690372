"""The translation commands on the real tree: ``whist translate check`` passes on locales/, fails
on a missing key and warns on a stale one, and ``whist show`` prints Combo Whist in Swedish.
"""

from __future__ import annotations

# fixtures, imported under their own names so that pytest finds them
from locales_helpers import combo as combo
from locales_helpers import edit, line_and_column, whist, whist_on
from locales_helpers import locales as locales
from locales_helpers import never_write_the_real_locales as never_write_the_real_locales
from locales_helpers import real_sv_status as real_sv_status

# --- the commands on the real tree ----------------------------------------------------------


def test_translate_check_passes_on_the_real_tree():
    result = whist("translate", "check")
    assert result.returncode == 0, result.stderr
    assert "sv/combo-whist: 0 missing, 0 unreviewed, 0 stale, 0 error(s)" in result.stdout
    assert "en/combo-whist: 0 missing, 0 unreviewed, 0 stale, 0 error(s)" in result.stdout


def test_translate_check_fails_on_a_missing_key_and_warns_on_a_stale_one(locales):
    edit(locales / "en" / "combo-whist.yaml", "    name: Trump\n", "    name: Trumps\n")
    stale = whist_on(locales, "translate", "check")
    assert stale.returncode == 0, stale.stderr
    sv = locales / "sv" / "combo-whist.yaml"
    where = f"{sv}:{line_and_column(sv, 'name: Trumf')[0]}"
    # once, though every version of combo-whist shows this text
    assert stale.stderr.count("stale bids.trump.name") == 1
    assert f"{where}: warning: stale bids.trump.name (the English text changed)" in stale.stderr
    edit(locales / "sv" / "combo-whist.yaml", "    short: Ta inte hem något av de {locked_tricks} första sticken\n", "")
    missing = whist_on(locales, "translate", "check")
    assert missing.returncode == 1
    assert f"{sv}: missing bids.lock.short" in missing.stderr  # the file the text belongs in
    assert "sv/combo-whist: 1 missing, 0 unreviewed, 1 stale, 0 error(s)" in missing.stdout


def test_show_combo_whist_in_swedish():
    result = whist("show", "combo-whist", "--lang", "sv", "--format", "table")
    assert result.returncode == 0, result.stderr
    for word in ("Kombinations-Whist", "Standardbud", "Specialbud", "Misär", "Mästarbrev", "Mästartrumf", "Benämning"):
        assert word in result.stdout, word
    assert "Standard bids" not in result.stdout and "Misery" not in result.stdout
    assert result.stderr == ""  # nothing missing, so no note
    english = whist("show", "combo-whist", "--lang", "en")
    assert "Standard bids" in english.stdout and "Master Mail" in english.stdout and "Misär" not in english.stdout


def test_show_prints_a_match_game_as_its_kinds_of_hand(tmp_path):
    """A game without an auction (Christmas Whist) is shown as the rules reference shows it: each kind of
    hand with its rules, in each language — not worths, scores and trump that mean nothing there, and
    no empty table of special bids."""
    from rulespec import load_ruleset
    from rulespec.locale import load_texts

    rules = load_ruleset("christmas-whist")
    assert rules.game.auction is None and not rules.special_bids
    for lang in ("en", "sv"):
        texts = load_texts(rules, lang)
        result = whist("show", "christmas-whist", "--lang", lang)
        assert result.returncode == 0, result.stderr
        shown = " ".join(result.stdout.replace("│", " ").split())
        assert texts.label("hand_types") in shown
        for bid in rules.standard_bids:
            assert texts.bid_name(bid.id) in shown
            assert " ".join(texts.bid_text(bid.id, "rules").split()[:4]) in shown  # its rules, wrapped in the table
        for heading in ("worth", "score", "trump", "special_bids"):
            assert texts.label(heading) not in shown, heading


def test_show_says_so_when_a_game_has_no_special_bids(tmp_path):
    """An auction game without special bids gets a sentence, not an empty table (a frame and headings
    with no row); a game with special bids still gets the table."""
    from rulespec import load_ruleset

    # (Taintless Bid plays into a zone a special bid makes: it goes with them)
    removed = ", ".join([*(b.id for b in load_ruleset("combo-whist").special_bids), "taintless_bid"])
    house = tmp_path / "house.yaml"
    house.write_text(f"ruleset: house\nversion: '1'\nextends: combo-whist\nremove_bids: [{removed}]\n")
    for lang, words in (("en", "This game has no special bids."), ("sv", "Det här spelet har inga specialbud.")):
        result = whist("show", str(house), "--lang", lang)
        assert result.returncode == 0, result.stderr
        assert words in result.stdout
        assert "Special bids" not in result.stdout and "Specialbud" not in result.stdout
    with_specials = whist("show", "combo-whist", "--lang", "en")
    assert "Special bids" in with_specials.stdout and "This game has no special bids." not in with_specials.stdout
