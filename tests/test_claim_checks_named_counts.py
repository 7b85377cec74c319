"""A count of any noun, and the names it lists (fact_patterns._COUNT_ANY, intervals.enumerated_counts).

"There are 5 open Renovate PRs", "6 EC2 instances", "3 GitHub runners": a word of a name may qualify the noun a
count counts, and the count is a fact; it had dropped out of the claim. A count that only says how many names the
claim then lists is their number: "4 open Renovate PRs on acme/node-base-image: #412, #415, #418 and #420" counts
the four ids of the list, not the repository they are in ("on", "in", "of" … before it); addresses listed after the
count are counted as before.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.grounding import check_draft

PRS = EvidenceRow(
    "gh-1",
    "github_api",
    Outcome.DIRECT_SUPPORT,
    json.dumps(
        [
            {"number": n, "title": t, "state": "open", "user": {"login": "renovate[bot]"}, "base": {"ref": "main"}}
            for n, t in ((412, "node.js 22.9.0"), (415, "corepack 0.29.4"), (418, "alpine 3.20.3"), (420, "npm 10.8.3"))
        ]
    ),
    {"path": "/repos/acme/node-base-image/pulls", "query": {"state": "open"}},
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("There are 5 open Renovate PRs on acme/node-base-image.", 5),
        ("6 EC2 instances are running in the group.", 6),
        ("3 GitHub runners are idle.", 3),
        ("The ring shows 8 ACTIVE members.", 8),
    ],
)
def test_a_count_after_a_names_word_is_a_fact(text: str, value: int) -> None:
    counts = [f for f in extract_facts(text) if f.kind == FactKind.COUNT]
    assert [f.quantity.value for f in counts if f.quantity is not None] == [value]


@pytest.mark.parametrize("text", ["Counting 5 business days back lands on Thursday.", "4 are runtime dependencies."])
def test_no_count_of_a_verb_or_a_time(text: str) -> None:
    assert not [f for f in extract_facts(text) if f.kind == FactKind.COUNT]


def status(draft: str) -> ClaimStatus:
    return next(c.status for c in check_draft(draft, [PRS]) if c.kind == ClaimKind.FACT)


@pytest.mark.parametrize(
    "draft",
    [
        "There are 4 open Renovate PRs on acme/node-base-image: #412, #415, #418 and #420.",
        "acme/node-base-image 上有 4 个打开的 Renovate PR：#412、#415、#418、#420。",
    ],
)
def test_a_count_of_the_listed_ids_is_their_number(draft: str) -> None:
    assert status(draft) == ClaimStatus.GROUNDED


@pytest.mark.parametrize(
    "draft",
    [
        "There are 5 open Renovate PRs on acme/node-base-image: #412, #415, #418 and #420.",
        "acme/node-base-image 上有 5 个打开的 Renovate PR：#412、#415、#418、#420。",
    ],
)
def test_a_count_above_the_listed_ids_is_not_shown(draft: str) -> None:
    assert status(draft) != ClaimStatus.GROUNDED


ENDPOINTS = EvidenceRow(
    "k-1",
    "kubectl",
    Outcome.DIRECT_SUPPORT,
    "NAME          ENDPOINTS                             AGE\npayments-api  10.42.3.17:8080,10.42.8.4:8080   12d\n",
    {"args": "get endpoints payments-api -n pay"},
)


@pytest.mark.parametrize(
    ("draft", "grounded"),
    [
        ("The payments-api service has two endpoints, 10.42.3.17:8080 and 10.42.8.4:8080.", True),
        ("payments-api 有两个 endpoint：10.42.3.17:8080 和 10.42.8.4:8080。", True),
        ("The payments-api service has three endpoints, 10.42.3.17:8080 and 10.42.8.4:8080.", False),
        ("payments-api 有三个 endpoint：10.42.3.17:8080 和 10.42.8.4:8080。", False),
    ],
)
def test_a_count_of_listed_addresses(draft: str, grounded: bool) -> None:
    found = next(c.status for c in check_draft(draft, [ENDPOINTS]) if c.kind == ClaimKind.FACT)
    assert (found == ClaimStatus.GROUNDED) == grounded
