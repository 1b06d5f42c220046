"""Issue 33: the lettering beside a marker is read only when it could state something
that would be used (markers.check.layout.notes, split): a crop mark or a registration
target is not drawn for OCR, nor is anything when the user gave H."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from wi import check_file

from markers.check.layout import notes, stated_scale
from markers.check.measure import ocr
from markers.check.measure.statements import parse_statements
from markers.check.pipeline import CheckOptions

GALLERY = Path(__file__).resolve().parents[2] / "gallery"
PRODUCERS = Path(__file__).resolve().parents[1] / "data" / "producers"


def test_no_line_shorter_than_stating_letters_states_a_size_or_a_scale():
    """What lets a block of short lines go unread: every text of fewer characters than
    STATING_LETTERS (spaces apart) that a trusted reading could give states nothing."""
    chars = sorted(ocr._HOLES)
    short = [*chars, *("".join(p) for p in itertools.product(chars, repeat=2)),
             *(" ".join(p) for p in itertools.product(chars, repeat=2))]
    assert notes.STATING_LETTERS == 3
    assert [t for t in short if parse_statements(t) or stated_scale((), [t])] == []
    assert parse_statements('1"A') == [(1.0, "a")]  # three characters may


def _reads(monkeypatch) -> list[str]:
    """The OCR readings taken of lettering beside the markers, as they are taken."""
    taken: list[str] = []
    notes._reading.cache_clear()
    read = notes.read_lettering

    def counted(*args, **kwargs):
        reading = read(*args, **kwargs)
        taken.append(reading.text)
        return reading

    monkeypatch.setattr(notes, "read_lettering", counted)
    return taken


def test_crop_marks_are_not_read(monkeypatch):
    """A print file's crop marks (straight bars beside the flag) were read 8 times,
    each at three sizes, a line image of millions of pixels for a bar 0.003 in thick;
    the verdict is the same without."""
    taken = _reads(monkeypatch)
    report, _ = check_file(GALLERY / "fab-diver-flag.svg", CheckOptions())
    assert taken == [] and report.kind == "diver-flag"
    assert "crop mark" in next(f.message for f in report.findings if f.rule == "set-aside")


@pytest.mark.parametrize("given", [None, 24.0])
def test_nothing_beside_is_read_when_h_is_given(monkeypatch, given):
    """A proof's lettering beside its aid (Inkscape, its paths plain: 'WS-11 GREEN AID,
    24 IN') is read when H is not given (it could state one), and not at all when it
    is. (The example was wsmark's plan map, now taken for a map before anything beside
    it is read.)"""
    taken = _reads(monkeypatch)
    report, _ = check_file(PRODUCERS / "inkscape" / "aid-green-24-keyline-plain.svg",
                           CheckOptions(display_height=given))
    assert report.verdict != "error"
    assert (len(taken) > 0) is (given is None)


def test_a_map_is_not_read_beside(monkeypatch):
    """A plan map states its map scale in live text ('1:8,000 (1 in = 667 ft)'): it is a
    map (markers.check.layout.evidence.as_map) before any lettering beside its symbols is
    read."""
    taken = _reads(monkeypatch)
    report, _ = check_file(GALLERY / "plan-map.svg", CheckOptions())
    assert taken == [] and report.verdict == "review"
