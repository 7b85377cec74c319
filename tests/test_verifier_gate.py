"""The answer gate's degraded paths: missing output, invalid JSON, LOW_CONFID, REJECT.

These are the ChatService fallback tests of the hardening spec, run on the
domain Gate with plain objects: no LLM, no database, no gRPC.
"""

from __future__ import annotations

import json
import math
import pathlib
from typing import Optional, Union

import pytest
from domain_builders import summary_entry
from hypothesis import given
from hypothesis import strategies as st

from evidence_trace.server.domain.model import (
    Decision,
    EvidenceLevel,
    EvidenceRow,
    FallbackReason,
    Outcome,
    SummaryEntry,
)
from evidence_trace.server.domain.verifier import protocol
from evidence_trace.server.domain.verifier.backend import VerificationRequest, VerifierError, VerifierTimeout
from evidence_trace.server.domain.verifier.gate import MAX_RAW_OUTPUT_BYTES, Gate
from evidence_trace.server.domain.verifier.rules import RulesVerifier
from evidence_trace.server.domain.verifier.verdict import MAX_REASON_CHARS, MAX_REASONS, parse_verdict

DOCS = pathlib.Path(__file__).resolve().parents[1] / "docs" / "verifier-protocol.md"
QUESTION = "Why did checkout fail last night?"
DRAFT = "Checkout failed because payment-service returned HTTP 503."


def entry(level: EvidenceLevel, topic: str = "payment-service", excerpt: str = "") -> SummaryEntry:
    return summary_entry(level, topic, excerpt)


class ScriptedBackend:
    """A backend that returns (or raises) one scripted result and records requests."""

    name = "scripted"

    def __init__(self, result: Union[str, None, BaseException, object]) -> None:
        self.result = result
        self.requests: list[VerificationRequest] = []

    def verify(self, request: VerificationRequest) -> str:
        self.requests.append(request)
        if isinstance(self.result, BaseException):
            raise self.result
        return self.result  # type: ignore[return-value]


def low_confidence(draft: str) -> str:
    return f"{protocol.LOW_CONFIDENCE_HEADER}\n\n{draft}\n\n{protocol.LOW_CONFIDENCE_FOOTER}"


def judge_caller(output: Optional[str], draft: str = DRAFT):
    backend = ScriptedBackend(RuntimeError("the backend must not be called"))
    verdict = Gate(backend).judge(QUESTION, draft, [entry(EvidenceLevel.DIRECT)], [], output)
    assert backend.requests == []
    return verdict


# --- missing output -------------------------------------------------------


@pytest.mark.parametrize("output", ["", "   \n\t"])
def test_missing_caller_output_falls_back_to_low_confidence_protocol(output: str) -> None:
    verdict = judge_caller(output)
    assert verdict.decision == Decision.LOW_CONFID
    assert verdict.fallback_reason == FallbackReason.MISSING_OUTPUT
    assert verdict.verifier == "caller"
    assert verdict.output_text == low_confidence(DRAFT)
    assert verdict.confidence is None
    assert verdict.reasons == ("the verifier produced no output",)


@pytest.mark.parametrize("output", [None, "", " "])
def test_missing_backend_output_falls_back_to_low_confidence(output: Optional[str]) -> None:
    verdict = Gate(ScriptedBackend(output)).judge(QUESTION, DRAFT, [], [])
    assert verdict.decision == Decision.LOW_CONFID
    assert verdict.fallback_reason == FallbackReason.MISSING_OUTPUT
    assert verdict.verifier == "scripted"
    assert verdict.output_text == low_confidence(DRAFT)


# --- invalid JSON ---------------------------------------------------------


@pytest.mark.parametrize(
    "output",
    [
        "The answer looks right to me.",
        '{"decision": "ACCEPT", "reasons": ["logs show the 503',
        'Sure! ```json\n{"decision": "ACCEPT"}\n```',
        '```json\n{"decision": "ACCEPT"\n```',
        "{'decision': 'ACCEPT'}",
        '{"decision": "ACCEPT"} trailing words',
    ],
)
def test_invalid_json_falls_back_to_low_confidence_and_keeps_raw_output(output: str) -> None:
    verdict = judge_caller(output)
    assert verdict.decision == Decision.LOW_CONFID
    assert verdict.fallback_reason == FallbackReason.INVALID_JSON
    assert verdict.output_text == low_confidence(DRAFT)
    assert verdict.raw_output == output  # what the evaluation record persists
    assert len(verdict.reasons) == 1 and "not valid JSON" in verdict.reasons[0]


