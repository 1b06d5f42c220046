"""markers.core.installed: the version a report states, read without importlib.metadata."""

from __future__ import annotations

import sys
from importlib.metadata import version

from markers.core.installed import installed_version


def test_same_version_as_importlib_metadata():
    installed_version.cache_clear()
    assert installed_version("wsmark") == version("wsmark")


def test_a_name_only_prefixing_another_is_not_taken(tmp_path, monkeypatch):
    """wsmark-extra-9.0.dist-info is another distribution's; the first real one on the
    path is taken, as importlib.metadata takes it."""
    for folder, text in (("wsmark-extra-9.0.dist-info", "Version: 9.0\n"),
                         ("wsmark-1.2.3.dist-info", "Name: wsmark\nVersion: 1.2.3\n\nBody\n")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "METADATA").write_text(text)
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    installed_version.cache_clear()
    try:
        assert installed_version("wsmark") == "1.2.3" == version("wsmark")
    finally:
        installed_version.cache_clear()
