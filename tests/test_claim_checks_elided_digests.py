"""A digest written with its algorithm and cut with an ellipsis: "sha256:4be1c9f07a3d…" (short_hashes.short_hash_in).

People copy a digest's algorithm and first characters and mark the cut ("digest `sha256:4be1c9f07a3d…`",
"镜像 digest `sha256:9d4e17b2…`"). It is the record's full digest that starts with those characters, as a bare short
hash already was; before, the algorithm and the ellipsis kept it from matching, and the claim was not grounded. A
digest no record's starts with still is not shown.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft

TAGS = EvidenceRow(
    "ar-1",
    "gcloud",
    Outcome.INDIRECT_SUPPORT,
    json.dumps(
        [
            {
                "tag": "ledger-api:5.2.0",
                "version": "sha256:7c03e9d41ab25f86e0c7d93a1b4f6e2d8c5a9b0e7f3d2c1a4b5e6f708192a3b4",
            },
            {
                "tag": "ledger-api:5.1.9",
                "version": "sha256:0e4d2c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d",
            },
        ],
        indent=2,
    ),
    {"command": "gcloud artifacts docker tags list europe-docker.pkg.dev/acme/apps/ledger-api --format=json"},
)


def statuses(draft: str) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [TAGS]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-api:5.2.0 points at digest `sha256:7c03e9d41ab2…`.",
        "ledger-api:5.2.0 对应的 digest 是 `sha256:7c03e9d41ab2…`。",
    ],
)
def test_the_records_digest_that_starts_with_it_grounds(draft: str) -> None:
    found = statuses(draft)
    assert found and all(s == ClaimStatus.GROUNDED for s in found)


@pytest.mark.parametrize(
    "draft",
    [
        "ledger-api:5.2.0 points at digest `sha256:7c03e9d41ab3…`.",
        "ledger-api:5.2.0 对应的 digest 是 `sha256:9f11aa02c3d4…`。",
    ],
)
def test_a_digest_no_record_starts_with_is_not_grounded(draft: str) -> None:
    found = statuses(draft)
    assert found and ClaimStatus.GROUNDED not in found