@pytest.mark.parametrize(
    "output",
    [
        '["ACCEPT"]',
        '"ACCEPT"',
        "null",
        "{}",
        '{"decision": "APPROVE"}',
        '{"decision": 1}',
        '{"decision": "ACCEPT", "reasons": "fine"}',
        '{"decision": "ACCEPT", "reasons": [1, 2]}',
        '{"decision": "ACCEPT", "confidence": 1.5}',
        '{"decision": "ACCEPT", "confidence": -0.1}',
        '{"decision": "ACCEPT", "confidence": NaN}',
        '{"decision": "ACCEPT", "confidence": Infinity}',
        '{"decision": "ACCEPT", "confidence": 1e999}',
        '{"decision": "ACCEPT", "confidence": true}',
        '{"decision": "ACCEPT", "confidence": "0.9"}',
    ],
)
def test_json_that_is_not_a_verdict_falls_back_to_low_confidence(output: str) -> None:
    verdict = judge_caller(output)
    assert verdict.decision == Decision.LOW_CONFID
    assert verdict.fallback_reason == FallbackReason.INVALID_VERDICT
    assert verdict.output_text == low_confidence(DRAFT)
    assert verdict.confidence is None


# --- verdicts used as given ----------------------------------------------


def test_low_confid_verdict_uses_the_low_confidence_protocol() -> None:
    output = json.dumps({"decision": "LOW_CONFID", "reasons": ["only indirect support"], "confidence": 0.4})
    verdict = judge_caller(output)
    assert verdict.decision == Decision.LOW_CONFID
    assert verdict.fallback_reason == FallbackReason.NONE
    assert verdict.reasons == ("only indirect support",)
    assert verdict.confidence == 0.4
    assert verdict.output_text == low_confidence(DRAFT)
    assert verdict.output_text.startswith(protocol.LOW_CONFIDENCE_HEADER)
    assert verdict.output_text.endswith(protocol.LOW_CONFIDENCE_FOOTER)


def test_accept_verdict_shows_the_draft_unchanged() -> None:
    verdict = judge_caller('{"decision": "ACCEPT", "reasons": ["logs show it"], "confidence": 1}')
    assert verdict.decision == Decision.ACCEPT
    assert verdict.fallback_reason == FallbackReason.NONE
    assert verdict.confidence == 1.0
    assert verdict.output_text == DRAFT


@pytest.mark.parametrize(
    ("output", "decision"),
    [
        ('{"decision": " accept "}', Decision.ACCEPT),
        ('{"decision": "Reject"}', Decision.REJECT),
        ('{"decision": "LOW_CONFIDENCE"}', Decision.LOW_CONFID),
        ('```json\n{"decision": "REJECT", "confidence": null}\n```', Decision.REJECT),
        ('\n```\n{"decision": "ACCEPT", "extra": {"ignored": true}}\n```\n', Decision.ACCEPT),
    ],
)
def test_tolerated_verdict_spellings(output: str, decision: Decision) -> None:
    verdict = judge_caller(output)
    assert verdict.decision == decision
    assert verdict.fallback_reason == FallbackReason.NONE


def test_reasons_are_bounded() -> None:
    output = json.dumps({"decision": "LOW_CONFID", "reasons": ["x" * 1000] * 20})
    verdict = judge_caller(output)
    assert len(verdict.reasons) == MAX_REASONS
    assert all(len(r) == MAX_REASON_CHARS for r in verdict.reasons)


# --- REJECT ---------------------------------------------------------------

# A fact-shaped marker (a service name): the rules verifier names it as
# unsupported, which must reach the stored raw output but never the response.
MARKER = "zq7marker-service"
MARKED_DRAFT = f"Checkout failed because {MARKER} returned HTTP 503."


def assert_hides_draft(verdict) -> None:
    assert verdict.decision == Decision.REJECT
    assert verdict.output_text == protocol.REJECTED_TEMPLATE
    assert MARKER not in verdict.output_text
    assert all(MARKER not in reason for reason in verdict.reasons)


def test_reject_from_caller_shows_the_degraded_template_and_never_the_draft() -> None:
    verdict = judge_caller('{"decision": "REJECT", "reasons": ["no 503 in logs"]}', MARKED_DRAFT)
    assert_hides_draft(verdict)
    assert verdict.fallback_reason == FallbackReason.NONE


def test_reject_from_rules_backend_shows_the_degraded_template_and_never_the_draft() -> None:
    gate = Gate(RulesVerifier())
    verdict = gate.judge(
        QUESTION,
        MARKED_DRAFT,
        [entry(EvidenceLevel.DIRECT, "checkout")],
        (EvidenceRow("inv-1", "query_logs", Outcome.DIRECT_SUPPORT, "checkout ok"),),
    )
    assert_hides_draft(verdict)
    assert verdict.verifier == "rules"
    assert verdict.reasons == (protocol.REJECT_REASON,)
    assert any(MARKER in reason for reason in json.loads(verdict.raw_output)["reasons"])


@given(draft=st.text())
def test_reject_output_never_depends_on_the_draft(draft: str) -> None:
    verdict = Gate(ScriptedBackend('{"decision": "REJECT"}')).judge(QUESTION, draft, [], [])
    assert verdict.output_text == protocol.REJECTED_TEMPLATE


def test_unspecified_decision_renders_the_degraded_template() -> None:
    assert protocol.render_output(Decision.UNSPECIFIED, DRAFT) == protocol.REJECTED_TEMPLATE


# --- backend failures -----------------------------------------------------


