"""The stored form of a verdict's claim checks keeps every field, the new statuses and `settled` included."""

from __future__ import annotations

import json

from evidence_trace.server.domain.model import ClaimCheck, ClaimKind, ClaimStatus, Grounding
from evidence_trace.server.store.claims_json import claims_from_json, claims_to_json


def test_claim_checks_survive_the_round_trip_with_their_new_statuses_and_settled() -> None:
    checks = (
        ClaimCheck(0, 10, "a", ClaimKind.FACT, ClaimStatus.INVENTED, facts=("instance: x-1",), reason="names x-1"),
        ClaimCheck(11, 20, "b", ClaimKind.FACT, ClaimStatus.UNCHECKED, reason="cannot read 40 fps"),
        ClaimCheck(21, 30, "c", ClaimKind.CAUSAL, ClaimStatus.UNGROUNDED, inference=True, settled=True),
        ClaimCheck(
            31, 40, "d", ClaimKind.FACT, ClaimStatus.GROUNDED, groundings=(Grounding("i", "logs[0]", "e"),), direct=True
        ),
    )
    assert claims_from_json(claims_to_json(checks)) == checks


def test_a_row_an_older_server_stored_reads_as_not_settled() -> None:
    older = json.dumps([{"s": 0, "e": 3, "k": int(ClaimKind.FACT), "st": int(ClaimStatus.UNGROUNDED), "t": "abc"}])
    (check,) = claims_from_json(older)
    assert check.status == ClaimStatus.UNGROUNDED and check.settled is False
