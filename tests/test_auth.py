"""Authentication: tokens map to tenants, stored hashed; without tokens only loopback clients are served."""

from __future__ import annotations

import io
import logging

import grpc
import pytest
from builders import invocation
from conftest import make_settings
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from tenants import TOKENS, bearer, tenant_server, write_token_file  # noqa: F401  (fixture)

from evidence_trace.client import error_from_rpc
from evidence_trace.server.app import create_server
from evidence_trace.server.cli import main as cli
from evidence_trace.server.domain.errors import Unauthenticated
from evidence_trace.server.rpc.auth import Authenticator, is_loopback_peer, startup_warnings
from evidence_trace.server.rpc.tokens import TokenFileError, hash_token, parse_tokens
from evidence_trace.server.settings import SettingsError
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

# -- the token file ----------------------------------------------------------------


def test_token_file_maps_hashed_tokens_to_tenants():
    table = parse_tokens(
        f"# comment\n\nacme {hash_token('a1')}\nacme {hash_token('a2')}\nglobex {hash_token('g1').upper()}\n"
    )
    assert [table.tenant_for(t) for t in ("a1", "a2", "g1", "nope", "")] == ["acme", "acme", "globex", None, None]
    assert table.tenants == {"acme", "globex"}


@pytest.mark.parametrize(
    "text, problem",
    [
        ("acme not-a-hash\n", "line 1"),
        (f"bad/tenant {hash_token('x')}\n", "line 1"),
        (f"acme {hash_token('x')}\nglobex {hash_token('x')}\n", "listed twice"),
        ("# only comments\n", "no tokens"),
    ],
)
def test_a_malformed_token_file_is_refused_at_start_up(tmp_path, text, problem):
    with pytest.raises(TokenFileError, match=problem):
        parse_tokens(text)
    path = tmp_path / "tokens"
    path.write_text(text)
    with pytest.raises(SettingsError, match=problem):
        make_settings("sqlite:///x.db", tokens_file=str(path))


def test_hash_token_prints_a_token_file_line(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("s3cret-token\n"))
    assert cli.main(["hash-token", "--tenant", "acme"]) == 0
    line = capsys.readouterr().out.strip()
    assert line == f"acme {hash_token('s3cret-token')}"
    assert parse_tokens(line).tenant_for("s3cret-token") == "acme"
    assert cli.main(["hash-token", "--generate", "--tenant", "acme"]) == 0
    token, generated = capsys.readouterr().out.splitlines()
    assert parse_tokens(generated).tenant_for(token) == "acme" and len(token) >= 40


# -- loopback-only without tokens ---------------------------------------------------


@pytest.mark.parametrize(
    "peer, loopback",
    [
        ("ipv4:127.0.0.1:5555", True),
        ("ipv4:127.8.9.10:1", True),
        ("ipv6:[::1]:5555", True),
        ("ipv6:%5B::1%5D:5555", True),
        ("ipv6:[::ffff:127.0.0.1]:80", True),
        ("unix:/tmp/s.sock", True),
        ("ipv4:10.0.0.5:5555", False),
        ("ipv6:[2001:db8::1]:5555", False),
        ("ipv4:0.0.0.0:1", False),
        ("ipv6:[::ffff:10.0.0.1]:80", False),
        ("", False),
        ("weird", False),
    ],
)
def test_loopback_peers(peer, loopback):
    assert is_loopback_peer(peer) is loopback


class _Context:
    def __init__(self, peer: str, metadata=()):
        self._peer, self._metadata = peer, metadata

    def peer(self) -> str:
        return self._peer

    def invocation_metadata(self):
        return self._metadata


def test_without_tokens_only_loopback_clients_are_served():
    auth = Authenticator(None)
    assert auth.authenticate(_Context("ipv4:127.0.0.1:4000")) == "default"
    with pytest.raises(Unauthenticated) as refused:
        auth.authenticate(_Context("ipv4:192.168.1.20:4000"))
    assert refused.value.reason == "LOOPBACK_ONLY"


def test_start_up_says_who_is_served(caplog, sqlite_url):
    assert startup_warnings(None, "127.0.0.1:50051") == [
        "no tokens configured (EVIDENCE_TRACE_TOKENS_FILE): only loopback clients are served, all as tenant 'default'"
    ]
    assert len(startup_warnings(None, "0.0.0.0:50051")) == 2
    with caplog.at_level(logging.WARNING, logger="evidence_trace.server"):
        running = create_server(make_settings(sqlite_url))
        running.stop(grace=0)
    assert any("only loopback clients are served" in r.getMessage() for r in caplog.records)


def test_ipv6_loopback_client_is_served_without_tokens(sqlite_url):
    try:
        running = create_server(make_settings(sqlite_url, listen="[::1]:0"))
    except (OSError, RuntimeError):
        pytest.skip("no IPv6 loopback here")
    try:
        with grpc.insecure_channel(f"[::1]:{running.port}") as channel:
            response = pb_grpc.EvidenceTraceServiceStub(channel).RecordInvocation(
                pb.RecordInvocationRequest(invocation=invocation()), timeout=10
            )
        assert response.outcome == pb.RECORD_OUTCOME_CREATED
    finally:
        running.stop(grace=0)


# -- with tokens ---------------------------------------------------------------------


def _code_and_reason(call) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value.code(), error_from_rpc(caught.value).reason


def test_calls_without_a_valid_token_are_unauthenticated(tenant_server):
    stub = tenant_server.stub
    request = pb.RecordInvocationRequest(invocation=invocation())
    assert _code_and_reason(lambda: stub.RecordInvocation(request, timeout=10)) == (
        grpc.StatusCode.UNAUTHENTICATED,
        "MISSING_CREDENTIALS",
    )
    for metadata in (
        (("authorization", "Bearer wrong-token"),),
        (("authorization", TOKENS["acme"]),),
        (("authorization", "Basic " + TOKENS["acme"]),),
    ):
        seen = _code_and_reason(lambda: stub.RecordInvocation(request, timeout=10, metadata=metadata))
        assert seen[0] == grpc.StatusCode.UNAUTHENTICATED and seen[1] in ("INVALID_CREDENTIALS", "MISSING_CREDENTIALS")
    ok = stub.RecordInvocation(request, timeout=10, metadata=bearer("acme"))
    assert ok.outcome == pb.RECORD_OUTCOME_CREATED


def test_health_needs_no_token_and_reflection_does(tenant_server):
    health = health_pb2_grpc.HealthStub(tenant_server.channel)
    assert health.Check(health_pb2.HealthCheckRequest(), timeout=10).status == health_pb2.HealthCheckResponse.SERVING
    reflection = reflection_pb2_grpc.ServerReflectionStub(tenant_server.channel)
    ask = [reflection_pb2.ServerReflectionRequest(list_services="")]
    with pytest.raises(grpc.RpcError) as caught:
        list(reflection.ServerReflectionInfo(iter(ask), timeout=10))
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
    answers = list(reflection.ServerReflectionInfo(iter(ask), timeout=10, metadata=bearer("acme")))
    names = {s.name for s in answers[0].list_services_response.service}
    assert "evidence_trace.v1.EvidenceTraceService" in names


def test_the_token_file_holds_no_token(tmp_path):
    text = write_token_file(tmp_path).read_text()
    assert all(token not in text for token in TOKENS.values())
