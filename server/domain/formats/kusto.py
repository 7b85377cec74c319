"""Kusto tables: the Azure Monitor Logs (Log Analytics), Application Insights and Azure Data Explorer query
responses, one record a row.

    {"tables": [{"name": "PrimaryResult",
                 "columns": [{"name": "TimeGenerated", "type": "datetime"}, {"name": "Deadlocks", "type": "long"}],
                 "rows": [["2026-02-09T22:00:00Z", 14], ["2026-02-09T22:15:00Z", 37]]}]}

A row gives its values in the order of the table's `columns`, which a reader of JSON records cannot pair: it
would read the column definitions as the records and each row as a list of bare values. Each row is read as the
object of its columns' names and its values (`tables[0].rows[1]`: {"TimeGenerated": "…", "Deadlocks": 37}), through
the field maps as any JSON record is (level, state, subject, numbers under their names). `az monitor
log-analytics query` prints rows as objects already; those are generic_json's.
"""

from __future__ import annotations

from typing import Any, Iterator

from evidence_trace.server.domain.formats.json_records import object_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record


def _tables(preview: Preview) -> list[Any]:
    value = preview.value
    tables = value.get("tables") if isinstance(value, dict) else None
    return tables if isinstance(tables, list) else []


def _table(table: Any) -> bool:
    return (
        isinstance(table, dict)
        and isinstance(table.get("columns"), list)
        and isinstance(table.get("rows"), list)
        and all(isinstance(c, dict) and isinstance(c.get("name"), str) for c in table["columns"])
        and all(isinstance(r, list) for r in table["rows"])
    )


def _recognise(preview: Preview) -> bool:
    tables = _tables(preview)
    return bool(tables) and all(_table(t) for t in tables)


def records(preview: Preview) -> Iterator[Record]:
    for t, table in enumerate(_tables(preview)):
        names = [c["name"] for c in table["columns"]]
        for r, row in enumerate(table["rows"]):
            item = dict(zip(names, row))
            yield object_record(f"tables[{t}].rows[{r}]", item, preview.metric_hint, ("tables", t, "rows", r), "item")


FORMAT = Format("kusto_tables", _recognise, records)
