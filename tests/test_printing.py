"""Printing (printing/): bid cards and the rules reference, checked by reading the PDFs back."""

from __future__ import annotations

import copy
import dataclasses
import io
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pypdf
import pytest

from printing.cards import RULES_SMALLEST, card_faces, write_cards
from printing.facts import bid_face
from printing.fitting import fit_paragraph, hyphenator, paragraph_style, text_lines
from printing.fonts import load_fonts
from printing.layout import CARD_HEIGHT, CARD_WIDTH, MM, sheet_for
from printing.preview import render_pages
from printing.reference import build_reference, to_html, to_markdown
from printing.reference_pdf import reference_pdf
from rulespec import RuleError, load_ruleset
from rulespec.locale import Texts, load_texts
from tests.print_helpers import whist_fixture  # noqa: F401 - the fixture `whist`

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "sv")


@pytest.fixture(scope="module")
def rules():
    return load_ruleset("combo-whist")


def texts_for(rules, lang: str) -> Texts:
    """Texts that a test may change without touching any other test's."""
    texts = load_texts(rules, lang)
    return dataclasses.replace(texts, data=copy.deepcopy(texts.data), fallback=copy.deepcopy(texts.fallback))


def page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() or "" for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def squash(text: str) -> str:
    """Text as compared: no whitespace or hyphens (lines break and hyphenate anywhere)."""
    return re.sub(r"[\s\-\u00ad]", "", text).casefold()


# --- cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_shows_its_name_worth_and_fields(rules, lang):
    texts = texts_for(rules, lang)
    result = write_cards(rules, texts, bleed=0)  # one card per page
    pages = page_texts(result.pdf)
    faces = card_faces(rules, texts)
    assert len(pages) == len(faces) == 31
    for face, page in zip(faces, pages, strict=True):
        text = squash(page)
        assert squash(face.name) in text, face.bid_id
        assert squash(face.kind_label) in text
        for worth in face.worth_values or (face.worth,):
            assert squash(worth) in text, (face.bid_id, worth)
        assert len(face.fields) == (3 if face.kind == "standard" else 2)
        for fact in face.fields:
            assert squash(fact.label) in text and squash(fact.value) in text, (face.bid_id, fact)
        assert face.rules and squash(face.rules) in text, face.bid_id  # the whole text, nothing cut off
        assert "1/1" in page


def test_worth_that_depends_on_the_combo_prints_every_value(rules):
    en = bid_face(rules.bids["master_mail"], rules, texts_for(rules, "en"))
    sv = bid_face(rules.bids["master_mail"], rules, texts_for(rules, "sv"))
    assert (en.worth, en.worth_values) == ("1 or 3", ("1", "3"))
    assert sv.worth == "1 el. 3"
    assert bid_face(rules.bids["justice"], rules, texts_for(rules, "en")).worth == "\u22124"
    fields = {f.key: f.value for f in bid_face(rules.bids["taintless_bid"], rules, texts_for(rules, "en")).fields}
    assert fields == {"score": "the combo's rank", "trump": "no", "tricks": "see rules"}


def test_home_sheets_hold_31_bids_times_copies_on_a4(rules):
    result = write_cards(rules, texts_for(rules, "sv"), copies=2)
    reader = pypdf.PdfReader(io.BytesIO(result.pdf))
    assert len(result.cards) == 62 and len(reader.pages) == result.pages == 7  # 9 a page
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (595, 842)
    first = page_texts(result.pdf)[0]
    assert "Misär" in first and "1/2" in first
    assert "2/2" in page_texts(result.pdf)[-1]