@pytest.mark.parametrize(
    ("failure", "fallback_reason"),
    [
        (VerifierTimeout("no answer within 0.3s"), FallbackReason.VERIFIER_TIMEOUT),
        (VerifierError("HTTP 500"), FallbackReason.VERIFIER_ERROR),
        (RuntimeError("bug in a backend"), FallbackReason.VERIFIER_ERROR),
        (KeyError("choices"), FallbackReason.VERIFIER_ERROR),
        (b'{"decision": "ACCEPT"}', FallbackReason.VERIFIER_ERROR),  # not text
    ],
)
def test_backend_failure_falls_back_to_low_confidence(failure: object, fallback_reason: FallbackReason) -> None:
    verdict = Gate(ScriptedBackend(failure)).judge(QUESTION, DRAFT, [], [])
    assert verdict.decision == Decision.LOW_CONFID
    assert verdict.fallback_reason == fallback_reason
    assert verdict.verifier == "scripted"
    assert verdict.output_text == low_confidence(DRAFT)
    assert verdict.raw_output == ""
    assert len(verdict.reasons) == 1 and "'scripted'" in verdict.reasons[0]


def test_backend_receives_the_request() -> None:
    backend = ScriptedBackend('{"decision": "ACCEPT"}')
    entries = [entry(EvidenceLevel.DIRECT)]
    evidence = (
        EvidenceRow("inv-1", "query_logs", Outcome.DIRECT_SUPPORT, "log line"),
        EvidenceRow("inv-2", "query_logs", Outcome.FAILED, "", error_message="timeout"),
    )
    Gate(backend).judge(QUESTION, DRAFT, entries, evidence)
    (request,) = backend.requests
    assert (request.question, request.draft_answer, request.entries) == (QUESTION, DRAFT, tuple(entries))
    assert request.evidence_texts == ("log line",)  # supporting previews only
    assert request.rows == evidence
    assert request.claim_checks is not None


def test_raw_output_is_bounded_on_a_character_boundary() -> None:
    output = "错" * 10_000  # 30,000 bytes of UTF-8
    verdict = judge_caller(output)
    stored = verdict.raw_output.encode("utf-8")
    assert MAX_RAW_OUTPUT_BYTES - 3 < len(stored) <= MAX_RAW_OUTPUT_BYTES
    assert output.startswith(verdict.raw_output)
    assert verdict.fallback_reason == FallbackReason.INVALID_JSON


@given(output=st.one_of(st.none(), st.text(), st.text(alphabet='{}[]":,0123456789.eE-+ acdeptnrulfNIy')))
def test_parse_verdict_never_raises(output: Optional[str]) -> None:
    parsed = parse_verdict(output)
    assert parsed.decision in (Decision.ACCEPT, Decision.LOW_CONFID, Decision.REJECT)
    if parsed.fallback_reason != FallbackReason.NONE:
        assert parsed.decision == Decision.LOW_CONFID
    if parsed.confidence is not None:
        assert math.isfinite(parsed.confidence) and 0 <= parsed.confidence <= 1


def test_deeply_nested_json_is_invalid_not_a_crash() -> None:
    assert judge_caller("[" * 100_000).fallback_reason == FallbackReason.INVALID_JSON


# --- docs cannot drift ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        protocol.LOW_CONFIDENCE_HEADER,
        protocol.LOW_CONFIDENCE_FOOTER,
        protocol.REJECTED_TEMPLATE,
        protocol.REJECT_REASON,
    ],
)
def test_docs_quote_the_fixed_texts(text: str) -> None:
    assert text in DOCS.read_text(encoding="utf-8")


@pytest.mark.parametrize("reason", [r.name for r in FallbackReason if r.name != "UNSPECIFIED"])
def test_docs_cover_every_fallback_reason(reason: str) -> None:
    assert reason in DOCS.read_text(encoding="utf-8")


def test_a_bug_in_the_claim_checks_degrades_and_never_accepts(monkeypatch: pytest.MonkeyPatch) -> None:
    # a claim check that raises (a rule's bug) fails safe: no exception leaves the gate, no ACCEPT is given
    def broken(*args: object, **kwargs: object) -> object:
        raise IndexError("a claim check's bug")

    from evidence_trace.server.domain.verifier import gate as gate_module
    from evidence_trace.server.domain.verifier import rules as rules_module

    monkeypatch.setattr(gate_module, "check_draft", broken)
    monkeypatch.setattr(rules_module, "check_draft", broken)
    rows = (EvidenceRow("inv-1", "query_logs", Outcome.DIRECT_SUPPORT, "payment-service returned HTTP 503"),)
    ruled = Gate(RulesVerifier()).judge(QUESTION, DRAFT, [entry(EvidenceLevel.DIRECT)], rows)
    assert ruled.decision == Decision.LOW_CONFID
    assert ruled.fallback_reason == FallbackReason.VERIFIER_ERROR
    modelled = Gate(ScriptedBackend('{"decision": "ACCEPT"}')).judge(
        QUESTION, DRAFT, [entry(EvidenceLevel.DIRECT)], rows
    )
    assert modelled.decision != Decision.ACCEPT
