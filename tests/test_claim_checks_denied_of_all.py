"""A state denied of all, and a denial an error agrees with, are no contradictions.

"In eu-west1 nothing is enabled" had been read as "is enabled" said of eu-west1, and CONTRADICTED by a version
row saying DESTROYED (field_words._bare_said); "key version 4 is not enabled" was CONTRADICTED by the error that
says the same, "… cryptoKeyVersions/4 is not enabled" (polarity.check_denied_condition). A state said of one
thing, and an error that shows what the claim denies, still contradict. Domain only, offline; records and
phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

VERSIONS = EvidenceRow(
    "c-1",
    "gcloud",
    Outcome.INDIRECT_SUPPORT,
    "NAME  STATE      CREATE_TIME\n1     DESTROYED  2025-03-02T10:00:00Z\n2     DISABLED   2025-09-14T08:30:00Z\n",
    {"args": "kms keys versions list --key app-key --keyring ring-a --location eu-west1"},
)
CENTRAL = EvidenceRow(
    "c-3",
    "gcloud",
    Outcome.INDIRECT_SUPPORT,
    "NAME  STATE    CREATE_TIME\n1     ENABLED  2025-09-14T08:31:00Z\n",
    {"args": "kms keys versions list --key app-key --keyring ring-c --location us-central1"},
)
ERRORS = EvidenceRow(
    "c-2",
    "query_logs",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        [
            {
                "level": "ERROR",
                "service": "billing-api",
                "message": "FAILED_PRECONDITION: key projects/p1/locations/eu-west1/keyRings/ring-a/cryptoKeys/"
                "app-key/cryptoKeyVersions/4 is not enabled",
            },
            {"level": "ERROR", "service": "cache-svc", "message": "OOM command not allowed when maxmemory reached"},
        ]
    ),
    {"service": "billing-api", "level": "ERROR"},
)


def contradicted(draft: str) -> bool:
    checks = check_draft(draft, [VERSIONS, CENTRAL, ERRORS])
    return any(c.status == ClaimStatus.CONTRADICTED for c in checks if c.kind == ClaimKind.FACT)


@pytest.mark.parametrize(
    "draft",
    [
        "In eu-west1 nothing is enabled.",
        "eu-west1 里没有一个是 ENABLED。",
        "For billing-api, cryptoKeyVersions/4 is not enabled.",
    ],
)
def test_a_denial_of_all_or_one_the_error_agrees_with_is_not_contradicted(draft: str) -> None:
    assert not contradicted(draft)


@pytest.mark.parametrize("draft", ["In eu-west1 version 2 is enabled.", "cache-svc has not reached maxmemory."])
def test_a_state_of_one_or_a_denial_the_error_refutes_is_contradicted(draft: str) -> None:
    assert contradicted(draft)


# What a denial governs ends at its clause: "doesn't resolve because X can't create it" denies resolving; an error
# of X that states the failed create is the cause it gives, not a record of what it denies.
CREATE_FAILED = EvidenceRow(
    "dnsctl-1",
    "query_logs",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        {
            "logs": [
                {
                    "timestamp": "2027-02-02T04:11:09Z",
                    "level": "ERROR",
                    "service": "zone-syncer",
                    "message": "failed to create record set shop-edge.example.net: conflicting ownership record",
                }
            ]
        }
    ),
    {"service": "zone-syncer"},
)


@pytest.mark.parametrize(
    "draft",
    [
        "shop-edge.example.net doesn't resolve because zone-syncer can't create the record set.",
        "zone-syncer isn't serving shop-edge.example.net, since it failed to create its record set.",
        "shop-edge.example.net 没有生效，因为 zone-syncer 无法创建这条记录。",
    ],
)
def test_a_cause_after_the_denial_is_not_what_it_denies(draft: str) -> None:
    statuses = {c.status for c in check_draft(draft, [CREATE_FAILED]) if c.kind != ClaimKind.CONTEXT}
    assert ClaimStatus.CONTRADICTED not in statuses


@pytest.mark.parametrize(
    "draft", ["zone-syncer hasn't had any conflicting ownership yet.", "zone-syncer never saw conflicting ownership."]
)
def test_the_denied_words_before_any_cause_are_still_read_against_the_error(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in {c.status for c in check_draft(draft, [CREATE_FAILED])}
