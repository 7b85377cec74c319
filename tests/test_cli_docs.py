"""Docs that cannot drift: every command and option has help text and a section in docs/cli.md."""

from __future__ import annotations

import argparse
import pathlib

from evidence_trace.server.cli.main import build_parser

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _helps() -> dict[str, str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {a.dest: a.help or "" for a in sub._choices_actions}


def test_every_command_has_help_and_a_description():
    helps = _helps()
    missing = [name for name, p in _commands().items() if not helps.get(name, "").strip() or not p.description]
    assert missing == []


def test_every_option_has_help_text():
    missing = [
        f"{name} {a.option_strings or a.dest}"
        for name, p in _commands().items()
        for a in p._actions
        if not isinstance(a, argparse._HelpAction) and not (a.help or "").strip()
    ]
    assert missing == []


def test_every_command_and_option_is_documented_in_docs_cli():
    page = (ROOT / "docs" / "cli.md").read_text()
    missing = [name for name in _commands() if f"## `evidence-trace {name}" not in page]
    missing += [
        f"{name} {opt}"
        for name, p in _commands().items()
        for a in p._actions
        for opt in a.option_strings
        if opt.startswith("--") and opt != "--help" and f"`{opt}" not in page
    ]
    assert missing == []
