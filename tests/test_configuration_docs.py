"""Docs that cannot drift: every setting is read from the environment and documented."""

from __future__ import annotations

import dataclasses
import pathlib

from evidence_trace.server import settings

PAGE = (pathlib.Path(__file__).resolve().parent.parent / "docs" / "configuration.md").read_text()
TABLES = (settings._TOP, settings._LIMITS, settings._VERIFIER)


def test_every_environment_variable_is_documented():
    missing = [
        f"{settings.ENV_PREFIX}{var}"
        for table in TABLES
        for var, _ in table.values()
        if f"`{settings.ENV_PREFIX}{var}`" not in PAGE
    ]
    assert missing == []


def test_every_top_level_setting_has_an_environment_variable():
    nested = {"limits", "verifier"}
    unread = [
        f.name for f in dataclasses.fields(settings.Settings) if f.name not in settings._TOP and f.name not in nested
    ]
    assert unread == []
