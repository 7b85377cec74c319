"""The package metadata: the license as an SPDX string (PEP 639), so setuptools does not warn on every install."""

from __future__ import annotations

import pathlib
import re

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_license_is_an_spdx_string_and_setuptools_can_read_it():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert pyproject["project"]["license"] == "Apache-2.0"
    assert "license-files" not in pyproject["project"] or pyproject["project"]["license-files"]
    (setuptools,) = [r for r in pyproject["build-system"]["requires"] if r.startswith("setuptools")]
    minimum = re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", setuptools)
    assert minimum and int(minimum.group(1)) >= 77  # the first setuptools with PEP 639 license strings
