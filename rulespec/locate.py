"""Where a rule set reference leads: a bundled name (``combo-whist@1.4.2``) or a path.

``locate`` answers with the file or folder and the version asked for; a path written in a file
(not typed by the user) must obey the policy of :mod:`rulespec.paths`. :mod:`rulespec.loader`
reads what it finds.
"""

from __future__ import annotations

from pathlib import Path

from rulespec import paths
from rulespec.errors import RuleError, did_you_mean

BUNDLED_DIR = Path(__file__).resolve().parent.parent / "bids"
VERSIONS_FOLDER = "versions"
#: A folder of ``bids/`` that holds example rule files (house rules), each given by its path: not a bundled rule set.
EXAMPLES_FOLDER = "examples"


def bundled_names() -> list[str]:
    """Names of the bundled rule sets."""
    if not BUNDLED_DIR.is_dir():
        return []
    return sorted(
        p.name for p in BUNDLED_DIR.iterdir() if p.is_dir() and p.name != EXAMPLES_FOLDER and any(p.glob("*.yaml"))
    )


def bundled_versions(name: str) -> list[str]:
    folder = BUNDLED_DIR / name / VERSIONS_FOLDER
    return sorted((p.stem for p in folder.glob("*.yaml")), key=_version_key) if folder.is_dir() else []


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(p) if p.isdigit() else 0 for p in version.replace("-", ".").split("."))


def looks_like_path(ref: str) -> bool:
    """Whether a rule-set reference names a file or folder (else it is a bundled name, maybe ``@version``)."""
    return "/" in ref or "\\" in ref or ref.endswith((".yaml", ".yml")) or ref.startswith(".")


def locate(ref: str, relative_to: Path | None = None, named_in: str | None = None) -> tuple[Path, str | None]:
    """The file or folder a reference names, and the version it asks for (``name@version``).

    ``named_in`` is the file the reference was written in (None: the user typed it); such a
    path must obey the policy of :mod:`rulespec.paths`, checked before we look at the file.
    Raises :class:`RuleError` (without a position: the caller adds one) when nothing matches.
    """
    paths.check_name(ref)
    if looks_like_path(ref):
        path = Path(ref) if relative_to is None or Path(ref).is_absolute() else relative_to / ref
        if named_in is not None:
            paths.check_allowed(path, named_in, ref)
        if not paths.exists(path):
            raise RuleError(f"no rule set file or folder '{ref}'")
        return path, None
    name, _, version = ref.partition("@")
    if not name:  # ('' or '@1.0': else the folder of every bundled rule set itself would be taken for one)
        said = f"only a version, '{ref}'" if ref else "an empty name"
        raise RuleError(f"no rule set is named: {said}", None, _bundled_hint())
    folder = BUNDLED_DIR / name
    if not folder.is_dir() or name == EXAMPLES_FOLDER:
        local = Path(ref)
        if relative_to is None and named_in is None and paths.exists(local):
            return local, None
        raise RuleError(f"unknown rule set '{name}'", None, did_you_mean(name, bundled_names()) or _bundled_hint())
    if version:
        versioned = folder / VERSIONS_FOLDER / f"{version}.yaml"
        if versioned.is_file():
            return versioned, version
    return folder, version or None


def _bundled_hint() -> str:
    names = bundled_names()
    return "bundled rule sets: " + ", ".join(names) if names else "give a path to a rule file or folder"
