"""Turning Python values into contract fields that the server will accept.

Tool arguments and outputs are arbitrary Python objects; these functions make
them JSON-safe and keep them within the contract's limits (docs/contract.md),
so a traced call is never rejected for its size or shape.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
import math
import re
from typing import Any, Mapping, Optional, cast

from evidence_trace.v1 import evidence_trace_pb2 as pb

#: Default bound of an output preview: 16 KiB of UTF-8, the server's own bound.
PREVIEW_BYTES = 16 * 1024
#: error_message: at most 8 KiB characters.
ERROR_MESSAGE_CHARS = 8 * 1024
#: input_params: at most 64 KiB as JSON and 128 top-level keys.
PARAMS_BYTES = 64 * 1024
PARAMS_KEYS = 128
#: retrieval.details: at most 16 KiB as JSON.
DETAILS_BYTES = 16 * 1024
#: Nesting kept in JSON values (the server allows 16 levels).
MAX_DEPTH = 12
#: Largest integer a protobuf Struct (a double) holds exactly; larger ones become strings.
_MAX_EXACT_INT = 2**53
_REPR_CHARS = 1024
_ELIDED_VALUE_BYTES = 512

JSON = Any


def truncate_utf8(text: str, max_bytes: int) -> tuple[str, bool]:
    """`text` cut to at most `max_bytes` of UTF-8 on a character boundary, and whether it was cut."""
    encoded = text.encode("utf-8", errors="replace")
    if len(encoded) <= max_bytes:
        return text, False
    return encoded[:max_bytes].decode("utf-8", errors="ignore"), True


def json_safe(value: Any, depth: int = 0) -> JSON:
    """A JSON-compatible copy of `value`; unknown objects become their (bounded) repr."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value if abs(value) <= _MAX_EXACT_INT else str(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).decode("utf-8", errors="replace")
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if depth >= MAX_DEPTH:
        return _bounded_repr(value)
    return _container_safe(value, depth)


def _container_safe(value: Any, depth: int) -> JSON:
    if isinstance(value, Mapping):
        return {str(k): json_safe(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [json_safe(v, depth + 1) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: json_safe(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)}
    dump = getattr(value, "model_dump", None)  # pydantic v2 models
    if callable(dump):
        try:
            return json_safe(dump(), depth + 1)
        except Exception:
            pass
    return _bounded_repr(value)


def _bounded_repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= _REPR_CHARS else text[:_REPR_CHARS] + "..."


def json_size(value: JSON) -> int:
    """The size in bytes of `value` as compact JSON, as the server measures it."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def bounded_object(value: Mapping[str, Any], max_bytes: int, max_keys: int = PARAMS_KEYS) -> dict[str, JSON]:
    """A JSON object within `max_bytes` and `max_keys`: the largest values are elided first.

    An elided value becomes the start of its JSON text followed by "...[elided]";
    keys past `max_keys` are dropped and counted under "_omitted_keys".
    """
    safe = {str(k): json_safe(v, 1) for k, v in value.items()}
    if len(safe) > max_keys:
        kept = dict(list(safe.items())[: max_keys - 1])
        kept["_omitted_keys"] = len(safe) - len(kept)
        safe = kept
    by_size = sorted(safe, key=lambda k: json_size(safe[k]), reverse=True)
    for key in by_size:
        if json_size(safe) <= max_bytes:
            break
        text, _ = truncate_utf8(json.dumps(safe[key], ensure_ascii=False), _ELIDED_VALUE_BYTES)
        safe[key] = text + "...[elided]"
    if json_size(safe) > max_bytes:
        return {"_omitted": f"too large to record (limit {max_bytes} bytes as JSON)"}
    return safe


def render_output(output: Any) -> str:
    """The text of a tool's output: strings as they are, anything else as JSON."""
    if isinstance(output, str):
        return output
    if isinstance(output, (bytes, bytearray, memoryview)):
        return bytes(output).decode("utf-8", errors="replace")
    return json.dumps(json_safe(output), ensure_ascii=False, default=str)


def is_empty_output(output: Any) -> bool:
    """Whether a completed call returned nothing: None, "", b"", or an empty container."""
    if output is None:
        return True
    if isinstance(output, (str, bytes, bytearray, Mapping, list, tuple, set, frozenset)):
        return len(output) == 0
    return False


def bounded_message(text: str) -> str:
    """An error message within the contract's bound, never blank."""
    text = text if text.strip() else "error"
    return text if len(text) <= ERROR_MESSAGE_CHARS else text[: ERROR_MESSAGE_CHARS - 3] + "..."


def error_message(exc: BaseException) -> str:
    """ "Type: message" for an exception, never empty, within the contract's bound."""
    text = str(exc)
    return bounded_message(f"{type(exc).__name__}: {text}" if text else type(exc).__name__)


_RELEVANCE_NAMES = {name.removeprefix("RELEVANCE_LEVEL_"): value for name, value in pb.RelevanceLevel.items()}


def relevance_level(value: Any) -> int:
    """A RelevanceLevel from its enum value, its full name or its short name ("HIGH")."""
    if value is None:
        return pb.RELEVANCE_LEVEL_UNSPECIFIED
    if isinstance(value, int):
        return value
    name = str(getattr(value, "name", value)).upper().removeprefix("RELEVANCE_LEVEL_")
    return _RELEVANCE_NAMES.get(name, pb.RELEVANCE_LEVEL_UNSPECIFIED)


def retrieval_details(value: Any) -> Optional[pb.RetrievalDetails]:
    """RetrievalDetails from a message, a mapping or an object with the same field names.

    Recognized names: retrieval_layer (or layer), l0_count, l1_count,
    relevance_level (or relevance), dedup_reason, details.
    """
    if value is None:
        return None
    if isinstance(value, pb.RetrievalDetails):
        return value
    get = value.get if isinstance(value, Mapping) else (lambda name, default=None: getattr(value, name, default))
    message = pb.RetrievalDetails(
        retrieval_layer=str(get("retrieval_layer") or get("layer") or "")[:64],
        # The stubs type enum fields as their enum class; protobuf takes the number.
        relevance_level=cast(Any, relevance_level(get("relevance_level", get("relevance")))),
        dedup_reason=str(get("dedup_reason") or "")[:1024],
    )
    for name in ("l0_count", "l1_count"):
        count = get(name)
        if count is not None:
            setattr(message, name, max(0, int(count)))
    details = get("details")
    if isinstance(details, Mapping) and details:
        message.details.update(bounded_object(details, DETAILS_BYTES))
    return message


def tool_name_for(function_name: str) -> str:
    """A contract-valid tool name from a function name: "_query_logs" -> "query_logs", "<lambda>" -> "lambda"."""
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", function_name)
    name = re.sub(r"^[^A-Za-z]+", "", name)[:128]
    return name or "tool"
