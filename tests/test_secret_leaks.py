"""Secrets planted in params, previews, errors, steps and Chat are found nowhere afterwards:
not in the database file, not in its WAL file, not in the server's DEBUG log."""

from __future__ import annotations

import secrets

import grpc
import pytest
from builders import failed_invocation, invocation, step
from serverproc import ServerProcess
from tenants import TOKENS, bearer, write_token_file

from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

pytestmark = pytest.mark.slow


def _planted() -> dict[str, str]:
    """Secret name -> the unique text that must never be stored or logged."""
    r = secrets.token_hex(12)
    return {
        "param password": f"pw{r}a",
        "param nested api key": f"nk{r}b",
        "preview bearer": f"bt{r}c",
        "preview openai key": f"sk-proj-{r}{r}",
        "preview aws key": "AKIA" + r[:16].upper(),
        "preview pem": f"MIIEpem{r}",
        "error password pair": f"ep{r}d",
        "error url password": f"up{r}e",
        "step detail github": "ghp_" + (r * 3)[:36],
        "step error token": f"st{r}f",
        "chat question": f"cq{r}g",
        "chat draft": f"cd{r}h",
        "chat verifier output": f"cv{r}i",
        "retrieval details": f"rd{r}j",
    }


def test_planted_secrets_reach_neither_disk_nor_log(tmp_path, fault_report):
    path = tmp_path / "et.db"
    s = _planted()
    env = {"EVIDENCE_TRACE_TOKENS_FILE": str(write_token_file(tmp_path))}
    with ServerProcess(f"sqlite:///{path}", "--log-level", "DEBUG", env=env) as server:
        with grpc.insecure_channel(server.address) as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            md = bearer("acme")
            planted = invocation(
                invocation_id="leak-1",
                session_id="leaks",
                input_params={
                    "query": "level:ERROR",
                    "password": s["param password"],
                    "auth": {"headers": [{"X-Api-Key": s["param nested api key"]}]},
                },
                output_preview=(
                    f"GET /x Authorization: Bearer {s['preview bearer']} -> key "
                    f"{s['preview openai key']} and {s['preview aws key']}\n-----BEGIN PRIVATE KEY-----\n"
                    f"{s['preview pem']}\n-----END PRIVATE KEY-----"
                ),
            )
            planted.retrieval.details.update({"client_secret": s["retrieval details"]})
            stub.RecordInvocation(pb.RecordInvocationRequest(invocation=planted), timeout=10, metadata=md)
            stub.RecordInvocation(
                pb.RecordInvocationRequest(
                    invocation=failed_invocation(
                        invocation_id="leak-2",
                        session_id="leaks",
                        error_message=(
                            f"login failed: password={s['error password pair']} at "
                            f"postgresql://app:{s['error url password']}@db:5432/x"
                        ),
                    )
                ),
                timeout=10,
                metadata=md,
            )
            stub.RecordAgentStep(
                pb.RecordAgentStepRequest(
                    step=step(
                        session_id="leaks",
                        detail=f"cloning with {s['step detail github']}",
                        error_message=f"token: {s['step error token']}",
                    )
                ),
                timeout=10,
                metadata=md,
            )
            stub.Chat(
                pb.ChatRequest(
                    session_id="leaks",
                    question=f"why? my token={s['chat question']}",
                    draft_answer=f"a timeout; api_key={s['chat draft']}",
                    verifier_output=(
                        '{"decision": "LOW_CONFID", "reasons": ["saw secret=' + s["chat verifier output"] + '"]}'
                    ),
                ),
                timeout=10,
                metadata=md,
            )
            # Failed authentication attempts log no token either.
            for bad in (TOKENS["acme"] + "x", "Bearer " + TOKENS["globex"][::-1]):
                try:
                    stub.GetSession(
                        pb.GetSessionRequest(session_id="leaks"),
                        timeout=10,
                        metadata=(("authorization", f"Bearer {bad}"),),
                    )
                except grpc.RpcError:
                    pass
            stored = stub.GetSession(pb.GetSessionRequest(session_id="leaks"), timeout=10, metadata=md).session
            # Read the files while the server holds them open: the WAL has not been checkpointed away.
            files = {p.name: p.read_bytes() for p in tmp_path.glob("et.db*")}
        server.terminate()
    files.update({p.name + " (after exit)": p.read_bytes() for p in tmp_path.glob("et.db*")})
    log = "".join(server.output)
    needles = {**s, **{f"bearer token of {t}": tok for t, tok in TOKENS.items()}}
    leaks = [
        (name, where)
        for name, needle in needles.items()
        for where, blob in [*files.items(), ("server log", log.encode())]
        if needle.encode() in blob
    ]
    fault_report(
        secrets_planted=len(s),
        tokens_checked=len(TOKENS),
        places_searched=sorted([*files, "server log"]),
        log_lines=len(server.output),
        leaks=len(leaks),
    )
    # The log really is at DEBUG and shows the statements run, never their bound values (rows);
    # the WAL file really was read.
    assert "DEBUG" in log and "INSERT INTO tool_invocation" in log and "et.db-wal" in files
    assert "[REDACTED]" not in log  # redacted rows are not logged either: no value is
    assert (stored.tool_call_count, stored.step_count, stored.evaluation_count) == (2, 1, 1)
    assert leaks == []
