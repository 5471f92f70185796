"""The baseline tree the comparison measures this one against: checked out, its schemas derived, and
proof of which tree's code each server loaded."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from bench.settings import PROJECT_ROOT

BIN = Path(sys.executable).parent
# Where `make xsd` copies the official XSDs from (the Makefile's ISO20022_XSD_DIR and its default).
XSD_SOURCE_VARIABLE = "ISO20022_XSD_DIR"
DEFAULT_XSD_SOURCE = PROJECT_ROOT.parent / "shared" / "xsd"
# With PYTHONVERBOSE=1 the interpreter names every source file it imports, on stderr, as one of these.
IMPORT_LINE = re.compile(r"^# (?:\S+ matches (?P<checked>\S+\.py)|code object from '?(?P<compiled>[^']+\.py)'?)$")
# Set in each compared server's environment so that its log names the files it imported.
VERBOSE_IMPORTS = {"PYTHONVERBOSE": "1"}


class BaselineError(Exception):
    """The baseline could not be set up, or the comparison would not compare two trees."""


def resolve_revision(revision: str, repository: Path = PROJECT_ROOT) -> str:
    """The full commit hash `revision` names in `repository`."""
    done = subprocess.run(  # noqa: S603 - fixed argv, no shell
        ["git", "rev-parse", "--verify", f"{revision}^{{commit}}"],  # noqa: S607 - git from PATH
        cwd=repository,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise BaselineError(f"BENCH_BASELINE={revision} names no commit: {done.stderr.strip()}")
    return done.stdout.strip()


def check_out(revision: str, destination: Path, repository: Path = PROJECT_ROOT) -> str:
    """Write the files of `revision` into `destination` (no git metadata, no worktree to prune); its hash.

    `git archive` leaves the repository's worktree list untouched, so a run that dies leaves nothing behind
    but a temporary directory.
    """
    commit = resolve_revision(revision, repository)
    archive = subprocess.run(  # noqa: S603 - fixed argv, no shell
        ["git", "archive", "--format=tar", commit],  # noqa: S607 - git from PATH
        cwd=repository,
        capture_output=True,
        check=True,
    )
    destination.mkdir(parents=True, exist_ok=True)
    subprocess.run(  # noqa: S603 - fixed argv, no shell
        ["tar", "-x", "-C", str(destination)],  # noqa: S607 - tar from PATH
        input=archive.stdout,
        check=True,
    )
    return commit


def derive_schemas(tree: Path, environ: dict[str, str] | None = None) -> None:
    """Derive `tree`'s xsd/iso and xsd/usage with its own tools, as its `make xsd` does."""
    # The Makefile exports a relative ISO20022_XSD_DIR; the baseline runs elsewhere, so anchor it here.
    named = (environ if environ is not None else os.environ).get(XSD_SOURCE_VARIABLE)
    source = (Path.cwd() / named).resolve() if named else DEFAULT_XSD_SOURCE
    done = subprocess.run(  # noqa: S603 - fixed argv, no shell
        [str(BIN / "python"), "-m", "tools.derive_schemas", "--source", str(source)],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    if done.returncode != 0:
        raise BaselineError(f"deriving the baseline's schemas failed: {done.stderr.strip()[-2000:]}")


def imported_files(log_text: str) -> set[Path]:
    """The source files a PYTHONVERBOSE=1 process (and its workers) imported, from its log."""
    found = set()
    for line in log_text.splitlines():
        if match := IMPORT_LINE.match(line.strip()):
            found.add(Path(match.group("checked") or match.group("compiled")))
    return found


@dataclass(frozen=True)
class LoadedTree:
    """Whether a server imported its own tree's `app` module, and the files it took from the other tree."""

    own_app: bool
    strays: tuple[Path, ...]  # files of the other tree this server imported


def loaded_tree(log_text: str, own: Path, other: Path, environment: Path | None = None) -> LoadedTree:
    """What a server whose log is `log_text`, started in `own`, imported: its app and anything from `other`.

    Files of the Python environment both servers run in (`environment`, this interpreter's venv by
    default) are shared by design and are no tree's own code, even where the venv lies inside a tree.
    """
    files = {path.resolve() for path in imported_files(log_text)}
    other = other.resolve()
    shared = (environment or Path(sys.prefix)).resolve()
    strays = tuple(sorted(p for p in files if p.is_relative_to(other) and not p.is_relative_to(shared)))
    return LoadedTree(own.resolve() / "app.py" in files, strays)


def check_own_code(name: str, own: Path, other: Path, log_text: str) -> None:
    """Refuse unless the process whose log is `log_text` imported `own`'s app.py and no file of `other`."""
    loaded = loaded_tree(log_text, own, other)
    if not loaded.own_app:
        raise BaselineError(f"the {name} server did not import {own / 'app.py'}: its code came from elsewhere")
    if loaded.strays:
        shown = ", ".join(str(path) for path in loaded.strays[:5])
        raise BaselineError(f"the {name} server imported {len(loaded.strays)} file(s) of the other tree: {shown}")


def check_trees_differ(current: Path, baseline: Path, current_log: str, baseline_log: str) -> None:
    """Refuse the comparison unless each server imported its `app` from its own tree and nothing from the other's."""
    if current.resolve() == baseline.resolve():
        raise BaselineError(f"both servers run in {current}: there is nothing to compare")
    check_own_code("current", current, baseline, current_log)
    check_own_code("baseline", baseline, current, baseline_log)
