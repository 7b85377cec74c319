import datetime

from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import field_info_pb2 as _field_info_pb2
from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class OutputState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OUTPUT_STATE_UNSPECIFIED: _ClassVar[OutputState]
    OUTPUT_STATE_CAPTURED: _ClassVar[OutputState]
    OUTPUT_STATE_EMPTY: _ClassVar[OutputState]
    OUTPUT_STATE_NOT_CAPTURED: _ClassVar[OutputState]

class ErrorKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ERROR_KIND_UNSPECIFIED: _ClassVar[ErrorKind]
    ERROR_KIND_EXCEPTION: _ClassVar[ErrorKind]
    ERROR_KIND_TIMEOUT: _ClassVar[ErrorKind]
    ERROR_KIND_EXECUTION_ERROR: _ClassVar[ErrorKind]

class RelevanceLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RELEVANCE_LEVEL_UNSPECIFIED: _ClassVar[RelevanceLevel]
    RELEVANCE_LEVEL_NONE: _ClassVar[RelevanceLevel]
    RELEVANCE_LEVEL_LOW: _ClassVar[RelevanceLevel]
    RELEVANCE_LEVEL_MEDIUM: _ClassVar[RelevanceLevel]
    RELEVANCE_LEVEL_HIGH: _ClassVar[RelevanceLevel]

