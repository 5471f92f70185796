"""`python -m bench`: run every workload and rewrite docs/performance.md."""

from bench.run import main

raise SystemExit(main())
