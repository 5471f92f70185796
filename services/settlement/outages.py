"""Conditions of our own that hold up every transfer of an environment at once, each probed on its own.

When the distribution account runs out of TKN, every envelope fails with `op_underfunded`, and each
transfer used to wait out its own growing backoff; after the top-up, the backlog waited for those
backoffs to run out, not for the ledger (issue 33: 78 s for 3,919 transfers). Instead, a worker
that sees an envelope fail for funding records one condition for the environment: it builds no new
envelope there while the condition lasts (open ones are still followed), and probes it itself,
one balance read every PROBE_SECONDS. When the balance covers the envelope that failed, every
transfer our own setup holds up there is made due at once, in one UPDATE, whichever worker's
claims they were under. The ledger not answering is the same condition for the ledger: its tip
is read every PROBE_SECONDS, and when it answers again the transfers it held are due at once.

Each worker keeps its own conditions; waking is in the database, so it reaches every worker's
transfers. Being due sooner never pays twice: a transfer with an open envelope is only followed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

log = logging.getLogger(__name__)

PROBE_SECONDS = 1.0


@dataclass
class FundingShort:
    """The distribution account could not pay an envelope of `needed` TKN, from `since`."""

    needed: Decimal
    since: datetime
    next_probe: datetime


class Outages:
    """Per environment: is funding short (and is its probe due), and since when the ledger has not answered."""

    def __init__(self) -> None:
        self._funding: dict[str, FundingShort] = {}
        self._ledger_probe: dict[str, datetime] = {}  # environments whose ledger is silent -> next probe

    def funding_short(self, environment: str, needed: Decimal, now: datetime) -> None:
        """An envelope paying `needed` TKN failed for want of funding: hold new envelopes until a probe finds it."""
        short = self._funding.get(environment)
        if short is None:
            self._funding[environment] = FundingShort(needed, now, now + timedelta(seconds=PROBE_SECONDS))
            log.warning(
                "%s distribution account short of TKN (an envelope of %s TKN failed): no new envelope until it"
                " is funded; probing its balance every %.0f s",
                environment,
                needed,
                PROBE_SECONDS,
            )
        else:
            short.needed = needed  # the latest failure says best what the account cannot pay now

    def short_of_funding(self, environment: str) -> bool:
        """Whether new envelopes there are held until the funding probe clears."""
        return environment in self._funding

    def funding_probes_due(self, now: datetime) -> list[str]:
        """The environments whose funding should be probed now."""
        return [environment for environment, short in self._funding.items() if short.next_probe <= now]

    def funding_probed(self, environment: str, balance: Decimal | None, now: datetime) -> bool:
        """The probe read `balance` (None: no account or trustline); True when that clears the condition."""
        short = self._funding.get(environment)
        if short is None:
            return False
        if balance is None or balance < short.needed:
            short.next_probe = now + timedelta(seconds=PROBE_SECONDS)
            return False
        del self._funding[environment]
        log.info(
            "%s distribution account funded again (%s TKN) after %.0f s",
            environment,
            balance,
            (now - short.since).total_seconds(),
        )
        return True

    def ledger_probes_due(self, silent: list[str], now: datetime) -> list[str]:
        """Of the environments whose ledger is silent, those to probe now (each once every PROBE_SECONDS)."""
        for gone in set(self._ledger_probe) - set(silent):
            del self._ledger_probe[gone]
        due = [environment for environment in silent if self._ledger_probe.get(environment, now) <= now]
        for environment in due:
            self._ledger_probe[environment] = now + timedelta(seconds=PROBE_SECONDS)
        return due
