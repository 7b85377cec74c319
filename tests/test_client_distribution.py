"""The client installs alone: a fresh venv with only the client wheel records a traced call."""

from __future__ import annotations

import importlib.util
import os
import pathlib
import subprocess
import sys
import textwrap
import venv

import pytest
from conftest import make_settings

from evidence_trace.server.app import create_server

ROOT = pathlib.Path(__file__).resolve().parent.parent

AGENT = textwrap.dedent("""
    import importlib, sys
    for forbidden in ("peewee", "evidence_trace.server"):
        try:
            importlib.import_module(forbidden)
        except ImportError:
            pass
        else:
            sys.exit(f"{forbidden} is importable in the client-only venv")
    from evidence_trace.client import EvidenceTraceClient, traced

    with EvidenceTraceClient(sys.argv[1]) as client:
        @traced(client, session_id="dist-1")
        def query_logs(log_topic, query):
            return "2026-11-30T10:00:01Z ERROR payment-service upstream timeout"

        query_logs("payment", "level:ERROR")
        assert client.recorder.flush(10), client.recorder.stats()
        stats = client.recorder.stats()
        assert stats.sent == 1, stats
        print("tool_call_count", client.get_session(session_id="dist-1").session.tool_call_count)
""")


def _load_builder():
    spec = importlib.util.spec_from_file_location("build_client", ROOT / "scripts" / "build_client.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@pytest.fixture(scope="module")
def client_venv(tmp_path_factory) -> pathlib.Path:
    """A fresh venv (no system site-packages) with only the client wheel and its dependencies."""
    base = tmp_path_factory.mktemp("client-dist")
    wheel = _load_builder().build_wheel(base / "dist")
    venv.create(base / "venv", with_pip=True, system_site_packages=False)
    python = base / "venv" / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", str(wheel)],
        check=True,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    return python


def test_wheel_holds_only_client_and_generated_code(tmp_path):
    import zipfile

    wheel = _load_builder().build_wheel(tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    packages = {n.split("/")[1] for n in names if n.startswith("evidence_trace/") and n.count("/") > 1}
    assert packages == {"client", "v1"}
    metadata = next(n for n in names if n.endswith("METADATA"))
    requires = [
        line.split(":", 1)[1].strip().split("<")[0].split(">")[0]
        for line in zipfile.ZipFile(wheel).read(metadata).decode().splitlines()
        if line.startswith("Requires-Dist:")
    ]
    assert sorted(requires) == ["googleapis-common-protos", "grpcio", "grpcio-status", "protobuf"]


def test_fresh_venv_with_only_the_client_records_a_traced_call(client_venv, sqlite_url):
    running = create_server(make_settings(sqlite_url))
    try:
        result = subprocess.run(
            [str(client_venv), "-c", AGENT, f"127.0.0.1:{running.port}"], capture_output=True, text=True, timeout=120
        )
    finally:
        running.stop(grace=1)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "tool_call_count 1" in result.stdout
    assert sys.executable != str(client_venv)


@pytest.mark.slow
def test_build_client_works_from_a_stock_venv(tmp_path):
    """`python -m venv` gives an old setuptools (3.10, 3.11) or none (3.12+) and no `wheel` package:
    the script must not build with it (`invalid command 'bdist_wheel'`) but let pip isolate the build."""
    venv.create(tmp_path / "stock", with_pip=True, system_site_packages=False)
    python = tmp_path / "stock" / "bin" / "python"
    result = subprocess.run(
        [str(python), str(ROOT / "scripts" / "build_client.py"), "--out", str(tmp_path / "dist")],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert pathlib.Path(result.stdout.strip().splitlines()[-1]).name.startswith("evidence_trace_client-")


def test_client_wheel_declares_its_license_as_an_spdx_expression(tmp_path):
    import zipfile

    wheel = _load_builder().build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(next(n for n in archive.namelist() if n.endswith("METADATA"))).decode()
    assert "License-Expression: Apache-2.0" in metadata.splitlines()