def test_sheets_and_cut_marks():
    for paper in ("a4", "letter"):
        sheet = sheet_for(paper)
        assert (sheet.columns, sheet.rows) == (3, 3)
        left, bottom = sheet.grid_left, sheet.grid_bottom
        right, top = left + 3 * CARD_WIDTH, bottom + 3 * CARD_HEIGHT
        assert left > 0 and bottom > 0
        marks = sheet.cut_marks(9)
        assert marks
        for x1, y1, x2, y2 in marks:  # every mark lies outside the grid, on the page
            outside = max(x1, x2) < left or min(x1, x2) > right or max(y1, y2) < bottom or min(y1, y2) > top
            assert outside and min(x1, x2) >= 0 and max(x1, x2) <= sheet.width and min(y1, y2) >= 0
        assert len(sheet.cut_lines(9)) == 24  # shared edges counted once


def test_bleed_pages_have_trim_and_bleed_boxes(rules):
    result = write_cards(rules, texts_for(rules, "en"), ["trump", "lock"], bleed=3, cut_marks=True)
    reader = pypdf.PdfReader(io.BytesIO(result.pdf))
    assert len(reader.pages) == 2
    page = reader.pages[0]
    trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
    assert float(trim.width) == pytest.approx(CARD_WIDTH) and float(trim.height) == pytest.approx(CARD_HEIGHT)
    assert float(bleed.width) == pytest.approx(CARD_WIDTH + 6 * MM)
    assert float(bleed.left) == pytest.approx(float(trim.left) - 3 * MM)
    assert float(media.width) > float(bleed.width)  # room for the crop marks


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_longest_rules_text_fits_its_card(rules, lang):
    texts = texts_for(rules, lang)
    longest = max(card_faces(rules, texts), key=lambda face: len(face.rules or ""))
    result = write_cards(rules, texts, [longest.bid_id], bleed=0)
    (report,) = result.cards
    assert not report.used_short and report.rules_size is not None and report.rules_size >= RULES_SMALLEST
    width, height = report.rules_box
    assert 0 < report.rules_height <= height
    assert squash(longest.rules) in squash(page_texts(result.pdf)[0])
    for report in write_cards(rules, texts).cards:  # and no card overflows
        assert report.rules_height <= report.rules_box[1] and not report.used_short


def test_a_text_too_long_for_a_card_uses_the_short_text_then_fails(rules):
    texts = texts_for(rules, "en")
    entry = texts.data["bids"]["plague"]
    entry["rules"] = " ".join([entry["rules"]] * 4)
    (report,) = write_cards(rules, texts, ["plague"]).cards
    assert report.used_short
    del entry["short"], texts.fallback["bids"]["plague"]["short"]
    with pytest.raises(RuleError, match="does not fit on its card") as raised:
        write_cards(rules, texts, ["plague"])
    assert raised.value.hint == "shorten bids.plague.rules in the locale file, or give the bid a 'short' text"


def test_a_name_too_long_for_a_card_says_which_text_to_shorten(rules):
    """Every text that does not fit on a card is refused with a hint naming its key in the locale file."""
    texts = texts_for(rules, "en")
    texts.data["bids"]["plague"]["name"] = "Plague" * 60
    with pytest.raises(RuleError, match="the name of bid 'plague' .* does not fit on its card") as raised:
        write_cards(rules, texts, ["plague"])
    assert raised.value.hint == "shorten bids.plague.name in the locale file"


def test_swedish_compounds_break_between_syllables():
    fonts = load_fonts()
    word = "kombinationsbudets"
    allowed = {len(head) for head, _ in hyphenator("sv")(word)}  # pyphen's syllable breaks
    fit = fit_paragraph(f"Det {word} rang", lambda s: paragraph_style("t", fonts.regular, s, "sv"), 60, 200, 9, 9)
    assert fit is not None
    tokens = " ".join(text_lines(fit)).split()
    index = next(i for i, token in enumerate(tokens) if token.startswith("kombi"))
    breaks, position = [], 0
    while tokens[index].endswith("-"):
        position += len(tokens[index]) - 1
        breaks.append(position)
        index += 1
    assert breaks and set(breaks) <= allowed, (tokens, sorted(allowed))
    # A word with its own hyphen breaks only there.
    assert list(hyphenator("en")("non-declarer")) == [("non-", "declarer")]


