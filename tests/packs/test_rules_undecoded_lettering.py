"""Lettering that could not be decoded is `review`, never a failure of what it says (issue
21): a line whose text holds control, private-use or unassigned codes (a Type 3 bitmap
font without a Unicode map gives its glyphs' codes 1, 2, 3 ...), or whose reading is
doubted, leaves the aid's identification and a sign's words unjudged. Decoded lettering
is still judged (a wrong id fails).

The PDF is written here byte by byte: a green 24 in page with a Type 3 font whose glyphs
are 8 x 8 bitmaps (image masks), encoded at codes 1-3, with no ToUnicode map.
"""

from __future__ import annotations

import pytest
from pdf_objects import pdf_file, stream
from wi import check_file, check_svg_text

from markers.check.measure.common import LegendFact
from markers.check.pipeline import CheckOptions
from markers.packs.wi_nr509.rules.regulatory import undecoded

SVG = 'xmlns="http://www.w3.org/2000/svg"'


def _aid_svg(text: str) -> str:
    return f"""<svg {SVG} width="24in" height="24in" viewBox="0 0 24 24">
 <rect width="24" height="24" fill="#00843D"/><text x="12" y="13.5" font-size="4.5"
 text-anchor="middle" fill="#FFFFFF">{text}</text></svg>"""


def _type3_pdf(codes: bytes) -> bytes:
    """A 24 x 24 in green page, the string ``codes`` set white in a Type 3 bitmap font."""
    glyph = (b"1000 0 0 0 1000 1000 d1 q 1000 0 0 1000 0 0 cm BI /IM true /W 8 /H 8 /BPC 1 "
             b"ID \x00\x7e\x42\x42\x42\x42\x7e\x00 EI Q")
    text = b"".join(b"\\%03o" % c for c in codes)
    content = b"0 0.52 0.24 rg 0 0 1728 1728 re f BT /F1 330 Tf 1 1 1 rg 400 780 Td (" + \
        text + b") Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 1728 1728] "
        b"/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
        stream(content),
        b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] "
        b"/FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /g 6 0 R >> "
        b"/Encoding << /Type /Encoding /Differences [1 /g /g /g] >> "
        b"/FirstChar 1 /LastChar 3 /Widths [1000 1000 1000] /Resources << >> >>",
        stream(glyph)]
    return pdf_file(objects)


def _line(text: str | None, doubt: str | None = None, outlined: bool = False) -> LegendFact:
    return LegendFact(text, 3.0, None, None, (0, 0, 1, 1), False, outlined, doubt=doubt)


@pytest.mark.parametrize("text,count,codes", [
    ("WS-2", 0, None), ("SLOW\tNO WAKE", 0, None),
    ("\x01\x02\x03", 3, "(U+0001 U+0002 U+0003)"), ("WS-\ue001", 1, "(U+E001)"),
    ("WS-\ufffd", 1, "(U+FFFD)"), ("\U000F0000" * 6, 6, "(U+F0000 U+F0000 U+F0000 U+F0000 ...)"),
    ("\u0378A", 1, "(U+0378)")])
def test_a_line_is_undecoded_when_its_text_holds_codes_that_are_no_letters(text, count,
                                                                         codes):
    why = undecoded(_line(text))
    assert (why is None) == (codes is None), why
    if codes is not None:
        assert codes in why and f"holds {count} code(s)" in why


def test_a_doubted_or_unread_outlined_line_is_undecoded():
    assert undecoded(_line(None, doubt="the outlined letters read 'W5-2', which ...")) == \
        "the outlined letters read 'W5-2', which ..."
    assert "not read" in undecoded(_line(None, outlined=True))


def test_private_use_codes_on_an_aid_are_review_not_a_wrong_id(tmp_path):
    report = check_svg_text(tmp_path, "aid-pua", _aid_svg("&#xE001;&#xE002;&#xE003;"))
    assert report.kind == "aid-green" and report.verdict == "review", \
        [(f.rule, f.severity, f.message) for f in report.findings]
    [ident] = [f for f in report.findings if f.rule == "aid-id-format"]
    assert ident.severity == "review" and "U+E001 U+E002 U+E003" in ident.message


def test_a_decoded_wrong_id_still_fails(tmp_path):
    report = check_svg_text(tmp_path, "aid-ws7", _aid_svg("WS7"))
    assert [(f.rule, f.severity) for f in report.findings if f.rule == "aid-id-format"] == \
        [("aid-id-format", "error")]


def test_a_type3_bitmap_font_id_is_review_not_a_wrong_id(tmp_path):
    path = tmp_path / "type3-bitmap-font.pdf"
    path.write_bytes(_type3_pdf(b"\x01\x02\x03"))
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "review" and report.kind == "aid-green", \
        (report.error, [(f.rule, f.severity, f.message) for f in report.findings])
    ident = [f for f in report.findings if f.rule == "aid-id-format"]
    assert [f.severity for f in ident] == ["review"]


def test_control_words_that_are_private_use_codes_are_review(tmp_path):
    report = check_svg_text(tmp_path, "control-pua", f"""<svg {SVG} width="24in"
 height="24in" viewBox="0 0 24 24"><rect width="24" height="24" fill="#FFFFFF"/>
 <circle cx="12" cy="12" r="9" fill="none" stroke="#FF4F00" stroke-width="2"/>
 <text x="12" y="13" font-size="2.2" text-anchor="middle">&#xE010;&#xE011; &#xE012;</text>
 </svg>""")
    assert report.kind == "control"
    [words] = [f for f in report.findings if f.rule == "reg-control-legend"]
    assert words.severity == "review" and "U+E010" in words.message
    assert report.verdict == "review"
