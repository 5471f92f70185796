"""gunicorn.conf.py: what every worker does once it has loaded the app."""

from __future__ import annotations

import gc
import importlib
import runpy

from config import PROJECT_ROOT
from telemetry.gunicorn_logger import AccessOnDemandLogger


def test_a_worker_freezes_its_start_up_objects_out_of_collection() -> None:
    settings = runpy.run_path(str(PROJECT_ROOT / "gunicorn.conf.py"))
    gc.unfreeze()
    try:
        settings["post_worker_init"](None)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_workers_are_recycled_with_jitter() -> None:
    settings = runpy.run_path(str(PROJECT_ROOT / "gunicorn.conf.py"))
    assert settings["max_requests"] > 0
    assert 0 < settings["max_requests_jitter"] < settings["max_requests"]


def test_servers_use_the_logger_that_builds_access_fields_on_demand() -> None:
    settings = runpy.run_path(str(PROJECT_ROOT / "gunicorn.conf.py"))
    module, name = settings["logger_class"].rsplit(".", 1)
    assert getattr(importlib.import_module(module), name) is AccessOnDemandLogger
