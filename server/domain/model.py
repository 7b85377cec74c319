"""Plain domain objects of evidence-trace.

No gRPC, protobuf or Peewee here: the servicer converts protobuf messages to
these objects, the domain decides on them, the store persists them. Enum values
equal the protobuf enum numbers so conversion is a lookup, not a table.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import functools
import json
from typing import Any, Optional, TypeVar

_T = TypeVar("_T")

DEFAULT_TENANT = "default"
"""The tenant of every call when no token file is configured."""


class OutputState(enum.IntEnum):
    UNSPECIFIED = 0
    CAPTURED = 1
    EMPTY = 2
    NOT_CAPTURED = 3


class ErrorKind(enum.IntEnum):
    UNSPECIFIED = 0
    EXCEPTION = 1
    TIMEOUT = 2
    EXECUTION_ERROR = 3


class RelevanceLevel(enum.IntEnum):
    UNSPECIFIED = 0
    NONE = 1
    LOW = 2
    MEDIUM = 3
    HIGH = 4


class EvidenceHint(enum.IntEnum):
    UNSPECIFIED = 0
    DIRECT = 1
    INDIRECT = 2
    NO_HIT = 3


class Outcome(enum.IntEnum):
    """The outcome of one tool call as evidence."""

    UNSPECIFIED = 0
    DIRECT_SUPPORT = 1
    INDIRECT_SUPPORT = 2
    NO_HIT = 3
    DEDUPED = 4
    FAILED = 5


class EvidenceLevel(enum.IntEnum):
    """The level of a merged evidence entry."""

    UNSPECIFIED = 0
    DIRECT = 1
    INDIRECT = 2
    NO_EVIDENCE = 3
    FAILED = 4


class SessionStatus(enum.IntEnum):
    UNSPECIFIED = 0
    ACTIVE = 1
    COMPLETED = 2
    FAILED = 3


class StepKind(enum.IntEnum):
    UNSPECIFIED = 0
    MODEL_STEP = 1
    HELPER_CALL = 2


class RecordOutcome(enum.IntEnum):
    UNSPECIFIED = 0
    CREATED = 1
    DUPLICATE = 2
    REJECTED = 3


class Decision(enum.IntEnum):
    UNSPECIFIED = 0
    ACCEPT = 1
    LOW_CONFID = 2
    REJECT = 3


class FallbackReason(enum.IntEnum):
    UNSPECIFIED = 0
    NONE = 1
    MISSING_OUTPUT = 2
    INVALID_JSON = 3
    INVALID_VERDICT = 4
    VERIFIER_ERROR = 5
    VERIFIER_TIMEOUT = 6


@dataclasses.dataclass(frozen=True)
class Retrieval:
    """Structured fields of a retrieval call (lookup_knowledge)."""

    layer: str = ""
    l0_count: Optional[int] = None
    l1_count: Optional[int] = None
    relevance: RelevanceLevel = RelevanceLevel.UNSPECIFIED
    dedup_reason: str = ""
    details: Optional[dict[str, Any]] = None


@dataclasses.dataclass(frozen=True)
class Invocation:
    """One evidence-bearing tool call, as the agent reported it."""

    invocation_id: str
    session_id: str
    tool_name: str
    input_params: dict[str, Any] = dataclasses.field(default_factory=dict)
    start_time: Optional[dt.datetime] = None
    duration_ms: int = 0
    success: Optional[bool] = None
    output_state: OutputState = OutputState.UNSPECIFIED
    output_preview: str = ""
    output_truncated: bool = False
    error_message: str = ""
    error_kind: ErrorKind = ErrorKind.UNSPECIFIED
    retrieval: Optional[Retrieval] = None
    topic_domain: str = ""
    evidence_hint: EvidenceHint = EvidenceHint.UNSPECIFIED

    def with_changes(self, changes: dict[str, Any]) -> "Invocation":
        """A copy with the named fields replaced: `dataclasses.replace`, in a third of its time.

        The recorder copies each invocation once on the write path; this class
        has no `__post_init__` to skip, and unknown names are refused as
        `replace` would refuse them.
        """
        unknown = changes.keys() - self.__dict__.keys()
        if unknown:
            raise TypeError(f"Invocation has no field {sorted(unknown)[0]!r}")
        return assemble(Invocation, {**self.__dict__, **changes})


@dataclasses.dataclass(frozen=True)
class Classification:
    """What one tool call is worth as evidence, decided once when recorded.

    outcome: the row's outcome.
    topic_domain: the agent's topic domain, or the one derived per tool.
    excerpt: for direct (and indirect) support, a bounded excerpt of the
        concrete hit; empty otherwise.
    note: for failed, no-hit and deduped rows, a short phrase explaining the
        gap (the error, the query that found nothing, the dedup reason).
    format_id: the evidence format the preview was read as (domain/formats/
        registry.py), "" when it was not read (a failed, deduplicated or empty call).
    """

    outcome: Outcome
    topic_domain: str
    excerpt: str = ""
    note: str = ""
    format_id: str = ""


def assemble(cls: type[_T], fields: dict[str, Any]) -> _T:
    """A frozen dataclass instance from every one of its fields' values, skipping `__init__`.

    For the store's read path, which builds one or two such values per stored
    row (a 10,000-row summary builds 10,000): `__init__` of a frozen dataclass
    sets each field through `object.__setattr__`, three times slower. Only for
    classes with no `__post_init__`; `fields` must name every field
    (tests/test_row_mappers.py checks the mappers' values equal the constructor's).
    """
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


@dataclasses.dataclass(frozen=True)
class ClassifiedRow:
    """A stored invocation as the summary sees it: light, already classified."""

    invocation_id: str
    tool_name: str
    topic_domain: str
    outcome: Outcome
    input_digest: str  # hash of the canonical input params, for repeated-call counts
    excerpt: str = ""
    note: str = ""


@dataclasses.dataclass(frozen=True)
class SummaryEntry:
    """One merged, verifier-facing evidence entry (tool x topic domain)."""

    tool_name: str
    topic_domain: str
    level: EvidenceLevel
    call_count: int
    success_count: int
    failure_count: int
    no_hit_count: int
    dedup_count: int
    repeated_call_count: int
    source_invocation_ids: tuple[str, ...]
    direct_hit_excerpt: str
    direct_hit_invocation_id: str
    output_summary: str


@dataclasses.dataclass(frozen=True)
class AgentStep:
    """A model step or a helper workflow call."""

    step_id: str
    session_id: str
    kind: StepKind
    name: str
    start_time: Optional[dt.datetime] = None
    duration_ms: int = 0
    detail: str = ""
    detail_truncated: bool = False
    success: Optional[bool] = None
    error_message: str = ""


@dataclasses.dataclass(frozen=True)
class Session:
    session_id: str
    status: SessionStatus
    step_count: int
    tool_call_count: int
    helper_call_count: int
    evaluation_count: int
    create_time: dt.datetime
    update_time: dt.datetime
    complete_time: Optional[dt.datetime] = None


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The gate's decision on a draft answer, and what the user may see.

    raw_output is the verifier's output as received (bounded before storage),
    empty when there was none. claims are the per-claim checks of the draft.
    """

    decision: Decision
    reasons: tuple[str, ...]
    confidence: Optional[float]
    fallback_reason: FallbackReason
    verifier: str
    output_text: str
    raw_output: str = ""
    claims: tuple["ClaimCheck", ...] = ()
    backend_decision: Decision = Decision.UNSPECIFIED
    """The backend's own decision before the claim-check floor lowered it;
    UNSPECIFIED when the floor did not apply."""


