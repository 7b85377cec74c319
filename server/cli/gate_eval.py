"""Measuring the answer gate on labelled cases: what `evidence-trace eval` runs.

A case is one JSON line: a session's tool invocations (in the contract's
protobuf JSON form), a question, a draft answer and its label ("supported" or
"unsupported"), with an optional category. Each case is replayed through a
real server, the way an agent would: its invocations are recorded with
BatchRecordInvocations (so the server's own validation, redaction and evidence
rules apply), then Chat judges the draft. The report is the confusion matrix
of label against decision, overall and per category.

A supported draft should be ACCEPTed; an unsupported one must never be.
"""

from __future__ import annotations

import collections
import dataclasses
import json
from typing import Any, Iterable, Optional, Sequence

from google.protobuf import json_format

from evidence_trace.v1 import evidence_trace_pb2 as pb

LABELS = ("supported", "unsupported")
DECISIONS = ("ACCEPT", "LOW_CONFID", "REJECT")
_DECISION_NAMES = {pb.DECISION_ACCEPT: "ACCEPT", pb.DECISION_LOW_CONFID: "LOW_CONFID", pb.DECISION_REJECT: "REJECT"}


class CaseError(ValueError):
    """A case line that cannot be read; the message names the line and the problem."""


@dataclasses.dataclass(frozen=True)
class Case:
    """One labelled case."""

    case_id: str
    label: str
    question: str
    draft: str
    invocations: tuple[dict[str, Any], ...]
    category: str = ""
    lang: str = ""
    bad_claim: str = ""
    """For an unsupported case, a substring of the draft: the claim that makes it unsupported."""


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How the gate decided one case."""

    case: Case
    decision: str
    verifier: str
    reasons: tuple[str, ...]
    claims: tuple[dict[str, Any], ...]

    @property
    def flagged(self) -> tuple[dict[str, Any], ...]:
        """The judged claims the gate did not ground (any status but GROUNDED)."""
        return tuple(c for c in self.claims if c.get("kind") in _JUDGED and c.get("status") != "CLAIM_STATUS_GROUNDED")

    @property
    def bad_claim_verdict(self) -> str:
        """For a case naming its bad claim: "flagged" when a flagged claim overlaps it, "other" when only
        other claims are flagged, "missed" when none is; "" without a bad claim."""
        bad = self.case.bad_claim
        if not bad:
            return ""
        start = self.case.draft.find(bad)
        end = start + len(bad)
        flagged = self.flagged
        if any(int(c.get("start", 0)) < end and start < int(c.get("end", 0)) for c in flagged):
            return "flagged"
        return "other" if flagged else "missed"

    @property
    def wrong(self) -> bool:
        """An unsupported draft ACCEPTed, or a supported one not ACCEPTed."""
        return (self.decision == "ACCEPT") != (self.case.label == "supported")


def load_cases(lines: Iterable[str], source: str = "cases") -> list[Case]:
    """The cases of a JSONL text; blank lines and lines starting with "//" are skipped."""
    cases = []
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        try:
            raw = json.loads(line)
        except ValueError as exc:
            raise CaseError(f"{source}:{number}: not JSON ({exc})") from None
        if not isinstance(raw, dict):
            raise CaseError(f"{source}:{number}: a case is a JSON object")
        missing = [key for key in ("id", "label", "question", "draft", "invocations") if key not in raw]
        if missing:
            raise CaseError(f"{source}:{number}: missing {', '.join(missing)}")
        if raw["label"] not in LABELS:
            raise CaseError(f"{source}:{number}: label must be one of {', '.join(LABELS)}, not {raw['label']!r}")
        if not isinstance(raw["invocations"], list) or not all(isinstance(i, dict) for i in raw["invocations"]):
            raise CaseError(f"{source}:{number}: invocations must be a list of ToolInvocation objects")
        cases.append(
            Case(
                case_id=str(raw["id"]),
                label=raw["label"],
                question=str(raw["question"]),
                draft=str(raw["draft"]),
                invocations=tuple(raw["invocations"]),
                category=str(raw.get("category", "")),
                lang=str(raw.get("lang", "")),
                bad_claim=_bad_claim(raw, source, number),
            )
        )
    return cases


def _bad_claim(raw: dict[str, Any], source: str, number: int) -> str:
    bad = raw.get("bad_claim", "")
    if not bad:
        return ""
    if not isinstance(bad, str) or bad not in str(raw["draft"]):
        raise CaseError(f"{source}:{number}: bad_claim must be a substring of the draft")
    return bad


def invocation_messages(case: Case, session_id: str) -> list[pb.ToolInvocation]:
    """The case's invocations as messages of `session_id`, their ids prefixed by it.

    The prefix keeps ids of different cases apart (an id is unique per tenant).
    """
    messages = []
    for index, raw in enumerate(case.invocations):
        message = pb.ToolInvocation()
        try:
            json_format.ParseDict(raw, message)
        except json_format.ParseError as exc:
            raise CaseError(f"case {case.case_id}: invocation {index}: {exc}") from None
        message.session_id = session_id
        message.invocation_id = f"{session_id}:{message.invocation_id or index}"[:128]
        messages.append(message)
    return messages


def run_case(client: Any, case: Case, session_id: str, timeout: Optional[float] = None) -> Outcome:
    """Record the case's invocations, then ask Chat; raises CaseError on a rejected invocation."""
    messages = invocation_messages(case, session_id)
    if messages:
        response = client.batch_record_invocations(invocations=messages, timeout=timeout)
        for result in response.results:
            if result.outcome == pb.RECORD_OUTCOME_REJECTED:
                problems = "; ".join(f"{v.field}: {v.description}" for v in result.violations)
                raise CaseError(f"case {case.case_id}: an invocation was rejected: {problems}")
    answer = client.chat(session_id=session_id, question=case.question, draft_answer=case.draft, timeout=timeout)
    decision = answer.decision
    claims = tuple(json_format.MessageToDict(c, preserving_proto_field_name=True) for c in decision.claims)
    return Outcome(
        case=case,
        decision=_DECISION_NAMES.get(decision.decision, "UNSPECIFIED"),
        verifier=decision.verifier,
        reasons=tuple(decision.reasons),
        claims=claims,
    )


