"""Secret redaction: the rules, their cost, and what the server stores and answers."""

from __future__ import annotations

import json
import logging
import re

import grpc
import pytest
from builders import bad_fields, failed_invocation, invocation, step
from conftest import make_settings
from hypothesis import given, settings
from hypothesis import strategies as st

from evidence_trace.server.app import create_server
from evidence_trace.server.domain.model import Decision, FallbackReason, Invocation, Retrieval, Verdict
from evidence_trace.server.domain.redaction import DEFAULT_REDACTOR, MARKER, Redactor
from evidence_trace.server.settings import SettingsError, load
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

R = DEFAULT_REDACTOR

TEXT_CASES = [
    ("Authorization: Bearer abcdefghijklmnop.qrs", "Authorization: Bearer [REDACTED]"),
    ('curl -H "Authorization: Basic dXNlcjpwYXNz" http://x', 'curl -H "Authorization: Basic [REDACTED]" http://x'),
    ('{"password": "hunter2", "user": "bob"}', '{"password": "[REDACTED]", "user": "bob"}'),
    ("db_password=s3cr3t; other=1", "db_password=[REDACTED]; other=1"),
    ("access_token: abc.def", "access_token: [REDACTED]"),
    ("api_key: 'abc123'", "api_key: '[REDACTED]'"),
    ("X-Api-Key=abc123&q=1", "X-Api-Key=[REDACTED]&q=1"),
    ("client_secret=abc", "client_secret=[REDACTED]"),
    (
        "connect postgresql://evidence:PaSsW0rd@db.internal:5432/x failed",
        "connect postgresql://evidence:[REDACTED]@db.internal:5432/x failed",
    ),
    ("key sk-proj-abcdefghijklmnopqrstuvwxyz012345 leaked", "key [REDACTED] leaked"),
    ("stripe sk_live_abcdefghijklmnop1234", "stripe [REDACTED]"),
    ("AKIAIOSFODNN7EXAMPLE", MARKER),
    ("gh token ghp_" + "a" * 36, "gh token [REDACTED]"),
    ("xoxb-123456789012-abcdefghij", MARKER),
    ("AIza" + "b" * 35, MARKER),
    ("glpat-abcdefghijklmnopqrstuv", MARKER),
    ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", MARKER),
    ("-----BEGIN RSA PRIVATE KEY-----\nMIIEabc\n-----END RSA PRIVATE KEY-----\nafter", "[REDACTED]\nafter"),
    ("cut: -----BEGIN OPENSSH PRIVATE KEY-----\nMIIEabc", "cut: [REDACTED]"),
    ("PASSWORD=Hunter2 İstanbul", "PASSWORD=[REDACTED] İstanbul"),  # lower() changes the length here
]

_PREVIEW = json.dumps(
    {
        "total": 8,
        "logs": [
            {
                "level": "ERROR",
                "service": "payment-service",
                "ts": f"2026-11-30T10:00:0{i}Z",
                "message": f"upstream timeout after 30s on /v1/charge id={i}",
            }
            for i in range(8)
        ],
    }
)[:1024]

UNTOUCHED = [
    "max_tokens=5 token_count: 3 tokenizer=x",
    "token validation failed after basic authentication",
    "task-abcdefghijklmnopqrstuvwxyz0123 started",
    "mail bob@example.com at http://x.y/z",
    "2026-11-30T10:00:01Z ERROR payment-service upstream timeout after 30s",
    "",
    _PREVIEW,  # a kilobyte of log lines: the common case copies nothing
    _PREVIEW.replace("service", "key", 1),  # a word the pair rules look for, without a value
]


@pytest.mark.parametrize("text, expected", TEXT_CASES)
def test_text_rules_replace_secrets_and_keep_the_context(text, expected):
    assert R.text(text) == expected


_RULE_FRAGMENTS = [c[0] for c in TEXT_CASES] + [
    "Token=abc",
    "SECRET_KEY: x",
    "Bearer  abcdefghij",
    "https://u:p@h",
    "PRIVATE-KEY=1",
    "Credentials = 'q'",
    "ASIA" + "A" * 16,
    "github_pat_" + "b" * 22,
]


