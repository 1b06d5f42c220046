"""The held-out batch of issue 30 for SVG: proofs in the conventions of the tools sign
shops pay for (Illustrator "Save As" and "Export As", CorelDRAW, Affinity Designer),
hidden layers both ways, and the SVG features that change what prints, each with a
correct sign and a seeded defect. Written before the reader learnt these conventions;
the count of wrong verdicts then and after is in docs/checking.md.

Each case is (name, SVG text, verdict, rule ids at error/review). Built in memory from
marker_scene (the geometry of the spec) and wsmark's own drawing of a danger sign, so
the truth is right by construction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import marker_scene as ms
import write_adobe as adobe
from write_inkscape import inkscape_svg

H = 24.0
AMBER = ms.AMBER
#: Live text's cap height is estimated at 0.7 em (the font is the printer's): aid
#: letters 10 % over the minimum stay over it whatever the font's own cap height.
AID_CAP = 1.1 * ms.AID_CAP
FONT = "dejavu"  # the font whose metrics place the words (Debian's fonts-dejavu)
#: What a proof of unknown size cannot have judged: the rules that need inches.
UNSIZED = ("display-height", "outline-width", "legend-legibility")
UNSIZED_AID = ("display-height", "aid-letter-height")


@dataclass(frozen=True)
class ToolCase:
    """One proof: its name, SVG text, the file's verdict and the rule ids (error or
    review) a right checker gives."""
    name: str
    svg: str
    verdict: str
    rules: tuple[str, ...] = ()


def _danger(**defect) -> ms.Sheet:
    placed = ms.danger(1.0, 1.0, H, inside="ROCKS", font=FONT, **defect)
    return ms.sheet(placed.right + 1.0, placed.bottom + 1.0, placed.items)


def _aid(ws_id: str) -> ms.Sheet:
    placed = ms.aid_red(1.0, 1.0, H, ws_id, font=FONT, cap=AID_CAP)
    return ms.sheet(placed.right + 1.0, placed.bottom + 1.0, placed.items)


#: The signs of each tool's cases: name -> (sheet, verdict at real size, rules).
SIGNS = {
    "danger-ok": (lambda: _danger(), "pass", ()),
    # a 31 deg diamond 2H/3 wide is taller than H: the panel round it sets H, and its
    # width is short of 2/3 of that (the two findings a shop's 31 deg diamond gets)
    "danger-slope-31": (lambda: _danger(slope=31.0), "fail", ("diamond-slope", "symbol-size")),
    "danger-amber": (lambda: _danger(color=AMBER), "fail", ("reg-symbol-color",)),
    "danger-outline-1.5": (lambda: _danger(outline=1.5), "fail", ("outline-width",)),
    "aid-red-ws-4": (lambda: _aid("WS-4"), "pass", ()),
    "aid-red-ws-3": (lambda: _aid("WS-3"), "fail", ("aid-id-parity",)),
}


def _unknown(name: str) -> tuple[str, tuple[str, ...]]:
    """The truth of a sign whose drawing states no size: a defect seen at any size
    fails; what needs inches is a review (an outline too thin only by inches, too)."""
    _, verdict, rules = SIGNS[name]
    sized = UNSIZED_AID if name.startswith("aid") else UNSIZED
    if verdict == "pass" or rules == ("outline-width",):
        return "review", sized
    return "fail", tuple(sorted({*rules, *sized}))


def _hidden_cases() -> list[ToolCase]:
    """A wrong sign visible over a right one hidden, and the reverse, as Inkscape and
    Illustrator keep hidden layers."""
    right, wrong = _danger(), _danger(color=AMBER)
    out = []
    for label, shown, hidden, verdict, rules in (
            ("wrong-shown", wrong, right, "fail", ("reg-symbol-color",)),
            ("right-shown", right, wrong, "pass", ())):
        ink = inkscape_svg(ms.sheet(shown.width, shown.height,
                                    [_on_layer(i, "Old") for i in hidden.items],
                                    list(shown.items)), "sign", rings="evenodd")
        ink = ink.replace('inkscape:label="Old"', 'inkscape:label="Old" style="display:none"')
        out.append(ToolCase(f"inkscape-hidden-layer-{label}", ink, verdict, rules))
        out.append(ToolCase(f"illustrator-hidden-layer-{label}",
                            adobe.illustrator_save_as(shown, hidden), verdict, rules))
    return out


def _on_layer(item, layer: str):
    from dataclasses import replace

    return replace(item, layer=layer)


@cache
def _rendered() -> str:
    """wsmark's own SVG of a 24 in danger sign (20 x 24 in, 1 unit = 1 in)."""
    from markers import api

    return api.render(api.design("danger", H, legend="ROCKS"), ".svg").decode()


