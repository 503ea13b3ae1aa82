"""The release version (root VERSION) and the legal files, stamped into every package by generator/release.py."""

import re
import shutil
import sys
from pathlib import Path

import pytest

PROTOCOL_SPEC = Path(__file__).resolve().parents[1]
REPO = PROTOCOL_SPEC.parent
sys.path.insert(0, str(PROTOCOL_SPEC))

from generator.languages import BANNER  # noqa: E402
from generator.release import (  # noqa: E402
    LICENSE_FILES, PACKAGE_DIRS, STAMPS, VERSION_OUTPUTS, ReleaseError, Stamp, read_version, render_release,
    stale_release_files, write_release_files,
)


def _copy_release_inputs(root: Path) -> None:
    for path in {"VERSION", *LICENSE_FILES, *(stamp.path for stamp in STAMPS)}:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / path, root / path)


def test_committed_release_files_are_up_to_date():
    assert stale_release_files() == [], "run `make gen`"


def test_version_is_one_semver_line():
    assert re.fullmatch(r"\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?\n", (REPO / "VERSION").read_text(encoding="utf-8"))


@pytest.mark.parametrize("text", ["", "0.2\n", "v0.2.0\n", "0.2.0", "0.2.0\n0.3.0\n", "00.2.0\n", "0.2.0 \n"])
def test_a_malformed_version_is_refused(tmp_path, text):
    (tmp_path / "VERSION").write_text(text, encoding="utf-8")
    with pytest.raises(ReleaseError, match="VERSION"):
        read_version(tmp_path)


def test_generated_version_modules_open_with_the_banner():
    for path, render in VERSION_OUTPUTS.items():
        assert BANNER in render("1.2.3").splitlines()[0], path
        assert '"1.2.3"' in render("1.2.3"), path


def test_a_new_version_reaches_every_package_and_only_the_version_fields(tmp_path):
    _copy_release_inputs(tmp_path)
    write_release_files(tmp_path)
    assert stale_release_files(tmp_path) == []
    before = {stamp.path: (tmp_path / stamp.path).read_text(encoding="utf-8") for stamp in STAMPS}
    (tmp_path / "VERSION").write_text("7.8.9-rc.1\n", encoding="utf-8")
    stale = stale_release_files(tmp_path)
    assert set(stale) == set(VERSION_OUTPUTS) | {stamp.path for stamp in STAMPS}
    write_release_files(tmp_path)
    assert stale_release_files(tmp_path) == []
    for path, old_text in before.items():
        new_text = (tmp_path / path).read_text(encoding="utf-8")
        old_lines, new_lines = old_text.splitlines(), new_text.splitlines()
        assert len(old_lines) == len(new_lines)
        changed = [new for old, new in zip(old_lines, new_lines) if old != new]
        assert changed and all("7.8.9-rc.1" in line for line in changed), (path, changed)
    assert '"iggy-sdk==7.8.9-rc.1"' in (tmp_path / "cli/pyproject.toml").read_text(encoding="utf-8")
    assert 'const Version = "7.8.9-rc.1"' in (tmp_path / "sdk/go/version.go").read_text(encoding="utf-8")


def test_a_stamp_that_no_longer_matches_is_an_error_naming_the_file():
    stamp = Stamp("sdk/python/pyproject.toml", r'^release = "(?P<v>[^"]*)"', "project version")
    with pytest.raises(ReleaseError, match=r"sdk/python/pyproject\.toml: project version: expected exactly one"):
        stamp.apply('version = "0.1.0"\n', "0.2.0")


def test_every_package_folder_carries_the_legal_files_byte_for_byte():
    for package in PACKAGE_DIRS:
        for name in LICENSE_FILES:
            assert (REPO / package / name).read_bytes() == (REPO / name).read_bytes(), f"{package}/{name}"
    assert set(render_release()) >= {f"{p}/{n}" for p in PACKAGE_DIRS for n in LICENSE_FILES}


def test_license_is_the_full_apache_2_text_and_notice_names_the_project():
    license_text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in license_text and "Version 2.0, January 2004" in license_text
    assert "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION" in license_text
    assert "END OF TERMS AND CONDITIONS" in license_text
    assert "iggy-compat" in (REPO / "NOTICE").read_text(encoding="utf-8")


def test_changelog_has_a_section_for_the_current_version():
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## \[{re.escape(read_version())}\]", changelog, re.MULTILINE), "add it to CHANGELOG.md"
