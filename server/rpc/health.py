"""The standard grpc.health.v1 service, saying why a service is not serving.

A `HealthCheckResponse` has nothing but a status, so a `Check` that answers
NOT_SERVING also sends the reason as trailing metadata (`HEALTH_CAUSE_KEY`),
which `evidence-trace health` prints; load balancers and `grpc_health_probe`
read the status as usual and ignore it.
"""

from __future__ import annotations

from typing import Callable

import grpc
from grpc_health.v1 import health, health_pb2

#: The trailing metadata key of a NOT_SERVING answer's cause (ASCII; other characters escaped).
HEALTH_CAUSE_KEY = "evidence-trace-health-cause"


class ExplainedHealth(health.HealthServicer):
    """grpc_health's servicer; `cause(service)` is asked why when a Check answers NOT_SERVING."""

    def __init__(self, cause: Callable[[str], str]):
        super().__init__(experimental_non_blocking=True)
        self._cause = cause

    def set_serving(self, services: tuple[str, ...], serving: bool) -> None:
        """Every one of `services` SERVING or NOT_SERVING (ignored once shutting down)."""
        status = health_pb2.HealthCheckResponse.SERVING if serving else health_pb2.HealthCheckResponse.NOT_SERVING
        for name in services:
            self.set(name, status)

    def Check(self, request: health_pb2.HealthCheckRequest, context: grpc.ServicerContext):
        response = super().Check(request, context)
        if response.status == health_pb2.HealthCheckResponse.NOT_SERVING:
            cause = self._cause(request.service)
            if cause:
                text = cause.encode("ascii", "backslashreplace").decode("ascii").replace("\n", " ")
                context.set_trailing_metadata(((HEALTH_CAUSE_KEY, text),))
        return response