@settings(max_examples=400, deadline=None)
@given(
    before=st.text(max_size=12),
    fragment=st.sampled_from(_RULE_FRAGMENTS),
    cut=st.integers(min_value=0, max_value=60),
    after=st.text(max_size=12),
    upper=st.booleans(),
)
def test_the_one_trigger_search_never_skips_a_text_a_rule_would_change(before, fragment, cut, after, upper):
    """The combined trigger search is only a shortcut: with or without it, every text redacts the same."""
    text = before + (fragment.upper() if upper else fragment)[: max(cut, 1)] + after
    rules_only = Redactor()
    rules_only._trigger = re.compile("")  # matches every text: all rules run
    assert R.text(text) == rules_only.text(text)


@settings(max_examples=300, deadline=None)
@given(
    params=st.dictionaries(
        st.sampled_from(["query", "logTopic", "password", "apiKey", "region", "sk-proj-" + "k" * 24, "limit"]),
        st.one_of(
            st.integers(),
            st.none(),
            st.booleans(),
            st.sampled_from(_RULE_FRAGMENTS + ["level:ERROR", "cn-shanghai", "x\x00y", "İstanbul"]),
            st.text(max_size=8),
        ),
        max_size=5,
    )
)
def test_flat_params_are_redacted_the_same_with_the_one_joined_check(params):
    """The joined check over a flat object's keys and texts is only a shortcut for value by value."""
    rules_only = Redactor()
    rules_only._trigger = re.compile("")  # every text looks suspect: value by value, every rule
    assert R.value(params) == rules_only.value(params)
    if R.value(params) == params:
        assert R.value(params) is params  # nothing redacted: nothing copied


@pytest.mark.parametrize("text", UNTOUCHED)
def test_text_without_secrets_is_returned_as_is(text):
    assert R.text(text) is text


def test_secret_keys_at_any_depth_and_inside_lists():
    params = {
        "query": "level:ERROR",
        "apiKey": "k",
        "max_tokens": 5,
        "author": "me",
        "nested": [{"DB_PASSWORD": 1, "x": "Bearer abcdefghijkl"}, {"credentials": {"user": "u"}}],
        "X-Api-Key": "q",
        "aws_secret_access_key": "z",
        "headers": {"Authorization": "Basic abc"},
    }
    assert R.value(params) == {
        "query": "level:ERROR",
        "apiKey": MARKER,
        "max_tokens": 5,
        "author": "me",
        "nested": [{"DB_PASSWORD": MARKER, "x": "Bearer [REDACTED]"}, {"credentials": MARKER}],
        "X-Api-Key": MARKER,
        "aws_secret_access_key": MARKER,
        "headers": {"Authorization": MARKER},
    }
    clean = {"query": "level:ERROR", "logTopic": "payment", "limit": [1, 2]}
    assert R.value(clean) is clean


def test_extra_keys_and_patterns_are_configurable():
    redactor = Redactor(extra_keys=["tenant_pin", "ssn"], extra_patterns=[r"\bcorp-[0-9a-f]{8}\b"])
    assert redactor.value({"tenantPin": 1234, "SSN": "x", "pin": 1}) == {"tenantPin": MARKER, "SSN": MARKER, "pin": 1}
    assert redactor.text("id corp-deadbeef here") == "id [REDACTED] here"
    settings = load(
        env={
            "EVIDENCE_TRACE_REDACT_KEYS": "tenant_pin, ssn",
            "EVIDENCE_TRACE_REDACT_PATTERNS": json.dumps([r"\bcorp-[0-9a-f]{8}\b"]),
        }
    )
    assert settings.redact_keys == ("tenant_pin", "ssn")
    assert settings.redact_patterns == (r"\bcorp-[0-9a-f]{8}\b",)
    with pytest.raises(SettingsError, match="redact_patterns"):
        load(env={"EVIDENCE_TRACE_REDACT_PATTERNS": json.dumps(["(unclosed"])})


def test_a_secret_straddling_the_preview_bound_is_redacted_whole():
    secret = "sk-proj-" + "Z" * 40
    inv = Invocation("i", "s", "t", output_preview="x" * 990 + " " + secret + " tail")
    out = R.invocation(inv, preview_chars=1000 + 1024)
    assert secret[:12] not in out.output_preview and MARKER in out.output_preview
    long = R.invocation(Invocation("i", "s", "t", output_preview="y" * 5000), preview_chars=3000)
    assert len(long.output_preview) == 3000 and long.output_truncated


