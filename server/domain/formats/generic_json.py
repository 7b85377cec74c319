"""generic_json: any other JSON. Its units are the innermost records of its lists, wherever they sit.

The reader walks the response depth first. A list's elements are records; an
element that itself holds a list of objects (directly or in a nested object)
is not one record: its own scalars form a group record at its ref, and its
lists are read in turn (`services[0].pods[1]`), each record of them ending
with the element's name (`{node_name="es-hot-1"}`): a node's decider is that
node's. Nested objects are walked
through (`data.items[0]`). The top level's scalars that are not echoed
question parameters form the header. An object with no list anywhere is one
record (`result`), or, when it holds a breakdown of counts keyed by names (`"terms": {"inv-api-03": 13,
…}`), one record an entry; one whose lists are all empty and that says nothing
else (a status "success", a count 0, echoed parameters) is an empty result. The whole response is never one unit when it holds a list. An API's
error envelope (Prometheus/Loki `"status": "error"`, Elasticsearch's `error`
with an HTTP status) is a failed call at record time.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Iterator

from evidence_trace.server.domain.formats.fields import ECHOED_FIELDS, SUBJECT_FIELDS
from evidence_trace.server.domain.formats.json_records import element_record, findings, header_record, object_record
from evidence_trace.server.domain.formats.model import Format, Preview, Reading, Record, judge
from evidence_trace.server.domain.formats.tool_family import Family
from evidence_trace.server.domain.model import Outcome
from evidence_trace.server.domain.payloads import JsonPath

_MAX_DEPTH = 12


def _recognise(preview: Preview) -> bool:
    return preview.json is not None


def _holds_listing(value: Any, depth: int = 0) -> bool:
    """Whether an object holds a non-empty list of objects, directly or in a nested object."""
    if depth > _MAX_DEPTH or not isinstance(value, dict):
        return False
    for item in value.values():
        if isinstance(item, list) and any(isinstance(element, dict) for element in item):
            return True
        if isinstance(item, dict) and _holds_listing(item, depth + 1):
            return True
    return False


def _empty_result(value: dict[str, Any], depth: int = 0) -> bool:
    """An object whose lists are all empty and which says nothing else (echoed parameters aside)."""
    lists = 0
    for key, item in value.items():
        if isinstance(item, list):
            if item:
                return False
            lists += 1
        elif isinstance(item, dict):
            if depth > _MAX_DEPTH or not _empty_result(item, depth + 1):
                return False
            lists += 1
        elif key.lower() not in ECHOED_FIELDS and item not in (None, "", 0, True, "success", "ok"):
            return False
    return lists > 0


def records(preview: Preview) -> Iterator[Record]:
    found = _records(preview)
    if preview.family != Family.KNOWLEDGE:
        yield from found
        return
    # a knowledge tool's JSON ({"chunks": [...]}, {"results": [...]}): each record is a chunk of a document, never
    # a record of the incident that "all" or a count ranges over
    for record in found:
        yield record if record.kind == "header" else dataclasses.replace(record, kind="chunk")


def _records(preview: Preview) -> Iterator[Record]:
    value = preview.value
    hint = preview.metric_hint
    if isinstance(value, list):
        yield from _list("result", value, hint, (), 0)
        return
    if not isinstance(value, dict):
        return
    top_lists = any(isinstance(item, list) and item for item in value.values())
    counted = next((key for key, item in value.items() if _count_map(item)), None)
    if counted is not None and not top_lists and not _holds_listing(value):
        yield from _counts(counted, value, hint)
        return
    if not top_lists and not _holds_listing(value):
        if not _empty_result(value):
            yield object_record("result", value, hint, (), kind="object")
        return
    scalars = findings(value)
    if scalars:
        yield header_record(scalars, hint)
    yield from _members("", value, hint, (), 0)


def _count_map(item: Any) -> bool:
    """A breakdown keyed by names (Graylog's `"terms": {"inv-api-03": 13, "inv-api-01": 1}`): two or more names of
    things, each with a count."""
    return (
        isinstance(item, dict)
        and len(item) >= 2
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in item.values())
        and not any(str(k).replace(".", "").isdigit() for k in item)
        # names of things (hosts, pods, services), not a stats object's fields ("busy", "activeMessageCount")
        and all(_NAME_SHAPED.search(str(k)) for k in item)
    )


_NAME_SHAPED = re.compile(r"[a-z0-9]-[a-z0-9]|[a-z]\.[a-z]|[a-z][0-9]", re.I)


def _counts(key: str, value: dict[str, Any], hint: str) -> Iterator[Record]:
    """A breakdown's entries, one record each (`{"key": "inv-api-03", "doc_count": 13}`, as an aggregation's
    buckets are), after the object's other scalars as their header: a count is its name's, never another's."""
    scalars = findings(value)
    if scalars:
        yield header_record(scalars, hint)
    for name, count in value[key].items():
        yield object_record(f"{key}.{name}", {"key": name, "doc_count": count}, hint, (key, name), kind="item")


