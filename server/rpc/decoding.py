"""Request decoding in the handler, so that bytes that do not decode are bad input.

gRPC's own deserializer runs before any interceptor or handler: a request it
cannot decode (invalid UTF-8 in a string field, a message nested deeper than
protobuf's decode limit, truncated bytes) fails with INTERNAL "Exception
deserializing request!", without ErrorInfo and before authentication.
`add_service` registers the servicer with handlers that take the request as
bytes; `decode` parses them inside the call, after the interceptors
(admission, authentication) ran. Bytes that do not decode are refused with
INVALID_ARGUMENT, reason MALFORMED_REQUEST, and a google.rpc.BadRequest naming
the field where it can be told (`locate` walks the wire format tolerantly; it
runs only when decoding failed, so the hot path parses exactly once, as before).
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Iterator, Optional

import grpc
from google.protobuf import descriptor as d
from google.protobuf import message as protobuf_message

from evidence_trace.server.domain.errors import MalformedRequest, Violation
from evidence_trace.server.rpc.status import abort, status_for
from evidence_trace.v1 import evidence_trace_pb2 as pb

log = logging.getLogger(__name__)

SERVICE = pb.DESCRIPTOR.services_by_name["EvidenceTraceService"]

#: Nesting beyond which the tolerant walk stops descending (above protobuf's limit of 100).
_WALK_DEPTH = 200

_FD = d.FieldDescriptor
_STRUCT, _VALUE, _LIST = "google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue"


def add_service(servicer: Any, server: grpc.Server) -> None:
    """Register every RPC of EvidenceTraceService; requests are decoded in the handler."""
    add_handlers(SERVICE, pb, servicer, server)


def add_handlers(service: d.ServiceDescriptor, messages: Any, servicer: Any, server: grpc.Server) -> None:
    """Register every RPC of `service` (its messages in module `messages`), decoding requests in the handler."""
    handlers = {}
    for method in service.methods:
        request_type = getattr(messages, method.input_type.name)
        response_type = getattr(messages, method.output_type.name)
        behaviour = getattr(servicer, method.name)
        if method.server_streaming:
            handlers[method.name] = grpc.unary_stream_rpc_method_handler(
                _streaming(behaviour, request_type), response_serializer=response_type.SerializeToString
            )
        else:
            handlers[method.name] = grpc.unary_unary_rpc_method_handler(
                _unary(behaviour, request_type), response_serializer=response_type.SerializeToString
            )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(service.full_name, handlers),))


def _unary(behaviour: Callable, request_type: Any) -> Callable:
    def handler(data: bytes, context: grpc.ServicerContext) -> Any:
        return behaviour(_decoded(request_type, data, context), context)

    return handler


def _streaming(behaviour: Callable, request_type: Any) -> Callable:
    def handler(data: bytes, context: grpc.ServicerContext) -> Iterator[Any]:
        yield from behaviour(_decoded(request_type, data, context), context)

    return handler


def _decoded(request_type: Any, data: bytes, context: grpc.ServicerContext) -> Any:
    try:
        return decode(request_type, data)
    except MalformedRequest as exc:
        log.info(
            "refused a malformed %s: %s",
            request_type.DESCRIPTOR.name,
            ", ".join(v.field for v in exc.violations) or "no field located",
        )
        abort(context, status_for(exc))
        raise  # abort() raises; this guards against a context whose abort does not


def decode(request_type: Any, data: bytes) -> Any:
    """The request parsed from data; MalformedRequest when it does not decode."""
    try:
        return request_type.FromString(data)
    except (protobuf_message.DecodeError, RecursionError, ValueError):
        violation = locate(bytes(data), request_type.DESCRIPTOR)
        raise MalformedRequest([violation] if violation else []) from None


# -- locating the bad field -----------------------------------------------------


class _Corrupt(Exception):
    """The bytes end inside a value, or hold a wire type that does not exist."""


class _Walk:
    """A tolerant walk over wire-format bytes, guided by the descriptors."""

    def __init__(self, data: bytes):
        self.data = data
        self.deepest = (0, "")  # (depth, path) of the most deeply nested message seen

    def varint(self, pos: int, end: int) -> tuple[int, int]:
        result = shift = 0
        while True:
            if pos >= end or shift > 63:
                raise _Corrupt
            byte = self.data[pos]
            pos += 1
            result |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return result, pos
            shift += 7

    def message(self, start: int, end: int, descriptor: d.Descriptor, path: str, depth: int) -> Optional[Violation]:
        """The first problem inside one message's bytes, or None."""
        if depth > self.deepest[0]:
            self.deepest = (depth, path)
        seen: dict[int, int] = {}
        pos = start
        while pos < end:
            try:
                tag, pos = self.varint(pos, end)
            except _Corrupt:
                return Violation(path, "the bytes are truncated or corrupt")
            number, wire_type = tag >> 3, tag & 7
            field = descriptor.fields_by_number.get(number)
            index = seen.get(number, 0)
            seen[number] = index + 1
            field_path = _join(path, field, index) if field is not None else path
            try:
                if wire_type == 0:
                    _, pos = self.varint(pos, end)
                elif wire_type in (1, 5):
                    pos += 8 if wire_type == 1 else 4
                elif wire_type == 2:
                    length, pos = self.varint(pos, end)
                    value_end = pos + length
                    if value_end > end:  # cut short: name the innermost field the cut fell in
                        inner = None
                        target = field.message_type if field is not None else None
                        if target is not None and depth < _WALK_DEPTH:
                            inner = self.message(pos, end, target, field_path, depth + 1)
                        return inner or Violation(field_path, "the bytes are truncated or corrupt")
                    if field is not None:
                        problem = self.field(field, pos, value_end, descriptor, field_path, depth)
                        if problem is not None:
                            return problem
                    pos = value_end
                else:
                    raise _Corrupt
            except _Corrupt:
                return Violation(field_path, "the bytes are truncated or corrupt")
            if pos > end:
                return Violation(field_path, "the bytes are truncated or corrupt")
        return None

    def field(
        self, field: d.FieldDescriptor, start: int, end: int, parent: d.Descriptor, path: str, depth: int
    ) -> Optional[Violation]:
        if field.type == _FD.TYPE_STRING:
            try:
                self.data[start:end].decode("utf-8")
            except UnicodeDecodeError:
                return Violation(
                    path,
                    "must be valid UTF-8 (convert text in another encoding, such as GBK, "
                    "to UTF-8, or send it as bytes)",
                )
            return None
        target = field.message_type
        if target is None or depth >= _WALK_DEPTH:
            return None
        if parent.full_name == _STRUCT:  # a map entry: key (1), value (2); the path names the key
            return self.struct_entry(start, end, target, path, depth + 1)
        return self.message(start, end, target, path, depth + 1)

    def struct_entry(self, start: int, end: int, entry: d.Descriptor, path: str, depth: int) -> Optional[Violation]:
        key = self.entry_key(start, end)
        if key is None:
            return self.message(start, end, entry, path, depth)
        value = entry.fields_by_number[2]
        pos = start
        while pos < end:  # find the value's bytes, then walk them under the key's path
            tag, pos = self.varint(pos, end)
            if tag & 7 != 2:
                return self.message(start, end, entry, path, depth)
            length, pos = self.varint(pos, end)
            if tag >> 3 == 2 and pos + length <= end and value.message_type is not None:
                return self.message(pos, pos + length, value.message_type, _key_path(path, key), depth + 1)
            pos += length
        return None

    def entry_key(self, start: int, end: int) -> Optional[str]:
        """The key of a Struct map entry, when its bytes are readable."""
        try:
            pos = start
            while pos < end:
                tag, pos = self.varint(pos, end)
                if tag & 7 != 2:
                    return None
                length, pos = self.varint(pos, end)
                if tag >> 3 == 1:
                    return self.data[pos : pos + length].decode("utf-8")
                pos += length
        except (_Corrupt, UnicodeDecodeError):
            return None
        return None


