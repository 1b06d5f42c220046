"""Issue 30 for SVG: proofs written the way Illustrator, CorelDRAW and Affinity write
them, judged at the size they mean; a drawing with no physical size judged on all that
does not need one; what prints is what is judged.

The held-out batch (tests/producers/tool_batch.py: 35 proofs) was written before the
fix: the checker then got 27 of them wrong (docs/checking.md). Each case asserts the
file's verdict and exactly the rule ids at error or review.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

PRODUCERS = Path(__file__).resolve().parents[1] / "producers"
if str(PRODUCERS) not in sys.path:
    sys.path.insert(0, str(PRODUCERS))

import marker_scene as ms  # noqa: E402
import tool_batch  # noqa: E402
import write_adobe as adobe  # noqa: E402

from markers import api  # noqa: E402
from markers.read.svg.walk import read_svg_bytes  # noqa: E402

CASES = {case.name: case for case in tool_batch.cases()}


def _judged(svg: str, name: str = "proof.svg"):
    report = api.check(svg.encode(), name)[0]
    assert report.error is None, report.error
    rules = {f.rule for f in report.findings if f.severity in ("error", "review")}
    return report, rules


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_proof_of_the_held_out_batch_gets_its_verdict_and_rules(name: str) -> None:
    case = CASES[name]
    report, rules = _judged(case.svg, f"{name}.svg")
    assert (report.verdict, rules) == (case.verdict, set(case.rules)), \
        [(f.rule, f.severity, f.message) for f in report.findings]


# ----------------------------------------------------------------------------- size

def _sheet() -> ms.Sheet:
    return tool_batch._danger()


def test_illustrator_px_are_its_points_72_to_the_inch() -> None:
    sheet = _sheet()
    art = read_svg_bytes(adobe.illustrator_save_as(sheet).encode(), "ai.svg")
    assert art.width == pytest.approx(sheet.width) and art.height == pytest.approx(sheet.height)
    assert "72 px per inch" in art.meta["units_convention"]
    sized = read_svg_bytes(adobe.illustrator_export_as(sheet, responsive=False).encode(), "a.svg")
    assert sized.height == pytest.approx(sheet.height)  # unitless, with id/data-name/.cls-N


def test_one_illustrator_mark_alone_is_not_enough() -> None:
    """id="Layer_1" alone (any program may name a group so) keeps SVG's 96 px per inch."""
    svg = ('<svg id="Layer_1" xmlns="http://www.w3.org/2000/svg" width="1920px" '
           'height="2304px" viewBox="0 0 20 24"><rect width="20" height="24" fill="#fff"/>'
           '</svg>')
    art = read_svg_bytes(svg.encode(), "one-mark.svg")
    assert art.height == pytest.approx(24.0) and "units_convention" not in art.meta


def test_coreldraw_mm_with_its_own_viewbox_units_reads_at_its_mm() -> None:
    sheet = _sheet()
    for per_mm in (100.0, 1.0):
        art = read_svg_bytes(adobe.coreldraw(sheet, per_mm=per_mm).encode(), "corel.svg")
        assert art.width == pytest.approx(sheet.width, abs=1e-3)
        assert art.meta["generator"].startswith("CorelDRAW")


def test_inkscape_px_stay_css_px() -> None:
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/'
           'namespaces/inkscape" inkscape:version="1.2" id="Layer_1" data-name="Layer 1" '
           'width="1920px" height="2304px" viewBox="0 0 1920 2304"><rect width="1920" '
           'height="2304" fill="#fff"/></svg>')
    art = read_svg_bytes(svg.encode(), "ink.svg")
    assert art.height == pytest.approx(24.0)


def test_a_drawing_with_no_size_is_judged_and_says_what_to_state() -> None:
    """Affinity's width="100%": never an error; H reported unknown; the reviews say how
    to give the size."""
    report, rules = _judged(adobe.affinity(_sheet()), "affinity.svg")
    marker = report.markers[0]
    assert report.verdict == "review" and marker.display_height_basis == "unknown"
    assert marker.display_height_in is None
    review = next(f for f in report.findings if f.rule == "outline-width")
    assert "states no physical size" in review.message and "-H" in review.message
    assert "symbol-size" not in rules and "diamond-slope" not in rules


