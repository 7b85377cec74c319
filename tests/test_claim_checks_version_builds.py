"""A version with a build part and a variant ("v21.0.4_7-jre", "1.25.3_2-alpine") is one version, read whole
(fact_patterns._VERSION).

Cut at its underscore, "v21.0.4" was looked for as a word in a record that writes `v21.0.4_7-jre`, found nowhere,
and a correct answer was REJECTed as naming a version no call mentions. A tag with another build is still not shown.
"""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.model import ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

PRS = EvidenceRow(
    "gh-1",
    "gh",
    Outcome.DIRECT_SUPPORT,
    "Showing 2 of 2 open pull requests in acme/payments-svc\n\n"
    "#1207  chore(deps): update eclipse-temurin docker tag to v21.0.4_7-jre   renovate/eclipse-temurin-21.x\n"
    "#1203  chore(deps): update nginx docker tag to 1.25.3_2-alpine          renovate/nginx-1.x\n",
    {"command": "gh pr list -R acme/payments-svc --state open"},
)


@pytest.mark.parametrize(
    ("text", "version"),
    [("eclipse-temurin → v21.0.4_7-jre", "v21.0.4_7-jre"), ("镜像升级到 1.25.3_2-alpine", "1.25.3_2-alpine")],
)
def test_a_build_part_and_a_variant_are_the_versions(text: str, version: str) -> None:
    assert [f.text for f in extract_facts(text) if f.kind == FactKind.VERSION] == [version]


@pytest.mark.parametrize(
    "draft",
    [
        "#1207 bumps eclipse-temurin to v21.0.4_7-jre.",
        "#1207 把 eclipse-temurin 升到 v21.0.4_7-jre。",
        "#1203 moves nginx to 1.25.3_2-alpine.",
    ],
)
def test_the_tag_the_record_writes_is_shown(draft: str) -> None:
    assert [c.status for c in check_draft(draft, [PRS]) if c.status != ClaimStatus.UNCHECKABLE] == [
        ClaimStatus.GROUNDED
    ]


@pytest.mark.parametrize(
    "draft", ["#1207 bumps eclipse-temurin to v21.0.4_9-jre.", "#1207 把 eclipse-temurin 升到 v21.0.4_9-jre。"]
)
def test_another_build_is_not_shown(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in [c.status for c in check_draft(draft, [PRS])]