@dataclasses.dataclass(frozen=True)
class EvidenceRow:
    """A stored invocation as the claim checks read it: its outcome, output and question."""

    invocation_id: str
    tool_name: str
    outcome: Outcome
    preview: str = ""
    input_params: dict[str, Any] = dataclasses.field(default_factory=dict)
    relevance: RelevanceLevel = RelevanceLevel.UNSPECIFIED
    error_message: str = ""
    error_kind: ErrorKind = ErrorKind.UNSPECIFIED
    duration_ms: int = 0
    params_json: str = ""
    """The input parameters as stored (JSON), read into `params` only when a check needs them."""
    format_id: str = ""
    """The evidence format the classifier read the preview as; "" for rows stored before formats were."""
    start_us: Optional[int] = None
    """When the call started, in microseconds since the epoch (UTC); None when unknown."""

    @functools.cached_property
    def params(self) -> dict[str, Any]:
        """The input parameters: `input_params`, or `params_json` parsed."""
        if self.input_params or not self.params_json:
            return self.input_params
        try:
            value = json.loads(self.params_json)
        except ValueError:
            return {}
        return value if isinstance(value, dict) else {}

    @property
    def error_kind_label(self) -> str:
        return {
            ErrorKind.TIMEOUT: "timeout",
            ErrorKind.EXCEPTION: "exception",
            ErrorKind.EXECUTION_ERROR: "execution error",
        }.get(self.error_kind, "")


class ClaimStatus(enum.IntEnum):
    """How one claim of a draft stands against the evidence."""

    UNSPECIFIED = 0
    GROUNDED = 1
    CONTRADICTED = 2
    UNGROUNDED = 3
    WEAK = 4
    UNCHECKABLE = 5
    INVENTED = 6  # names an identifier-shaped entity the session's evidence never mentions
    UNCHECKED = 7  # states something the rules cannot read: reported as unread, never dropped


class ClaimKind(enum.IntEnum):
    """What a piece of the draft asserts."""

    UNSPECIFIED = 0
    FACT = 1  # asserts something about the incident
    CAUSAL = 2  # asserts a cause between facts
    GAP = 3  # says what could not be checked (a failed or empty call)
    ADVICE = 4  # a recommendation: not a factual claim
    HEDGE = 5  # an explicitly hedged hypothesis: not a factual claim
    CONTEXT = 6  # a heading, a label, a question: not a claim


@dataclasses.dataclass(frozen=True)
class Grounding:
    """A unit of evidence a claim rests on (or that contradicts it)."""

    invocation_id: str
    unit: str
    excerpt: str = ""


@dataclasses.dataclass(frozen=True)
class ClaimCheck:
    """One claim of a draft, checked.

    start/end: the claim's span in the draft, in code points.
    inference: the claim's facts are grounded but the cause it asserts is not.
    settled: the rules left it UNGROUNDED or UNCHECKED and a model verifier's ACCEPT stood over it.
    """

    start: int
    end: int
    text: str
    kind: ClaimKind
    status: ClaimStatus
    facts: tuple[str, ...] = ()
    groundings: tuple[Grounding, ...] = ()
    reason: str = ""
    direct: bool = False
    inference: bool = False
    settled: bool = False  # a model verifier's ACCEPT stood over this unmatched claim (claim floor "contradictions")
