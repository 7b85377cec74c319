"""ceph_osd_tree: what `ceph osd tree` prints, one record a bucket or an OSD, each OSD with the host it sits under.

    ID   CLASS  WEIGHT    TYPE NAME           STATUS  REWEIGHT  PRI-AFF
    -1          24.00000  root default
    -3          12.00000      host store-a
     2    ssd    2.00000          osd.2           up   1.00000  1.00000
     5    ssd    2.00000          osd.5         down         0  1.00000

The tree is a table whose rows nest by indentation: an OSD's host is the bucket row above it, which its own row
never names. Read as a spaced table, "osd.5 on store-a is down" found store-a and osd.5 in different rows. Each
row is a record (`row 4`), its cells under their columns' names with the host, rack and root it sits under
(`host=store-a; STATUS=down; …`), so the OSD's record shows its host. Subject: the bucket's or the OSD's name.
Level and problem: an OSD down is an error, one up but out (REWEIGHT 0) a warning.
"""

from __future__ import annotations

import re
from typing import Iterator

from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.tables import Row, table_records

_HEADER = re.compile(r"^[ \t]*ID[ \t]+(?:CLASS[ \t]+)?WEIGHT[ \t]+TYPE[ \t]+NAME\b")
_OSD = re.compile(r"osd\.[0-9]+$")
_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?$")
_BUCKETS = ("host", "rack", "root")  # (innermost first)
_COLUMNS = ["ID", "CLASS", "WEIGHT", "TYPE", "NAME", "STATUS", "REWEIGHT", "PRI-AFF", *_BUCKETS]


def _recognise(preview: Preview) -> bool:
    return preview.json is None and _HEADER.match(preview.first_line) is not None


def _own_cells(tokens: list[str]) -> list[str]:
    """A row's own cells in _COLUMNS' order (the buckets above it are _rows')."""
    if tokens[0].startswith("-"):  # a bucket: ID WEIGHT TYPE NAME
        kind, name = (tokens[2], " ".join(tokens[3:])) if len(tokens) > 3 else ("", tokens[-1])
        return [tokens[0], "", tokens[1], kind, name, "", "", ""]
    # an OSD: ID [CLASS] WEIGHT NAME STATUS REWEIGHT PRI-AFF
    at = next((i for i, token in enumerate(tokens) if _OSD.match(token)), len(tokens) - 1)
    klass = tokens[1] if at == 3 else ""
    rest = tokens[at + 1 :] + ["", "", ""]
    return [tokens[0], klass, tokens[at - 1], "osd", tokens[at], rest[0], rest[1], rest[2]]


def _read(cells: dict[str, str]) -> tuple[str, str, str]:
    """(level, subject, problem): an OSD down is an error, up and out (REWEIGHT 0) a warning."""
    if cells.get("STATUS") == "down":
        return "ERROR", cells["NAME"], "down"
    if cells.get("TYPE") == "osd" and _NUMBER.match(cells.get("REWEIGHT", "")) and float(cells["REWEIGHT"]) == 0:
        return "WARN", cells["NAME"], "out"
    return "", cells.get("NAME", ""), ""


def _rows(preview: Preview) -> Iterator[Row]:
    above: dict[str, str] = {}
    for number, line in preview.lines[1:]:
        tokens = line.split()
        if len(tokens) < 3 or not _NUMBER.match(tokens[0]):
            continue
        own = _own_cells(tokens)
        if own[3] in _BUCKETS:  # (the buckets below a new one are its own)
            above = {**{k: v for k, v in above.items() if _BUCKETS.index(k) > _BUCKETS.index(own[3])}, own[3]: own[4]}
        yield number, line, own + [above.get(bucket, "") for bucket in _BUCKETS]


def records(preview: Preview) -> Iterator[Record]:
    return table_records(_COLUMNS, _rows(preview), _read)


FORMAT = Format("ceph_osd_tree", _recognise, records)