def test_invocation_retrieval_and_verdict_fields_are_redacted():
    inv = Invocation(
        "i",
        "s",
        "t",
        input_params={"password": "p"},
        error_message="token=abc",
        retrieval=Retrieval(dedup_reason="same as Bearer abcdefghijk", details={"api_key": "x", "doc": "ok"}),
    )
    out = R.invocation(inv, 100)
    assert out.input_params == {"password": MARKER}
    assert out.error_message == "token=[REDACTED]"
    assert out.retrieval.dedup_reason == "same as Bearer [REDACTED]"
    assert out.retrieval.details == {"api_key": MARKER, "doc": "ok"}
    verdict = Verdict(
        Decision.ACCEPT,
        ("saw password=hunter2",),
        0.9,
        FallbackReason.NONE,
        "caller",
        "ok",
        raw_output='{"reasons": ["saw password=hunter2"]}',
    )
    redacted = R.verdict(verdict)
    assert "hunter2" not in redacted.raw_output + "".join(redacted.reasons)


# -- through the server ------------------------------------------------------------


@pytest.fixture
def stub_and_server(db_url):
    running = create_server(make_settings(db_url, redact_keys=("tenant_pin",)))
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        yield pb_grpc.EvidenceTraceServiceStub(channel), running
    running.stop(grace=1)


def test_stored_rows_are_redacted_and_resends_stay_duplicates(stub_and_server):
    stub, _ = stub_and_server
    sent = invocation(
        invocation_id="sec-1",
        input_params={"query": "x", "password": "hunter2", "tenant_pin": 7},
        output_preview="login with Bearer abcdefghijklmnop ok",
    )
    first = stub.RecordInvocation(pb.RecordInvocationRequest(invocation=sent), timeout=10)
    assert first.outcome == pb.RECORD_OUTCOME_CREATED
    assert first.invocation.output_preview == "login with Bearer [REDACTED] ok"
    assert dict(first.invocation.input_params) == {"query": "x", "password": MARKER, "tenant_pin": MARKER}
    again = stub.RecordInvocation(pb.RecordInvocationRequest(invocation=sent), timeout=10)
    assert again.outcome == pb.RECORD_OUTCOME_DUPLICATE
    failed = failed_invocation(invocation_id="sec-2", error_message="auth failed for token=abc123")
    stored = stub.RecordInvocation(pb.RecordInvocationRequest(invocation=failed), timeout=10).invocation
    assert stored.error_message == "auth failed for token=[REDACTED]"
    recorded = stub.RecordAgentStep(
        pb.RecordAgentStepRequest(step=step(step_id="sec-3", detail="using api_key=abc", error_message="password: x")),
        timeout=10,
    ).step
    assert (recorded.detail, recorded.error_message) == ("using api_key=[REDACTED]", "password: [REDACTED]")


def test_chat_never_shows_the_verifier_or_the_user_a_secret(stub_and_server):
    stub, _ = stub_and_server
    stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id="chat-sec")), timeout=10)
    answer = stub.Chat(
        pb.ChatRequest(
            session_id="chat-sec",
            question="why? my token: abc123",
            draft_answer="a timeout; password=hunter2",
            verifier_output='{"decision": "ACCEPT", "reasons": ["seen api_key=zzz"], "confidence": 0.9}',
        ),
        timeout=10,
    )
    assert answer.decision.decision == pb.DECISION_ACCEPT
    shown = answer.output_text + "".join(answer.decision.reasons)
    assert "hunter2" not in shown and "zzz" not in shown and MARKER in shown


def test_every_free_text_field_is_redacted(stub_and_server):
    stub, _ = stub_and_server
    sent = invocation(
        invocation_id="sec-4",
        tool_name="lookup_knowledge",
        input_params={"query": "q"},
        topic_domain="payments token=tpc123",
        output_preview="ok",
    )
    sent.retrieval.retrieval_layer = "L0 password=lyr123"
    sent.retrieval.details.update({"note": "x", "Bearer abcdefghijklmnop": 1})
    stored = stub.RecordInvocation(pb.RecordInvocationRequest(invocation=sent), timeout=10).invocation
    assert stored.topic_domain == "payments token=[REDACTED]"
    assert stored.retrieval.retrieval_layer == "L0 password=[REDACTED]"
    assert set(stored.retrieval.details) == {"note", "Bearer [REDACTED]"}
    recorded = stub.RecordAgentStep(
        pb.RecordAgentStepRequest(step=step(step_id="sec-5", name="call with token=nme123")), timeout=10
    ).step
    assert recorded.name == "call with token=[REDACTED]"


