"""The import direction of docs/architecture.md: every arrow points down, none sideways or up.

rpc -> usecases -> domain; web -> usecases -> domain (the audit page, a second
transport beside rpc: never the store, never rpc); usecases -> store -> domain;
adapters -> domain. The
wiring at the top (app, settings, testing, cli) may import any layer; cli also
imports the client SDK (evidence_trace.client): its ops commands are clients of
a server. The domain imports no grpc, protobuf or Peewee, and no layer below
rpc imports grpc or protobuf. The test reads the source, so it fails on the import itself,
whether or not it is ever executed.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

SERVER = pathlib.Path(__file__).resolve().parent.parent / "server"
LAYERS = ("rpc", "web", "usecases", "domain", "adapters", "store", "cli")
TOP = {"app", "settings", "testing", "cli", "server"}
ALLOWED = {
    "domain": {"domain"},
    "store": {"store", "domain"},
    "adapters": {"adapters", "domain"},
    "usecases": {"usecases", "domain", "store"},
    "rpc": {"rpc", "usecases", "domain"},
    "web": {"web", "usecases", "domain"},
}
FORBIDDEN_LIBRARIES = {
    "domain": ("grpc", "google.protobuf", "google.rpc", "peewee", "evidence_trace.v1", "evidence_trace.client"),
    "store": ("grpc", "google.protobuf", "google.rpc", "evidence_trace.v1", "evidence_trace.client"),
    "usecases": ("grpc", "google.protobuf", "google.rpc", "evidence_trace.v1", "evidence_trace.client"),
    "adapters": ("grpc", "google.protobuf", "peewee", "evidence_trace.v1"),
    "web": ("grpc", "google.protobuf", "google.rpc", "peewee", "evidence_trace.v1", "evidence_trace.client"),
}


def _layer(module: str) -> str:
    """The layer of an evidence_trace.server module ("" for anything else)."""
    parts = module.split(".")
    if parts[:2] != ["evidence_trace", "server"]:
        return ""
    if len(parts) == 2:
        return "server"
    return parts[2]


def _imports(path: pathlib.Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return found


def _modules() -> list[tuple[str, pathlib.Path]]:
    return [(path.relative_to(SERVER).parts[0].removesuffix(".py"), path) for path in sorted(SERVER.rglob("*.py"))]


def test_every_module_sits_in_a_layer_or_the_wiring() -> None:
    strays = [
        str(p.relative_to(SERVER))
        for layer, p in _modules()
        if layer not in LAYERS and layer not in TOP and layer != "__init__"
    ]
    assert strays == []


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_imports_point_only_down(layer: str) -> None:
    wrong = []
    for owner, path in _modules():
        if owner != layer:
            continue
        for line, module in _imports(path):
            target = _layer(module)
            if target and target not in ALLOWED[layer]:
                wrong.append(f"{path.relative_to(SERVER)}:{line} imports {module} ({layer} -> {target})")
            if any(module == lib or module.startswith(lib + ".") for lib in FORBIDDEN_LIBRARIES.get(layer, ())):
                wrong.append(f"{path.relative_to(SERVER)}:{line} imports {module}")
    assert wrong == []


def test_the_check_catches_an_upward_import(tmp_path) -> None:
    stray = tmp_path / "stray.py"
    stray.write_text("from evidence_trace.server.rpc.servicer import EvidenceTraceServicer\nimport grpc\n")
    targets = {_layer(module) for _, module in _imports(stray)}
    assert "rpc" in targets and "rpc" not in ALLOWED["domain"]
    assert any(module == "grpc" for _, module in _imports(stray))


def test_no_module_is_much_longer_than_400_lines() -> None:
    long = {str(p.relative_to(SERVER)): n for _, p in _modules() if (n := len(p.read_text().splitlines())) > 450}
    assert long == {}


def test_every_server_package_ships_in_the_wheel() -> None:
    """pyproject lists packages by hand: a new folder missing there would be left out of the install."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    listed = set(tomllib.loads((SERVER.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(("evidence_trace", "server", *p.parent.relative_to(SERVER).parts)) for p in SERVER.rglob("__init__.py")
    }
    assert found - listed == set()
