"""`evidence-trace health`'s one call: the standard health service, and the cause the server gives.

The SDK does not wrap grpc.health.v1, so the check runs on the SDK client's
channel; a NOT_SERVING answer carries its cause in trailing metadata
(server/rpc/health.py).
"""

from __future__ import annotations

from typing import Optional

from grpc_health.v1 import health_pb2, health_pb2_grpc

from evidence_trace.client import EvidenceTraceClient, NotFoundError
from evidence_trace.client.rpcs import auth_metadata, typed_errors
from evidence_trace.server.rpc.health import HEALTH_CAUSE_KEY


def check(client: EvidenceTraceClient, service: str, timeout: float, token: Optional[str]) -> Optional[tuple[int, str]]:
    """(status, cause: "" unless the server gave one) of `service`; None when the server does not host it."""
    try:
        with typed_errors():
            response, call = health_pb2_grpc.HealthStub(client.channel).Check.with_call(
                health_pb2.HealthCheckRequest(service=service), timeout=timeout, metadata=auth_metadata(token)
            )
    except NotFoundError:  # the health service answers a name it does not know with a bare NOT_FOUND
        return None
    return response.status, str(dict(call.trailing_metadata() or ()).get(HEALTH_CAUSE_KEY, ""))
