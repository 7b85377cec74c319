"""A tool's XML output is untrusted input: formats/xml_documents.py parses it with defusedxml, which refuses entity
declarations (the "billion laughs" expansion) and external entities. Such a text is not read as an XML document at
all (it stays text for the other readers), and nothing is expanded or fetched. Domain only, offline.
"""

from __future__ import annotations

from evidence_trace.server.domain.formats.model import Preview
from evidence_trace.server.domain.formats.registry import recognise

LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
    '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
    '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n'
    '<builds><build number="1">&lol3;</build><build number="2"/></builds>'
)
EXTERNAL = (
    '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
    '<builds><build number="1">&x;</build><build number="2"/></builds>'
)
PLAIN = '<?xml version="1.0"?>\n<builds><build number="1"/><build number="2"/></builds>'


def test_entity_expansion_and_external_entities_are_refused_not_read() -> None:
    assert recognise(Preview(PLAIN, "http_get")).id == "xml_documents"
    for text in (LAUGHS, EXTERNAL):
        preview = Preview(text, "http_get")
        fmt = recognise(preview)
        assert fmt.id != "xml_documents"
        assert all("lollol" not in r.text and "root:" not in r.text for r in fmt.records(preview))