def _inject(defs: str = "", after: str = "", on_orange: str = "") -> str:
    """The rendered sign with ``defs`` in its <defs>, ``after`` painted last, and
    attributes ``on_orange`` on the orange layer."""
    svg = _rendered()
    if defs:
        svg = re.sub(r"<defs\s*/>", f"<defs>{defs}</defs>", svg, count=1) if "<defs />" in svg \
            else svg.replace("<defs>", f"<defs>{defs}", 1)
    if on_orange:
        svg = svg.replace('id="layer-orange"', f'id="layer-orange" {on_orange}', 1)
    return svg.replace("</svg>", f"{after}</svg>") if after else svg


_PNG = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAE"
        "lFTkSuQmCC")

#: Features that change what is shown or printed, none of which wsmark renders: each a
#: review naming it (the sign under them is right).
PRINT_FEATURES = {
    "media-print": dict(defs="<style>@media print { #layer-orange { fill: #00AA00 } }</style>"),
    "css-filter": dict(defs="<style>#layer-orange { filter: hue-rotate(120deg) }</style>"),
    "svg-filter": dict(defs='<filter id="f"><feColorMatrix type="hueRotate" values="120"/>'
                       '</filter>', on_orange='filter="url(#f)"'),
    "blend-mode": dict(on_orange='style="mix-blend-mode:difference"'),
    "css-transform": dict(defs="<style>#layer-orange { transform: scale(0.5) }</style>"),
    "animate": dict(after='<animate href="#layer-orange" attributeName="fill" to="#00AA00" '
                    'dur="1s" fill="freeze"/>'),
    "set": dict(after='<set href="#layer-orange" attributeName="fill" to="#00AA00"/>'),
    "image-over": dict(after=f'<image x="0" y="0" width="20" height="24" '
                       f'href="data:image/png;base64,{_PNG}"/>'),
    "foreign-object-over": dict(after='<foreignObject x="0" y="0" width="20" height="24">'
                                '<div xmlns="http://www.w3.org/1999/xhtml" '
                                'style="background:#00AA00;width:100%;height:100%"/>'
                                '</foreignObject>'),
    "marker-over": dict(defs='<marker id="m" markerWidth="40" markerHeight="40" refX="10" '
                        'refY="12" markerUnits="userSpaceOnUse"><rect width="20" height="24" '
                        'fill="#00AA00"/></marker>',
                        after='<path d="M10 12 L10.01 12" stroke="none" '
                        'marker-start="url(#m)"/>'),
}


def cases() -> list[ToolCase]:
    """Every case of the batch."""
    out = []
    for name, (sheet, verdict, rules) in SIGNS.items():
        drawn = sheet()
        out.append(ToolCase(f"illustrator-save-as-{name}",
                            adobe.illustrator_save_as(drawn), verdict, rules))
        unknown_verdict, unknown_rules = _unknown(name)
        out.append(ToolCase(f"illustrator-export-as-{name}",
                            adobe.illustrator_export_as(drawn), unknown_verdict, unknown_rules))
        if name in ("danger-ok", "danger-outline-1.5", "aid-red-ws-3"):
            out.append(ToolCase(f"illustrator-export-sized-{name}",
                                adobe.illustrator_export_as(drawn, responsive=False),
                                verdict, rules))
        if name in ("danger-ok", "danger-outline-1.5", "danger-amber", "aid-red-ws-3"):
            out.append(ToolCase(f"coreldraw-{name}", adobe.coreldraw(drawn), verdict, rules))
        if name in ("danger-ok", "danger-slope-31"):
            out.append(ToolCase(f"affinity-{name}", adobe.affinity(drawn), unknown_verdict,
                                unknown_rules))
    out += _hidden_cases()
    out += [ToolCase(f"prints-{name}", _inject(**parts), "review", ("what-prints",))
            for name, parts in PRINT_FEATURES.items()]
    return out
