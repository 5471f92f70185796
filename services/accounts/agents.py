"""AG01: a BIC the pacs.008 names as debtor or instructing agent must be the caller's (spec 7.1)."""

from __future__ import annotations

from bindings.pacs_008_001_13 import BranchAndFinancialInstitutionIdentification8, Document
from services.rejections import ReasonCode, Violation
from storage import accounts as store

# Where a pacs.008 names the bank that sends the money.
AGENT_PATHS = ("DbtrAgt/FinInstnId/BICFI", "InstgAgt/FinInstnId/BICFI")


def normalized_bic(bic: str) -> str:
    """A BIC in its 11-character form: a BIC8 is its head office, branch code XXX."""
    bic = bic.strip().upper()
    return bic + "XXX" if len(bic) == 8 else bic


def _bic(agent: BranchAndFinancialInstitutionIdentification8 | None) -> str | None:
    if agent is None or agent.fin_instn_id is None or agent.fin_instn_id.bicfi is None:
        return None
    return agent.fin_instn_id.bicfi


def named_bics(document: Document) -> list[str]:
    """The BICs of DbtrAgt and InstgAgt of the (single) transaction, normalized, without repeats."""
    tx = document.fito_ficstmr_cdt_trf.cdt_trf_tx_inf[0]
    found = [_bic(tx.dbtr_agt), _bic(tx.instg_agt)]
    return sorted({normalized_bic(bic) for bic in found if bic})


def check_agents(document: Document, organization_id: int) -> list[Violation]:
    """AG01 unless every BIC the message names is registered to the organization.

    A message that names none is not checked and costs no query. The text is the same whether
    the BIC is unknown or another organization's, so it tells a caller nothing about others.
    """
    bics = named_bics(document)
    if not bics:
        return []
    missing = sorted(set(bics) - store.registered_bics(organization_id, bics))
    if not missing:
        return []
    return [
        Violation(
            ReasonCode.AG01,
            f"Agent BIC {missing[0]} (DbtrAgt or InstgAgt FinInstnId/BICFI) is not registered to this organization.",
        )
    ]