@pytest.mark.parametrize("field", ["session_id", "invocation_id", "tool_name"])
def test_an_identifier_holding_a_secret_is_refused_not_stored(stub_and_server, field):
    stub, _ = stub_and_server
    secret = "ghp_" + "a1B2c3D4e5" * 4  # a GitHub token: a valid id and tool name by shape
    with pytest.raises(grpc.RpcError) as caught:
        stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(**{field: secret})), timeout=10)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert bad_fields(caught.value) == [f"invocation.{field}"]
    with pytest.raises(grpc.RpcError) as caught:
        stub.RecordAgentStep(pb.RecordAgentStepRequest(step=step(step_id=secret)), timeout=10)
    assert bad_fields(caught.value) == ["step.step_id"]


def test_peewee_never_logs_bound_values_at_debug(stub_and_server, caplog):
    stub, _ = stub_and_server
    caplog.set_level(logging.DEBUG, logger="peewee")
    stub.RecordInvocation(
        pb.RecordInvocationRequest(
            invocation=invocation(session_id="log-1", output_preview="row-text-zq81 only in the row")
        ),
        timeout=10,
    )
    stub.GetSession(pb.GetSessionRequest(session_id="log-1"), timeout=10)
    peewee_lines = [r.getMessage() for r in caplog.records if r.name == "peewee"]
    assert any("INSERT INTO tool_invocation" in line for line in peewee_lines)
    assert not any("row-text-zq81" in line or "log-1" in line for line in peewee_lines)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('"Authorization": "Bearer {{ CART_API_TOKEN }}"', '"Authorization": "Bearer {{ CART_API_TOKEN }}"'),
        ("Authorization: Bearer {{ CART_API_TOKEN }}", "Authorization: Bearer {{ CART_API_TOKEN }}"),
        ("db_password=${DB_PASSWORD}", "db_password=${DB_PASSWORD}"),
        ("password: ${{ secrets.DB_PASSWORD }}", "password: ${{ secrets.DB_PASSWORD }}"),
        ("token=$(VAULT_TOKEN)", "token=$(VAULT_TOKEN)"),
        ("send `Authorization: Bearer {{ CART_API_TOKEN }}`.", "send `Authorization: Bearer {{ CART_API_TOKEN }}`."),
        # a value that is no placeholder, or more than one, is still a secret
        ("token=$GH_TOKEN", f"token={MARKER}"),
        ("password=$ecretPa55", f"password={MARKER}"),
        ('"Authorization": "Bearer abc123def456ghi"', f'"Authorization": "{MARKER}"'),
        ("token=$(cat /run/secrets/t)", f"token={MARKER}"),
    ],
)
def test_a_template_placeholder_is_a_reference_not_a_secret(text, expected):
    assert R.text(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a draft's markdown label after a key word is markup, and a row of asterisks is already a mask
        ("**Token:** expired at 03:12 UTC", "**Token:** expired at 03:12 UTC"),
        ("the **credential:** `GET /user` returns 401", "the **credential:** `GET /user` returns 401"),
        ("**Token:** 已在 03:12 过期", "**Token:** 已在 03:12 过期"),
        ("password: ****", "password: ****"),
        # a value inside the markup is still a secret
        ("password:**hunter2**", f"password:{MARKER}"),
        ("**token:**ghx_9f3a7c21d8e4", f"**token:{MARKER}"),
    ],
)
def test_markdown_emphasis_after_a_key_word_is_no_secret(text, expected):
    assert R.text(text) == expected


def test_a_secret_key_holding_a_placeholder_keeps_it_and_one_holding_a_value_does_not():
    params = {"headers": {"Authorization": "Bearer {{ CART_API_TOKEN }}", "X-Api-Key": "k-29f0c1b7e4"}}
    assert R.value(params) == {"headers": {"Authorization": "Bearer {{ CART_API_TOKEN }}", "X-Api-Key": MARKER}}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Failed to load secret db-password: com.google.api.gax.rpc.PermissionDeniedException: denied",
            "Failed to load secret db-password: com.google.api.gax.rpc.PermissionDeniedException: denied",
        ),
        (
            "db_password: org.postgresql.util.PSQLException: FATAL",
            "db_password: org.postgresql.util.PSQLException: FATAL",
        ),
        # a value that is no exception's qualified name is still a secret
        ("password=com.example.Hunter2", f"password={MARKER}"),
        ("db_password: s3cr3t-Pa55", f"db_password: {MARKER}"),
    ],
)
def test_an_exception_class_after_a_secret_s_name_is_what_went_wrong_not_a_secret(text, expected):
    assert R.text(text) == expected
