"""The console's search: a TransferId, MsgId or EndToEndId opens one transfer's story.

The story is the transfer's states, the envelopes that carried its payment (hash, submissions,
outcome), its ledger hash and its webhook deliveries. Receiver URLs lose what may be a
credential, as elsewhere on the console.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from services.overview import public_url
from storage.database import database
from storage.models import Transfer
from storage.transfer_story import TransferStory, find_transfers, transfer_story

MATCHES_LISTED = 20
TERM_MAX_LENGTH = 64


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the matching transfers, newest first, and the story when exactly one matched."""

    term: str
    matches: list[Transfer]
    story: TransferStory | None


def search(term: str) -> SearchResult:
    """Look `term` up as a TransferId, a MsgId or an EndToEndId; a longer term than any of them finds nothing."""
    term = term.strip()
    if not term or len(term) > TERM_MAX_LENGTH:
        return SearchResult(term[:TERM_MAX_LENGTH], [], None)
    with database.connection_context():
        matches = find_transfers(term, MATCHES_LISTED)
        story = transfer_story(matches[0].id) if len(matches) == 1 else None
    if story is not None:
        story = replace(story, deliveries=[replace(d, url=public_url(d.url)) for d in story.deliveries])
    return SearchResult(term, matches, story)
