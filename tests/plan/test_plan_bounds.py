"""Plans bounded like drawings (issue 32): a plan marker's size is refused as ``render``
refuses it, and a plan's check and every product made of it run in a budgeted worker, a
one-line refusal past the budget (the 100,000-marker map: ``make hostile``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import wsmark_script
from corpora import CORPORA

from markers import api
from markers.errors import WsmarkError
from markers.runtime.budget import Limits

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PLANS = CORPORA / "found" / "turn4" / "plans"
HOSTILE = os.environ.get("WSMARK_HOSTILE") == "1"


def _with_height(tmp_path: Path, height: object, kind: str = "buoy-symbol",
                 suffix: str = ".geojson") -> Path:
    """examples/lake.geojson with its first marker's kind and display_height replaced."""
    plan = json.loads((EXAMPLES / "lake.geojson").read_text())
    marker = next(f for f in plan["features"] if "kind" in f["properties"])
    marker["properties"] = {k: v for k, v in marker["properties"].items()
                            if k not in ("design", "symbol", "legend")}
    marker["properties"].update(kind=kind, display_height=height)
    if kind == "buoy-symbol":
        marker["properties"]["symbol"] = "exclusion"
    out = tmp_path / f"plan{suffix}"
    out.write_text(json.dumps(plan))
    return out


@pytest.mark.parametrize(("name", "said"), [
    ("display-height-5-passes", "display height 5 in is below the 12 in minimum of NR 5.09(6)(a)"),
    ("display-height-1e6", "display height 1e+06 in; no marker is larger than 1200 in"),
    ("display-height-1e308", "display height 1e+308 in; no marker is larger than 1200 in"),
])
def test_the_reproducers_are_refused_in_one_line(name: str, said: str) -> None:
    path = PLANS / f"{name}.geojson"
    if not path.exists():
        pytest.skip(f"needs {path}")
    report = api.plan_check(path)
    assert report.verdict == "error" and said in report.error and "\n" not in report.error
    assert api.plan_tally([report]).exit_status() == 2


@pytest.mark.parametrize(("height", "said"), [
    (5000, "display height 5000 in; no marker is larger than 1200 in (100 ft)"),
    (11.9, "display height 11.9 in is below the 12 in minimum"),
    (0.001, "display height 0.001 in is below the 12 in minimum"),
])
def test_other_sizes_render_refuses_are_refused(tmp_path: Path, height: float, said: str
                                                ) -> None:
    report = api.plan_check(_with_height(tmp_path, height))
    assert report.verdict == "error" and said in report.error, report.error
    assert "feature" in report.error  # which one


def test_the_limits_are_render_s_own(tmp_path: Path) -> None:
    """12 in and 1200 in, the pack's minimum and the CLI's maximum, are accepted."""
    for height in (12, 1200):
        assert api.plan_check(_with_height(tmp_path, height)).verdict != "error", height
    with pytest.raises(WsmarkError, match="below the 12 in minimum"):
        api.build(api.design("control", 11.9, legend="NO WAKE"))


def test_a_kind_without_a_display_area_is_refused_only_past_the_maximum(tmp_path: Path
                                                                        ) -> None:
    assert api.plan_check(_with_height(tmp_path, 5, "buoy-race")).verdict != "error"
    report = api.plan_check(_with_height(tmp_path, 1e6, "buoy-race"))
    assert report.verdict == "error" and "no marker is larger than 1200 in" in report.error


def test_a_plan_product_past_its_budget_is_one_line() -> None:
    report = api.plan_check(EXAMPLES / "lake.geojson", budget=Limits(60, 1024))
    assert report.verdict == "pass"  # checked in its worker, the report back
    tiny = Limits(0.01, 1024)
    for make in (lambda: api.plan_map(report, ".svg", budget=tiny),
                 lambda: api.plan_packet(report, budget=tiny)):
        with pytest.raises(WsmarkError) as refused:
            make()
        line = str(refused.value)
        assert "not made: it took more than 0.01 CPU s" in line and "\n" not in line, line
    checked = api.plan_check(EXAMPLES / "lake.geojson", budget=tiny)
    assert checked.verdict == "error" and "took more than 0.01 CPU s" in checked.error


@pytest.mark.skipif(not HOSTILE, reason="a 100,000-marker plan (25 s) runs with "
                    "WSMARK_HOSTILE=1 (make hostile)")
def test_a_map_of_100000_markers_is_refused_in_one_line_within_the_budget(tmp_path) -> None:
    plan = tmp_path / "p.geojson"
    subprocess.run([sys.executable, str(PLANS / "make-100k-markers.py"), str(plan),
                    str(EXAMPLES / "lake.geojson")], check=True)
    done = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", str(wsmark_script()), "plan",
                           "map", str(plan), "-o", str(tmp_path / "m.svg")],
                          capture_output=True, text=True, timeout=600)
    lines = [line for line in done.stderr.strip().splitlines()  # GNU time's own words
             if not line.startswith("Command exited with non-zero status")]
    user, system, peak_kb = lines[-1].split()
    print(f"plan map of 100,000 markers: {lines[0]} ({float(user) + float(system):.1f} CPU s, "
          f"parent peak {int(peak_kb) / 1024:.0f} MB)")
    assert done.returncode == 2 and len(lines) == 2 and "not made" in lines[0]
    assert not (tmp_path / "m.svg").exists()
    assert int(peak_kb) / 1024 < 2048  # the parent holds the report, not the map


def test_a_csv_plan_names_the_row(tmp_path: Path) -> None:
    rows = (EXAMPLES / "mooring-field.csv").read_text().splitlines()
    head, first, *rest = rows
    columns = head.split(",")
    at = columns.index("kind")
    cells = first.split(",")
    cells[at] = "buoy-symbol"
    plan = tmp_path / "plan.csv"
    plan.write_text("\n".join([head + ",display_height,symbol",
                               ",".join(cells) + ",6,exclusion",
                               *(r + ",," for r in rest)]) + "\n")
    report = api.plan_check(plan)
    assert report.verdict == "error" and "row 2" in report.error and \
        "display height 6 in is below the 12 in minimum" in report.error, report.error


def test_a_design_file_s_implausible_size_is_refused_too(tmp_path: Path) -> None:
    plan = json.loads((EXAMPLES / "lake.geojson").read_text())
    marker = next(f for f in plan["features"] if f["properties"].get("design"))
    (tmp_path / "huge.yaml").write_text("kind: control\ndisplay_height: 1e6\nlegend: NO WAKE\n")
    marker["properties"]["design"] = "huge.yaml"
    (tmp_path / "plan.geojson").write_text(json.dumps(plan))
    report = api.plan_check(tmp_path / "plan.geojson")
    assert report.verdict == "error" and "no marker is larger than 1200 in" in report.error
