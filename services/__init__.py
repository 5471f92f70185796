"""Domain logic: message rules, reports, keys, transfers. Never imports flask."""
