"""Reading what a database holds, directly (not through the server), on either backend."""

from __future__ import annotations

import sqlite3
import urllib.parse


def stored_invocation_ids(db_url: str) -> list[str]:
    """Every stored invocation id, with repetitions if any."""
    return [row[0] for row in _query(db_url, "SELECT invocation_id FROM tool_invocation")]


def tool_call_count(db_url: str, session_id: str) -> int:
    rows = _query(db_url, f"SELECT tool_call_count FROM diagnosis_session WHERE session_id = '{session_id}'")
    return rows[0][0] if rows else 0


def _query(db_url: str, sql: str) -> list[tuple]:
    if db_url.startswith("sqlite:///"):
        connection = sqlite3.connect(urllib.parse.urlparse(db_url).path[1:])
        try:
            return connection.execute(sql).fetchall()
        finally:
            connection.close()
    import psycopg2

    with psycopg2.connect(db_url) as connection, connection.cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchall()


def stored_values(db_url: str, table: str, column: str) -> list:
    """Every value of one column of a table, in insertion order."""
    return [row[0] for row in _query(db_url, f"SELECT {column} FROM {table} ORDER BY seq")]


def stored_invocations(db_url: str, *columns: str) -> dict[str, tuple]:
    """invocation id -> the given columns of its stored row."""
    rows = _query(db_url, f"SELECT invocation_id, {', '.join(columns)} FROM tool_invocation")
    return {row[0]: tuple(row[1:]) for row in rows}
