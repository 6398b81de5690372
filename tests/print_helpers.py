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
