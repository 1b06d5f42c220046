"""What a browser shows and prints against what wsmark judges, on the differential
reproducers of issue 30 (../shared/corpora/found/turn4/differential/): Chromium prints
``media_print.svg`` green and shows ``css_filter.svg`` hue-rotated, so wsmark must not
pass them as the orange sign their shapes draw: a review naming the feature. ``good.svg``
prints orange and passes. Skipped when Chromium or the corpus is absent."""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from markers import api
from markers.core.colors import classify

CHROMIUM = "/usr/bin/chromium"
CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "found" / "turn4" / \
    "differential"
if not Path(CHROMIUM).exists() or not CORPUS.is_dir():
    pytest.skip("needs chromium (apt-get install chromium) and the shared corpora",
                allow_module_level=True)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer"]
TIMEOUT_S = 120


def _chromium(tmp: Path, *args: str) -> None:
    subprocess.run([CHROMIUM, *ARGS, f"--user-data-dir={tmp / 'profile'}", *args],
                   capture_output=True, timeout=TIMEOUT_S, check=False)


def _families(image) -> Counter:
    """Color families of an RGB image's pixels that are neither white nor black."""
    import numpy as np

    colors, counts = np.unique(np.asarray(image).reshape(-1, 3), axis=0, return_counts=True)
    found: Counter = Counter()
    for rgb, n in zip(colors.tolist(), counts.tolist(), strict=True):
        if 40 < sum(rgb) < 3 * 245 and n > 50:
            found[classify("#" + "".join(f"{c:02X}" for c in rgb)).family] += n
    return found


def _printed(tmp: Path, name: str) -> Counter:
    """The families Chromium prints ``name`` in (its print to PDF, drawn by PDFium)."""
    import pypdfium2

    pdf = tmp / "out.pdf"
    _chromium(tmp, f"--print-to-pdf={pdf}", (CORPUS / name).as_uri())
    document = pypdfium2.PdfDocument(str(pdf))
    image = document[0].render(scale=0.5).to_pil().convert("RGB")
    return _families(image)


def _shown(tmp: Path, name: str) -> Counter:
    """The families Chromium shows ``name`` in, as an image fitted to a 200 x 240 window."""
    shutil.copy(CORPUS / name, tmp / name)
    page = tmp / "page.html"
    page.write_text(f'<html><body style="margin:0"><img src="{name}" width="200" '
                    'height="240"></body></html>')
    shot = tmp / "shot.png"
    _chromium(tmp, "--window-size=200,240", f"--screenshot={shot}", page.as_uri())
    from PIL import Image

    return _families(Image.open(shot).convert("RGB"))


def _judged(name: str):
    report = api.check((CORPUS / name).read_bytes(), name)[0]
    return report.verdict, " ".join(f.message for f in report.findings if f.rule == "what-prints")


def test_media_print_prints_green_and_is_a_review_naming_it(tmp_path: Path) -> None:
    printed = _printed(tmp_path, "media_print.svg")
    assert printed.most_common(1)[0][0] == "green", printed
    verdict, said = _judged("media_print.svg")
    assert verdict == "review" and "@media print" in said


def test_a_css_filter_shows_another_color_and_is_a_review_naming_it(tmp_path: Path) -> None:
    shown = _shown(tmp_path, "css_filter.svg")
    assert shown and "orange" not in shown, shown
    verdict, said = _judged("css_filter.svg")
    assert verdict == "review" and "filter" in said


def test_the_plain_sign_prints_orange_and_passes(tmp_path: Path) -> None:
    printed = _printed(tmp_path, "good.svg")
    assert printed.most_common(1)[0][0] == "orange", printed
    assert _judged("good.svg") == ("pass", "")
