"""yaml_documents: YAML, read as the same document written in JSON would be (generic_json's records).

What `kubectl get -o yaml`, `helm get values`, `gcloud … describe` (its default output), `lxc info`, a mongo
shell's documents and most tools' configuration print. Read one record a line, a Deployment's `replicas: 3`
and its `name: checkout` were two units and never bound; read as a document, a container's image, limits and
ports are one record, a route's destination and weight another, the document's top-level scalars its header.

Recognised when the text is no JSON, is not a knowledge tool's (a runbook may quote a config), opens with a
YAML line (`key: value`, `key:`, `- item`, `---`, a flow `{`/`[`), three in five of its lines have one of
those shapes, and PyYAML's safe loader reads it into a mapping or list that nests a mapping or a list (flat
`key: value` lines stay key_values' or log lines'). A preview cut mid-line (no line break at its end) may be
read without its last line. Scalars are read as YAML 1.2's core schema does: `true`/`false`, `null`, decimal numbers, and every
other plain word a string; YAML 1.1's readings are not taken (`10:12:44` is a time, not the sexagesimal
36764; `on` and `no` are words, `0755` is text, `2026-03-11` a date as written). A document of more than
20,000 nodes, or one whose aliases would repeat a node more than that, is not read as YAML.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Optional

import yaml

from evidence_trace.server.domain.formats import generic_json
from evidence_trace.server.domain.formats.model import Format, Preview, Reading, Record
from evidence_trace.server.domain.formats.tool_family import Family

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _CoreLoader(_Base):
    """The safe loader with YAML 1.2's core schema for plain scalars."""


_CoreLoader.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in (
    ("bool", r"(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("null", r"(?:~|null|Null|NULL|)$", "~nN"),
    ("int", r"[-+]?(?:0|[1-9][0-9]*)$", "-+0123456789"),
    (
        "float",
        r"[-+]?(?:(?:0|[1-9][0-9]*)\.[0-9]+(?:[eE][-+]?[0-9]+)?|(?:0|[1-9][0-9]*)[eE][-+]?[0-9]+)$",
        "-+0123456789",
    ),
):
    _CoreLoader.add_implicit_resolver(f"tag:yaml.org,2002:{_tag}", re.compile(_pattern), list(_first))
_CoreLoader.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"$"), [""])  # an empty value

# a key (no more than two spaces in it, no timestamp's colon) and its value or nothing; a list item; a
# document marker; a comment; a flow collection's bracket
_KEY = r"""(?:"[^"\n]{1,80}"|'[^'\n]{1,80}'|[A-Za-z0-9_$@./<>-][^:#\s]*(?:[ ][^:#\s]+){0,2})"""
_SHAPE = re.compile(
    rf"[ \t]*(?:-[ \t]+)?{_KEY}:(?:[ \t].*)?|[ \t]*-(?:[ \t].*)?|---.*|\.\.\.|[ \t]*#.*|[ \t]*[\[\]{{}}].*"
)
_OPENING = re.compile(rf"(?:-[ \t]+)?{_KEY}:(?:[ \t].*)?|-[ \t].*|---.*|[\[{{].*")
_NODE_BUDGET = 20_000


def _recognise(preview: Preview) -> bool:
    if preview.json is not None or preview.family == Family.KNOWLEDGE:
        return False
    lines = [line for _, line in preview.lines]
    if len(lines) < 3 or not _OPENING.fullmatch(lines[0].strip()):
        return False
    if sum(1 for line in lines if _SHAPE.fullmatch(line)) * 5 < len(lines) * 3:
        return False
    return _document(preview) is not None


def _document(preview: Preview) -> Optional[tuple[Any, bool]]:
    """The YAML document of the preview (several documents as a list) and whether it was read whole, or None;
    read once a preview."""
    if "yaml" not in preview.memo:
        preview.memo["yaml"] = _read(preview.text)
    return preview.memo["yaml"]


def _read(text: str) -> Optional[tuple[Any, bool]]:
    lines = text.rstrip().split("\n")
    # a preview cut mid-line (it ends without a line break) may end in half a line: read without it too; a whole
    # text is YAML whole or not at all (`ceph -s`'s last line, `osd: 24 osds: 22 up`, is no YAML)
    for dropped in (0, 1) if not text.endswith("\n") else (0,):
        try:
            documents = [d for d in yaml.load_all("\n".join(lines[: len(lines) - dropped]), Loader=_CoreLoader) if d]
        except (yaml.YAMLError, ValueError, TypeError, OverflowError):
            continue
        value = documents[0] if len(documents) == 1 else documents
        nested = _nested(value)
        budget = [_NODE_BUDGET]
        plain = _plain(value, budget)
        return (plain, dropped == 0) if nested and budget[0] >= 0 else None
    return None


def _nested(value: Any) -> bool:
    """A mapping or a list that holds a mapping or a list."""
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return any(isinstance(item, (dict, list)) for item in items)


def _plain(value: Any, budget: list[int]) -> Any:
    """The value with JSON's types only (keys as text, other scalars as written); spends one of `budget`'s
    nodes a node, and stops once it is spent (an alias repeated past it, a document too large)."""
    budget[0] -= 1
    if budget[0] < 0:
        return None
    if isinstance(value, dict):
        return {_text(key): _plain(item, budget) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item, budget) for item in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return _text(value)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def records(preview: Preview) -> Iterator[Record]:
    return generic_json.records(_as_json(preview))


def classify(preview: Preview) -> Reading:
    return generic_json.classify(_as_json(preview))


def _as_json(preview: Preview) -> Preview:
    """The preview with its YAML document as its JSON value (a unit's excerpt is then its record's text: there
    is no JSON in the preview to quote)."""
    document = _document(preview)
    return preview.read_as(*document) if document is not None else preview


FORMAT = Format("yaml_documents", _recognise, records, classify)
