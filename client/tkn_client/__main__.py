"""`python -m tkn_client` is `tkn-client`."""

from tkn_client.cli import main

raise SystemExit(main())
