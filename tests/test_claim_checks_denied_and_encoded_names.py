"""Two ways a correct answer was read as contradicting or inventing.

A name the claim says is absent ("2.14.0 has no inventory_reservations span", "2.14.0：没有 inventory_reservations 这条
span") is not contradicted by a unit that shows the name beside another value (2.15.0's span): that is what
the claim says. Said present, the other release's span still contradicts it.

A name the session writes percent-encoded in a URL (`q=rock%27n%27roll`, `q=O%27Brien+%26+Sons`) is mentioned:
"the q values were rock'n'roll" invents nothing, while a value no URL carries still does. Domain only, offline;
rows and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft


def spans_by_version() -> EvidenceRow:
    def span(name: str, count: int, avg: float) -> dict:
        return {"key": name, "doc_count": count, "avg_us": {"value": avg}}

    buckets = [
        {"key": "3.2.0", "doc_count": 2400, "spans": {"buckets": [span("GET ledger", 2400, 402.0)]}},
        {
            "key": "3.3.0",
            "doc_count": 2620,
            "spans": {"buckets": [span("SELECT FROM fx_quote_fetch", 1310, 2210.5), span("GET ledger", 1310, 398.1)]},
        },
    ]
    body = {
        "took": 88,
        "timed_out": False,
        "hits": {"total": {"value": 5020, "relation": "eq"}, "max_score": None, "hits": []},
        "aggregations": {
            "by_version": {"doc_count_error_upper_bound": 0, "sum_other_doc_count": 0, "buckets": buckets}
        },
    }
    return EvidenceRow("apm-1", "es_search", Outcome.INDIRECT_SUPPORT, json.dumps(body), {"index": "traces-apm*"})


def statuses(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind == ClaimKind.FACT]


@pytest.mark.parametrize(
    "draft",
    [
        "3.2.0 has no fx_quote_fetch span.",
        "3.2.0：没有 fx_quote_fetch 这条 span。",
        "In 3.2.0 there is no fx_quote_fetch span.",
    ],
)
def test_a_name_said_absent_is_not_contradicted_by_another_values_record(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED not in statuses(draft, spans_by_version())


@pytest.mark.parametrize("draft", ["3.2.0 has an fx_quote_fetch span.", "3.2.0 里有 fx_quote_fetch 这条 span。"])
def test_a_name_said_present_is_still_contradicted_by_another_values_record(draft: str) -> None:
    assert ClaimStatus.CONTRADICTED in statuses(draft, spans_by_version())


def access_log() -> EvidenceRow:
    entries = [
        {"httpRequest": {"requestUrl": "https://shop.example.org/search?q=rock%27n%27roll", "status": 403}},
        {"httpRequest": {"requestUrl": "https://shop.example.org/search?q=O%27Brien+%26+Sons", "status": 403}},
    ]
    return EvidenceRow(
        "lb-1", "gcp_logging_read", Outcome.DIRECT_SUPPORT, json.dumps(entries), {"filter": "status=403"}
    )


@pytest.mark.parametrize(
    ("draft", "invented"),
    [
        ("The blocked searches were for `rock'n'roll` and `O'Brien & Sons`.", False),
        ("被拦截的搜索词是 `rock'n'roll`。", False),
        ("The blocked searches were for `jazz'n'blues`.", True),
        ("被拦截的搜索词是 `jazz'n'blues`。", True),
    ],
)
def test_a_name_a_url_writes_percent_encoded_is_mentioned(draft: str, invented: bool) -> None:
    assert (ClaimStatus.INVENTED in statuses(draft, access_log())) is invented
