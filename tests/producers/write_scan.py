"""Scans: a correct marker proof rasterised (``pdftoppm``), saved as a JPEG by Pillow, and
made the only content of a PDF page at actual size by a real program: Ghostscript's
``viewjpeg.ps`` (through pdfwrite), or LibreOffice Draw (a ``draw:image``).
"""

from __future__ import annotations

import io
import subprocess
import tempfile
from pathlib import Path

DPI = 40  # a coarse office scan: enough to see the sign, nothing to measure


def jpeg_of(pdf: Path, quality: int = 80) -> tuple[bytes, float, float]:
    """The first page of ``pdf`` at DPI as JPEG bytes, and its size in inches."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "page"
        subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-singlefile", str(pdf), str(root)],
                       check=True, capture_output=True)
        image = Image.open(root.with_suffix(".png")).convert("RGB")
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality, optimize=False)
    return out.getvalue(), image.width / DPI, image.height / DPI


def viewjpeg_command(jpeg: str, width_in: float, height_in: float, out: str) -> list[str]:
    """Ghostscript's viewjpeg.ps filling a page of the scan's size with it."""
    return ["gs", "-q", "-dSAFER", f"--permit-file-read={jpeg}", "-dBATCH", "-dNOPAUSE",
            "-dOmitID", "-sDEVICE=pdfwrite", f"-dDEVICEWIDTHPOINTS={round(width_in * 72)}",
            f"-dDEVICEHEIGHTPOINTS={round(height_in * 72)}", "-dFIXEDMEDIA",
            f"-sOutputFile={out}", "viewjpeg.ps", "-c", f"({jpeg}) viewJPEG showpage"]
