"""The ops commands against a real server, in-process: tables, --json, errors and exit codes."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest
from builders import failed_invocation, invocation, step
from conftest import make_settings

from evidence_trace.server.cli import commands as cli_commands
from evidence_trace.server.cli.main import main
from evidence_trace.v1 import evidence_trace_pb2 as pb


@pytest.fixture
def address(server) -> str:
    return f"127.0.0.1:{server.port}"


@pytest.fixture
def seeded(stub) -> str:
    stub.RecordAgentStep(
        pb.RecordAgentStepRequest(step=step(step_id="c-step", session_id="cli-s", detail="plan the search")), timeout=10
    )
    stub.RecordInvocation(
        pb.RecordInvocationRequest(
            invocation=invocation(invocation_id="c-inv-1", session_id="cli-s", output_truncated=True)
        ),
        timeout=10,
    )
    stub.RecordInvocation(
        pb.RecordInvocationRequest(invocation=failed_invocation(invocation_id="c-inv-2", session_id="cli-s")),
        timeout=10,
    )
    stub.RecordInvocation(
        pb.RecordInvocationRequest(
            invocation=invocation(
                invocation_id="c-inv-3",
                session_id="cli-s",
                tool_name="query_metrics",
                output_preview="",
                output_state=pb.OUTPUT_STATE_EMPTY,
            )
        ),
        timeout=10,
    )
    return "cli-s"


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_sessions_table_and_json(capsys, address, seeded, stub):
    stub.Chat(
        pb.ChatRequest(
            session_id=seeded,
            question="why?",
            draft_answer="a timeout",
            verifier_output='{"decision": "REJECT", "reasons": ["no"]}',
        ),
        timeout=10,
    )
    code, text, _ = _run(capsys, "sessions", "--server", address)
    assert code == 0
    header, row = text.splitlines()[:2]
    assert header.split()[:2] == ["SESSION", "STATUS"] and "LAST DECISION" in header
    assert row.split()[:2] == ["cli-s", "ACTIVE"] and row.split()[-1] == "REJECT"
    code, text, _ = _run(capsys, "sessions", "--server", address, "--json", "--status", "active")
    listed = json.loads(text)["sessions"]
    assert [s["session"]["session_id"] for s in listed] == ["cli-s"]
    assert listed[0]["session"]["tool_call_count"] == "3"  # int64 is a string in proto JSON
    assert listed[0]["last_decision"]["decision"] == "DECISION_REJECT"
    code, text, _ = _run(capsys, "sessions", "--server", address, "--status", "completed")
    assert (code, text.strip()) == (0, "no sessions")


def test_sessions_pages_with_limit_and_page_token(capsys, address, stub):
    for i in range(3):
        stub.RecordInvocation(pb.RecordInvocationRequest(invocation=invocation(session_id=f"pg-{i}")), timeout=10)
    code, text, err = _run(capsys, "sessions", "--server", address, "--limit", "2", "--since", "1h")
    assert code == 0 and len(text.splitlines()) == 3
    more = err.split("more: ")[1].split()  # the page token and the resolved --since time
    assert more[0] == "--page-token" and more[2] == "--since"
    code, text, err = _run(capsys, "sessions", "--server", address, "--limit", "2", *more)
    assert code == 0 and [line.split()[0] for line in text.splitlines()[1:]] == ["pg-0"] and err == ""


def test_show_prints_the_timeline_with_markers(capsys, address, seeded):
    code, text, _ = _run(capsys, "show", seeded, "--server", address)
    assert code == 0
    lines = text.splitlines()
    assert lines[0].startswith("session cli-s  ACTIVE  steps 1  tools 3")
    rows = lines[3:]
    assert [r.split()[2] for r in rows] == ["model", "tool", "tool", "tool"]
    assert "plan the search" in rows[0]
    assert "direct_support" in rows[1] and "[truncated]" in rows[1]
    assert "failed" in rows[2] and "[not captured]" in rows[2] and "[timeout]" in rows[2]
    assert "[no output]" in rows[3]
    code, text, _ = _run(capsys, "show", seeded, "--server", address, "--json")
    shown = json.loads(text)
    assert shown["session"]["session_id"] == "cli-s"
    assert [next(k for k in e if k != "replayed") for e in shown["events"]] == [
        "step",
        "invocation",
        "invocation",
        "invocation",
    ]


def test_show_lists_the_timeline_in_start_order(capsys, address, stub):
    late, early = invocation(session_id="order", tool_name="query_logs"), step(session_id="order")
    late.start_time.FromSeconds(1_796_000_100)
    early.start_time.FromSeconds(1_796_000_000)
    stub.RecordInvocation(pb.RecordInvocationRequest(invocation=late), timeout=10)  # committed first
    stub.RecordAgentStep(pb.RecordAgentStepRequest(step=early), timeout=10)  # started first
    code, text, _ = _run(capsys, "show", "order", "--server", address)
    assert code == 0
    assert [r.split()[2] for r in text.splitlines()[3:]] == ["model", "tool"]


def test_summarize_prints_the_entries(capsys, address, seeded):
    code, text, _ = _run(capsys, "summarize", seeded, "--server", address)
    assert code == 0
    table = text.splitlines()[2:]
    assert table[0].split()[:3] == ["TOOL", "TOPIC", "LEVEL"]
    assert {r.split()[0] for r in table[1:]} == {"query_logs", "query_metrics"}
    code, text, _ = _run(capsys, "summarize", seeded, "--server", address, "--json")
    assert {e["tool_name"] for e in json.loads(text)["entries"]} == {"query_logs", "query_metrics"}


def test_summarize_cuts_at_a_word_and_wide_prints_whole(capsys, address, seeded, stub):
    full = {
        e.output_summary
        for e in stub.SummarizeSession(pb.SummarizeSessionRequest(session_id=seeded), timeout=10).entries
    }
    assert any(len(summary) > 60 for summary in full)
    code, text, _ = _run(capsys, "summarize", seeded, "--server", address)
    column = text.splitlines()[2].index("SUMMARY")
    cells = [line[column:] for line in text.splitlines()[3:]]
    for cell in (c for c in cells if c.endswith("…")):
        kept = cell[:-1]
        whole = next(summary for summary in full if summary.startswith(kept))
        assert whole[len(kept)] == " "  # cut between words
    code, text, _ = _run(capsys, "summarize", seeded, "--server", address, "--wide")
    column = text.splitlines()[2].index("SUMMARY")
    assert {line[column:] for line in text.splitlines()[3:]} == full


def test_cut_keeps_whole_words():
    from evidence_trace.server.cli import output as cli_output

    assert cli_output.cut("alpha beta gamma delta", 14) == "alpha beta…"
    assert cli_output.cut("a" * 30, 10) == "a" * 9 + "…"  # one long word: cut inside it
    assert cli_output.cut("alpha  beta\ngamma", None) == "alpha beta gamma"


def test_chat_runs_the_gate(capsys, address, seeded):
    code, text, _ = _run(
        capsys,
        "chat",
        seeded,
        "--server",
        address,
        "--question",
        "why?",
        "--draft",
        "the payment upstream timed out",
        "--verifier-output",
        "not json",
    )
    assert code == 0
    assert text.splitlines()[0].startswith("decision: LOW_CONFID")
    assert "fallback: invalid_json" in text
    code, text, _ = _run(
        capsys,
        "chat",
        seeded,
        "--server",
        address,
        "--json",
        "--question",
        "why?",
        "--draft",
        "ok",
        "--verifier-output",
        '{"decision": "ACCEPT", "reasons": ["fine"]}',
    )
    assert json.loads(text)["decision"]["decision"] == "DECISION_ACCEPT"


def test_watch_follows_until_the_session_completes(capsys, address, seeded, stub):
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(main(["watch", seeded, "--server", address, "--json"])))
    thread.start()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and len(capsys.readouterr().out.splitlines()) == 0:
        time.sleep(0.05)  # bounded wait for the replay to start
    stub.CompleteSession(pb.CompleteSessionRequest(session_id=seeded, status=pb.SESSION_STATUS_COMPLETED), timeout=10)
    thread.join(10)
    assert result == [0]


def test_watch_wait_follows_a_session_that_has_no_rows_yet(capsys, address, stub):
    result: list[int] = []
    thread = threading.Thread(
        target=lambda: result.append(main(["watch", "w-wait", "--wait", "--server", address, "--json"]))
    )
    thread.start()
    stub.RecordAgentStep(pb.RecordAgentStepRequest(step=step(session_id="w-wait")), timeout=10)
    stub.CompleteSession(pb.CompleteSessionRequest(session_id="w-wait", status=pb.SESSION_STATUS_COMPLETED), timeout=10)
    thread.join(10)
    assert result == [0]
    kinds = [
        next(iter(k for k in json.loads(line) if k in ("session", "step")))
        for line in capsys.readouterr().out.splitlines()
    ]
    assert kinds[0] == "session" and "step" in kinds


def test_watch_prints_the_live_table(capsys, address, stub):
    stub.RecordAgentStep(pb.RecordAgentStepRequest(step=step(session_id="w-cli")), timeout=10)
    stub.CompleteSession(pb.CompleteSessionRequest(session_id="w-cli", status=pb.SESSION_STATUS_COMPLETED), timeout=10)
    code, text, _ = _run(capsys, "watch", "w-cli", "--server", address)
    lines = text.splitlines()
    assert code == 0 and lines[0].startswith("session w-cli  COMPLETED") and lines[1].startswith("START (UTC)")
    assert lines[2].split()[2] == "model"


def test_health_reports_serving(capsys, address):
    assert _run(capsys, "health", "--server", address) == (0, "SERVING\n", "")


@pytest.mark.parametrize(
    "command",
    [
        ["show", "nobody"],
        ["summarize", "nobody"],
        ["watch", "nobody"],
        ["chat", "nobody", "--question", "q", "--draft", "d"],
    ],
)
def test_an_unknown_session_exits_1_with_one_line(capsys, address, command):
    code, text, err = _run(capsys, *command, "--server", address)
    assert code == cli_commands.EXIT_NOT_FOUND and text == ""
    assert err.count("\n") == 1 and "SESSION_NOT_FOUND" in err


def test_bad_input_exits_2(capsys, address):
    code, _, err = _run(capsys, "show", "not valid!", "--server", address)
    assert code == cli_commands.EXIT_USAGE and "INVALID_ARGUMENT" in err
    with pytest.raises(SystemExit) as exit_:
        main(["sessions", "--since", "yesterday-ish"])
    assert exit_.value.code == cli_commands.EXIT_USAGE


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("command", [["sessions"], ["show", "x"], ["health"]])
def test_an_unreachable_server_exits_3(capsys, command):
    code, text, err = _run(capsys, *command, "--server", f"127.0.0.1:{_free_port()}", "--timeout", "0.3")
    assert code == cli_commands.EXIT_UNREACHABLE and text == ""
    assert "cannot reach the server" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "server", ["127.0.0.1:notaport", "http://127.0.0.1:50051", "127.0.0.1", "", ":50051", "127.0.0.1:0", "::1:50051"]
)
def test_a_malformed_server_address_is_a_usage_error(capsys, server):
    with pytest.raises(SystemExit) as exit_:
        main(["sessions", "--server", server, "--timeout", "2"])
    assert exit_.value.code == cli_commands.EXIT_USAGE


def test_a_malformed_server_address_from_the_environment_is_a_usage_error(monkeypatch):
    monkeypatch.setenv("EVIDENCE_TRACE_SERVER", "http://127.0.0.1:50051")
    from evidence_trace.server.cli.main import build_parser

    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["health"])
    assert exit_.value.code == cli_commands.EXIT_USAGE


def test_a_refused_connection_fails_at_once_not_after_the_timeout(capsys):
    # --timeout is far longer than the test's own bound: only failing on the refusal can finish in time.
    result: list[int] = []
    thread = threading.Thread(
        target=lambda: result.append(main(["sessions", "--server", f"127.0.0.1:{_free_port()}", "--timeout", "3600"])),
        daemon=True,
    )
    thread.start()
    thread.join(60)
    assert result == [cli_commands.EXIT_UNREACHABLE]


def test_health_of_an_unknown_service_exits_1_with_json_error(capsys, address):
    code, text, err = _run(capsys, "health", "--server", address, "--service", "no.such.Service", "--json")
    assert code == cli_commands.EXIT_NOT_FOUND and err.count("\n") == 1
    error = json.loads(text)["error"]
    assert (error["exit_code"], error["code"]) == (cli_commands.EXIT_NOT_FOUND, None)


@pytest.mark.parametrize(
    "command",
    [["show", "nobody"], ["summarize", "nobody"], ["watch", "nobody"], ["sessions", "--page-token", "not-a-token"]],
)
def test_json_errors_print_a_json_error_object_on_stdout(capsys, address, command):
    code, text, _ = _run(capsys, *command, "--server", address, "--json")
    error = json.loads(text)["error"]
    assert code == error["exit_code"] != 0
    assert error["code"] in ("NOT_FOUND", "INVALID_ARGUMENT") and error["reason"]


def test_json_error_when_the_server_is_unreachable(capsys):
    code, text, _ = _run(capsys, "health", "--server", f"127.0.0.1:{_free_port()}", "--json")
    assert code == cli_commands.EXIT_UNREACHABLE == json.loads(text)["error"]["exit_code"]


@pytest.mark.parametrize(
    "listen, expected",
    [
        ("0.0.0.0:7000", "127.0.0.1:7000"),
        ("[::]:7000", "127.0.0.1:7000"),
        ("10.1.2.3:7000", "10.1.2.3:7000"),
        ("[::1]:7000", "[::1]:7000"),
    ],
)
def test_health_local_address_follows_the_listen_setting(listen, expected):
    assert cli_commands.local_server({"EVIDENCE_TRACE_LISTEN": listen}) == expected
    assert cli_commands.local_server({}) == cli_commands.DEFAULT_SERVER


def test_health_local_checks_the_server_of_evidence_trace_listen(capsys, monkeypatch, server):
    monkeypatch.setenv("EVIDENCE_TRACE_LISTEN", f"0.0.0.0:{server.port}")  # as in the container
    monkeypatch.delenv("EVIDENCE_TRACE_SERVER", raising=False)
    assert _run(capsys, "health", "--local") == (0, "SERVING\n", "")
    monkeypatch.setenv("EVIDENCE_TRACE_LISTEN", "0.0.0.0:0")
    assert _run(capsys, "health", "--local")[0] == cli_commands.EXIT_USAGE


def test_the_server_address_comes_from_the_environment(capsys, monkeypatch, address):
    monkeypatch.setenv("EVIDENCE_TRACE_SERVER", address)
    assert _run(capsys, "health")[0] == 0


def test_token_and_unauthenticated_exit_code(db_url, tmp_path, capsys):
    from tenants import TOKENS, write_token_file

    from evidence_trace.server.app import create_server

    running = create_server(make_settings(db_url, tokens_file=str(write_token_file(tmp_path))))
    try:
        server = f"127.0.0.1:{running.port}"
        assert main(["sessions", "--server", server]) == 4
        assert "UNAUTHENTICATED" in capsys.readouterr().err
        assert main(["sessions", "--server", server, "--token", TOKENS["acme"], "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["sessions"] == []
    finally:
        running.stop(grace=1)
