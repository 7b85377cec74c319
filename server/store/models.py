"""Peewee models: the schema of evidence-trace.

Times are integer microseconds since the Unix epoch (portable across SQLite and
PostgreSQL, exact, and cheap to compare). Every table carries `tenant` and
`session_id`, so the schema partitions by session (docs/deployment.md).
JSON values are stored as compact JSON text.

The models are bound to a database only where they are used (`db.bind_ctx`),
so one process can serve several databases (tests, tools) side by side.
"""

from __future__ import annotations

import peewee


class BaseModel(peewee.Model):
    class Meta:
        legacy_table_names = False


class SchemaVersion(BaseModel):
    """One row per applied migration."""

    version = peewee.IntegerField(primary_key=True)
    name = peewee.CharField(max_length=128)
    applied_us = peewee.BigIntegerField()

    class Meta:
        table_name = "schema_version"


class DiagnosisSession(BaseModel):
    """A diagnosis session with its counters, updated with the rows they count."""

    id = peewee.BigAutoField()
    tenant = peewee.CharField(max_length=64)
    session_id = peewee.CharField(max_length=128)
    status = peewee.SmallIntegerField()
    step_count = peewee.BigIntegerField(default=0)
    tool_call_count = peewee.BigIntegerField(default=0)
    helper_call_count = peewee.BigIntegerField(default=0)
    evaluation_count = peewee.BigIntegerField(default=0)
    create_us = peewee.BigIntegerField()
    update_us = peewee.BigIntegerField()
    complete_us = peewee.BigIntegerField(null=True)

    class Meta:
        table_name = "diagnosis_session"
        indexes = ((("tenant", "session_id"), True), (("tenant", "update_us"), False))


class ToolInvocation(BaseModel):
    """One evidence-bearing tool call, with its server-side classification."""

    seq = peewee.BigAutoField()
    tenant = peewee.CharField(max_length=64)
    session_id = peewee.CharField(max_length=128)
    invocation_id = peewee.CharField(max_length=128)
    tool_name = peewee.CharField(max_length=128)
    input_params = peewee.TextField()
    input_digest = peewee.CharField(max_length=32)
    start_us = peewee.BigIntegerField()
    duration_ms = peewee.BigIntegerField()
    success = peewee.BooleanField()
    output_state = peewee.SmallIntegerField()
    output_preview = peewee.TextField()
    output_truncated = peewee.BooleanField()
    error_message = peewee.TextField()
    error_kind = peewee.SmallIntegerField()
    retrieval_layer = peewee.CharField(max_length=64, null=True)
    l0_count = peewee.IntegerField(null=True)
    l1_count = peewee.IntegerField(null=True)
    relevance_level = peewee.SmallIntegerField(null=True)
    dedup_reason = peewee.TextField(null=True)
    retrieval_details = peewee.TextField(null=True)
    has_retrieval = peewee.BooleanField()
    topic_domain = peewee.CharField(max_length=256)
    evidence_hint = peewee.SmallIntegerField()
    # Server-side classification (domain/evidence.py), decided once at write time.
    outcome = peewee.SmallIntegerField()
    effective_topic = peewee.CharField(max_length=256)
    excerpt = peewee.TextField()
    note = peewee.TextField()
    classifier_version = peewee.SmallIntegerField()
    format_id = peewee.CharField(max_length=32, default="")  # the evidence format read (domain/formats/)
    content_hash = peewee.CharField(max_length=64)
    record_us = peewee.BigIntegerField()

    class Meta:
        table_name = "tool_invocation"
        indexes = ((("tenant", "invocation_id"), True), (("tenant", "session_id", "seq"), False))


class AgentStep(BaseModel):
    """A model step or a helper workflow call (never an evidence row)."""

    seq = peewee.BigAutoField()
    tenant = peewee.CharField(max_length=64)
    session_id = peewee.CharField(max_length=128)
    step_id = peewee.CharField(max_length=128)
    kind = peewee.SmallIntegerField()
    name = peewee.CharField(max_length=128)
    start_us = peewee.BigIntegerField()
    duration_ms = peewee.BigIntegerField()
    detail = peewee.TextField()
    detail_truncated = peewee.BooleanField()
    success = peewee.BooleanField(null=True)
    error_message = peewee.TextField()
    content_hash = peewee.CharField(max_length=64)
    record_us = peewee.BigIntegerField()

    class Meta:
        table_name = "agent_step"
        indexes = ((("tenant", "step_id"), True), (("tenant", "session_id", "seq"), False))


class VerifierEvaluation(BaseModel):
    """One Chat call: what was judged, how, and what the user saw."""

    seq = peewee.BigAutoField()
    evaluation_id = peewee.CharField(max_length=64, unique=True)
    tenant = peewee.CharField(max_length=64)
    session_id = peewee.CharField(max_length=128)
    question = peewee.TextField()
    draft_answer = peewee.TextField()
    decision = peewee.SmallIntegerField()
    fallback_reason = peewee.SmallIntegerField()
    reasons = peewee.TextField()
    confidence = peewee.DoubleField(null=True)
    verifier = peewee.CharField(max_length=64)
    raw_output = peewee.TextField()
    source_invocation_ids = peewee.TextField()
    latency_ms = peewee.DoubleField()
    create_us = peewee.BigIntegerField()
    # The draft's claim checks (store/claims_json.py) and, when the claim floor
    # lowered a model's verdict, the model's own decision (schema version 2).
    claims = peewee.TextField(default="[]")
    verifier_decision = peewee.SmallIntegerField(default=0)
    # The caller's request id (AIP-155) and a digest of what it asked to judge;
    # unique per session through the index migration 3 creates (schema version 3).
    request_id = peewee.CharField(max_length=64, null=True)
    request_digest = peewee.CharField(max_length=64, default="")

    class Meta:
        table_name = "verifier_evaluation"
        indexes = ((("tenant", "session_id", "seq"), False),)


ALL_MODELS = (SchemaVersion, DiagnosisSession, ToolInvocation, AgentStep, VerifierEvaluation)
