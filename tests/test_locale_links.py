"""Locale files beside a house rule are found, not named: no link on the way may lead out.

A house rule's texts are looked up at ``<folder>/locales/<lang>/<name>.yaml``. A shared folder
may hold links, and any of the three steps can be one: the file, the language's folder or the
``locales`` folder. Whichever it is, a link that leads out of ``<folder>`` is refused by every
command that reads locale files (nothing of the file behind it is shown) and by every command
that writes them (nothing is written behind it); a link that stays inside, or leads to a folder
allowed with ``--allow-path``, is followed.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.test_translate_cli import HOUSE_EN, HOUSE_RULE, whist

SECRET = "secret-line-7f3a"
HOUSE_SV = f"""\
language: sv
ruleset: house
title: {SECRET}
bids:
  favourite:
    name: Favorit
    short: Ta {{favourite_cards}} kort i en färg du säger
"""


def _file(club: Path, away: Path) -> None:
    os.symlink(away / "locales" / "sv" / "house.yaml", club / "locales" / "sv" / "house.yaml")


def _language_folder(club: Path, away: Path) -> None:
    os.symlink(away / "locales" / "sv", club / "locales" / "sv", target_is_directory=True)


def _locales_folder(club: Path, away: Path) -> None:
    shutil.rmtree(club / "locales")
    os.symlink(away / "locales", club / "locales", target_is_directory=True)


LINKS: dict[str, Callable[[Path, Path], None]] = {
    "file": _file,
    "language folder": _language_folder,
    "locales folder": _locales_folder,
}


def _tree(tmp_path: Path, link: str, away: Path | None = None) -> tuple[Path, Path]:
    """``club/house.yaml`` whose Swedish texts lie behind a link of kind ``link`` to ``away``
    (default: the folder ``away`` beside ``club``)."""
    club = tmp_path / "club"
    away = away or tmp_path / "away"
    (club / "locales" / "en").mkdir(parents=True)
    (club / "house.yaml").write_text(HOUSE_RULE, encoding="utf-8")
    (club / "locales" / "en" / "house.yaml").write_text(HOUSE_EN, encoding="utf-8")
    (away / "locales" / "en").mkdir(parents=True)
    (away / "locales" / "sv").mkdir(parents=True)
    (away / "locales" / "en" / "house.yaml").write_text(HOUSE_EN, encoding="utf-8")
    (away / "locales" / "sv" / "house.yaml").write_text(HOUSE_SV, encoding="utf-8")
    if link == "file":
        (club / "locales" / "sv").mkdir()
    LINKS[link](club, away)
    return club / "house.yaml", away


def _contents(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


READERS = [
    ["show", "{house}", "--lang", "sv"],
    ["rules", "{house}", "--lang", "sv", "-o", "{tmp}/rules.md"],
    ["diff", "combo-whist", "{house}", "--lang", "sv", "--texts"],
    ["translate", "status", "sv", "{house}"],
    ["translate", "check", "sv", "{house}"],
    ["translate", "export", "sv", "{house}", "--format", "po", "-o", "{tmp}/sv.po"],
]
WRITERS = [
    ["translate", "init", "sv", "{house}", "--force"],
    ["translate", "init", "de", "{house}"],
    ["translate", "mark", "sv", "{house}"],
    ["translate", "import", "{tmp}/in.po", "{house}"],
]


def _argv(command: list[str], house: Path, tmp_path: Path) -> list[str]:
    return [part.replace("{house}", str(house)).replace("{tmp}", str(tmp_path)) for part in command]


def _po(tmp_path: Path) -> None:
    """A PO file that would change the Swedish name of ``favourite`` (written for ``import``)."""
    (tmp_path / "in.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: sv\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgctxt "bids.favourite.name"\nmsgid "Favourite"\nmsgstr "Älsklingsfärg"\n',
        encoding="utf-8",
    )


@pytest.mark.parametrize("link", list(LINKS))
@pytest.mark.parametrize("command", READERS + WRITERS, ids=lambda c: " ".join(c[:3]))
def test_no_command_reads_or_writes_through_a_link_that_leads_out(tmp_path, capsys, link, command) -> None:
    house, away = _tree(tmp_path, link)
    if link != "file":  # the other language's folder too lies behind the link: init de would write there
        (away / "locales" / "de").mkdir(exist_ok=True)
    _po(tmp_path)
    before = _contents(away)
    code, out, err = whist(capsys, *_argv(command, house, tmp_path))
    if command[:3] == ["translate", "init", "de"] and link != "locales folder":
        assert code == 0, err  # German's folder is not behind the link: it is made inside club
        assert (house.parent / "locales" / "de" / "house.yaml").is_file()
    else:
        assert code == 1, (out, err)
        assert "link that leads out of its folder" in err
    assert SECRET not in out + err
    assert _contents(away) == before  # nothing written behind the link
    for output in ("rules.md", "sv.po"):
        assert not (tmp_path / output).exists()


@pytest.mark.parametrize("link", list(LINKS))
def test_a_link_that_stays_in_the_folder_is_followed(tmp_path, capsys, link) -> None:
    """The same links, leading to a folder inside ``club``, read the texts behind them."""
    house, _ = _tree(tmp_path, link, away=tmp_path / "club" / "common")
    code, out, err = whist(capsys, "show", str(house), "--lang", "sv")
    assert code == 0, err
    assert SECRET in out


@pytest.mark.parametrize("link", list(LINKS))
def test_allow_path_opens_the_folder_behind_a_link(tmp_path, capsys, link) -> None:
    house, away = _tree(tmp_path, link)
    code, out, err = whist(capsys, "--allow-path", str(away), "show", str(house), "--lang", "sv")
    assert code == 0, err
    assert SECRET in out
