"""Peewee models, migrations and queries. Knows nothing of HTTP or ISO 20022."""
