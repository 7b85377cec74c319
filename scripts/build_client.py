"""Build `evidence-trace-client`, the client-only distribution, as a wheel.

Usage: python scripts/build_client.py [--out DIR]

Stages client/ (as evidence_trace.client) and generated/ (evidence_trace,
evidence_trace.v1) into a temporary folder with their own pyproject.toml, and
runs `pip wheel` on it. The wheel depends only on grpcio, grpcio-status,
protobuf and googleapis-common-protos, with the same bounds as the full
package; no Peewee, no server code. Prints the wheel's path.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIST_NAME = "evidence-trace-client"
CLIENT_DEPENDENCIES = ("grpcio", "grpcio-status", "protobuf", "googleapis-common-protos")
#: staged folder -> source folder
SOURCES = {"evidence_trace": ROOT / "generated" / "evidence_trace", "evidence_trace/client": ROOT / "client"}
_KEEP = ("*.py", "*.pyi", "py.typed")

#: The oldest setuptools that reads `license` as an SPDX string (PEP 639) and builds
#: wheels without the separate `wheel` package.
SETUPTOOLS_MIN = (77, 0)

PYPROJECT = """\
[build-system]
requires = ["setuptools>={setuptools_min}"]
build-backend = "setuptools.build_meta"

[project]
name = "{name}"
version = "{version}"
description = "Client SDK of evidence-trace: record agent tool calls, read summaries, gate answers."
readme = "README.md"
requires-python = ">=3.10"
license = "Apache-2.0"
dependencies = [{dependencies}]

[tool.setuptools]
packages = ["evidence_trace", "evidence_trace.v1", "evidence_trace.client"]

[tool.setuptools.package-data]
"evidence_trace" = ["py.typed"]
"evidence_trace.v1" = ["*.pyi", "py.typed"]
"evidence_trace.client" = ["py.typed"]
"""

README = """\
# evidence-trace-client

The client SDK of evidence-trace, without the server: `EvidenceTraceClient`,
`AsyncEvidenceTraceClient`, `@traced`, `BackgroundRecorder`. See docs/client.md
in the evidence-trace repository.
"""


def project_metadata(pyproject: str) -> tuple[str, list[str]]:
    """The version and the client's dependency specifiers from the main pyproject.toml."""
    version = re.search(r'^version\s*=\s*"([^"]+)"', pyproject, re.M)
    if version is None:
        raise SystemExit("no version in pyproject.toml")
    deps = []
    for name in CLIENT_DEPENDENCIES:
        found = re.search(rf'"({re.escape(name)}(?![\w-])[^"]*)"', pyproject)
        if found is None:
            raise SystemExit(f"{name} is not a dependency in pyproject.toml")
        deps.append(found.group(1))
    return version.group(1), deps


def stage(into: pathlib.Path) -> None:
    """Copy the client and generated sources, and write the distribution's pyproject.toml."""
    for target, source in SOURCES.items():
        for pattern in _KEEP:
            for path in source.rglob(pattern):
                relative = path.relative_to(source)
                if "__pycache__" in relative.parts:
                    continue
                dest = into / target / relative
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, dest)
    version, deps = project_metadata((ROOT / "pyproject.toml").read_text())
    (into / "pyproject.toml").write_text(
        PYPROJECT.format(
            name=DIST_NAME,
            version=version,
            dependencies=", ".join(f'"{d}"' for d in deps),
            setuptools_min=".".join(map(str, SETUPTOOLS_MIN)),
        )
    )
    (into / "README.md").write_text(README)


def _release(version: str) -> tuple[int, ...]:
    """The leading numeric release of a version string: "80.9.0" -> (80, 9, 0), "78.1.0rc1" -> (78, 1)."""
    parts = []
    for part in version.split("."):
        digits = re.match(r"\d+", part)
        if digits is None:
            break
        parts.append(int(digits.group()))
        if digits.group() != part:
            break
    return tuple(parts)


def setuptools_is_enough() -> bool:
    """Whether this interpreter's own setuptools meets the build requirement.

    A stock venv has an older setuptools (Python 3.10, 3.11) or none (3.12+);
    then pip must build in an isolated environment with a fresh one from the
    index, not with the one installed here.
    """
    try:
        installed = importlib.metadata.version("setuptools")
    except importlib.metadata.PackageNotFoundError:
        return False
    return _release(installed) >= SETUPTOOLS_MIN


def build_wheel(out: pathlib.Path) -> pathlib.Path:
    """Build the wheel into `out` and return its path."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="evidence-trace-client-") as tmp:
        staged = pathlib.Path(tmp) / "src"
        stage(staged)
        command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out)]
        if setuptools_is_enough():
            command.append("--no-build-isolation")  # a new enough setuptools is here already: no download
        subprocess.run([*command, str(staged)], check=True)
    wheels = sorted(out.glob("evidence_trace_client-*.whl"), key=lambda p: p.stat().st_mtime)
    if not wheels:
        raise SystemExit("pip wheel produced no wheel")
    return wheels[-1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "dist", help="where to put the wheel")
    args = parser.parse_args(argv)
    print(build_wheel(args.out))


if __name__ == "__main__":
    main()
