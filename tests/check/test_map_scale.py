"""A map is not a proof: a page whose stated scale (or scale bar) would make the shapes
on it that look like markers larger than any marker states its ground's scale, and
those shapes are map symbols (markers.check.layout.evidence.as_map). Such a page is one
review of rule scale-evidence, no size judged; on a page of a document it is set aside
as a map. Before: every plan map wsmark draws (30 of 30: five plans, SVG and PDF, at
1:2,000, 1:24,000 and as fitted) was judged as markers at the map's scale, or at 1:24
and 1:20 where '1:24,000' and '1:20,000' were read without their thousands, and failed.

Cases: wsmark's own plan maps (SVG and PDF, read back from what `wsmark plan map`
writes), and site plans a drafting program writes (matplotlib PDF, live text) in each
notation a map's scale takes: an engineer's scale, a ratio with digits grouped by a
comma or a thin space, paper inches to thousands of feet, and a scale bar's dimension
on a page stating none."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from markers import api
from markers.check import pipeline
from markers.check.layout.evidence import MARKER_LARGEST_IN, ScaleEvidence, as_map
from markers.check.layout.scale import parse_scale
from markers.check.report import Provenance, report_json
from tests.wi import PACK

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "producers"))
import marker_scene as ms
import scale_batch

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _judged(path: Path) -> dict:
    report, _ = pipeline.check_file(path, pipeline.CheckOptions(), PACK)
    return report_json(report, Provenance("t", "t", "t"))


def _is_one_map_review(report: dict, words: str) -> None:
    """One drawing, a review whose only error- or review-level finding is the map's
    scale-evidence naming the scale as written."""
    assert report["verdict"] == "review", report["verdict"]
    assert len(report["markers"]) == 1
    serious = [f for f in report["findings"] if f["severity"] in ("error", "review", "warning")]
    assert [f["rule"] for f in serious] == ["scale-evidence"]
    message = serious[0]["message"]
    assert "map's scale" in message and words in message, message


@pytest.mark.parametrize(("text", "factor"), [
    ("1:24,000 (1 in = 2,000 ft)", 24000.0), ("SCALE 1:24,000", 24000.0),
    ("SCALE 1:2,500", 2500.0), ("1:24\u2009000", 24000.0), ("1:24\u202f000", 24000.0),
    ("1 in = 2,000 ft", 24000.0), ('1" = 1,000\'', 12000.0), ("1:1,000,000", 1e6),
    ("SCALE 1:2 500", 2500.0)])
def test_grouped_digits(text: str, factor: float) -> None:
    """A map's scale groups its digits (ISO 80000-1's space, thin or not, or a comma):
    '1:24,000' was read as 1:24."""
    found = parse_scale(text)
    assert found is not None and found[0] == pytest.approx(factor)


@pytest.mark.parametrize(("text", "factor"), [("1:2.5", 2.5), ("SCALE 1:12", 12.0),
                                              ("1:24.000", 24.0)])
def test_decimals_stay_decimals(text: str, factor: float) -> None:
    """A point is a decimal point: '1:24.000' stays 1:24 (a European thousands point
    cannot be told from it)."""
    found = parse_scale(text)
    assert found is not None and found[0] == pytest.approx(factor)


def test_as_map_threshold() -> None:
    """The largest marker found times the scale, against the largest marker there is."""
    evidence = ScaleEvidence(24.0, '1/2" = 1\'-0"')
    edge = MARKER_LARGEST_IN / 24.0
    assert as_map(evidence, edge * 0.99) is None
    mapped = as_map(evidence, edge * 1.01)
    assert mapped is not None and mapped.map and mapped.factor == 1.0
    assert as_map(None, 100.0) is None and as_map(evidence, 0.0) is None


@pytest.mark.parametrize("suffix", [".svg", ".pdf"])
@pytest.mark.parametrize("scale", [None, 24000.0])
def test_wsmark_plan_map(suffix: str, scale: float | None, tmp_path: Path) -> None:
    """The map `wsmark plan map` draws, as fitted (1:8,000) and at 1:24,000."""
    path = tmp_path / f"map{suffix}"
    path.write_bytes(api.plan_map(EXAMPLES / "river-channel.geojson", suffix, scale))
    _is_one_map_review(_judged(path), "1 in = ")


def _site_plan(title: list[str], extra: list | None = None) -> bytes:
    """A tabloid site plan: a danger sign's symbol 0.6 in tall where it will stand, a
    title block with ``title``."""
    sign = scale_batch._sign(24.0, None)
    sheet = scale_batch._on_sheet(sign, 0.02, scale_batch.TABLOID, title, extra)
    return scale_batch._mpl(sheet, "pdf")()


@pytest.mark.parametrize(("notation", "words"), [
    ('SCALE: 1" = 100\'', '1" = 100\''), ("SCALE 1:24,000", "1:24,000"),
    ("SCALE 1:2 500", "1:2 500"), ("SCALE: 1\" = 2,000'", "1\" = 2,000'")])
def test_site_plan_stated(notation: str, words: str, tmp_path: Path) -> None:
    path = tmp_path / "site.pdf"
    path.write_bytes(_site_plan(["SITE PLAN - BOAT LAUNCH", notation]))
    _is_one_map_review(_judged(path), words)


def test_site_plan_scale_bar(tmp_path: Path) -> None:
    """No scale stated, a scale bar's dimension (500 ft over 2.5 in): 1:2,400."""
    bar = ms.dimension((2.0, 7.0), (4.5, 7.0), 0.4, "500'", cap=0.15)
    path = tmp_path / "site.pdf"
    path.write_bytes(_site_plan(["SITE PLAN - BOAT LAUNCH", "SCALE: N.T.S."], bar))
    _is_one_map_review(_judged(path), "500'")


def test_packet_map_page_set_aside(tmp_path: Path) -> None:
    """In the permit packet the map page is set aside as a map, and the marker pages are
    judged at the drafting scale each states ('SCALE 1:8'; it said "drawn at 0.135 in
    per in", which no reader takes for a scale, and its 36 in buoy failed as 4.86 in).
    The symbol buoy and the race buoy pass; the control buoy of page 6 still fails
    symbol-size: its H is inferred from the white between its bands (14 in), as the
    page's spec lists both that white area and the 12 in display area."""
    path = tmp_path / "application.pdf"
    path.write_bytes(api.plan_packet(EXAMPLES / "lake.geojson")["application.pdf"])
    # as `wsmark check` runs it, in a budgeted worker: its text outlines take more than
    # the 5 CPU s an unbudgeted read may spend
    [(_, judged, _)] = api.check_paths([path], jobs=1)
    report = report_json(judged, Provenance("t", "t", "t"))
    pages = {m["page"] for m in report["markers"]}
    assert 3 not in pages and pages, pages  # page 3 is the map
    aside = " ".join(f["message"] for f in report["findings"] if f["rule"] == "set-aside")
    assert "page 3, a map (1 in = " in aside and "page 1, which holds no marker" in aside
    verdicts = {m["page"]: (m["kind"], m["verdict"]) for m in report["markers"]}
    assert verdicts[5] == ("buoy-symbol", "pass") and verdicts[7] == ("buoy-race", "pass")
    heights = [c["measured"] for m in report["markers"] for c in m["checks"]
               if c["rule"] == "buoy-height"]
    assert all(h == pytest.approx(36.0, abs=0.05) for h in heights) and heights, heights
