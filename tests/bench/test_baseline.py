"""The baseline is checked out from git, and the comparison refuses unless each server ran its own tree."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bench.baseline import (
    VERBOSE_IMPORTS,
    BaselineError,
    check_out,
    check_trees_differ,
    derive_schemas,
    imported_files,
    loaded_tree,
)
from bench.servers import Gunicorn, flask_cli
from bench.settings import DEFAULT_BASELINE, PROJECT_ROOT, load_settings
from harness.stack import free_port


def test_the_default_baseline_is_checked_out_as_it_was(tmp_path: Path) -> None:
    commit = check_out(DEFAULT_BASELINE, tmp_path)
    assert commit.startswith(DEFAULT_BASELINE) and len(commit) == 40
    # 3f05075 still had the sandbox ledger at ledger/, before it moved to sandbox/.
    assert (tmp_path / "app.py").is_file() and (tmp_path / "ledger").is_dir()
    assert not (tmp_path / "sandbox").exists() and not (tmp_path / ".git").exists()


def test_a_revision_that_names_no_commit_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BaselineError, match="names no commit"):
        check_out("no-such-revision", tmp_path)


def test_the_baseline_derives_its_own_schemas(tmp_path: Path) -> None:
    check_out(DEFAULT_BASELINE, tmp_path)
    derive_schemas(tmp_path)
    assert (tmp_path / "xsd" / "usage" / "pacs.008.001.13.xsd").is_file()
    assert (tmp_path / "xsd" / "iso").is_dir()


def test_a_relative_schema_source_is_read_from_here_not_from_the_baseline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `make test` exports ISO20022_XSD_DIR=../shared/xsd, relative to this tree, not the baseline's.
    check_out(DEFAULT_BASELINE, tmp_path)
    monkeypatch.chdir(PROJECT_ROOT)
    derive_schemas(tmp_path, environ={"ISO20022_XSD_DIR": "../shared/xsd"})
    assert (tmp_path / "xsd" / "usage" / "pacs.008.001.13.xsd").is_file()


def tree(root: Path, marker: str) -> Path:
    root.mkdir()
    (root / "app.py").write_text(f"MARKER = {marker!r}\n")
    (root / "helper.py").write_text("")
    return root


def import_log(cwd: Path, *first_on_path: Path, modules: str = "app, helper") -> str:
    """What `python -v` says when importing `modules` from `cwd` (as gunicorn does), `first_on_path` before it."""
    code = f"import sys; sys.path[:0] = {[str(p) for p in first_on_path]!r}; import {modules}"
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=cwd,
        env={**os.environ, **VERBOSE_IMPORTS},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stderr


def test_two_trees_each_loading_their_own_app_are_compared(tmp_path: Path) -> None:
    current, baseline = tree(tmp_path / "current", "current"), tree(tmp_path / "baseline", "baseline")
    current_log, baseline_log = import_log(current), import_log(baseline)
    assert current / "app.py" in imported_files(current_log)
    check_trees_differ(current, baseline, current_log, baseline_log)


def test_one_tree_run_twice_is_refused(tmp_path: Path) -> None:
    current = tree(tmp_path / "current", "current")
    log = import_log(current)
    with pytest.raises(BaselineError, match="nothing to compare"):
        check_trees_differ(current, current, log, log)


def test_a_baseline_server_that_loaded_the_current_trees_app_is_refused(tmp_path: Path) -> None:
    # The shared venv's editable install, or a path entry, winning over the baseline's working directory.
    current, baseline = tree(tmp_path / "current", "current"), tree(tmp_path / "baseline", "baseline")
    stray_log = import_log(baseline, current)
    assert not loaded_tree(stray_log, baseline, current).own_app
    with pytest.raises(BaselineError, match="the baseline server did not import"):
        check_trees_differ(current, baseline, import_log(current), stray_log)


def test_a_server_that_took_any_file_of_the_other_tree_is_refused(tmp_path: Path) -> None:
    current, baseline = tree(tmp_path / "current", "current"), tree(tmp_path / "baseline", "baseline")
    (baseline / "helper.py").unlink()  # the baseline has no helper.py: Python finds the current tree's
    mixed_log = import_log(baseline, baseline, current)
    assert loaded_tree(mixed_log, baseline, current).strays == (current / "helper.py",)
    with pytest.raises(BaselineError, match="1 file"):
        check_trees_differ(current, baseline, import_log(current), mixed_log)


def test_the_shared_environment_inside_the_current_tree_is_no_stray(tmp_path: Path) -> None:
    # A checkout's .venv lies inside the current tree; both servers import the libraries from it.
    current, baseline = tree(tmp_path / "current", "current"), tree(tmp_path / "baseline", "baseline")
    library = current / ".venv" / "lib" / "library.py"
    library.parent.mkdir(parents=True)
    library.write_text("")
    log = import_log(baseline, library.parent, modules="app, helper, library")
    assert library in imported_files(log)
    assert loaded_tree(log, baseline, current, environment=current / ".venv").strays == ()
    assert loaded_tree(log, baseline, current, environment=tmp_path / "elsewhere").strays == (library,)


def test_this_trees_gateway_is_imported_from_this_tree() -> None:
    log = import_log(PROJECT_ROOT, modules="app")
    assert loaded_tree(log, PROJECT_ROOT, PROJECT_ROOT.parent / "no-such-tree").own_app


def test_both_gunicorns_run_their_own_tree_side_by_side(tmp_path: Path) -> None:
    # The comparison's servers as it starts them: the baseline checked out, each in its own directory.
    baseline = tmp_path / "baseline"
    check_out(DEFAULT_BASELINE, baseline)
    derive_schemas(baseline)
    settings = replace(load_settings({}), workers=1)
    servers = []
    for name, root in (("baseline", baseline), ("current", PROJECT_ROOT)):
        tree_settings = replace(settings, database_url=f"sqlite:///{tmp_path / name}.sqlite3")
        flask_cli(tree_settings, "db", "upgrade", tree=root)
        servers.append(
            Gunicorn(
                tree_settings, "app:create_app()", free_port(), tmp_path / f"{name}.log", root, dict(VERBOSE_IMPORTS)
            )
        )
    try:
        for server in servers:
            server.start()
    finally:
        for server in servers:
            server.stop()
    baseline_log, current_log = (server.log.read_text() for server in servers)
    check_trees_differ(PROJECT_ROOT, baseline, current_log, baseline_log)
    with pytest.raises(BaselineError, match="current server did not import"):
        check_trees_differ(PROJECT_ROOT, baseline, baseline_log, baseline_log)
