"""The web page's choice of law: the clerk picks the pack (Wisconsin's by default) on
the Check, Design and Reference pages, and the check, the waivers, the repair, the
preview, the files and the sheets run under it; an unknown pack is refused in one line,
and a batch stays under the pack it was checked under."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from markers import api
from markers.core.design import Design
from web.app import Settings, create_app
from web_helpers import form_token

CT = "ct-15-121"
#: A Connecticut beacon as Connecticut's pack builds it, and one with a 2 in border.
BEACON = api.render(api.build(Design("beacon-danger", legend="ROCKS"), CT), ".svg", pack=CT)
NARROW = api.render(api.build(Design("beacon-danger", legend="ROCKS", outline=2.0), CT,
                              as_declared=True), ".svg", pack=CT)


@pytest.fixture(scope="module")
def client():
    settings = Settings(workers=1, deadline_s=60)
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8509") as test_client:
        yield test_client


def _check(client, data: bytes, pack: str | None = None, batch: str | None = None):
    token, found = form_token(client.get("/check").text)
    fields = {"token": token, "batch": batch or found, **({"pack": pack} if pack else {})}
    response = client.post("/check", data=fields, follow_redirects=False,
                           files=[("files", ("beacon.svg", data, "image/svg+xml"))])
    return response, batch or found


def test_the_check_page_offers_every_pack_wisconsin_first(client) -> None:
    page = client.get("/check").text
    assert '<select name="pack" id="pack">' in page
    assert page.index('value="wi-nr509" selected') < page.index(f'value="{CT}"')


def test_a_beacon_is_judged_by_the_law_chosen(client) -> None:
    response, batch = _check(client, BEACON, CT)
    assert response.status_code == 303
    page = client.get(f"/check/{batch}").text
    assert 'data-verdict="pass"' in page and "15-121-A2" in page
    assert f'value="{CT}" selected' in page
    # the header names the law chosen, not Wisconsin's
    assert '<span class="tagline">Waterway markers, Conn. Agencies Regs. 15-121</span>' in page
    assert "NR 5.09</span>" in client.get("/check").text
    report = client.get(f"/check/{batch}/report.json").json()
    assert report[0]["pack"] == CT and report[0]["kind"] == "beacon-danger"
    # the same drawing under the default, Wisconsin's NR 5.09: not passed
    response, other = _check(client, BEACON)
    assert client.get(f"/check/{other}/report.json").json()[0]["verdict"] == "review"


def test_a_failing_beacon_s_repair_and_waiver_stay_under_its_pack(client) -> None:
    _, batch = _check(client, NARROW, CT)
    report = client.get(f"/check/{batch}/report.json").json()[0]
    assert report["verdict"] == "fail"
    assert {f["rule"] for f in report["findings"] if f["severity"] == "error"} == \
        {"ct-beacon-border"}
    fixed = client.get(f"/check/{batch}/0/fix/file")  # repaired by Connecticut's law
    assert fixed.status_code == 200
    assert api.check(fixed.content, "fixed.svg", pack=CT)[0].verdict == "pass"
    token, _ = form_token(client.get(f"/check/{batch}").text)
    response = client.post(f"/check/{batch}/0/waive", data={
        "token": token, "rule": "ct-beacon-border", "marker": "1",
        "reason": "the commissioner approved a 2 in band"}, follow_redirects=False)
    assert response.status_code == 303
    again = client.get(f"/check/{batch}/report.json").json()[0]
    assert again["pack"] == CT and again["verdict"] == "waived"


def test_a_batch_keeps_its_pack_and_an_unknown_pack_is_refused(client) -> None:
    _, batch = _check(client, BEACON)
    response, _ = _check(client, BEACON, CT, batch)
    assert response.status_code == 400
    assert response.text.strip() == (f"wsmark: refused: these results are checked under "
                                      f"wi-nr509; start a new check for {CT}")
    response, _ = _check(client, BEACON, "tx-31")
    assert response.status_code == 400
    assert response.text.strip() == ("wsmark: refused: unknown pack 'tx-31'; the packs "
                                      f"are wi-nr509, {CT}")


def test_the_design_page_builds_and_downloads_under_the_pack(client) -> None:
    page = client.get(f"/design?pack={CT}&kind=beacon-control&legend=NO+WAKE")
    assert page.status_code == 200
    assert 'value="beacon-control" selected' in page.text and "15-121-A2(c)" in page.text
    assert 'value="danger"' not in page.text  # Wisconsin's kinds are not offered
    art = client.get(f"/design/artwork.svg?pack={CT}&kind=beacon-control&legend=NO+WAKE")
    assert art.status_code == 200 and b'data-kind="beacon-control"' in art.content or \
        b"beacon-control" in art.content
    made = client.get(f"/design/download.yaml?pack={CT}&kind=regulatory-buoy&symbol=control"
                      "&legend=NO+WAKE")
    assert made.status_code == 200 and b"kind: regulatory-buoy" in made.content
    refused = client.get(f"/design/download.svg?pack={CT}&kind=beacon-control")
    assert refused.status_code == 400 and "15-121-A2(e)" in refused.text


def test_the_reference_page_lists_the_pack_s_kinds(client) -> None:
    page = client.get(f"/reference?pack={CT}").text
    assert "/reference/sheet/beacon-exclusion?pack=ct-15-121" in page
    assert "shall form the outside border of the beacon" in page
    assert "NR 5.09(2)" not in page  # no paragraph of Wisconsin's is quoted
    assert client.get("/reference?pack=xx").status_code == 400


def test_every_kind_of_every_pack_has_a_design_form_and_preview() -> None:
    """What the Design page does for each kind, without the page: its form of typical
    values is whole and the preview is drawn (no field the pack does not offer)."""
    from web import tasks

    for pack in api.PACK_NAMES:
        for kind in api.kinds(pack):
            form = api.design_form({"kind": kind.name}, typical=True, pack=pack)
            assert not form.errors, (pack, kind.name, form.errors)
            shown = tasks.design_preview(form.params, pack)
            assert shown["error"] is None and shown["svg"], (pack, kind.name, shown)


def test_the_design_page_opens_on_the_pack_s_own_example_in_its_own_words(client) -> None:
    """With no kind asked for, the Design page shows the kind the pack's presentation
    names (markers/packs/<pack>/presentation.py); its hints are the pack's help, so a
    Wisconsin aid buoy's "lighted" hint is not on Connecticut's aid buoy's page."""
    from markers.core.presentation import presentation_of

    for pack in api.PACK_NAMES:
        shown = presentation_of(api.get_pack(pack))
        page = client.get(f"/design?pack={pack}").text
        assert f'value="{shown.example_kind}" selected' in page, pack
    lighted = presentation_of(api.get_pack()).help["lighted"]
    assert lighted in client.get("/design?kind=buoy-aid-red").text
    assert "lighted" not in presentation_of(api.get_pack(CT)).help
    assert lighted not in client.get(f"/design?pack={CT}&kind=aid-red").text
