"""xml_documents: XML, read as the same document written in JSON would be (generic_json's records).

What REST APIs answer in XML print: TeamCity's `<builds><build number="745" status="SUCCESS" state="running"
…/>`, Jenkins' `/api/xml`, S3's `ListBucketResult`, a JUnit report's `<testsuite><testcase …>`, Nexus and
Artifactory listings. Read as one chunk of text, every build of a listing was one unit, and "#745 succeeded"
bound #745 to another build's status. Read as a document, each repeated element is a record of its own.

An element is an object: its attributes are its fields, a child element that occurs once is a nested object
(or, with no attribute and no child, a field holding its text), children of one tag that repeat are a list, and
so is a lone child of an element named for its plural (`<builds><build …/></builds>`: a listing of one), and
text beside child elements is its `text`. Namespaces are dropped from tags and attribute names. The text is
parsed by defusedxml (a well-kept parser that refuses entity expansion and external entities: a tool's output
is untrusted input), never by a hand-written one.

Recognised when the text is no JSON, opens with `<?xml` or an element, is not an HTML page, and parses whole to
an element that holds a child element. A preview cut before its end does not parse and stays text.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Optional
from xml.etree.ElementTree import Element

from defusedxml import ElementTree
from defusedxml.common import DefusedXmlException

from evidence_trace.server.domain.formats import generic_json
from evidence_trace.server.domain.formats.model import Format, Preview, Reading, Record
from evidence_trace.server.domain.formats.tool_family import Family

_OPENING = re.compile(r"<\?xml\b|<[A-Za-z_][\w.:-]*[\s/>]")
_HTML = re.compile(r"<!doctype html|<html\b", re.I)
_NODE_BUDGET = 20_000


def _recognise(preview: Preview) -> bool:
    if preview.json is not None or preview.family == Family.KNOWLEDGE:
        return False
    head = preview.text[:512].lstrip()
    if not _OPENING.match(head) or _HTML.search(head):
        return False
    return _document(preview) is not None


def _document(preview: Preview) -> Optional[Any]:
    """The document as JSON's types, or None; read once a preview."""
    if "xml" not in preview.memo:
        preview.memo["xml"] = _read(preview.text)
    return preview.memo["xml"]


def _read(text: str) -> Optional[Any]:
    try:
        root = ElementTree.fromstring(text.strip())
    except (ElementTree.ParseError, DefusedXmlException, ValueError):
        return None
    if len(root) == 0:
        return None  # one element, no children: nothing a record of its own
    budget = [_NODE_BUDGET]
    document = {_name(root.tag): _plain(root, budget)}
    return document if budget[0] >= 0 else None


def _name(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _plain(element: Element, budget: list[int]) -> Any:
    """The element as JSON's types: attributes and children as fields, repeated children as a list."""
    budget[0] -= 1
    if budget[0] < 0:
        return None
    text = (element.text or "").strip()
    if not element.attrib and len(element) == 0:
        return text
    value: dict[str, Any] = {_name(k): v for k, v in element.attrib.items()}
    tags = [_name(child.tag) for child in element]
    for child in element:
        tag = _name(child.tag)
        read = _plain(child, budget)
        if tags.count(tag) > 1 or _holds_many(_name(element.tag), tag):
            value.setdefault(tag, []).append(read)
        elif tag not in value:
            value[tag] = read
    if text:
        value["text"] = text
    return value


def _holds_many(parent: str, child: str) -> bool:
    """Whether an element is a listing of its child's tag, however many it holds: `<builds><build/></builds>`,
    `<items><item/>`, `<entries><entry/>`, `<ListBucketResult><Contents/>` read as `<Contents>` repeated is not."""
    parent, child = parent.lower(), child.lower()
    return parent in (child + "s", child + "es", child[:-1] + "ies", child + "list", child + "_list")


def records(preview: Preview) -> Iterator[Record]:
    return generic_json.records(_as_json(preview))


def classify(preview: Preview) -> Reading:
    return generic_json.classify(_as_json(preview))


def _as_json(preview: Preview) -> Preview:
    document = _document(preview)
    return preview.read_as(document, True) if document is not None else preview


FORMAT = Format("xml_documents", _recognise, records, classify)
