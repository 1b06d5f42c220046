"""Two ways PDF writers put a page together that the reader must follow (found by the
second batch of producers' proofs, tests/producers/second_batch.py):

- Cairo (Inkscape's PDF) draws a clipped group as a form XObject painted under the
  clip (``re W n /x7 Do``): the form's objects carry no clip of their own, so the clip
  in force where the form is drawn must be applied to them;
- Ghostscript's pdfwrite and Cairo join texts set on one baseline into one text object
  (``[(D) -40000 (D)] TJ``: a sheet border's zone letters on its left and right edges):
  its runs far apart are texts of their own, or the pair reads as one line across the
  page, whose middle lies on the marker.

The PDFs are written here by hand, a content stream each.
"""

from __future__ import annotations

import pytest
from pdf_objects import pdf_file, stream

from markers.read.pdf import read_pdf_bytes


def _pdf(content: bytes, forms: dict[str, bytes] | None = None,
         size: tuple[float, float] = (720, 720)) -> bytes:
    """A one-page PDF painting ``content``, with form XObjects ``forms`` (name ->
    content, each over the page's box) and Helvetica-Bold as /F1."""
    forms = forms or {}
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"]
    names = " ".join(f"/{name} {6 + i} 0 R" for i, name in enumerate(forms)).encode()
    objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents 4 0 R "
                   b"/Resources << /Font << /F1 5 0 R >> /XObject << %s >> >> >>"
                   % (size[0], size[1], names))
    objects.append(stream(content, flate=True))
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>")
    for body in forms.values():
        objects.append(stream(body, b"/Type /XObject /Subtype /Form /BBox [0 0 %d %d]" % size,
                              flate=True))
    return pdf_file(objects)


def _orange(page) -> list[tuple[float, ...]]:
    return [tuple(round(v, 3) for v in shape.geometry.bounds)
            for layer in page.layers if layer.hex == "#FF4F00" for shape in layer.shapes]


ORANGE_SQUARE = b"1 0.3098 0 rg 72 72 432 432 re f"  # 1 in .. 7 in, from the bottom


def test_a_form_drawn_under_a_clip_paints_only_inside_it() -> None:
    clipped = _pdf(b"q 144 144 144 144 re W n /Fm0 Do Q", {"Fm0": ORANGE_SQUARE})
    [page] = read_pdf_bytes(clipped, "clipped.pdf")
    assert _orange(page) == [(2.0, 6.0, 4.0, 8.0)]  # 2..4 in across, y down from 10 in


def test_clips_of_nested_forms_and_of_the_path_itself_all_apply() -> None:
    inner = b"q 0 0 216 720 re W n " + ORANGE_SQUARE + b" Q"  # the path's own: x < 3 in
    nested = _pdf(b"q 144 144 288 288 re W n /Fm0 Do Q",
                  {"Fm0": b"q 0 0 720 252 re W n /Fm1 Do Q", "Fm1": inner})
    [page] = read_pdf_bytes(nested, "nested.pdf")
    assert _orange(page) == [(2.0, 6.5, 3.0, 8.0)]  # x 2..3, y (from the bottom) 2..3.5


def test_a_form_drawn_without_a_clip_paints_all_it_draws() -> None:
    [page] = read_pdf_bytes(_pdf(b"/Fm0 Do", {"Fm0": ORANGE_SQUARE}), "plain.pdf")
    assert _orange(page) == [(1.0, 3.0, 7.0, 9.0)]


def _texts(content: bytes) -> list[tuple[str, float, float]]:
    [page] = read_pdf_bytes(_pdf(content), "text.pdf")
    return sorted((item.text, round(item.box.bounds[0], 1), round(item.box.bounds[2], 1))
                  for item in page.legends)


def test_runs_far_apart_in_one_text_object_are_separate_texts() -> None:
    """Zone letters 'C' at each edge of a 10 in sheet, as pdfwrite joins them: two
    texts, each at its edge."""
    found = _texts(b"BT /F1 18 Tf 36 360 Td [(C) -36000 (C)] TJ ET")
    assert [t for t, _, _ in found] == ["C", "C"]
    assert found[0][2] < 1.0 and found[1][1] > 9.0


@pytest.mark.parametrize("shown", [b"[(KEEP OUT)] TJ", b"[(KEEP) -300 ( OUT)] TJ",
                                   b"[(K) 80 (EEP OUT)] TJ"])
def test_words_and_kerning_stay_one_text(shown: bytes) -> None:
    """A word space, a wider one (0.3 em) or kerning keep a line one text."""
    found = _texts(b"BT /F1 72 Tf 72 360 Td " + shown + b" ET")
    assert [t for t, _, _ in found] == ["KEEP OUT"]


def test_runs_two_em_apart_are_split_and_their_glyphs_with_them() -> None:
    [page] = read_pdf_bytes(_pdf(b"BT /F1 72 Tf 72 360 Td [(AB) -2600 (CD)] TJ ET"), "t.pdf")
    left, right = sorted(page.legends, key=lambda item: item.box.bounds[0])
    assert (left.text, right.text) == ("AB", "CD")
    assert left.outlines.bounds[2] < right.outlines.bounds[0] - 1.5  # 26 em/10 = 2.6 in
