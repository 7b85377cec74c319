"""A PostgreSQL outage is survivable: UNAVAILABLE with a retry hint meanwhile, service resumes after."""

from __future__ import annotations

import urllib.parse

import grpc
import pytest
from builders import invocation
from conftest import make_settings, postgres_url_or_skip
from tcpproxy import TcpProxy

from evidence_trace.client import error_from_rpc
from evidence_trace.server.app import create_server
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

pytestmark = pytest.mark.postgres


@pytest.fixture
def proxied():
    url = urllib.parse.urlparse(postgres_url_or_skip())
    proxy = TcpProxy(url.hostname, url.port or 5432)
    running = create_server(make_settings(url._replace(netloc=f"{url.username}@127.0.0.1:{proxy.port}").geturl()))
    yield running, proxy
    proxy.restore()
    running.stop(grace=1)
    proxy.close()


def test_outage_is_unavailable_then_service_resumes_without_loss(proxied):
    running, proxy = proxied
    acknowledged, refused = [], []
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        stub = pb_grpc.EvidenceTraceServiceStub(channel)

        def attempt(invocation_id: str) -> None:
            try:
                stub.RecordInvocation(
                    pb.RecordInvocationRequest(invocation=invocation(invocation_id=invocation_id)), timeout=15
                )
                acknowledged.append(invocation_id)
            except grpc.RpcError as err:
                refused.append(err)

        for i in range(5):
            attempt(f"before-{i}")
        proxy.cut()
        for i in range(5):
            attempt(f"during-{i}")
        assert not any(i.startswith("during") for i in acknowledged)
        assert len(refused) == 5
        assert {err.code() for err in refused} == {grpc.StatusCode.UNAVAILABLE}
        assert {error_from_rpc(err).reason for err in refused} == {"STORAGE_UNREACHABLE"}
        assert all((error_from_rpc(err).retry_delay or 0) > 0 for err in refused)
        with pytest.raises(grpc.RpcError) as read_during:
            stub.GetSession(pb.GetSessionRequest(session_id="s-1"), timeout=15)
        assert read_during.value.code() == grpc.StatusCode.UNAVAILABLE
        proxy.restore()
        # Service resumes on its own; the client's retries of the refused ids now land.
        for i in range(5):
            attempt(f"during-{i}")
            attempt(f"after-{i}")
        assert len(refused) == 5, [e.details() for e in refused[5:]]
        got = stub.GetSession(pb.GetSessionRequest(session_id="s-1"), timeout=15).session
        assert got.tool_call_count == len(acknowledged) == 15
