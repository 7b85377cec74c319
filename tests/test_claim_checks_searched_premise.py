"""A premise that reports what a search found none of, before a hedged consequence, is a fact to check even when
it names no service: "the runner logs in Elasticsearch show no schema errors, so schema drift is unlikely" is
shown by a log search that succeeded and holds no such error, and not by one that timed out. The consequence
stays a hedge.

Domain only, offline; records and phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import ClaimKind, ClaimStatus, ErrorKind, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.claims import split_claims
from evidence_trace.server.domain.verifier.grounding import check_draft

_ASKED = {"query": '{job="nightly-validate"} |= "error"'}


def searched(*lines: str) -> EvidenceRow:
    values = [[f"17897000{i}0000000000", line] for i, line in enumerate(lines)]
    body = {
        "status": "success",
        "data": {"resultType": "streams", "result": [{"stream": {"job": "nightly-validate"}, "values": values}]},
    }
    return EvidenceRow(
        "s-1", "query_logs", Outcome.DIRECT_SUPPORT if lines else Outcome.NO_HIT, json.dumps(body), dict(_ASKED)
    )


def timed_out() -> EvidenceRow:
    return EvidenceRow(
        "s-1",
        "query_logs",
        Outcome.FAILED,
        "",
        dict(_ASKED),
        error_message="query timed out after 30s",
        error_kind=ErrorKind.TIMEOUT,
    )


DRAFTS = [
    "The validation runner logs show no schema errors, so schema drift is unlikely.",
    "校验任务的日志里没有 schema 相关的报错，所以不太可能是 schema 漂移。",
]


def judged(draft: str, row: EvidenceRow) -> list[ClaimStatus]:
    return [c.status for c in check_draft(draft, [row]) if c.kind in (ClaimKind.FACT, ClaimKind.CAUSAL, ClaimKind.GAP)]


@pytest.mark.parametrize("draft", DRAFTS)
def test_the_premise_is_split_from_its_hedged_consequence(draft: str) -> None:
    assert [c.kind for c in split_claims(draft)] == [ClaimKind.FACT, ClaimKind.HEDGE]


@pytest.mark.parametrize("draft", DRAFTS)
def test_a_search_that_timed_out_shows_no_finding_of_none(draft: str) -> None:
    assert ClaimStatus.GROUNDED not in judged(draft, timed_out())
    assert judged(draft, timed_out()) != []


@pytest.mark.parametrize("draft", DRAFTS)
def test_a_search_that_found_no_such_error_shows_it(draft: str) -> None:
    assert judged(draft, searched('level=info msg="checkpoint finished" suite=orders')) == [ClaimStatus.GROUNDED]


@pytest.mark.parametrize(
    "draft", ["校验任务的日志里没有 schema 相关的报错。", "The validation runner logs show no schema-related errors."]
)
def test_a_denial_with_a_kind_between_is_read_both_ways(draft: str) -> None:
    # "没有 schema 相关的报错": the kind between the denial and its noun, as "no schema-related errors"
    assert judged(draft, searched('level=error msg="schema mismatch: column amount is DECIMAL(12,2)"')) == [
        ClaimStatus.CONTRADICTED
    ]
    assert judged(draft, searched('level=info msg="checkpoint finished" suite=orders')) == [ClaimStatus.GROUNDED]


# "since the 04:21:01 ACK", "since the last restart": a time, not a cause; the premise before "so … likely" is a fact
@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        (
            "The lease of kiosk-9 expired at 07:40:12, with no request from it since the 05:40:12 ACK, so it likely "
            "left the network.",
            [ClaimKind.FACT, ClaimKind.HEDGE],
        ),
        (
            "gpu-c04 has stayed drained since the last restart, so it probably needs a manual resume.",
            [ClaimKind.FACT, ClaimKind.HEDGE],
        ),
        ("The pool ran dry since the batch job opened 400 connections.", [ClaimKind.CAUSAL]),
    ],
)
def test_since_a_time_is_no_cause(text: str, kinds: list[ClaimKind]) -> None:
    assert [c.kind for c in split_claims(text)] == kinds