def test_output_bytes_are_reproducible(rules):
    texts = texts_for(rules, "sv")
    assert write_cards(rules, texts, ["trump", "plague"]).pdf == write_cards(rules, texts, ["trump", "plague"]).pdf
    ref = build_reference(rules, texts)
    assert reference_pdf(ref) == reference_pdf(ref)


def test_a_missing_glyph_is_an_error_naming_it(rules):
    texts = texts_for(rules, "sv")
    texts.data["bids"]["trump"]["name"] = "Trumf \u6f22"
    with pytest.raises(RuleError, match=r"no glyph for '\u6f22' \(U\+6F22.*bid 'trump' \(sv\)"):
        write_cards(rules, texts, ["trump"])
    texts.data["general"]["overview"] = "\u6f22"
    with pytest.raises(RuleError, match="general.overview"):
        reference_pdf(build_reference(rules, texts))


@pytest.mark.parametrize(
    "written",
    [
        "\u05e2\u05d1\u05e8\u05d9\u05ea",  # Hebrew
        "\u0627\u0644\u0639\u0631\u0628\u064a\u0629",  # Arabic
        "Trumf \u05d0",  # one Hebrew letter among Latin ones
        "\u0715\u0710",  # Syriac (no glyph either: that is said first)
        "\ufb1d\ufe70",  # Hebrew and Arabic presentation forms
    ],
)
def test_right_to_left_text_is_refused_not_printed_backwards(rules, written):
    """ReportLab sets every line left to right: Hebrew came out reversed on the card, Arabic reversed
    and unjoined. Any letter of a right-to-left script, in any text of a card or of the reference,
    stops the command naming it and where it is, as a missing glyph does."""
    texts = texts_for(rules, "sv")
    texts.data["bids"]["trump"]["name"] = written
    with pytest.raises(RuleError, match=r"(right-to-left|no glyph).*bid 'trump' \(sv\)"):
        write_cards(rules, texts, ["trump"])
    texts = texts_for(rules, "sv")
    texts.data["general"]["overview"] = f"Spelet {written}"
    with pytest.raises(RuleError, match=r"(right-to-left|no glyph).*general.overview"):
        reference_pdf(build_reference(rules, texts))


def test_left_to_right_scripts_and_direction_marks_print():
    """Greek, Cyrillic, Swedish, digits, combining marks and invisible marks read the same set left to right."""
    fonts = load_fonts()
    for text in (
        "\u0391\u03b8\u03ae\u03bd\u03b1",
        "\u041c\u043e\u0441\u043a\u0432\u0430",
        "Sm\u00f6rg\u00e5s 12",
        "Gra\u0301nd",
        "a\u200eb\u200fc",
    ):
        assert fonts.check(text, "a test") == text


def test_suits_and_swedish_letters_have_glyphs():
    fonts = load_fonts()
    for face in (fonts.regular, fonts.bold, fonts.italic, fonts.bold_italic):
        assert fonts.missing_glyphs("♠♥♦♣ åäöÅÄÖ −–…", face) == []


def test_png_preview_of_one_card(rules):
    pdf = write_cards(rules, texts_for(rules, "en"), ["master_mail"], bleed=0).pdf
    (png,) = render_pages(pdf, dpi=100)
    assert png.startswith(b"\x89PNG")
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (round(63.5 / 25.4 * 100), round(88.9 / 25.4 * 100))


def test_docs_example_card_is_shown_in_the_readme():
    png = ROOT / "docs" / "card-example.png"
    assert png.read_bytes().startswith(b"\x89PNG")
    assert "docs/card-example.png" in (ROOT / "README.md").read_text(encoding="utf-8")


