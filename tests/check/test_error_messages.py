"""Error messages are one line in the project's own words (issue 21): no exception class
names ("TypeError: Unsupported DXF type PolyMesh"), no library internals ("overflow
encountered in matmul"), no "(Success)" (errno 0's text), no doubled punctuation (").)").

The messages scanned come from the broken and hostile inputs of the corpora (HOSTILE.tsv,
the reproducers in found/, the files of the sweep whose messages carried such words),
from broken bytes written here, and from the checker's own fallbacks, made to fail here
with the exceptions a hostile file once raised deep in the libraries.
"""

from __future__ import annotations

import pytest

from corpora import CORPORA
from markers.check import pipeline
from markers.check.pipeline import CheckOptions
from markers.core.shown import MAX_ERROR_CHARS, NOT_PLAIN, arithmetic_words, plain
from wi import PACK, check_file

#: What no message may carry (the sweep, bench/sweep.py, counts the same).
BAD = NOT_PLAIN
#: Files of the sweep (bench/sweep.py) whose messages named an exception, errno 0's
#: "(Success)" or a doubled ").)" before this was fixed, and found/ reproducers.
SWEPT = ["dxf/dxf-parser/test/data/arcs-as-splines.dxf", "dxf/ezdxf/examples_dxf/uncommon.dxf",
         "pdf/qpdf/qpdf/qtest/qpdf/bad34.pdf", "pdf/qpdf/qpdf/qtest/qpdf/c-empty.pdf",
         "pdf/qpdf/qpdf/qtest/qpdf/bad-content.pdf",
         "found/turn3/cosmetic-data-format-error.pdf", "found/warn-matmul-overflow.svg",
         "found/warn-buffer-divzero.svg", "found/warn-points-overflow.svg"]
#: Broken inputs written here: name -> bytes.
BROKEN = {"truncated.pdf": b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog", "empty.pdf": b"",
          "garbage.dxf": b"0\nSECTION\n2\nENTITIES\n0\nLINE\n8\n0\n10\nnot-a-number\n",
          "binary.dxf": b"AutoCAD Binary DXF\r\n\x1a\x00" + bytes(range(256)),
          "not-xml.svg": b"<svg xmlns='http://www.w3.org/2000/svg'><rect</svg>",
          "empty.svg": b""}


def _corpus() -> list:
    listing = CORPORA / "HOSTILE.tsv"
    hostile = [line.split("\t")[0] for line in listing.read_text().splitlines()
               if line.strip()] if listing.is_file() else []
    return [CORPORA / p for p in hostile + SWEPT if (CORPORA / p).is_file()]


def _assert_plain(report, name: str) -> None:
    assert report.verdict == "error", (name, report.verdict)
    message = report.error
    assert "\n" not in message and len(message) <= MAX_ERROR_CHARS, message
    assert not BAD.search(message.replace(name, "")), message


@pytest.mark.skipif(not _corpus(), reason="shared/corpora not found")
def test_the_corpus_messages_are_plain():
    errors = 0
    for path in _corpus():
        report, _ = check_file(path, CheckOptions())
        if report.verdict == "error":
            errors += 1
            _assert_plain(report, str(path))
    assert errors >= 20  # most of HOSTILE.tsv and every swept file is refused


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_bytes_give_plain_messages(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(BROKEN[name])
    report, _ = check_file(path, CheckOptions())
    _assert_plain(report, str(path))


@pytest.mark.parametrize("raised,words", [
    (FloatingPointError("overflow encountered in matmul"), "numbers out of range (a number "
                                                           "too large to compute with)"),
    (RuntimeWarning("invalid value encountered in intersection"), "numbers out of range (a "
                                                                  "result that is no number)"),
    (ZeroDivisionError("float division by zero"), "numbers out of range (a division by "
                                                  "zero in its geometry)"),
    (TypeError("Unsupported DXF type PolyMesh or PolyFaceMesh"), "cannot be measured"),
    (ValueError("chr() arg not in range(0x110000)"), "cannot be measured"),
    (KeyError("x"), "cannot be measured")])
def test_the_checkers_fallbacks_name_no_exception(tmp_path, monkeypatch, raised, words):
    def fail(*args, **kwargs):
        raise raised

    monkeypatch.setattr(pipeline, "_judged", fail)
    path = tmp_path / "sign.svg"
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="1in" height="1in"/>')
    report, _ = pipeline.check_file(path, CheckOptions(), PACK)
    _assert_plain(report, str(path))
    assert report.error.startswith(f"{path}: {words}"), report.error
    assert str(raised).strip("'") not in report.error[len(str(path)):]


@pytest.mark.parametrize("reason,said", [
    (": not a readable PDF (Data format error).)", ": not a readable PDF (Data format error)"),
    (": not a readable PDF (Success).)", ": not a readable PDF"),
    (": cannot read DXF (TypeError: Unsupported DXF type PolyMesh)",
     ": cannot read DXF (Unsupported DXF type PolyMesh)"),
    (": cannot read PDF (FloatingPointError: overflow encountered in matmul)",
     ": cannot read PDF (a number too large to compute with)"),
    (": cannot read (ValueError)", ": cannot read"),
    (": not a readable DXF (missing 'AcDbPolyline' subclass)",
     ": not a readable DXF (missing 'AcDbPolyline' subclass)"),
    (": 3 errors in the ErrorLog of chr() (x)", ": 3 errors in the ErrorLog of chr() (x)")])
def test_plain_words_a_readers_reason(reason, said):
    assert plain(reason) == said


def test_arithmetic_words_say_what_went_wrong_without_numpy():
    assert arithmetic_words(OverflowError("math range error")) == \
        "a number too large to compute with"
    assert arithmetic_words(ArithmeticError("?")) == "a computation on its numbers failed"
