"""Seeded defects: for every rule a vendor-style drawing that breaks it and nothing else,
and for every kind a vendor-style drawing that passes.

The drawings live in tests/drawings/defects/ (written by make_defects.py there; see its
docstrings for what each one is). A fail drawing is named after the paragraph it breaks,
``nr5-09-<paragraph>-tNN-<fail|warn|info>-<what>.svg`` (``fab-``/``uswms-`` for the
fabrication and USWMS-practice rules); ``EXPECTED`` below says which rule ids it must
trigger. A new rule without a seeded defect fails ``test_every_rule_has_a_seeded_defect``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import cli as cli_module
from markers.check.pipeline import CheckOptions
from wi import check_file
from wi import RULES

DEFECTS = Path(__file__).resolve().parents[1] / "drawings" / "defects"

#: fail drawing -> the rule ids its report must contain (at the rule's own severity).
EXPECTED: dict[str, tuple[str, ...]] = {
    # regulatory markers, NR 5.09(2)(b)
    "nr5-09-2-b-1-4-t01-fail-triangle-symbol.svg": ("reg-shape",),
    "nr5-09-2-b-1-4-t02-fail-red-outline.svg": ("reg-symbol-color",),
    "nr5-09-2-b-1-4-t03-fail-yellow-center.svg": ("reg-center-color",),
    "nr5-09-2-b-1-t01-fail-legend-on-outline.svg": ("reg-danger-legend",),
    "nr5-09-2-b-2-t01-fail-words-inside.svg": ("reg-exclusion-cross",),
    "nr5-09-2-b-2-t02-fail-words-on-knockout.svg": ("reg-exclusion-cross",),
    "nr5-09-2-b-3-t01-fail-words-below-circle.svg": ("reg-control-legend",),
    "nr5-09-2-b-3-t02-fail-stretched-circle.svg": ("circle-round",),
    "nr5-09-2-b-4-t01-fail-message-outside.svg": ("reg-info-legend",),
    "nr5-09-2-b-5-t01-fail-blue-legend.svg": ("reg-legend-color",),
    "nr5-09-2-b-5-t02-warn-small-letters.svg": ("legend-legibility",),
    "nr5-09-2-b-5-t03-warn-hairline-letters.svg": ("legend-legibility",),
    "nr5-09-2-b-5-t04-warn-legend-touching-outline.svg": ("legend-legibility",),
    # the permit label, NR 5.09(3)(b): found by its form, reported, not a legend
    "nr5-09-3-b-t01-info-permit-label.svg": ("permit-label",),
    # sizes, NR 5.09(6)
    "nr5-09-6-a-t01-fail-10in-display.svg": ("display-height",),
    "nr5-09-6-b-t01-fail-thin-outline.svg": ("outline-width",),
    "nr5-09-6-c-t01-fail-small-diamond.svg": ("symbol-size",),
    "nr5-09-6-d-t01-fail-rotated-square-thin-stroke.svg": ("diamond-slope", "outline-width"),
    "nr5-09-6-d-t02-fail-40deg-exclusion.svg": ("diamond-slope",),
    "uswms-t01-warn-off-center.svg": ("symbol-centered",),
    "fab-t01-info-text-legend.svg": ("text-outlined",),
    "fab-t02-info-illustrator-px.svg": ("drawing-units",),
    "fab-t03-warn-proof-dimension.svg": ("proof-dimension", "set-aside"),
    "fab-t04-info-set-aside.svg": ("set-aside",),
    "fab-t05-fail-not-actual-size.svg": ("actual-size",),
    "fab-t06-info-line-drawing.svg": ("line-drawing",),
    "fab-t07-review-filter.svg": ("what-prints",),
    # a PDF: an old version on a layer off in the default configuration (written by
    # tests/pdf_print_proofs.py, BATCH["layer-off-wrong-hidden.pdf"])
    "fab-t07-info-as-printed-hidden-layer.pdf": ("as-printed",),
    # written by tests/producers/scale_batch.py: turned-danger-90.svg (a danger sign
    # turned 90 deg on its sheet) and conflict-scale-dimension.pdf (SCALE 1:12 beside a
    # 24" dimension drawn 3 in long)
    "fab-t08-info-turned-90.svg": ("turned",),
    "fab-t09-review-scale-evidence.pdf": ("scale-evidence",),
    # a buoy's flat print, declared so (tests/drawings/defects/make_buoy_defects.py)
    "fab-t10-review-flat-print.svg": ("flat-print",),
    # another pack's identification (CT-3, Conn. 15-121-A4(b)(1)): the format fails and
    # a hint names that pack
    "fab-t07-fail-other-pack-id.svg": ("aid-id-format", "text-outlined", "other-pack"),
    # state aids to navigation, NR 5.09(2)(a)
    "nr5-09-2-a-1-2-4-t01-fail-orange-red-nun.svg": ("aid-color",),
    "nr5-09-2-a-4-t01-fail-horizontal-stripes.svg": ("aid-stripes",),
    "nr5-09-2-a-5-t01-fail-id-without-hyphen.svg": ("aid-id-format",),
    "nr5-09-2-a-5-t02-fail-odd-number-on-red.svg": ("aid-id-parity",),
    "nr5-09-2-a-6-t01-fail-black-letters.svg": ("aid-letter-color",),
    "nr5-09-2-a-6-t02-fail-small-letters.svg": ("aid-letter-height",),
    "nr5-09-2-a-6-t03-warn-hairline-letters.svg": ("aid-letter-style",),
    "nr5-09-2-a-7-t01-warn-red-square.svg": ("aid-shape",),
    # buoys, the wrap and flags (tests/drawings/defects/make_buoy_defects.py)
    "nr5-09-6-a-t02-fail-short-buoy.svg": ("buoy-height",),
    "nr5-09-6-a-t03-fail-6in-buoy.svg": ("buoy-diameter",),
    "nr5-09-6-a-t04-fail-one-sided-wrap.svg": ("buoy-two-sides",),
    "nr5-09-5-b-t01-fail-no-bottom-band.svg": ("buoy-symbol-bands",),
    "nr5-09-5-c-t01-fail-three-bands.svg": ("buoy-sign-bands",),
    "nr5-09-6-f-t01-fail-no-reflector.svg": ("reflector-band",),
    "nr5-09-2-a-8-t01-fail-white-reflector.svg": ("aid-reflector-color",),
    "nr5-09-7-a-t01-fail-low-mooring.svg": ("mooring-buoy",),
    "nr5-09-7-b-t01-fail-16in-race-ball.svg": ("race-buoy",),
    "nr5-09-7-b-t02-fail-pictogram-on-ball.svg": ("race-buoy",),
    "s30-70-t01-fail-2in-stripe.svg": ("diver-flag",),
    "s30-675-t01-fail-10in-square.svg": ("distress-flag",),
}

#: Rules that measure a number: their findings carry a numeric ``measured`` value.
NUMERIC = {"display-height", "outline-width", "symbol-size", "diamond-slope", "circle-round",
           "symbol-centered", "legend-legibility", "aid-letter-height", "aid-letter-style",
           "buoy-height", "buoy-diameter", "buoy-two-sides"}

#: pass drawing -> the kind it must be detected as.
PASS_KINDS = {
    "danger-pass-mm-stroke-35deg-diamond.svg": "danger",
    "exclusion-pass-pt-evenodd-cross.svg": "exclusion",
    "control-pass-in-stroked-circle.svg": "control",
    "information-pass-cm-rgb-style.svg": "information",
    "aid-red-pass-px-triangle-text-id.svg": "aid-red",
    "aid-red-pass-pt-backing-board.svg": "aid-red",
    "aid-green-pass-mm-css-text-id.svg": "aid-green",
    "aid-center-pass-in-rotated-stripes.svg": "aid-center",
    "buoy-symbol-pass-in-danger-7in-surface.svg": "buoy-symbol",
    "buoy-sign-pass-mm-control.svg": "buoy-sign",
    "buoy-wrap-pass-in-danger-12in.svg": "buoy-wrap",
    "aid-red-pass-in-nun-buoy.svg": "aid-red",
    "aid-green-pass-pt-can-buoy.svg": "aid-green",
    "buoy-mooring-pass-pt-sphere.svg": "buoy-mooring",
    "buoy-race-pass-px-yellow-ball.svg": "buoy-race",
    "diver-flag-pass-in-red-white-stripe.svg": "diver-flag",
    "distress-flag-pass-cm-orange.svg": "distress-flag",
}

#: Pass drawings whose lettering is outlines that cannot be read with confidence: what
#: they carry is judged `review`, never pass; nothing else may be found. (The outlined
#: "WS-1" of aid-green-pass-pt-can-buoy.svg is read, and passes.)
UNREAD_OUTLINES: dict[str, set[str]] = {}

ACCEPTANCE_BAD = "nr5-09-6-d-t01-fail-rotated-square-thin-stroke.svg"
ACCEPTANCE_GOOD = "danger-pass-mm-stroke-35deg-diamond.svg"

FAIL_FILES = sorted(p.name for p in (*DEFECTS.glob("*.svg"), *DEFECTS.glob("*.pdf"))
                    if "-pass-" not in p.name)
PASS_FILES = sorted(p.name for p in DEFECTS.glob("*.svg") if "-pass-" in p.name)


def _report(name: str):
    report, _ = check_file(DEFECTS / name, CheckOptions())
    assert report.verdict != "error", report.error
    return report


def _summary(report) -> str:
    return "\n".join(f"  {f.severity:7} {f.rule:20} {f.message}" for f in report.findings)


# ------------------------------------------------------------------ the set is complete

def test_drawings_on_disk_are_the_mapped_ones():
    assert FAIL_FILES == sorted(EXPECTED), "every fail drawing needs its rule ids in EXPECTED"
    assert PASS_FILES == sorted(PASS_KINDS)


def test_every_rule_has_a_seeded_defect():
    seeded = {rule_id for ids in EXPECTED.values() for rule_id in ids}
    missing = sorted(set(RULES) - seeded)
    assert not missing, f"rules without a seeded-defect drawing in {DEFECTS}: {missing}"
    unknown = sorted(seeded - set(RULES))
    assert not unknown, f"EXPECTED names rules that are not registered: {unknown}"


def test_every_kind_has_a_passing_drawing():
    kinds = {"danger", "exclusion", "control", "information", "aid-red", "aid-green",
             "aid-center", "buoy-symbol", "buoy-sign", "buoy-wrap", "buoy-mooring",
             "buoy-race", "diver-flag", "distress-flag"}
    assert kinds <= set(PASS_KINDS.values())


def _prefixes(rule_id: str) -> set[str]:
    """File-name prefixes for a rule: its NR 5.09 paragraphs or statute (of every kind it
    cites), or fab-/uswms-."""
    found = set()
    for citation in RULES[rule_id].citations():
        for first in citation.split(", "):
            if first.startswith("NR 5.09"):  # "NR 5.09(2)(a)1,2,4" -> "nr5-09-2-a-1-2-4-"
                found.add("nr5-09-" + "-".join(re.findall(r"[0-9a-z]+", first[7:].lower()))
                          + "-")
            if first.startswith("s. 30."):  # "s. 30.70, Wis. Stats." -> "s30-70-"
                found.add("s30-" + first[6:] + "-")
        if "USWMS" in citation:
            found.add("uswms-")
        if citation == "fabrication":
            found.add("fab-")
    return found


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_file_name_follows_the_paragraph_pattern(name):
    ids = EXPECTED[name]
    assert any(name.startswith(p) for r in ids for p in _prefixes(r)), name
    assert re.search(r"-t\d\d-(fail|review|warn|info)-[a-z0-9-]+\.(svg|pdf)$", name), name
    severities = {RULES[r].severity for r in ids}
    word = ("fail" if "error" in severities else "review" if "review" in severities
            else "warn" if "warning" in severities else "info")
    assert f"-{word}-" in name, (name, word)


# ------------------------------------------------------------------------ fail drawings

@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_seeded_defect_is_found_and_nothing_else_fails(name):
    report = _report(name)
    expected = EXPECTED[name]
    for rule_id in expected:
        hits = [f for f in report.findings if f.rule == rule_id]
        assert hits, f"{name}: {rule_id} not reported; got\n{_summary(report)}"
        severity = RULES[rule_id].severity
        assert any(f.severity == severity for f in hits), \
            f"{name}: {rule_id} not at severity {severity}; got\n{_summary(report)}"
        for f in hits:
            if f.severity == severity and (rule_id in NUMERIC):
                assert isinstance(f.measured, (int, float)), (rule_id, f)
                assert f.required, (rule_id, f)
            if f.severity == "error":
                assert f.measured is not None and f.required, (rule_id, f)
        assert all(f.citation == RULES[rule_id].citation for f in hits)
    others = [f for f in report.findings if f.rule not in expected and f.severity == "error"]
    assert not others, f"{name}: unrelated errors\n{_summary(report)}"
    if any(RULES[r].severity == "error" for r in expected):
        assert report.verdict == "fail"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_seeded_defect_has_no_unrelated_warning(name):
    report = _report(name)
    others = [f for f in report.findings
              if f.rule not in EXPECTED[name] and f.severity == "warning"]
    assert not others, f"{name}: unrelated warnings\n{_summary(report)}"


# ------------------------------------------------------------------------ pass drawings

@pytest.mark.parametrize("name", sorted(PASS_KINDS))
def test_vendor_drawing_passes(name):
    report = _report(name)
    bad = [f for f in report.findings if f.severity in ("error", "warning")]
    review = {f.rule for f in report.findings if f.severity == "review"}
    verdict = "review" if name in UNREAD_OUTLINES else "pass"
    assert report.verdict == verdict and not bad, f"{name}:\n{_summary(report)}"
    assert review == UNREAD_OUTLINES.get(name, set()), _summary(report)
    assert report.kind == PASS_KINDS[name]


# ------------------------------------------------------------------------ the acceptance pair

def test_acceptance_pair_in_the_library():
    bad = _report(ACCEPTANCE_BAD)
    errors = {f.rule: f for f in bad.findings if f.severity == "error"}
    assert set(errors) == {"diamond-slope", "outline-width"}, _summary(bad)
    slope, outline = errors["diamond-slope"], errors["outline-width"]
    assert slope.citation == "NR 5.09(6)(d)" and slope.measured == pytest.approx(45, abs=0.1)
    assert "35" in slope.required and slope.unit == "deg"
    assert outline.citation == "NR 5.09(6)(b)"
    assert outline.measured == pytest.approx(1.5, abs=0.01)
    assert "2" in outline.required and outline.unit == "in"
    good = _report(ACCEPTANCE_GOOD)
    assert good.verdict == "pass" and good.kind == "danger"
    assert not [f for f in good.findings if f.severity in ("error", "warning")], _summary(good)


def test_acceptance_pair_on_the_command_line(runner):
    result = runner.invoke(cli_module.cli, ["check", "-j", "1", "--format", "json",
                                            str(DEFECTS / ACCEPTANCE_BAD)])
    assert result.exit_code == 1, (result.output, result.exception)
    [record] = json.loads(result.stdout)
    assert record["verdict"] == "fail" and record["kind"] == "danger"
    errors = {f["rule"]: f for f in record["findings"] if f["severity"] == "error"}
    assert set(errors) == {"diamond-slope", "outline-width"}
    assert errors["diamond-slope"]["citation"] == "NR 5.09(6)(d)"
    assert errors["outline-width"]["citation"] == "NR 5.09(6)(b)"
    for finding in errors.values():
        assert isinstance(finding["measured"], (int, float)) and finding["required"]

    result = runner.invoke(cli_module.cli, ["check", "-j", "1", "--format", "json",
                                            str(DEFECTS / ACCEPTANCE_GOOD)])
    assert result.exit_code == 0, (result.output, result.exception)
    [record] = json.loads(result.stdout)
    assert record["verdict"] == "pass"
