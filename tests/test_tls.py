"""TLS and mutual TLS are settings; certificates are made in the test."""

from __future__ import annotations

import grpc
import pytest
from builders import invocation
from certs import CertificateAuthority
from conftest import make_settings

from evidence_trace.server.app import create_server
from evidence_trace.server.settings import SettingsError
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc


@pytest.fixture
def ca(tmp_path) -> CertificateAuthority:
    return CertificateAuthority(tmp_path)


def _record(channel: grpc.Channel) -> int:
    stub = pb_grpc.EvidenceTraceServiceStub(channel)
    return stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation()), timeout=10).outcome


def test_tls_serves_clients_that_trust_the_ca(ca, sqlite_url):
    server_pem = ca.issue("server", "localhost", server=True)
    running = create_server(make_settings(sqlite_url, tls_cert=str(server_pem.cert), tls_key=str(server_pem.key)))
    try:
        creds = grpc.ssl_channel_credentials(root_certificates=ca.pem.cert.read_bytes())
        with grpc.secure_channel(f"127.0.0.1:{running.port}", creds) as channel:
            assert _record(channel) == pb.RECORD_OUTCOME_CREATED
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as plaintext:
            with pytest.raises(grpc.RpcError) as caught:
                _record(plaintext)
            assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
    finally:
        running.stop(grace=0)


def test_mutual_tls_requires_a_client_certificate_from_the_client_ca(ca, tmp_path, sqlite_url):
    server_pem = ca.issue("server", "localhost", server=True)
    client_pem = ca.issue("client", "agent-runtime", server=False)
    stranger_ca = CertificateAuthority(tmp_path, name="stranger CA")
    stranger_pem = stranger_ca.issue("stranger", "stranger", server=False)
    running = create_server(
        make_settings(
            sqlite_url, tls_cert=str(server_pem.cert), tls_key=str(server_pem.key), tls_client_ca=str(ca.pem.cert)
        )
    )
    address = f"127.0.0.1:{running.port}"
    root = ca.pem.cert.read_bytes()
    try:
        key, cert = client_pem.key.read_bytes(), client_pem.cert.read_bytes()
        with grpc.secure_channel(address, grpc.ssl_channel_credentials(root, key, cert)) as channel:
            assert _record(channel) == pb.RECORD_OUTCOME_CREATED
        refused = []
        for creds in (
            grpc.ssl_channel_credentials(root),
            grpc.ssl_channel_credentials(root, stranger_pem.key.read_bytes(), stranger_pem.cert.read_bytes()),
        ):
            with grpc.secure_channel(address, creds) as channel:
                with pytest.raises(grpc.RpcError) as caught:
                    _record(channel)
                refused.append(caught.value.code())
        assert refused == [grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.UNAVAILABLE]
    finally:
        running.stop(grace=0)


def test_tls_settings_are_checked(ca, tmp_path):
    pem = ca.issue("server", "localhost", server=True)
    with pytest.raises(SettingsError, match="both"):
        make_settings("sqlite:///x.db", tls_cert=str(pem.cert))
    with pytest.raises(SettingsError, match="needs tls_cert"):
        make_settings("sqlite:///x.db", tls_client_ca=str(ca.pem.cert))
    with pytest.raises(SettingsError, match="cannot read"):
        make_settings("sqlite:///x.db", tls_cert=str(tmp_path / "missing.crt"), tls_key=str(pem.key))
