"""The OTLP/HTTP trace receiver: `POST /v1/traces` on the HTTP endpoint (docs/otlp.md).

An ASGI application that the wiring (`app.py`) mounts on the HTTP endpoint
beside the audit page and /metrics. It lives with the other protobuf transport
because it is the same receiver: the same guards (`AdmissionControl.admit`,
`Authenticator.tenant_for`), then the same `OtlpReceiver` as
TraceService/Export over gRPC (one protobuf -> span conversion, one mapping,
one recorder path), and errors through the one status table (`rpc/status.py`).

Following the OTLP/HTTP specification:

- the body is `application/x-protobuf` or `application/json` (OTLP's JSON
  mapping: hex trace and span ids, integer enums, lowerCamelCase names, unknown
  fields ignored), optionally `Content-Encoding: gzip`; other content types or
  encodings are 415;
- success is 200 with an `ExportTraceServiceResponse` in the request's
  encoding (`partial_success` as on gRPC);
- a failure is a `google.rpc.Status` in the request's encoding (protobuf when
  the encoding is not one we read): 400 for bad data, 401 without valid
  credentials, 413 over `max_bytes` (compressed or not), 429 when admission
  refuses and 503 when the store is busy or the server is draining, the last
  two with `Retry-After`.
"""

from __future__ import annotations

import base64
import json
import logging
import zlib
from typing import Any, Optional

from google.protobuf import json_format
from google.protobuf.message import Message
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2 as otlp_pb
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from evidence_trace.server.domain.errors import (
    EvidenceTraceError,
    MalformedRequest,
    TooLarge,
    UnsupportedMediaType,
    Violation,
)
from evidence_trace.server.rpc.admission import AdmissionControl
from evidence_trace.server.rpc.auth import Authenticator, is_loopback_address
from evidence_trace.server.rpc.decoding import decode
from evidence_trace.server.rpc.otlp import OtlpReceiver
from evidence_trace.server.rpc.status import http_status_for, retry_after_header, rich_status

log = logging.getLogger(__name__)

#: The path OTLP/HTTP exporters post traces to (OTEL_EXPORTER_OTLP_ENDPOINT + this).
TRACES_PATH = "/v1/traces"
PROTOBUF = "application/x-protobuf"
JSON = "application/json"
#: Counted (never sent) when the client went away before its body arrived, as nginx logs it.
CLIENT_CLOSED = 499

#: OTLP JSON fields holding bytes as hex (base64 in protobuf's own JSON mapping), by the message that has them.
_HEX_FIELDS = ("traceId", "spanId", "parentSpanId")


class OtlpHttpReceiver:
    """The ASGI application of `POST /v1/traces`."""

    def __init__(
        self,
        receiver: OtlpReceiver,
        admission: AdmissionControl,
        authenticator: Authenticator,
        max_bytes: int,
        commit_timeout_s: float,
    ):
        self._receiver = receiver
        self._admission = admission
        self._authenticator = authenticator
        self._max_bytes = max_bytes
        self._commit_timeout_s = commit_timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        if request.method != "POST":
            response = Response("POST OTLP trace data here\n", status_code=405, headers={"allow": "POST"})
        else:
            response = await self._export(request)
        self._receiver.outcomes.otlp_http_request(response.status_code)
        await response(scope, receive, send)

    async def _export(self, request: Request) -> Response:
        encoding = _encoding(request.headers.get("content-type", ""))
        try:
            slot = self._admission.admit()
        except EvidenceTraceError as exc:
            return _failure(exc, encoding or PROTOBUF)
        try:
            client = request.client.host if request.client else ""
            tenant = self._authenticator.tenant_for(is_loopback_address(client), request.headers.get("authorization"))
            if encoding is None:
                raise UnsupportedMediaType(
                    "UNSUPPORTED_MEDIA_TYPE",
                    f"send {PROTOBUF} or {JSON}, not {request.headers.get('content-type', 'no content type')!r}",
                )
            body = await self._body(request)
            coding = request.headers.get("content-encoding", "")
            response = await run_in_threadpool(self._decode_and_export, tenant, encoding, coding, body)
        except EvidenceTraceError as exc:
            log.info("OTLP/HTTP export refused (%s): %s", exc.reason, exc)
            return _failure(exc, encoding or PROTOBUF)
        except ClientDisconnect:
            log.info("OTLP/HTTP client went away before its body arrived; nothing recorded")
            return Response(status_code=CLIENT_CLOSED)
        except Exception as exc:
            log.exception("OTLP/HTTP export failed")
            return _failure(exc, encoding or PROTOBUF)
        finally:
            slot.release()
        return _message(200, response, encoding)

    def _decode_and_export(
        self, tenant: str, encoding: str, coding: str, body: bytes
    ) -> otlp_pb.ExportTraceServiceResponse:
        """Inflate, parse and record on a worker thread: the event loop goes on reading other requests."""
        export = _parsed(encoding, _decompressed(coding, body, self._max_bytes))
        return self._receiver.export(tenant, export, self._commit_timeout_s)

    async def _body(self, request: Request) -> bytes:
        """The body as sent, refused (TooLarge) as soon as it passes the limit."""
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self._max_bytes:
            raise _too_large(self._max_bytes)
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > self._max_bytes:
                raise _too_large(self._max_bytes)
            chunks.append(chunk)
        return b"".join(chunks)


