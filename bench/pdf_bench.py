"""Which PDF engine: pypdfium2 (PDFium) against pdfminer.six, on the same files.

Speed: page objects per second, each engine walking every page's objects (paths,
text, forms) of marker proofs (wsmark's cairo PDF and a reportlab CMYK proof of every
sign kind) and of the public sample PDFs in ../shared/corpora/pdf/sample-files.
Correctness: on the marker proofs, what each gives for the paths (how many painted
paths, whether the fill rule is known) and colors (sRGB or raw CMYK components).
Also: wsmark's whole PDF read (read_pdf_bytes) per page, against the bare PDFium page
load (open + load page + count objects) as the floor. Run: python bench/pdf_bench.py
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from common import Row, table  # noqa: E402
from proof_writers import naive_cmyk, to_reportlab_pdf  # noqa: E402

from corpora import CORPORA  # noqa: E402
from markers.read.pdf import read_pdf_bytes  # noqa: E402
from markers.read.svg.walk import read_svg_bytes  # noqa: E402
from wi import KINDS, build, check_file, sample_design  # noqa: E402
from render.output import render_bytes  # noqa: E402

SAMPLES = CORPORA / "pdf" / "sample-files"
#: The flat sign kinds (faces and aids), each drawn once at its sample.
SIGNS = tuple(name for name, kind in KINDS.items() if kind.family in ("face", "aid"))


def proofs() -> list[bytes]:
    out = []
    for kind in SIGNS:
        art = build(sample_design(KINDS[kind], 24))
        base = read_svg_bytes(render_bytes(art, ".svg"), "m.svg")
        out.append(render_bytes(art, ".pdf"))
        out.append(to_reportlab_pdf(base, {l.hex: naive_cmyk(l.hex) for l in base.layers}))
    return out


def pdfium_walk(data: bytes) -> tuple[int, list]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    count, fills = 0, []
    for page in doc:
        for obj in page.get_objects(max_depth=16):
            count += 1
            if obj.type == 2:
                import ctypes
                import pypdfium2.raw as c
                r, g, b, a = (ctypes.c_uint() for _ in range(4))
                c.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a)
                fills.append((r.value, g.value, b.value))
    doc.close()
    return count, fills


def pdfminer_walk(data: bytes) -> tuple[int, list]:
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LTCurve, LTFigure

    count, fills = 0, []

    def visit(item: object) -> None:
        nonlocal count
        count += 1
        if isinstance(item, LTCurve) and item.fill:
            fills.append(item.non_stroking_color)
        if isinstance(item, LTFigure):
            for child in item:
                visit(child)

    for page in extract_pages(io.BytesIO(data), laparams=None):
        for item in page:
            visit(item)
    return count, fills


def bare_load(data: bytes) -> int:
    import pypdfium2 as pdfium
    import pypdfium2.raw as c

    doc = pdfium.PdfDocument(data)
    n = sum(c.FPDFPage_CountObjects(page.raw) for page in doc)
    doc.close()
    return n


def rate(fn, files: list[bytes], rounds: int = 3) -> tuple[float, int, int]:
    """(objects per second, objects, failures) of ``fn`` over ``files``, best of rounds."""
    best, objects, failed = float("inf"), 0, 0
    for _ in range(rounds):
        start, objects, failed = time.perf_counter(), 0, 0
        for data in files:
            try:
                objects += fn(data)[0] if fn is not bare_load else fn(data)
            except Exception:
                failed += 1
        best = min(best, time.perf_counter() - start)
    return objects / best, objects, failed


def main() -> None:
    marker = proofs()
    samples = [p.read_bytes() for p in sorted(SAMPLES.rglob("*.pdf"))][:30]
    rows = []
    for label, files in (("marker proofs", marker), ("sample-files", samples)):
        for engine, fn in (("pypdfium2", pdfium_walk), ("pdfminer.six", pdfminer_walk)):
            per_s, objects, failed = rate(fn, files)
            rows.append(Row(f"{label}: {engine}", f"{per_s:,.0f} obj/s",
                            f"{len(files)} files, {objects} objects, {failed} failed"))
    cmyk = marker[1]
    _, pdfium_fills = pdfium_walk(cmyk)
    _, miner_fills = pdfminer_walk(cmyk)
    rows.append(Row("reportlab CMYK danger: pypdfium2 fills", str(pdfium_fills[:3]), "sRGB"))
    rows.append(Row("reportlab CMYK danger: pdfminer fills", str(miner_fills[:3]),
                    "raw components: color management left to the caller"))
    start = time.perf_counter()
    pages = sum(len(read_pdf_bytes(data, "m.pdf")) for data in marker)
    full = time.perf_counter() - start
    start = time.perf_counter()
    for data in marker:
        bare_load(data)
    bare = time.perf_counter() - start
    rows.append(Row("wsmark read_pdf_bytes", f"{pages / full:,.1f} pages/s",
                    f"{pages} marker pages, {full:.2f} s"))
    rows.append(Row("bare pypdfium2 page load (floor)", f"{pages / bare:,.1f} pages/s",
                    f"ratio {full / bare:.1f}x"))
    rows += check_rates()
    print(table("PDF engines (bench/pdf_bench.py)", rows))


def check_rates() -> list[Row]:
    """`check_file` per second on the seven sign kinds as SVG, PDF (cairo) and DXF (inches),
    in-process and one at a time (PDF and DXF each pay a forked reader)."""
    import tempfile

    from proof_writers import to_dxf

    from markers.check.pipeline import CheckOptions

    rows = []
    with tempfile.TemporaryDirectory(prefix="wsmark-pdf-bench-") as tmp:
        paths: dict[str, list[Path]] = {"svg": [], "pdf": [], "dxf": []}
        for kind in SIGNS:
            art = build(sample_design(KINDS[kind], 24))
            base = read_svg_bytes(render_bytes(art, ".svg"), "m.svg")
            for suffix, data in (("svg", render_bytes(art, ".svg")),
                                 ("pdf", render_bytes(art, ".pdf")),
                                 ("dxf", to_dxf(base, "in"))):
                path = Path(tmp) / f"{kind}.{suffix}"
                path.write_bytes(data)
                paths[suffix].append(path)
        for suffix, files in paths.items():
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                verdicts = [check_file(path, CheckOptions())[0].verdict for path in files]
                best = min(best, time.perf_counter() - start)
            rows.append(Row(f"check {suffix}", f"{len(files) / best:,.1f} files/s",
                            f"{len(files)} sign proofs, verdicts {sorted(set(verdicts))}"))
    return rows


if __name__ == "__main__":
    main()
