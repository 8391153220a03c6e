"""Packaging: the wheel carries the presets inside the package, and they load from there."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

hatchling_wheel = pytest.importorskip("hatchling.builders.wheel")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    builder = hatchling_wheel.WheelBuilder(str(ROOT))
    (path,) = list(builder.build(directory=str(out), versions=["standard"]))
    return Path(path)


def test_wheel_ships_every_preset_inside_the_package(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for preset in sorted((ROOT / "rulesets").glob("*.toml")):
        assert f"yaniv_tui/rulesets/{preset.name}" in names
    assert "yaniv_tui/rulesets/README.md" in names


def test_wheel_ships_the_serve_page(wheel: Path) -> None:
    assert "yaniv_tui/cli/templates/serve.html" in zipfile.ZipFile(wheel).namelist()


def test_wheel_has_the_yaniv_command(wheel: Path) -> None:
    archive = zipfile.ZipFile(wheel)
    (entry,) = [n for n in archive.namelist() if n.endswith("entry_points.txt")]
    assert "yaniv = yaniv_tui.cli:main" in archive.read(entry).decode()


def test_presets_load_from_the_unpacked_wheel(wheel: Path, tmp_path: Path) -> None:
    """Installed from the wheel, away from the checkout, the presets are found inside the package."""
    zipfile.ZipFile(wheel).extractall(tmp_path)
    code = (
        "from yaniv_tui.engine import load_ruleset, presets_dir, preset_paths;"
        "print(presets_dir()); print(sorted(preset_paths())); print(load_ruleset('israeli').name)"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(tmp_path)!r}); {code}"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    folder, ids, name = result.stdout.splitlines()
    assert Path(folder) == tmp_path / "yaniv_tui" / "rulesets"
    assert ids == str(sorted(p.stem for p in (ROOT / "rulesets").glob("*.toml")))
    assert name == "Israeli"