def _encoding(content_type: str) -> Optional[str]:
    """PROTOBUF or JSON from a Content-Type (parameters such as charset allowed); None for any other."""
    media = content_type.split(";", 1)[0].strip().lower()
    return media if media in (PROTOBUF, JSON) else None


def _too_large(limit: int) -> TooLarge:
    return TooLarge("MESSAGE_TOO_LARGE", f"the export is over the limit of {limit} bytes", limit=str(limit))


def _decompressed(content_encoding: str, body: bytes, limit: int) -> bytes:
    """The body without its gzip coding (at most `limit` bytes once inflated); identity as is."""
    coding = content_encoding.strip().lower()
    if coding in ("", "identity"):
        return body
    if coding != "gzip":
        raise UnsupportedMediaType(
            "UNSUPPORTED_CONTENT_ENCODING", f"send the body as is or with Content-Encoding: gzip, not {coding!r}"
        )
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        inflated = inflater.decompress(body, limit + 1)
    except zlib.error as exc:
        raise MalformedRequest([Violation("body", f"not gzip data: {exc}")]) from None
    if len(inflated) > limit:
        raise _too_large(limit)
    if not inflater.eof:
        raise MalformedRequest([Violation("body", "the gzip data ends early")])
    return inflated


def _parsed(encoding: str, body: bytes) -> otlp_pb.ExportTraceServiceRequest:
    if encoding == PROTOBUF:
        return decode(otlp_pb.ExportTraceServiceRequest, body)
    try:
        document = json.loads(body)
        if not isinstance(document, dict):
            raise ValueError("the body is not a JSON object")
        _hex_ids_to_base64(document)
        return json_format.ParseDict(document, otlp_pb.ExportTraceServiceRequest(), ignore_unknown_fields=True)
    except (ValueError, RecursionError, json_format.ParseError) as exc:
        raise MalformedRequest([Violation("body", f"not an OTLP JSON ExportTraceServiceRequest: {exc}")]) from None


def _hex_ids_to_base64(document: dict) -> None:
    """OTLP JSON's hex trace and span ids (of spans and their links), rewritten as protobuf JSON's base64."""
    for r, resource_spans in _items(document, "resourceSpans"):
        for s, scope_spans in _items(resource_spans, "scopeSpans"):
            for i, span in _items(scope_spans, "spans"):
                path = f"resourceSpans[{r}].scopeSpans[{s}].spans[{i}]"
                _rewrite(span, path)
                for k, link in _items(span, "links"):
                    _rewrite(link, f"{path}.links[{k}]")


def _items(parent: Any, key: str) -> list[tuple[int, dict]]:
    """The objects of a JSON array field (anything else is left for the protobuf parser to refuse)."""
    values = parent.get(key) if isinstance(parent, dict) else None
    return [(n, v) for n, v in enumerate(values) if isinstance(v, dict)] if isinstance(values, list) else []


def _rewrite(message: dict, path: str) -> None:
    for key in _HEX_FIELDS:
        value = message.get(key)
        if isinstance(value, str):
            try:
                message[key] = base64.b64encode(bytes.fromhex(value)).decode()
            except ValueError:
                raise MalformedRequest([Violation(f"{path}.{key}", "must be hex")]) from None


def _message(status: int, message: Message, encoding: str, headers: Optional[dict[str, str]] = None) -> Response:
    if encoding == JSON:
        body = json_format.MessageToJson(message, indent=None).encode()
    else:
        body = message.SerializeToString()
    return Response(body, status_code=status, media_type=encoding, headers=headers)


def _failure(exc: BaseException, encoding: str) -> Response:
    """The status table's HTTP status and google.rpc.Status, with Retry-After when the error has a hint."""
    headers = {}
    if (retry_after := retry_after_header(exc)) is not None:
        headers["retry-after"] = retry_after
    status = http_status_for(exc)
    if status == 401:
        headers["www-authenticate"] = "Bearer"
    return _message(status, rich_status(exc), encoding, headers)