# --- the rules reference -----------------------------------------------------------------


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_reference_in_every_format(rules, lang):
    texts = texts_for(rules, lang)
    ref = build_reference(rules, texts)
    names = [texts.bid_name(bid_id) for bid_id in rules.bids]
    assert [s.key for s in ref.sections][:2] == ["overview", "players_and_deck"]
    standard, special = ref.tables
    assert standard.columns == ("designation", "worth", "score", "trump", "tricks", "rules")
    assert special.columns == ("designation", "worth", "priority", "incompatibility", "rules")
    assert len(standard.rows) == 16 and len(special.rows) == 15

    markdown = to_markdown(ref)
    assert markdown.count("\n| ") >= 31 + 2 and all(name in markdown for name in names)

    parser = _Tags()
    parser.feed(to_html(ref))
    assert parser.tags.count("table") == 2 and parser.tags.count("tr") == 31 + 2
    html_text = "".join(parser.text)
    assert all(name in html_text for name in names)
    assert ref.sections[0].heading in html_text

    pdf_text = squash("".join(page_texts(reference_pdf(ref))))
    if any("♣" in section.text for section in ref.sections):
        assert "♣" in pdf_text  # suit symbols are drawn, not dropped
    for name in names:
        assert squash(name) in pdf_text
    for section in ref.sections:
        assert squash(section.heading) in pdf_text and squash(section.text) in pdf_text


# --- a house-rule variant ------------------------------------------------------------------

HOUSE_TEXTS = """\
language: en
ruleset: combo-whist-house
bids:
  favourite:
    name: Favourite
    rules: Before the hand, name a suit; take at least {favourite_cards} cards of it.
"""


@pytest.fixture
def house(tmp_path):
    shutil.copy(ROOT / "docs" / "examples" / "house-rules-example.yaml", tmp_path / "house.yaml")
    (tmp_path / "locales" / "en").mkdir(parents=True)
    (tmp_path / "locales" / "en" / "combo-whist-house.yaml").write_text(HOUSE_TEXTS, encoding="utf-8")
    return tmp_path / "house.yaml"


def test_a_house_variant_prints_its_own_numbers_and_texts(house):
    rules = load_ruleset(house)
    texts = texts_for(rules, "en")
    result = write_cards(rules, texts, ["penalty", "favourite"], bleed=0)
    penalty, favourite = (squash(t) for t in page_texts(result.pdf))
    assert squash("loses 3 points more") in penalty and squash("1.5.1+house.1") in penalty
    assert squash("take at least 5 cards of it") in favourite and squash("Favourite") in favourite
    markdown = to_markdown(build_reference(rules, texts))
    assert "| Favourite | 1 | 5 |" in markdown and "based on combo-whist@1.5.1" in markdown


@pytest.mark.parametrize("version", ["1.0.0", "1.4.2", "1.5.0"])
def test_an_older_version_is_based_on_nothing_and_a_house_rule_on_the_version_it_extends(version, tmp_path):
    """Older versions are stored as overlays of newer ones: 1.0.0's reference said it was "based on"
    all nine later versions. A house rule of 1.4.2 is based on 1.4.2 alone."""
    for lang in ("en", "sv"):
        older = load_ruleset(f"combo-whist@{version}")
        assert build_reference(older, texts_for(older, lang)).based_on is None
    house = tmp_path / "house.yaml"
    house.write_text(f"ruleset: club\nversion: '1'\nextends: combo-whist@{version}\n", encoding="utf-8")
    rules = load_ruleset(house)
    assert build_reference(rules, texts_for(rules, "en")).based_on == f"based on combo-whist@{version}"
    child = tmp_path / "child.yaml"
    child.write_text("ruleset: child\nversion: '1'\nextends: ./house.yaml\n", encoding="utf-8")
    rules = load_ruleset(child)
    assert build_reference(rules, texts_for(rules, "en")).based_on == f"based on club@1, combo-whist@{version}"
    same = tmp_path / "same.yaml"  # a house rule keeping its parent's name
    same.write_text(f"ruleset: combo-whist\nversion: {version}+club\nextends: combo-whist@{version}\n", "utf-8")
    rules = load_ruleset(same)
    assert build_reference(rules, texts_for(rules, "en")).based_on == f"based on combo-whist@{version}"