def _join(path: str, field: d.FieldDescriptor, index: int) -> str:
    """The path of a field: `a.b`, `a.items[2]`; Struct keys and list indexes as in JSON."""
    containing = field.containing_type.full_name if field.containing_type is not None else ""
    if containing in (_VALUE, _STRUCT):  # a Value is its content; a Struct entry adds its key
        return path
    if containing == _LIST:
        return f"{path}[{index}]"
    name = f"{path}.{field.name}" if path else field.name
    return f"{name}[{index}]" if field.is_repeated else name


def _key_path(path: str, key: str) -> str:
    return f"{path}.{key}"


def locate(data: bytes, descriptor: d.Descriptor) -> Optional[Violation]:
    """The field where data fails to decode as descriptor's message, where it can be told.

    Invalid UTF-8 and truncated or corrupt bytes are found where they are;
    when the walk finds neither, the request nested too deep (protobuf's limit
    is 100 messages), and the most deeply nested field is named.
    """
    walk = _Walk(data)
    try:
        problem = walk.message(0, len(data), descriptor, "", 0)
    except Exception:  # the walk only names a field; a bug in it must not turn bad input into INTERNAL
        log.exception("locating the undecodable field failed")
        return None
    if problem is not None:
        return problem if problem.field else None
    depth, path = walk.deepest
    if path:
        return Violation(path, f"nests {depth} messages deep, deeper than protobuf decodes (100)")
    return None
