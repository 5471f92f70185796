"""`python -m bench`: run every workload and rewrite docs/performance.md; `python -m bench compare`: only
the side-by-side comparison with the baseline revision (as `BENCH_WORKLOADS=COMPARE`)."""

import sys

from bench.compare import run_comparison
from bench.run import main
from bench.settings import load_settings

settings = load_settings()
if sys.argv[1:] == ["compare"] or set(settings.workloads) == {"COMPARE"}:
    run_comparison(settings)
    raise SystemExit(0)
if sys.argv[1:]:
    raise SystemExit(f"usage: python -m bench [compare]; not {' '.join(sys.argv[1:])}")
code = main()
if "COMPARE" in settings.workloads:
    run_comparison(settings)
raise SystemExit(code)
