"""The web app manifest and its icons (what install prompts need), without a browser."""

from __future__ import annotations

import json
import struct
from pathlib import Path

from repo_paths import ROOT

from scripts import icons

PUBLIC = ROOT / "public"


def manifest() -> dict[str, object]:
    data: dict[str, object] = json.loads((PUBLIC / "manifest.webmanifest").read_text())
    return data


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_manifest_opens_standalone_from_wherever_the_site_lives() -> None:
    data = manifest()
    assert data["name"] and data["short_name"]
    assert data["display"] == "standalone"
    # Relative: resolved against the manifest's own URL, i.e. the site's folder.
    assert data["start_url"] == "./" and data["scope"] == "./"
    assert data["theme_color"] == data["background_color"]


def test_every_icon_exists_with_the_size_it_claims() -> None:
    entries = manifest()["icons"]
    assert isinstance(entries, list)
    for entry in entries:
        path = PUBLIC / entry["src"]
        assert not entry["src"].startswith("/"), entry
        assert path.is_file(), entry
        if entry["type"] == "image/png":
            width, height = png_size(path)
            assert entry["sizes"] == f"{width}x{height}"
    png = {(e["sizes"], e["purpose"]) for e in entries if e["type"] == "image/png"}
    # What Chromium's installability check asks for.
    assert {("192x192", "any"), ("512x512", "any")} <= png
    assert any(e["purpose"] == "maskable" for e in entries)


def test_every_rendered_icon_is_in_the_manifest() -> None:
    entries = manifest()["icons"]
    assert isinstance(entries, list)
    listed = {e["src"] for e in entries}
    for png, (svg, size) in icons.RENDERS.items():
        assert f"icons/{png}" in listed
        assert f"icons/{svg}" in listed or svg == "icon-maskable.svg"
        assert png_size(PUBLIC / "icons" / png) == (size, size)
