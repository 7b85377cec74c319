"""A file's name with figures or joints in it: "recon-2025Q3.parquet", "backup_20261102.sql.gz", "app-01.log".

A name like that tells one file, and the claim is about it: a name the session never shows is none of its
records ("the restore of recon-2025Q4.parquet has completed" when only Q3's was looked at). A plain name
("values.yaml", "Main.java", "app.log") is a kind of file that any session may speak of, and is no fact here.
"""

from __future__ import annotations

import re
from typing import Iterator

from evidence_trace.server.domain.verifier.fact_model import Fact, FactKind, Scope

_EXTENSIONS = (
    r"parquet|csv|jsonl?|ya?ml|log|gz|zip|tar|tgz|bin|sql|bak|dump|txt|xml|avro|orc|pdf|png|jpe?g|tfstate|pem|crt"
    r"|conf|war|jar|whl|rpm|deb"
)
# its stem holds a figure or a joint ("-", "_"); it stands apart from a path (read whole by fact_patterns._PATH),
# an address and a host name ("db-01.internal" ends in no file's extension)
_FILE_NAME = re.compile(
    r"(?<![\w./@\\-])[A-Za-z0-9][A-Za-z0-9_-]*[0-9_-][A-Za-z0-9_.-]*\.(?:" + _EXTENSIONS + r")(?![\w.-]|\.[A-Za-z])",
    re.I,
)


def file_facts(text: str) -> Iterator[tuple[int, int, Fact]]:
    """Each file name of `text` with figures or joints in its stem, as a name the claim is about."""
    for m in _FILE_NAME.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, m.group(0), m.group(0).lower(), Scope.SUBJECT)
