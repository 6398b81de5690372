"""``whist analyze`` does a bounded amount of work, however many bids a rule file holds.

The prover checks sets of bids, smallest first. A stranger's rule file of 45 kB with 300 special
bids used to keep it running for hours (tens of thousands of sets, each a search): now every
search of an analysis counts toward :data:`ANALYSIS_LIMIT` (its evaluations and its setting up)
and the sets left when it is spent are reported as unchecked ("incomplete"). The work is counted,
not timed, so the bound is tested without a clock; the bundled rule sets stay well inside it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import interpreter.analysis as analysis
from interpreter.analysis import analyze
from rulespec import load_ruleset


def _many_bids(folder: Path, count: int) -> Path:
    """A house rule with ``count`` special bids whose requirements differ (so none is cached)."""
    bids = "".join(
        f"""  - id: b{i}
    kind: special
    worth: {i % 5}
    params: {{n{i}: {i % 4 + 1}}}
    requires: count(declarer.won, card.rank == "{2 + i % 9}") >= n{i} and declarer.tricks != {i % 13}
"""
        for i in range(count)
    )
    path = folder / "many.yaml"
    path.write_text(f"ruleset: many\nversion: '1'\nextends: combo-whist\nbids:\n{bids}", encoding="utf-8")
    return path


def _spent(rules, sizes) -> int:
    return sum(world.spent for size in sizes if (world := analysis._world(rules, size)) is not None)


@pytest.mark.parametrize("count", [40, 300])
def test_the_work_of_an_analysis_is_bounded(tmp_path, monkeypatch, count: int) -> None:
    monkeypatch.setattr(analysis, "ANALYSIS_LIMIT", 20_000)  # the same bound, small enough for a test
    rules = load_ruleset(_many_bids(tmp_path, count))
    result = analyze(rules, [4])
    assert result.note == "incomplete"
    # past the limit only the set under way finishes: at most one more check's searches
    assert _spent(rules, [4]) <= 20_000 + 4 * (analysis.SEARCH_LIMIT + analysis.SEARCH_SETUP)
    assert result.checked > 0


def test_the_sets_listed_are_bounded_within_one_size(tmp_path, monkeypatch) -> None:
    """300 special bids make 44,850 pairs: the listing stops at the limit, not at the end of the size."""
    monkeypatch.setattr(analysis, "SET_LIMIT", 1_000)
    monkeypatch.setattr(analysis, "ANALYSIS_LIMIT", 5_000)
    made: list[int] = []
    real = analysis._compatible

    def counting(bids):
        made.append(len(bids))
        return real(bids)

    monkeypatch.setattr(analysis, "_compatible", counting)
    result = analyze(load_ruleset(_many_bids(tmp_path, 300)), [4])
    assert result.note == "incomplete"
    assert len(made) < 50_000  # about SET_LIMIT sets, each with its standard bids, not every pair


@pytest.mark.parametrize("ref", ["combo-whist", "combo-whist@1.4.2", "combo-whist@1.0.0"])
def test_the_bundled_rule_sets_are_analysed_whole(ref: str) -> None:
    rules = load_ruleset(ref)
    before = _spent(rules, (4,))
    result = analyze(rules, [4])
    assert result.note is None
    assert _spent(rules, (4,)) - before < analysis.ANALYSIS_LIMIT / 5  # far inside the bound


def test_an_analysis_that_runs_out_stops_at_the_same_set_when_asked_again(tmp_path, monkeypatch) -> None:
    """Verdicts are kept per process; asking for one again spends its work again, so a second
    analysis of the same rule set (a server, a test) gives the same answer as the first."""
    monkeypatch.setattr(analysis, "ANALYSIS_LIMIT", 20_000)
    rules = load_ruleset(_many_bids(tmp_path, 40))
    first, second = analyze(rules, [4]), analyze(rules, [4])
    assert first.note == second.note == "incomplete"
    assert (first.checked, first.impossible, first.undecided) == (second.checked, second.impossible, second.undecided)
