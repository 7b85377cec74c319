"""store/rows.py: one mapper per table, covering exactly the columns models.py defines."""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evidence_trace.server.domain.model import ErrorKind, Invocation, OutputState, Retrieval
from evidence_trace.server.domain.redaction import storable
from evidence_trace.server.domain.validation import Limits
from evidence_trace.server.store import models
from evidence_trace.server.store.rows import EVALUATIONS, INVOCATIONS, SESSIONS, STEPS
from evidence_trace.server.usecases.recording import Recorder

STORE = pathlib.Path(__file__).resolve().parent.parent / "server" / "store"


def _columns(model) -> set[str]:
    return {f.column_name for f in model._meta.sorted_fields}


@pytest.mark.parametrize(
    "mapper, model",
    [(STEPS, models.AgentStep), (INVOCATIONS, models.ToolInvocation), (EVALUATIONS, models.VerifierEvaluation)],
)
def test_a_write_binds_every_column_but_the_sequence(mapper, model) -> None:
    assert mapper.table == model._meta.table_name
    assert len(set(mapper.write_columns)) == len(mapper.write_columns)
    assert set(mapper.write_columns) == _columns(model) - {"seq"}
    assert set(mapper.columns) <= _columns(model)


def test_a_new_session_binds_every_column_but_the_id_and_completion() -> None:
    assert SESSIONS.table == models.DiagnosisSession._meta.table_name
    assert set(SESSIONS.write_columns) == _columns(models.DiagnosisSession) - {"id", "complete_us"}
    assert set(SESSIONS.columns) <= _columns(models.DiagnosisSession)
    assert len(SESSIONS.new_row("t", "s", 1)) == len(SESSIONS.write_columns)


def test_the_session_select_is_written_once() -> None:
    selects = sum(p.read_text().count("SESSIONS.columns)} FROM") for p in STORE.glob("*.py"))
    assert selects == 1


# Text a client can send (protobuf strings are valid UTF-8, so no lone
# surrogate arrives raw) with NUL, and JSON previews whose escapes decode to
# NUL or a lone surrogate: the classifier quotes decoded values in notes and topics.
_CLIENT_TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)) | st.sampled_from(["\x00", "支"]), max_size=12
)
_JSON_ESCAPES = st.sampled_from(["\\u0000", "\\ud800", "\\udfff", "\\ud83d\\ude00", "plain", "\\n"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=_CLIENT_TEXT,
    escape=_JSON_ESCAPES,
    tool=st.sampled_from(["query_logs", "query_metrics", "lookup_knowledge", "custom_tool"]),
    cut=st.integers(min_value=5, max_value=200),
    success=st.booleans(),
)
def test_every_text_of_a_recorded_invocation_row_is_storable(text, escape, tool, cut, success) -> None:
    """INVOCATIONS.storable_by_construction: the writer binds these rows without a per-value check."""
    preview = (
        '{"success": true, "logTopic": "' + escape + text.replace('"', "") + '", "logs": [{"level": "ERROR", '
        '"service": "' + escape + '", "message": "' + escape + " " + text.replace('"', "") + '"}], '
        '"data": {"result": [{"metric": {"__name__": "' + escape + '"}, "value": [1, "' + escape + '"]}]}}'
    )[:cut]
    raw = Invocation(
        invocation_id="inv-1",
        session_id="s-1",
        tool_name=tool,
        input_params={"query": text, text or "k": [text, {"nested": text}], "topic": escape + text},
        duration_ms=5,
        success=success,
        output_state=OutputState.CAPTURED if success else OutputState.NOT_CAPTURED,
        output_preview=preview if success else "",
        error_message="" if success else "failed " + text + "\x00",
        error_kind=ErrorKind.UNSPECIFIED if success else ErrorKind.TIMEOUT,
        retrieval=Retrieval(layer=text, dedup_reason=text if tool == "lookup_knowledge" else "", details={text: text}),
        topic_domain=text,
    )
    recorder = Recorder(writer=None, limits=Limits())  # type: ignore[arg-type]  # builds rows only
    op, _ = recorder.prepare_invocation("default", recorder.normalize_invocation(raw), 0)
    for value in op.row.values:
        if isinstance(value, str):
            assert storable(value) == value, value
            value.encode("utf-8")
            assert "\x00" not in value


def test_the_read_mappers_build_the_same_values_as_the_constructors() -> None:
    """model.assemble skips __init__ on the read path; the values must not differ from constructed ones."""
    import dataclasses

    from evidence_trace.server.domain.model import ClassifiedRow, EvidenceRow, Outcome, RelevanceLevel

    row = ("inv-1", "query_logs", "payment", int(Outcome.DIRECT_SUPPORT), "d" * 32, "ex", "note", "preview", '{"q":1}')
    row += (int(RelevanceLevel.HIGH), "", 0, 120, "java_query_logs", 1_767_000_000_000_000)
    classified, evidence = INVOCATIONS.evidence(row, 16384)
    assert classified == ClassifiedRow("inv-1", "query_logs", "payment", Outcome.DIRECT_SUPPORT, "d" * 32, "ex", "note")
    assert evidence == EvidenceRow(
        "inv-1",
        "query_logs",
        Outcome.DIRECT_SUPPORT,
        "preview",
        relevance=RelevanceLevel.HIGH,
        duration_ms=120,
        params_json='{"q":1}',
        format_id="java_query_logs",
        start_us=1_767_000_000_000_000,
    )
    assert evidence.params == {"q": 1}
    for value in (classified, evidence):
        assert set(vars(value)) >= {f.name for f in dataclasses.fields(value)}
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.tool_name = "x"  # type: ignore[misc]
