# syntax=docker/dockerfile:1
# Build stage: build a wheel of evidence-trace with its dependencies.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY protos ./protos
COPY generated ./generated
COPY server ./server
COPY client ./client
RUN pip install --no-cache-dir --upgrade pip==25.3 \
 && pip wheel --no-cache-dir --wheel-dir /wheels ".[postgres]"

# Final stage: the wheels only, a non-root user, SQLite in a volume by default.
FROM python:3.11-slim
RUN useradd --system --uid 10001 --home-dir /var/lib/evidence-trace --create-home evidence
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index --find-links=/wheels evidence-trace[postgres] \
 && rm -rf /wheels
USER evidence
WORKDIR /var/lib/evidence-trace
VOLUME ["/var/lib/evidence-trace"]
ENV EVIDENCE_TRACE_LISTEN=0.0.0.0:50051 \
    EVIDENCE_TRACE_DATABASE_URL=sqlite:////var/lib/evidence-trace/evidence-trace.db
EXPOSE 50051
STOPSIGNAL SIGTERM
ENTRYPOINT ["evidence-trace"]
CMD ["serve"]