class EvidenceHint(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EVIDENCE_HINT_UNSPECIFIED: _ClassVar[EvidenceHint]
    EVIDENCE_HINT_DIRECT: _ClassVar[EvidenceHint]
    EVIDENCE_HINT_INDIRECT: _ClassVar[EvidenceHint]
    EVIDENCE_HINT_NO_HIT: _ClassVar[EvidenceHint]

class InvocationOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    INVOCATION_OUTCOME_UNSPECIFIED: _ClassVar[InvocationOutcome]
    INVOCATION_OUTCOME_DIRECT_SUPPORT: _ClassVar[InvocationOutcome]
    INVOCATION_OUTCOME_INDIRECT_SUPPORT: _ClassVar[InvocationOutcome]
    INVOCATION_OUTCOME_NO_HIT: _ClassVar[InvocationOutcome]
    INVOCATION_OUTCOME_DEDUPED: _ClassVar[InvocationOutcome]
    INVOCATION_OUTCOME_FAILED: _ClassVar[InvocationOutcome]

class EvidenceLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EVIDENCE_LEVEL_UNSPECIFIED: _ClassVar[EvidenceLevel]
    EVIDENCE_LEVEL_DIRECT: _ClassVar[EvidenceLevel]
    EVIDENCE_LEVEL_INDIRECT: _ClassVar[EvidenceLevel]
    EVIDENCE_LEVEL_NO_EVIDENCE: _ClassVar[EvidenceLevel]
    EVIDENCE_LEVEL_FAILED: _ClassVar[EvidenceLevel]

class SessionStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SESSION_STATUS_UNSPECIFIED: _ClassVar[SessionStatus]
    SESSION_STATUS_ACTIVE: _ClassVar[SessionStatus]
    SESSION_STATUS_COMPLETED: _ClassVar[SessionStatus]
    SESSION_STATUS_FAILED: _ClassVar[SessionStatus]

class AgentStepKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AGENT_STEP_KIND_UNSPECIFIED: _ClassVar[AgentStepKind]
    AGENT_STEP_KIND_MODEL_STEP: _ClassVar[AgentStepKind]
    AGENT_STEP_KIND_HELPER_CALL: _ClassVar[AgentStepKind]

class RecordOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RECORD_OUTCOME_UNSPECIFIED: _ClassVar[RecordOutcome]
    RECORD_OUTCOME_CREATED: _ClassVar[RecordOutcome]
    RECORD_OUTCOME_DUPLICATE: _ClassVar[RecordOutcome]
    RECORD_OUTCOME_REJECTED: _ClassVar[RecordOutcome]

class RecordView(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RECORD_VIEW_UNSPECIFIED: _ClassVar[RecordView]
    RECORD_VIEW_FULL: _ClassVar[RecordView]
    RECORD_VIEW_BASIC: _ClassVar[RecordView]

class Decision(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DECISION_UNSPECIFIED: _ClassVar[Decision]
    DECISION_ACCEPT: _ClassVar[Decision]
    DECISION_LOW_CONFID: _ClassVar[Decision]
    DECISION_REJECT: _ClassVar[Decision]

class FallbackReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FALLBACK_REASON_UNSPECIFIED: _ClassVar[FallbackReason]
    FALLBACK_REASON_NONE: _ClassVar[FallbackReason]
    FALLBACK_REASON_MISSING_OUTPUT: _ClassVar[FallbackReason]
    FALLBACK_REASON_INVALID_JSON: _ClassVar[FallbackReason]
    FALLBACK_REASON_INVALID_VERDICT: _ClassVar[FallbackReason]
    FALLBACK_REASON_VERIFIER_ERROR: _ClassVar[FallbackReason]
    FALLBACK_REASON_VERIFIER_TIMEOUT: _ClassVar[FallbackReason]

class ClaimStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLAIM_STATUS_UNSPECIFIED: _ClassVar[ClaimStatus]
    CLAIM_STATUS_GROUNDED: _ClassVar[ClaimStatus]
    CLAIM_STATUS_CONTRADICTED: _ClassVar[ClaimStatus]
    CLAIM_STATUS_UNGROUNDED: _ClassVar[ClaimStatus]
    CLAIM_STATUS_WEAK: _ClassVar[ClaimStatus]
    CLAIM_STATUS_UNCHECKABLE: _ClassVar[ClaimStatus]
    CLAIM_STATUS_INVENTED: _ClassVar[ClaimStatus]
    CLAIM_STATUS_UNCHECKED: _ClassVar[ClaimStatus]

class ClaimKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLAIM_KIND_UNSPECIFIED: _ClassVar[ClaimKind]
    CLAIM_KIND_FACT: _ClassVar[ClaimKind]
    CLAIM_KIND_CAUSAL: _ClassVar[ClaimKind]
    CLAIM_KIND_GAP: _ClassVar[ClaimKind]
    CLAIM_KIND_ADVICE: _ClassVar[ClaimKind]
    CLAIM_KIND_HEDGE: _ClassVar[ClaimKind]
    CLAIM_KIND_CONTEXT: _ClassVar[ClaimKind]
OUTPUT_STATE_UNSPECIFIED: OutputState
OUTPUT_STATE_CAPTURED: OutputState
OUTPUT_STATE_EMPTY: OutputState
OUTPUT_STATE_NOT_CAPTURED: OutputState
ERROR_KIND_UNSPECIFIED: ErrorKind
ERROR_KIND_EXCEPTION: ErrorKind
ERROR_KIND_TIMEOUT: ErrorKind
ERROR_KIND_EXECUTION_ERROR: ErrorKind
RELEVANCE_LEVEL_UNSPECIFIED: RelevanceLevel
RELEVANCE_LEVEL_NONE: RelevanceLevel
RELEVANCE_LEVEL_LOW: RelevanceLevel
RELEVANCE_LEVEL_MEDIUM: RelevanceLevel
RELEVANCE_LEVEL_HIGH: RelevanceLevel
EVIDENCE_HINT_UNSPECIFIED: EvidenceHint
EVIDENCE_HINT_DIRECT: EvidenceHint
EVIDENCE_HINT_INDIRECT: EvidenceHint
EVIDENCE_HINT_NO_HIT: EvidenceHint
INVOCATION_OUTCOME_UNSPECIFIED: InvocationOutcome
INVOCATION_OUTCOME_DIRECT_SUPPORT: InvocationOutcome
INVOCATION_OUTCOME_INDIRECT_SUPPORT: InvocationOutcome
INVOCATION_OUTCOME_NO_HIT: InvocationOutcome
INVOCATION_OUTCOME_DEDUPED: InvocationOutcome
INVOCATION_OUTCOME_FAILED: InvocationOutcome
EVIDENCE_LEVEL_UNSPECIFIED: EvidenceLevel
EVIDENCE_LEVEL_DIRECT: EvidenceLevel
EVIDENCE_LEVEL_INDIRECT: EvidenceLevel
EVIDENCE_LEVEL_NO_EVIDENCE: EvidenceLevel
EVIDENCE_LEVEL_FAILED: EvidenceLevel
SESSION_STATUS_UNSPECIFIED: SessionStatus
SESSION_STATUS_ACTIVE: SessionStatus
SESSION_STATUS_COMPLETED: SessionStatus
SESSION_STATUS_FAILED: SessionStatus
AGENT_STEP_KIND_UNSPECIFIED: AgentStepKind
AGENT_STEP_KIND_MODEL_STEP: AgentStepKind
AGENT_STEP_KIND_HELPER_CALL: AgentStepKind
RECORD_OUTCOME_UNSPECIFIED: RecordOutcome
RECORD_OUTCOME_CREATED: RecordOutcome
RECORD_OUTCOME_DUPLICATE: RecordOutcome
RECORD_OUTCOME_REJECTED: RecordOutcome
RECORD_VIEW_UNSPECIFIED: RecordView
RECORD_VIEW_FULL: RecordView
RECORD_VIEW_BASIC: RecordView
DECISION_UNSPECIFIED: Decision
DECISION_ACCEPT: Decision
DECISION_LOW_CONFID: Decision
DECISION_REJECT: Decision
FALLBACK_REASON_UNSPECIFIED: FallbackReason
FALLBACK_REASON_NONE: FallbackReason
FALLBACK_REASON_MISSING_OUTPUT: FallbackReason
FALLBACK_REASON_INVALID_JSON: FallbackReason
FALLBACK_REASON_INVALID_VERDICT: FallbackReason
FALLBACK_REASON_VERIFIER_ERROR: FallbackReason
FALLBACK_REASON_VERIFIER_TIMEOUT: FallbackReason
CLAIM_STATUS_UNSPECIFIED: ClaimStatus
CLAIM_STATUS_GROUNDED: ClaimStatus
CLAIM_STATUS_CONTRADICTED: ClaimStatus
CLAIM_STATUS_UNGROUNDED: ClaimStatus
CLAIM_STATUS_WEAK: ClaimStatus
CLAIM_STATUS_UNCHECKABLE: ClaimStatus
CLAIM_STATUS_INVENTED: ClaimStatus
CLAIM_STATUS_UNCHECKED: ClaimStatus
CLAIM_KIND_UNSPECIFIED: ClaimKind
CLAIM_KIND_FACT: ClaimKind
CLAIM_KIND_CAUSAL: ClaimKind
CLAIM_KIND_GAP: ClaimKind
CLAIM_KIND_ADVICE: ClaimKind
CLAIM_KIND_HEDGE: ClaimKind
CLAIM_KIND_CONTEXT: ClaimKind

class ClaimGrounding(_message.Message):
    __slots__ = ("invocation_id", "unit", "excerpt")
    INVOCATION_ID_FIELD_NUMBER: _ClassVar[int]
    UNIT_FIELD_NUMBER: _ClassVar[int]
    EXCERPT_FIELD_NUMBER: _ClassVar[int]
    invocation_id: str
    unit: str
    excerpt: str
    def __init__(self, invocation_id: _Optional[str] = ..., unit: _Optional[str] = ..., excerpt: _Optional[str] = ...) -> None: ...

class ClaimCheck(_message.Message):
    __slots__ = ("start", "end", "kind", "status", "facts", "groundings", "reason", "direct", "inference", "text", "settled")
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    FACTS_FIELD_NUMBER: _ClassVar[int]
    GROUNDINGS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DIRECT_FIELD_NUMBER: _ClassVar[int]
    INFERENCE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    SETTLED_FIELD_NUMBER: _ClassVar[int]
    start: int
    end: int
    kind: ClaimKind
    status: ClaimStatus
    facts: _containers.RepeatedScalarFieldContainer[str]
    groundings: _containers.RepeatedCompositeFieldContainer[ClaimGrounding]
    reason: str
    direct: bool
    inference: bool
    text: str
    settled: bool
    def __init__(self, start: _Optional[int] = ..., end: _Optional[int] = ..., kind: _Optional[_Union[ClaimKind, str]] = ..., status: _Optional[_Union[ClaimStatus, str]] = ..., facts: _Optional[_Iterable[str]] = ..., groundings: _Optional[_Iterable[_Union[ClaimGrounding, _Mapping]]] = ..., reason: _Optional[str] = ..., direct: _Optional[bool] = ..., inference: _Optional[bool] = ..., text: _Optional[str] = ..., settled: _Optional[bool] = ...) -> None: ...

class RetrievalDetails(_message.Message):
    __slots__ = ("retrieval_layer", "l0_count", "l1_count", "relevance_level", "dedup_reason", "details")
    RETRIEVAL_LAYER_FIELD_NUMBER: _ClassVar[int]
    L0_COUNT_FIELD_NUMBER: _ClassVar[int]
    L1_COUNT_FIELD_NUMBER: _ClassVar[int]
    RELEVANCE_LEVEL_FIELD_NUMBER: _ClassVar[int]
    DEDUP_REASON_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    retrieval_layer: str
    l0_count: int
    l1_count: int
    relevance_level: RelevanceLevel
    dedup_reason: str
    details: _struct_pb2.Struct
    def __init__(self, retrieval_layer: _Optional[str] = ..., l0_count: _Optional[int] = ..., l1_count: _Optional[int] = ..., relevance_level: _Optional[_Union[RelevanceLevel, str]] = ..., dedup_reason: _Optional[str] = ..., details: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class ToolInvocation(_message.Message):
    __slots__ = ("invocation_id", "session_id", "tool_name", "input_params", "start_time", "duration_ms", "success", "output_state", "output_preview", "output_truncated", "error_message", "error_kind", "retrieval", "topic_domain", "evidence_hint", "outcome", "record_time")
    INVOCATION_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    INPUT_PARAMS_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_STATE_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_PREVIEW_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    ERROR_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    ERROR_KIND_FIELD_NUMBER: _ClassVar[int]
    RETRIEVAL_FIELD_NUMBER: _ClassVar[int]
    TOPIC_DOMAIN_FIELD_NUMBER: _ClassVar[int]
    EVIDENCE_HINT_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    RECORD_TIME_FIELD_NUMBER: _ClassVar[int]
    invocation_id: str
    session_id: str
    tool_name: str
    input_params: _struct_pb2.Struct
    start_time: _timestamp_pb2.Timestamp
    duration_ms: int
    success: bool
    output_state: OutputState
    output_preview: str
    output_truncated: bool
    error_message: str
    error_kind: ErrorKind
    retrieval: RetrievalDetails
    topic_domain: str
    evidence_hint: EvidenceHint
    outcome: InvocationOutcome
    record_time: _timestamp_pb2.Timestamp
    def __init__(self, invocation_id: _Optional[str] = ..., session_id: _Optional[str] = ..., tool_name: _Optional[str] = ..., input_params: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., start_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., duration_ms: _Optional[int] = ..., success: _Optional[bool] = ..., output_state: _Optional[_Union[OutputState, str]] = ..., output_preview: _Optional[str] = ..., output_truncated: _Optional[bool] = ..., error_message: _Optional[str] = ..., error_kind: _Optional[_Union[ErrorKind, str]] = ..., retrieval: _Optional[_Union[RetrievalDetails, _Mapping]] = ..., topic_domain: _Optional[str] = ..., evidence_hint: _Optional[_Union[EvidenceHint, str]] = ..., outcome: _Optional[_Union[InvocationOutcome, str]] = ..., record_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class AgentStep(_message.Message):
    __slots__ = ("step_id", "session_id", "kind", "name", "start_time", "duration_ms", "detail", "detail_truncated", "success", "error_message", "record_time")
    STEP_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    DETAIL_TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    ERROR_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    RECORD_TIME_FIELD_NUMBER: _ClassVar[int]
    step_id: str
    session_id: str
    kind: AgentStepKind
    name: str
    start_time: _timestamp_pb2.Timestamp
    duration_ms: int
    detail: str
    detail_truncated: bool
    success: bool
    error_message: str
    record_time: _timestamp_pb2.Timestamp
    def __init__(self, step_id: _Optional[str] = ..., session_id: _Optional[str] = ..., kind: _Optional[_Union[AgentStepKind, str]] = ..., name: _Optional[str] = ..., start_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., duration_ms: _Optional[int] = ..., detail: _Optional[str] = ..., detail_truncated: _Optional[bool] = ..., success: _Optional[bool] = ..., error_message: _Optional[str] = ..., record_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class DiagnosisSession(_message.Message):
    __slots__ = ("session_id", "status", "step_count", "tool_call_count", "helper_call_count", "evaluation_count", "create_time", "update_time", "complete_time")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    STEP_COUNT_FIELD_NUMBER: _ClassVar[int]
    TOOL_CALL_COUNT_FIELD_NUMBER: _ClassVar[int]
    HELPER_CALL_COUNT_FIELD_NUMBER: _ClassVar[int]
    EVALUATION_COUNT_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_TIME_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    status: SessionStatus
    step_count: int
    tool_call_count: int
    helper_call_count: int
    evaluation_count: int
    create_time: _timestamp_pb2.Timestamp
    update_time: _timestamp_pb2.Timestamp
    complete_time: _timestamp_pb2.Timestamp
    def __init__(self, session_id: _Optional[str] = ..., status: _Optional[_Union[SessionStatus, str]] = ..., step_count: _Optional[int] = ..., tool_call_count: _Optional[int] = ..., helper_call_count: _Optional[int] = ..., evaluation_count: _Optional[int] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., complete_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class FieldViolation(_message.Message):
    __slots__ = ("field", "description")
    FIELD_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    field: str
    description: str
    def __init__(self, field: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class RecordInvocationRequest(_message.Message):
    __slots__ = ("invocation", "view")
    INVOCATION_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    invocation: ToolInvocation
    view: RecordView
    def __init__(self, invocation: _Optional[_Union[ToolInvocation, _Mapping]] = ..., view: _Optional[_Union[RecordView, str]] = ...) -> None: ...

class RecordInvocationResponse(_message.Message):
    __slots__ = ("outcome", "invocation")
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    INVOCATION_FIELD_NUMBER: _ClassVar[int]
    outcome: RecordOutcome
    invocation: ToolInvocation
    def __init__(self, outcome: _Optional[_Union[RecordOutcome, str]] = ..., invocation: _Optional[_Union[ToolInvocation, _Mapping]] = ...) -> None: ...

class BatchRecordInvocationsRequest(_message.Message):
    __slots__ = ("invocations",)
    INVOCATIONS_FIELD_NUMBER: _ClassVar[int]
    invocations: _containers.RepeatedCompositeFieldContainer[ToolInvocation]
    def __init__(self, invocations: _Optional[_Iterable[_Union[ToolInvocation, _Mapping]]] = ...) -> None: ...

class BatchRecordResult(_message.Message):
    __slots__ = ("invocation_id", "outcome", "violations", "invocation_outcome", "reason")
    INVOCATION_ID_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    INVOCATION_OUTCOME_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    invocation_id: str
    outcome: RecordOutcome
    violations: _containers.RepeatedCompositeFieldContainer[FieldViolation]
    invocation_outcome: InvocationOutcome
    reason: str
    def __init__(self, invocation_id: _Optional[str] = ..., outcome: _Optional[_Union[RecordOutcome, str]] = ..., violations: _Optional[_Iterable[_Union[FieldViolation, _Mapping]]] = ..., invocation_outcome: _Optional[_Union[InvocationOutcome, str]] = ..., reason: _Optional[str] = ...) -> None: ...

class BatchRecordInvocationsResponse(_message.Message):
    __slots__ = ("results",)
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[BatchRecordResult]
    def __init__(self, results: _Optional[_Iterable[_Union[BatchRecordResult, _Mapping]]] = ...) -> None: ...

class RecordAgentStepRequest(_message.Message):
    __slots__ = ("step",)
    STEP_FIELD_NUMBER: _ClassVar[int]
    step: AgentStep
    def __init__(self, step: _Optional[_Union[AgentStep, _Mapping]] = ...) -> None: ...

class RecordAgentStepResponse(_message.Message):
    __slots__ = ("outcome", "step")
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    outcome: RecordOutcome
    step: AgentStep
    def __init__(self, outcome: _Optional[_Union[RecordOutcome, str]] = ..., step: _Optional[_Union[AgentStep, _Mapping]] = ...) -> None: ...

class GetSessionRequest(_message.Message):
    __slots__ = ("session_id",)
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    def __init__(self, session_id: _Optional[str] = ...) -> None: ...

class GetSessionResponse(_message.Message):
    __slots__ = ("session",)
    SESSION_FIELD_NUMBER: _ClassVar[int]
    session: DiagnosisSession
    def __init__(self, session: _Optional[_Union[DiagnosisSession, _Mapping]] = ...) -> None: ...

class CompleteSessionRequest(_message.Message):
    __slots__ = ("session_id", "status")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    status: SessionStatus
    def __init__(self, session_id: _Optional[str] = ..., status: _Optional[_Union[SessionStatus, str]] = ...) -> None: ...

class CompleteSessionResponse(_message.Message):
    __slots__ = ("session",)
    SESSION_FIELD_NUMBER: _ClassVar[int]
    session: DiagnosisSession
    def __init__(self, session: _Optional[_Union[DiagnosisSession, _Mapping]] = ...) -> None: ...

class SummarizeSessionRequest(_message.Message):
    __slots__ = ("session_id",)
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    def __init__(self, session_id: _Optional[str] = ...) -> None: ...

class EvidenceSummaryEntry(_message.Message):
    __slots__ = ("tool_name", "topic_domain", "level", "call_count", "success_count", "failure_count", "no_hit_count", "dedup_count", "repeated_call_count", "source_invocation_ids", "direct_hit_excerpt", "direct_hit_invocation_id", "output_summary")
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    TOPIC_DOMAIN_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    CALL_COUNT_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_COUNT_FIELD_NUMBER: _ClassVar[int]
    FAILURE_COUNT_FIELD_NUMBER: _ClassVar[int]
    NO_HIT_COUNT_FIELD_NUMBER: _ClassVar[int]
    DEDUP_COUNT_FIELD_NUMBER: _ClassVar[int]
    REPEATED_CALL_COUNT_FIELD_NUMBER: _ClassVar[int]
    SOURCE_INVOCATION_IDS_FIELD_NUMBER: _ClassVar[int]
    DIRECT_HIT_EXCERPT_FIELD_NUMBER: _ClassVar[int]
    DIRECT_HIT_INVOCATION_ID_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_SUMMARY_FIELD_NUMBER: _ClassVar[int]
    tool_name: str
    topic_domain: str
    level: EvidenceLevel
    call_count: int
    success_count: int
    failure_count: int
    no_hit_count: int
    dedup_count: int
    repeated_call_count: int
    source_invocation_ids: _containers.RepeatedScalarFieldContainer[str]
    direct_hit_excerpt: str
    direct_hit_invocation_id: str
    output_summary: str
    def __init__(self, tool_name: _Optional[str] = ..., topic_domain: _Optional[str] = ..., level: _Optional[_Union[EvidenceLevel, str]] = ..., call_count: _Optional[int] = ..., success_count: _Optional[int] = ..., failure_count: _Optional[int] = ..., no_hit_count: _Optional[int] = ..., dedup_count: _Optional[int] = ..., repeated_call_count: _Optional[int] = ..., source_invocation_ids: _Optional[_Iterable[str]] = ..., direct_hit_excerpt: _Optional[str] = ..., direct_hit_invocation_id: _Optional[str] = ..., output_summary: _Optional[str] = ...) -> None: ...

class SummarizeSessionResponse(_message.Message):
    __slots__ = ("session", "entries")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    session: DiagnosisSession
    entries: _containers.RepeatedCompositeFieldContainer[EvidenceSummaryEntry]
    def __init__(self, session: _Optional[_Union[DiagnosisSession, _Mapping]] = ..., entries: _Optional[_Iterable[_Union[EvidenceSummaryEntry, _Mapping]]] = ...) -> None: ...

class ChatRequest(_message.Message):
    __slots__ = ("session_id", "question", "draft_answer", "verifier_output", "request_id")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    DRAFT_ANSWER_FIELD_NUMBER: _ClassVar[int]
    VERIFIER_OUTPUT_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    question: str
    draft_answer: str
    verifier_output: str
    request_id: str
    def __init__(self, session_id: _Optional[str] = ..., question: _Optional[str] = ..., draft_answer: _Optional[str] = ..., verifier_output: _Optional[str] = ..., request_id: _Optional[str] = ...) -> None: ...

class VerifierDecision(_message.Message):
    __slots__ = ("decision", "reasons", "confidence", "fallback_reason", "verifier", "claims", "verifier_decision")
    DECISION_FIELD_NUMBER: _ClassVar[int]
    REASONS_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    FALLBACK_REASON_FIELD_NUMBER: _ClassVar[int]
    VERIFIER_FIELD_NUMBER: _ClassVar[int]
    CLAIMS_FIELD_NUMBER: _ClassVar[int]
    VERIFIER_DECISION_FIELD_NUMBER: _ClassVar[int]
    decision: Decision
    reasons: _containers.RepeatedScalarFieldContainer[str]
    confidence: float
    fallback_reason: FallbackReason
    verifier: str
    claims: _containers.RepeatedCompositeFieldContainer[ClaimCheck]
    verifier_decision: Decision
    def __init__(self, decision: _Optional[_Union[Decision, str]] = ..., reasons: _Optional[_Iterable[str]] = ..., confidence: _Optional[float] = ..., fallback_reason: _Optional[_Union[FallbackReason, str]] = ..., verifier: _Optional[str] = ..., claims: _Optional[_Iterable[_Union[ClaimCheck, _Mapping]]] = ..., verifier_decision: _Optional[_Union[Decision, str]] = ...) -> None: ...

class ChatResponse(_message.Message):
    __slots__ = ("decision", "output_text", "evaluation_id", "entries")
    DECISION_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_TEXT_FIELD_NUMBER: _ClassVar[int]
    EVALUATION_ID_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    decision: VerifierDecision
    output_text: str
    evaluation_id: str
    entries: _containers.RepeatedCompositeFieldContainer[EvidenceSummaryEntry]
    def __init__(self, decision: _Optional[_Union[VerifierDecision, _Mapping]] = ..., output_text: _Optional[str] = ..., evaluation_id: _Optional[str] = ..., entries: _Optional[_Iterable[_Union[EvidenceSummaryEntry, _Mapping]]] = ...) -> None: ...

class ListSessionsRequest(_message.Message):
    __slots__ = ("page_size", "page_token", "status", "min_update_time", "max_update_time")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    MIN_UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    MAX_UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    status: SessionStatus
    min_update_time: _timestamp_pb2.Timestamp
    max_update_time: _timestamp_pb2.Timestamp
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., status: _Optional[_Union[SessionStatus, str]] = ..., min_update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., max_update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class SessionOverview(_message.Message):
    __slots__ = ("session", "last_decision", "last_decision_time")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    LAST_DECISION_FIELD_NUMBER: _ClassVar[int]
    LAST_DECISION_TIME_FIELD_NUMBER: _ClassVar[int]
    session: DiagnosisSession
    last_decision: VerifierDecision
    last_decision_time: _timestamp_pb2.Timestamp
    def __init__(self, session: _Optional[_Union[DiagnosisSession, _Mapping]] = ..., last_decision: _Optional[_Union[VerifierDecision, _Mapping]] = ..., last_decision_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListSessionsResponse(_message.Message):
    __slots__ = ("sessions", "next_page_token")
    SESSIONS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    sessions: _containers.RepeatedCompositeFieldContainer[SessionOverview]
    next_page_token: str
    def __init__(self, sessions: _Optional[_Iterable[_Union[SessionOverview, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class WatchSessionRequest(_message.Message):
    __slots__ = ("session_id", "replay_only", "wait_for_session")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    REPLAY_ONLY_FIELD_NUMBER: _ClassVar[int]
    WAIT_FOR_SESSION_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    replay_only: bool
    wait_for_session: bool
    def __init__(self, session_id: _Optional[str] = ..., replay_only: _Optional[bool] = ..., wait_for_session: _Optional[bool] = ...) -> None: ...

class VerifierEvaluation(_message.Message):
    __slots__ = ("evaluation_id", "session_id", "question", "decision", "latency_ms", "create_time")
    EVALUATION_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    LATENCY_MS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    evaluation_id: str
    session_id: str
    question: str
    decision: VerifierDecision
    latency_ms: float
    create_time: _timestamp_pb2.Timestamp
    def __init__(self, evaluation_id: _Optional[str] = ..., session_id: _Optional[str] = ..., question: _Optional[str] = ..., decision: _Optional[_Union[VerifierDecision, _Mapping]] = ..., latency_ms: _Optional[float] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class WatchSessionResponse(_message.Message):
    __slots__ = ("session", "step", "invocation", "evaluation", "replayed")
    SESSION_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    INVOCATION_FIELD_NUMBER: _ClassVar[int]
    EVALUATION_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    session: DiagnosisSession
    step: AgentStep
    invocation: ToolInvocation
    evaluation: VerifierEvaluation
    replayed: bool
    def __init__(self, session: _Optional[_Union[DiagnosisSession, _Mapping]] = ..., step: _Optional[_Union[AgentStep, _Mapping]] = ..., invocation: _Optional[_Union[ToolInvocation, _Mapping]] = ..., evaluation: _Optional[_Union[VerifierEvaluation, _Mapping]] = ..., replayed: _Optional[bool] = ...) -> None: ...
