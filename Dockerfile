# syntax=docker/dockerfile:1
# Build stage: install evidence-trace and its dependencies into a virtual
# environment. Every dependency ships a manylinux wheel, so no compiler is needed.
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/evidence-trace
WORKDIR /src
COPY pyproject.toml README.md ./
COPY protos ./protos
COPY generated ./generated
COPY server ./server
COPY client ./client
RUN /opt/evidence-trace/bin/pip install --no-compile ".[postgres]"

# Final stage: the virtual environment only (no pip cache, no sources, no build
# tools), a non-root user, SQLite in a volume by default.
FROM python:3.11-slim
RUN groupadd --system --gid 10001 evidence \
 && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/evidence-trace --create-home evidence
COPY --from=build /opt/evidence-trace /opt/evidence-trace
ENV PATH=/opt/evidence-trace/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    EVIDENCE_TRACE_LISTEN=0.0.0.0:50051 \
    EVIDENCE_TRACE_METRICS_LISTEN=0.0.0.0:9464 \
    EVIDENCE_TRACE_DATABASE_URL=sqlite:////var/lib/evidence-trace/evidence-trace.db
USER 10001:10001
WORKDIR /var/lib/evidence-trace
VOLUME ["/var/lib/evidence-trace"]
EXPOSE 50051 9464
# The standard gRPC health service, through the CLI: no extra probe binary.
# --local checks the port of EVIDENCE_TRACE_LISTEN, so the check follows a
# changed listening address (a wildcard host is checked on loopback).
HEALTHCHECK --interval=10s --timeout=5s --start-period=10s --retries=3 \
    CMD ["evidence-trace", "health", "--local", "--timeout", "3"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["evidence-trace"]
CMD ["serve"]