def _members(
    prefix: str, value: dict[str, Any], hint: str, path: JsonPath, depth: int, owner: str = ""
) -> Iterator[Record]:
    """The records of an object's lists and nested objects, in the object's order."""
    for key, item in value.items():
        ref = f"{prefix}{key}"
        if isinstance(item, list) and item:
            yield from _list(ref, item, hint, path + (key,), depth + 1, owner)
        elif isinstance(item, dict) and _holds_listing(item, depth + 1):
            own = {k: v for k, v in item.items() if not isinstance(v, (list, dict))}
            if own:  # a status's `phase` beside its `conditions`
                yield _beside(ref, own, hint, path + (key,), owner)
            yield from _members(f"{ref}.", item, hint, path + (key,), depth + 1, owner)
        elif isinstance(item, dict) and item and key.lower() not in ECHOED_FIELDS:
            yield _beside(ref, item, hint, path + (key,), owner)


def _beside(ref: str, item: dict[str, Any], hint: str, path: JsonPath, owner: str) -> Record:
    """An object beside a listing (a manifest's `metadata`, a commit's `author`, a status's own fields): it
    describes the listing's owner as the top level's scalars do (a header), never one more record of the
    listing."""
    record = object_record(ref, item, hint, path, kind="object")
    return dataclasses.replace(record, text=f"{record.text} {{{owner}}}") if owner else record


def _list(ref: str, items: list[Any], hint: str, path: JsonPath, depth: int, owner: str = "") -> Iterator[Record]:
    """The records of a listing; owner: the name of the element whose listing it is (`node_name="es-1"`)."""
    for index, item in enumerate(items):
        here = f"{ref}[{index}]"
        if depth < _MAX_DEPTH and _holds_listing(item):
            own = {k: v for k, v in item.items() if not isinstance(v, (list, dict))}
            if own:
                yield object_record(here, own, hint, path + (index,), kind="item")
            yield from _members(f"{here}.", item, hint, path + (index,), depth + 1, _owner(own) or owner)
        else:
            record = element_record(here, item, hint, path + (index,))
            if record is not None:
                # a nested record is its owner's (a node's decider, a service's pod): it names the owner
                # beside its own text; its numbers stay its own
                yield dataclasses.replace(record, text=f"{record.text} {{{owner}}}") if owner else record


_OWNER_FIELDS = (*SUBJECT_FIELDS, "node_name", "nodeName", "node")


def _owner(own: dict[str, Any]) -> str:
    """An element's name as its nested records carry it: `node_name="es-hot-1"`, or ""."""
    for field in _OWNER_FIELDS:
        value = own.get(field)
        if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value):
            return f'{field}="{value}"'
    return ""


def failure(value: Any) -> str:
    """What an API's error envelope says, or "": Prometheus/Loki `{"status": "error", "errorType", "error"}`,
    Elasticsearch `{"error": {"type", "reason"}, "status": 400}`."""
    if not isinstance(value, dict):
        return ""
    if value.get("status") == "error" and ("error" in value or "errorType" in value):
        parts = (value.get("errorType"), value.get("error"))
        return ": ".join(str(part) for part in parts if isinstance(part, str) and part) or "error"
    error, status = value.get("error"), value.get("status")
    if error and isinstance(status, int) and not isinstance(status, bool) and 400 <= status <= 599:
        if isinstance(error, dict):
            error = ": ".join(str(error[key]) for key in ("type", "reason") if isinstance(error.get(key), str))
        return f"HTTP {status}: {error}" if isinstance(error, str) and error else f"HTTP {status}"
    return ""


def classify(preview: Preview) -> Reading:
    """An API's error envelope is a failed call; otherwise the default verdict over the records."""
    reason = failure(preview.value)
    if reason:
        return Reading(Outcome.FAILED, note=reason)
    return judge(records(preview))


FORMAT = Format("generic_json", _recognise, records, classify)