def test_a_bid_without_texts_still_prints(house, tmp_path):
    rules = load_ruleset(house)
    # No Swedish texts for the new bid: the English ones stand in.
    assert squash("take at least 5") in squash(
        page_texts(write_cards(rules, texts_for(rules, "sv"), ["favourite"]).pdf)[0]
    )
    copy = tmp_path / "bare" / "house-rules-example.yaml"  # the docs' example without its locales/: no texts
    copy.parent.mkdir()
    copy.write_text(
        (ROOT / "docs" / "examples" / "house-rules-example.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    bare = load_ruleset(copy)
    result = write_cards(bare, texts_for(bare, "sv"), ["favourite"])
    assert result.cards[0].rules_size is None and "favourite" in page_texts(result.pdf)[0]


def test_an_english_text_standing_in_is_hyphenated_as_english(house, monkeypatch):
    """A Swedish card whose rules text is English for want of a translation broke English words at
    Swedish hyphenation points ("ever-yone"): the text is set in English, the card's own words in Swedish."""
    import printing.cards as cards

    rules = load_ruleset(house)
    texts = texts_for(rules, "sv")
    assert "rules" in bid_face(rules.bids["favourite"], rules, texts).in_english
    assert bid_face(rules.bids["trump"], rules, texts).in_english == frozenset()
    languages: list[str | None] = []

    def recorded(name, font, size, language, **kwargs):
        languages.append(language)
        return paragraph_style(name, font, size, language, **kwargs)

    monkeypatch.setattr(cards, "paragraph_style", recorded)
    write_cards(rules, texts, ["favourite"])
    assert "en" in languages and "sv" in languages  # (the rules text; the name and facts)
    languages.clear()
    write_cards(rules, texts, ["trump"])
    assert "en" not in languages


# --- the commands --------------------------------------------------------------------------


def test_cards_and_rules_commands(whist, tmp_path):
    code, out, _ = whist("cards", "combo-whist", "--lang", "sv", "-o", str(tmp_path / "kort.pdf"))
    assert code == 0 and "kort: 31, sidor: 4" in out  # --lang sv: the line too
    assert len(pypdf.PdfReader(tmp_path / "kort.pdf").pages) == 4
    code, out, _ = whist("rules", "combo-whist", "--format", "html", "-o", str(tmp_path / "rules.html"))
    assert code == 0 and (tmp_path / "rules.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    code, _, _ = whist("cards", "--bids", "trump,lock", "--bleed", "0", "-o", str(tmp_path / "c.png"))
    assert code == 0 and (tmp_path / "c-1.png").exists() and (tmp_path / "c-2.png").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("cards", "--bids", "trumpf", "-o", "x.pdf"),
            "unknown bid 'trumpf' in combo-whist@1.5.1 (did you mean 'trump'?)",
        ),
        (("cards", "--paper", "a5", "-o", "x.pdf"), "'a5' is not one of 'a4', 'letter'"),
        (("rules", "-o", "rules.txt"), "rules.txt does not end in one of: .htm, .html, .markdown, .md, .pdf"),
    ],
)
def test_mistakes_are_messages_not_tracebacks(whist, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    code, _, err = whist(*args)
    assert code == 2 and message in err and "Traceback" not in err  # usage errors: click's status 2
    assert not (tmp_path / "x.pdf").exists()


def test_a_missing_glyph_stops_the_command(whist, house, tmp_path):
    locale = house.parent / "locales" / "en" / "combo-whist-house.yaml"
    locale.write_text(HOUSE_TEXTS.replace("name: Favourite", "name: Favourite \u6f22"), encoding="utf-8")
    code, _, err = whist("cards", str(house), "--lang", "en", "-o", str(tmp_path / "x.pdf"))
    assert code == 1 and "no glyph for '\u6f22'" in err and "Traceback" not in err
    assert not (tmp_path / "x.pdf").exists()
