"""Tenants for tests: a token file with one token per tenant, and a server that reads it."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Iterator

import grpc
import pytest
from conftest import make_settings

from evidence_trace.server.app import RunningServer, create_server
from evidence_trace.server.rpc.tokens import hash_token
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

TOKENS = {"acme": "acme-token-0123456789abcdef", "globex": "globex-token-0123456789abcdef"}


def write_token_file(folder: Path, tokens: dict[str, str] = TOKENS) -> Path:
    path = folder / "tokens"
    path.write_text("# tenant sha256(token)\n" + "".join(f"{t} {hash_token(tok)}\n" for t, tok in tokens.items()))
    return path


def bearer(tenant: str) -> tuple[tuple[str, str], ...]:
    """Call metadata authenticating as `tenant`."""
    return (("authorization", f"Bearer {TOKENS[tenant]}"),)


@dataclasses.dataclass
class TenantServer:
    running: RunningServer
    channel: grpc.Channel

    @property
    def stub(self) -> pb_grpc.EvidenceTraceServiceStub:
        return pb_grpc.EvidenceTraceServiceStub(self.channel)


@pytest.fixture
def tenant_server(db_url, tmp_path) -> Iterator[TenantServer]:
    """A server on each backend with tokens for tenants acme and globex."""
    running = create_server(make_settings(db_url, tokens_file=str(write_token_file(tmp_path))))
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        yield TenantServer(running, channel)
    running.stop(grace=1)