def test_an_unknown_size_is_one_basis_for_every_format() -> None:
    """The entry point other readers use (a PDF page drawn too small with no scale):
    ``meta['scale_basis'] = SIZE_UNKNOWN`` makes the sized rules reviews, whatever read
    the drawing."""
    from dataclasses import replace

    from markers.check.pipeline import CheckOptions, judge
    from markers.core.artwork import SIZE_UNKNOWN
    from markers.packs import get_pack

    design = api.design("danger", 24.0, legend="ROCKS", outline=1.0)
    art = api.build(design, as_declared=True)
    pack = get_pack()
    sized = judge(art, "d.yaml", CheckOptions(), pack)
    assert "outline-width" in {f.rule for f in sized.findings if f.severity == "error"}
    unknown = judge(replace(art, meta={**art.meta, "scale_basis": SIZE_UNKNOWN}), "d.yaml",
                    CheckOptions(), pack)
    severities = {f.rule: f.severity for f in unknown.findings}
    assert severities["outline-width"] == "review" and unknown.verdict == "review"


def test_a_hidden_layer_is_named_as_not_printing() -> None:
    report, _ = _judged(CASES["inkscape-hidden-layer-right-shown"].svg)
    info = [f.message for f in report.findings if f.rule == "as-printed"]
    assert info == ["set aside as not printing or not the artwork: layer 'Old' (display:none)"]


def test_an_image_beside_the_sign_is_not_over_it() -> None:
    svg = tool_batch._inject(after='<image x="30" y="0" width="5" height="5" '
                             f'href="data:image/png;base64,{tool_batch._PNG}"/>')
    svg = svg.replace('viewBox="0,0,20.0,24.0"', 'viewBox="0,0,40.0,24.0"').replace(
        'width="20in"', 'width="40in"')
    report, rules = _judged(svg)
    assert "what-prints" not in rules, [f.message for f in report.findings]


#: More of what SVG 1.1/2 and CSS let a drawing do to what prints, each a review naming
#: it (docs/checking.md, "What prints"): the attribute on the orange layer, or a defs.
MORE_FEATURES = {
    "mask": ('<mask id="k"><rect width="20" height="24" fill="#fff"/></mask>',
             'mask="url(#k)"', "a mask"),
    "pattern": ('<pattern id="p" width="1" height="1"><rect width="1" height="1" '
                'fill="#00AA00"/></pattern>', 'style="fill:url(#p)"', "a pattern fill"),
    "clip-bbox": ('<clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="0.5" '
                  'height="0.5"/></clipPath>', 'clip-path="url(#c)"', "objectBoundingBox"),
    "vector-effect": ("", 'vector-effect="non-scaling-stroke"', "vector-effect"),
    "transform-origin": ("", 'style="transform-origin: 10px 10px"', "transform-origin"),
    "animate-transform": ("", "", "animateTransform"),
}


@pytest.mark.parametrize("name", sorted(MORE_FEATURES))
def test_more_features_that_change_what_prints_are_named(name: str) -> None:
    defs, on_orange, words = MORE_FEATURES[name]
    after = ('<animateTransform href="#layer-orange" attributeName="transform" type="scale" '
             'to="0.5" dur="1s" fill="freeze"/>' if name == "animate-transform" else "")
    report, rules = _judged(tool_batch._inject(defs=defs, on_orange=on_orange, after=after))
    said = " ".join(f.message for f in report.findings if f.rule == "what-prints")
    assert "what-prints" in rules and words in said, said


@pytest.mark.parametrize("hide, why", [('visibility="hidden"', "visibility:hidden"),
                                       ('opacity="0"', "opacity 0"),
                                       ('style="display:none"', "display:none")])
def test_a_hidden_copy_is_named_as_not_printing(hide: str, why: str) -> None:
    """An amber copy hidden under the right sign: not judged, named."""
    svg = tool_batch._inject(after=f'<g id="old-proof" {hide}><rect width="20" height="24" '
                             'fill="#FFB300"/></g>')
    report, rules = _judged(svg)
    assert report.verdict == "pass", rules
    info = [f.message for f in report.findings if f.rule == "as-printed"]
    assert info == [f"set aside as not printing or not the artwork: layer 'old-proof' ({why})"]


def test_a_drawing_with_no_viewbox_nor_size_is_judged_at_a_nominal_size() -> None:
    """No width, height or viewBox: its painted extent is made NOMINAL_SIDE_IN, and a
    defect seen at any size (an amber diamond) still fails."""
    from markers.read.svg.walk import NOMINAL_SIDE_IN

    ring = ("M2 12L10 0.5748L18 12L10 23.4252ZM15.5585 12L10 4.0617L4.4415 12L10 19.9383Z")
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><rect width="20" height="24" '
           f'fill="#fff"/><path d="{ring}" fill="#FFB300" fill-rule="evenodd"/></svg>')
    art = read_svg_bytes(svg.encode(), "bare.svg")
    assert art.height == pytest.approx(NOMINAL_SIDE_IN)
    report, rules = _judged(svg)
    assert report.verdict == "fail" and rules == {"reg-symbol-color", "display-height",
                                                  "outline-width"}