@dataclasses.dataclass
class Matrix:
    """Counts of label x decision."""

    counts: dict[str, collections.Counter[str]] = dataclasses.field(
        default_factory=lambda: {label: collections.Counter() for label in LABELS}
    )

    def add(self, label: str, decision: str) -> None:
        self.counts[label][decision] += 1

    def total(self, label: str) -> int:
        return sum(self.counts[label].values())

    def share(self, label: str, decision: str) -> float:
        total = self.total(label)
        return self.counts[label][decision] / total if total else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "counts": {label: {d: self.counts[label][d] for d in DECISIONS} for label in LABELS},
            "supported_accepted": self.share("supported", "ACCEPT"),
            "supported_rejected": self.share("supported", "REJECT"),
            "unsupported_accepted": self.counts["unsupported"]["ACCEPT"],
        }


@dataclasses.dataclass
class Report:
    """The confusion matrix overall and per category, and the cases the gate got wrong."""

    overall: Matrix
    by_category: dict[str, Matrix]
    wrong: list[Outcome]
    claims: dict[str, collections.Counter[str]] = dataclasses.field(default_factory=dict)
    """Per-claim figures: judged claims by status, per label of their case."""
    bad_claims: collections.Counter[str] = dataclasses.field(default_factory=collections.Counter)
    """For unsupported cases that name their bad claim: flagged / other / missed."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "cases": sum(self.overall.total(label) for label in LABELS),
            "overall": self.overall.as_dict(),
            "categories": {name: m.as_dict() for name, m in sorted(self.by_category.items())},
            "claims": {label: dict(sorted(c.items())) for label, c in self.claims.items()},
            "bad_claims": {k: self.bad_claims[k] for k in ("flagged", "other", "missed")},
            "wrong": [
                {
                    "id": o.case.case_id,
                    "category": o.case.category,
                    "label": o.case.label,
                    "decision": o.decision,
                    "why": why(o),
                    "bad_claim": o.bad_claim_verdict,
                    "reasons": list(o.reasons),
                }
                for o in self.wrong
            ],
        }


def report(outcomes: Sequence[Outcome]) -> Report:
    overall = Matrix()
    by_category: dict[str, Matrix] = collections.defaultdict(Matrix)
    for outcome in outcomes:
        overall.add(outcome.case.label, outcome.decision)
        by_category[outcome.case.category or "(none)"].add(outcome.case.label, outcome.decision)
    claims: dict[str, collections.Counter[str]] = {label: collections.Counter() for label in LABELS}
    bad_claims: collections.Counter[str] = collections.Counter()
    for outcome in outcomes:
        for claim in outcome.claims:
            if claim.get("kind") in _JUDGED:
                claims[outcome.case.label][str(claim.get("status", "")).replace("CLAIM_STATUS_", "")] += 1
        if outcome.case.label == "unsupported" and outcome.bad_claim_verdict:
            bad_claims[outcome.bad_claim_verdict] += 1
    return Report(overall, dict(by_category), [o for o in outcomes if o.wrong], claims, bad_claims)


def render(result: Report) -> str:
    """The report as text: the overall matrix, one line per category, the wrong cases."""
    lines = ["label         ACCEPT  LOW_CONFID  REJECT"]
    for label in LABELS:
        counts = result.overall.counts[label]
        lines.append(f"{label:<12} {counts['ACCEPT']:>7} {counts['LOW_CONFID']:>11} {counts['REJECT']:>7}")
    o = result.overall
    lines.append(
        f"supported ACCEPTed {o.share('supported', 'ACCEPT'):.1%}, REJECTed "
        f"{o.share('supported', 'REJECT'):.1%}; unsupported ACCEPTed {o.counts['unsupported']['ACCEPT']}"
    )
    lines.append("")
    lines.append("category          supported A/L/R   unsupported A/L/R")
    for name, m in sorted(result.by_category.items()):
        s, u = m.counts["supported"], m.counts["unsupported"]
        lines.append(
            f"{name:<17} {s['ACCEPT']:>5}/{s['LOW_CONFID']}/{s['REJECT']:<7} "
            f"{u['ACCEPT']:>7}/{u['LOW_CONFID']}/{u['REJECT']}"
        )
    lines.append("")
    lines.append("claims (judged)   " + "  ".join(f"{label}: {_counts(result.claims.get(label))}" for label in LABELS))
    if result.bad_claims:
        b = result.bad_claims
        lines.append(
            f"bad claims named: {sum(b.values())}; flagged {b['flagged']}, only another claim flagged {b['other']}, "
            f"none flagged {b['missed']}"
        )
    if result.wrong:
        lines.append("")
        lines.append("wrong:")
        for outcome in result.wrong:
            bad = f" [bad claim {outcome.bad_claim_verdict}]" if outcome.bad_claim_verdict else ""
            lines.append(f"  {outcome.case.case_id} ({outcome.case.label}) -> {outcome.decision}: {why(outcome)}{bad}")
    return "\n".join(lines)


_JUDGED = ("CLAIM_KIND_FACT", "CLAIM_KIND_CAUSAL", "CLAIM_KIND_GAP")


def _counts(counter: Optional[collections.Counter[str]]) -> str:
    if not counter:
        return "none"
    return ", ".join(f"{status.lower()} {n}" for status, n in counter.most_common())


def why(outcome: Outcome, limit: int = 160) -> str:
    """The first claim that kept the draft from ACCEPT (or the first reason), for a person."""
    for claim in outcome.claims:
        if claim.get("kind") in _JUDGED and claim.get("status") != "CLAIM_STATUS_GROUNDED":
            text = outcome.case.draft[int(claim.get("start", 0)) : int(claim.get("end", 0))]
            text = " ".join(text.split())
            status = str(claim.get("status", "")).replace("CLAIM_STATUS_", "")
            if claim.get("inference"):
                status += " (inference)"
            return f"{status}: {text[:limit]}"
    return outcome.reasons[0][:limit] if outcome.reasons else ""
