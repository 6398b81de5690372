"""Helpers of the printing command tests (``tests/test_print_*.py``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from whist.printcli import register

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture(name="whist")
def whist_fixture(capsys: pytest.CaptureFixture[str]) -> Run:
    """``whist(*args)`` runs a ``whist`` command line in this process: its exit status, stdout, stderr."""
    from whist import cli as whist_cli

    register(whist_cli.cli)

    def run(*args: str) -> tuple[int, str, str]:
        try:
            whist_cli.main(list(args))
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    return run


@pytest.fixture(name="chosen")
def chosen_fixture(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The bid ids each ``whist cards`` run printed, as it asked :func:`printing.cards.write_cards`."""
    import printing.cards
    from printing.facts import select_bids

    runs: list[list[str]] = []
    real = printing.cards.write_cards

    def spy(rules, texts, bid_ids=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        runs.append([bid.id for bid in select_bids(rules, bid_ids)])
        return real(rules, texts, runs[-1][:1], *args, **kwargs)  # (one card is enough to print)

    monkeypatch.setattr(printing.cards, "write_cards", spy)
    return runs
