"""Edge validation of recorded rows: every rule and limit in one place.

Each check returns Violations with field paths relative to the validated object
(for example "session_id", "retrieval.l0_count"); the servicer prefixes them with
the request field ("invocation.") when it builds the google.rpc.BadRequest.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any, Optional

from evidence_trace.server.domain.errors import Violation
from evidence_trace.server.domain.model import AgentStep, ErrorKind, Invocation, OutputState, StepKind

ID_PATTERN = re.compile(r"[A-Za-z0-9._:\-]{1,128}")
TOOL_NAME_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]{0,127}")
MAX_DURATION_MS = 86_400_000


@dataclasses.dataclass(frozen=True)
class Limits:
    """Size limits of recorded rows. Documented in docs/contract.md."""

    #: Output previews longer than this (UTF-8 bytes) are cut and flagged truncated.
    preview_bytes: int = 16 * 1024
    #: input_params as compact JSON, at most this many UTF-8 bytes.
    params_bytes: int = 64 * 1024
    #: input_params top-level keys.
    params_keys: int = 128
    #: input_params nesting depth.
    params_depth: int = 16
    #: error_message, at most this many characters.
    error_chars: int = 8 * 1024
    #: topic_domain, at most this many characters.
    topic_chars: int = 256
    #: retrieval.retrieval_layer, at most this many characters.
    layer_chars: int = 64
    #: retrieval.dedup_reason, at most this many characters.
    dedup_reason_chars: int = 1024
    #: retrieval.details as compact JSON, at most this many UTF-8 bytes.
    details_bytes: int = 16 * 1024
    #: agent step detail; longer text is cut and flagged truncated.
    step_detail_bytes: int = 4 * 1024
    #: agent step name.
    step_name_chars: int = 128
    #: invocations in one BatchRecordInvocations call.
    batch_items: int = 500
    #: Chat question, at most this many characters.
    question_chars: int = 16 * 1024
    #: Chat draft answer, at most this many characters.
    draft_chars: int = 64 * 1024


def check_id(field: str, value: str) -> list[Violation]:
    if not value:
        return [Violation(field, "required")]
    if not ID_PATTERN.fullmatch(value):
        return [Violation(field, "must be 1-128 characters from [A-Za-z0-9._:-]")]
    return []


def _check_chars(field: str, value: str, limit: int) -> list[Violation]:
    if len(value) > limit:
        return [Violation(field, f"must be at most {limit} characters (got {len(value)})")]
    return []


def _depth(value: Any, level: int = 1) -> int:
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level - 1


def _check_json(
    field: str,
    value: Optional[dict[str, Any]],
    max_bytes: int,
    max_keys: int,
    max_depth: int,
    as_json: Optional[str] = None,
) -> list[Violation]:
    if not value:
        return []
    if len(value) > max_keys:
        return [Violation(field, f"must have at most {max_keys} top-level keys (got {len(value)})")]
    if as_json is None:
        as_json = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    size = len(as_json) if as_json.isascii() else len(as_json.encode())
    if size > max_bytes:
        return [Violation(field, f"must be at most {max_bytes} bytes as JSON (got {size})")]
    nested = max_depth < 1 or any(isinstance(v, (dict, list)) for v in value.values())
    if nested and _depth(value) > max_depth:  # a flat object is one level deep
        return [Violation(field, f"must nest at most {max_depth} levels deep")]
    return []


def _check_duration(field: str, value: int) -> list[Violation]:
    if value < 0:
        return [Violation(field, "must not be negative")]
    if value > MAX_DURATION_MS:
        return [Violation(field, f"must be at most {MAX_DURATION_MS} (24 hours)")]
    return []


def validate_invocation(inv: Invocation, limits: Limits, params_json: Optional[str] = None) -> list[Violation]:
    """All violations of one invocation; empty when it may be stored.

    params_json: `inv.input_params` as canonical JSON, when the caller has it
    (its size is the limit's measure; otherwise it is serialised here).
    """
    out: list[Violation] = []
    out += check_id("invocation_id", inv.invocation_id)
    out += check_id("session_id", inv.session_id)
    if not inv.tool_name:
        out.append(Violation("tool_name", "required"))
    elif not TOOL_NAME_PATTERN.fullmatch(inv.tool_name):
        out.append(Violation("tool_name", "must be 1-128 characters: a letter, then letters, digits or _.-"))
    out += _check_json(
        "input_params", inv.input_params, limits.params_bytes, limits.params_keys, limits.params_depth, params_json
    )
    out += _check_duration("duration_ms", inv.duration_ms)
    if inv.success is None:
        out.append(Violation("success", "required: true when the call completed, false when it failed"))
    elif inv.success:
        if inv.error_message:
            out.append(Violation("error_message", "must be empty when success is true"))
        if inv.error_kind != ErrorKind.UNSPECIFIED:
            out.append(Violation("error_kind", "must be unset when success is true"))
    else:
        if not inv.error_message.strip():
            out.append(Violation("error_message", "required when success is false"))
        if inv.error_kind == ErrorKind.UNSPECIFIED:
            out.append(Violation("error_kind", "required when success is false"))
    out += _check_chars("error_message", inv.error_message, limits.error_chars)
    if inv.output_state == OutputState.UNSPECIFIED and not inv.output_preview:
        out.append(
            Violation(
                "output_state", "required when output_preview is empty: OUTPUT_STATE_EMPTY or OUTPUT_STATE_NOT_CAPTURED"
            )
        )
    elif inv.output_state == OutputState.CAPTURED and not inv.output_preview:
        out.append(Violation("output_preview", "required when output_state is OUTPUT_STATE_CAPTURED"))
    elif inv.output_state in (OutputState.EMPTY, OutputState.NOT_CAPTURED) and inv.output_preview:
        out.append(Violation("output_preview", "must be empty when output_state says there is no output"))
    out += _check_chars("topic_domain", inv.topic_domain, limits.topic_chars)
    if inv.retrieval is not None:
        r = inv.retrieval
        out += _check_chars("retrieval.retrieval_layer", r.layer, limits.layer_chars)
        for name, count in (("l0_count", r.l0_count), ("l1_count", r.l1_count)):
            if count is not None and count < 0:
                out.append(Violation(f"retrieval.{name}", "must not be negative"))
        out += _check_chars("retrieval.dedup_reason", r.dedup_reason, limits.dedup_reason_chars)
        out += _check_json(
            "retrieval.details", r.details, limits.details_bytes, limits.params_keys, limits.params_depth
        )
    return out


def validate_step(step: AgentStep, limits: Limits) -> list[Violation]:
    """All violations of one agent step; empty when it may be stored."""
    out: list[Violation] = []
    out += check_id("step_id", step.step_id)
    out += check_id("session_id", step.session_id)
    if step.kind == StepKind.UNSPECIFIED:
        out.append(Violation("kind", "required: AGENT_STEP_KIND_MODEL_STEP or AGENT_STEP_KIND_HELPER_CALL"))
    if not step.name.strip():
        out.append(Violation("name", "required"))
    out += _check_chars("name", step.name, limits.step_name_chars)
    out += _check_duration("duration_ms", step.duration_ms)
    out += _check_chars("error_message", step.error_message, limits.error_chars)
    return out


def truncate_utf8(text: str, max_bytes: int) -> tuple[str, bool]:
    """Cut text to at most max_bytes of UTF-8 on a character boundary."""
    if len(text) <= max_bytes >> 2 or (len(text) <= max_bytes and text.isascii()):
        return text, False  # fits whatever its characters encode to (at most 4 bytes each)
    encoded = text.encode()
    if len(encoded) <= max_bytes:
        return text, False
    return encoded[:max_bytes].decode(errors="ignore"), True
