"""Source accounts: funding policies, holds on intake, operator commands, statements, reconciliation."""
