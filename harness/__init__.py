"""What bench, chaos and the tests share: `make run` started from code, nginx, a bank-side client,
slow clients and a throwaway Postgres server. It imports neither bench, chaos nor tests."""
