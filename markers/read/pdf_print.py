"""What of a PDF prints, before PDFium reads it (PDF 32000-1 8.11 optional content,
8.6.7 overprint, 14.10.4 /UserUnit).

Why a pass of its own: PDFium applies optional content only when it renders, and then
by the view state; its page objects (what wsmark reads) include content of every layer,
and it never applies overprint. So the document's default configuration is evaluated
here as printing evaluates it (``/D``: ``/BaseState``, ``/ON``, ``/OFF``, the ``/AS``
entries of the ``/Print`` event setting each group's ``/Usage /Print /PrintState``,
``/Intent``; membership dictionaries by ``/VE``, else ``/OCs`` and ``/P``), and what does
not print is taken out of the page's content (``/OC`` marked content, form and image
XObjects with ``/OC``) before PDFium parses it. Graphics state set inside hidden content
still applies (8.11.3.2): only painting is removed (a path ends with ``n``, so a clip
stays).

Overprint: a fill (or stroke) in DeviceCMYK with all four inks 0, painted with overprint
on and ``/OPM 1``, knocks out nothing (8.6.7): what is beneath prints, so that paint is
removed too, as is an overprinted spot ink at tint 0. An overprinted fill that mixes its
inks with what is beneath (a spot ink, a CMYK colour with some inks 0 in ``/OPM 1``)
cannot be rendered as sRGB paint: it is named (``unrendered``) and the marker is a
review. Overprinted strokes of an ink (a CutContour line) are left as they are.

pypdf reads the objects (``strict=False``); a file it cannot parse is left to PDFium,
which names the fault. The pass is skipped, at no cost, for a file whose bytes mention
none of optional content, overprint, blend modes, soft masks, transfer functions,
/UserUnit or object streams.
"""

from __future__ import annotations

import io
import logging
import re
import warnings
from dataclasses import dataclass, field
from typing import Any

from markers.read.limits import PDF_MAX_FORM_DEPTH, Budget

__all__ = ["Printing", "as_printed", "BLEND_TAG"]

#: The marked-content tag (and the mode after it) of a path painted under a blend mode
#: or soft mask, for markers.read.pdf.
BLEND_TAG = "/WsmarkBlend."
#: Keys whose absence from the bytes means there is nothing for this pass to do (a
#: soft mask that is /None masks nothing).
_TRIGGERS = re.compile(rb"/(?:OC|UserUnit|OP|op|ObjStm|BM|TR)|/SMask\s*[^\s/]")
#: Painting operators -> what is left when the painting is removed (the path ends).
_NO_PAINT = dict.fromkeys((b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"), b"n")
#: Removing the fill alone, or the stroke alone, of a painting operator.
_NO_FILL = {b"f": b"n", b"F": b"n", b"f*": b"n", b"B": b"S", b"B*": b"S", b"b": b"s",
            b"b*": b"s"}
_NO_STROKE = {b"S": b"n", b"s": b"n", b"B": b"f", b"B*": b"f*", b"b": b"f", b"b*": b"f*"}
_FILLS = frozenset(_NO_FILL)
_STROKES = frozenset(_NO_STROKE)
_TEXT_SHOW = frozenset({b"Tj", b"TJ"})
_CMYK = "/DeviceCMYK"


@dataclass
class Printing:
    """What the pass found: the bytes PDFium is to read (what does not print taken
    out), what was set aside as not printing, what prints but cannot be rendered
    faithfully, and each page's /UserUnit (page index -> units of 1/72 in) when not 1."""

    data: bytes
    not_printed: list[str] = field(default_factory=list)
    unrendered: list[str] = field(default_factory=list)
    user_units: dict[int, float] = field(default_factory=dict)


def as_printed(data: bytes, budget: Budget) -> Printing:
    """The file as it prints (see the module docstring); unchanged when there is
    nothing to do or pypdf cannot read it (PDFium then names what is damaged). When
    the file has layers or overprint that pypdf fails on midway, that is said
    (``unrendered``): the file is not judged as if everything printed."""
    if not _TRIGGERS.search(data):
        return Printing(data)
    from pypdf.errors import PyPdfError

    logging.getLogger("pypdf").setLevel(logging.CRITICAL)
    found = Printing(data)
    rewriting: list[bool] = []  # set once there is something to take out or mark
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _printed(data, budget, found, rewriting)
    except (PyPdfError, KeyError, ValueError, TypeError, AttributeError, IndexError,
            AssertionError, OSError, RecursionError):
        found.data = data
        if rewriting:
            found.unrendered.append("optional content or overprint that could not be "
                                    "evaluated (the file's objects are damaged)")
    found.not_printed = list(dict.fromkeys(found.not_printed))
    found.unrendered = list(dict.fromkeys(found.unrendered))
    return found


def _printed(data: bytes, budget: Budget, found: Printing, rewriting: list[bool]) -> None:
    """``as_printed``'s work: fills ``found``; ``rewriting`` gets an entry once the file
    is known to hold something to take out or mark."""
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(io.BytesIO(data), strict=False)
    if reader.is_encrypted:
        return
    found.user_units = _user_units(reader)
    scan = _Scan(_Layers(reader.trailer["/Root"]), found)
    for page in reader.pages:
        scan.resources(page.get("/Resources"), 0)
    if not (scan.hidden or scan.overprint or scan.blend):
        return
    rewriting.append(True)
    writer = PdfWriter(clone_from=reader)
    rewrite = _Rewrite(_Layers(writer._root_object), found, budget)
    changed = [rewrite.page(page) for page in writer.pages]
    if any(changed) or rewrite.forms_changed:
        out = io.BytesIO()
        writer.write(out)
        found.data = out.getvalue()


def _user_units(reader: Any) -> dict[int, float]:
    units = {}
    for index, page in enumerate(reader.pages):
        unit = page.get("/UserUnit")
        if unit is not None and float(unit) > 0 and float(unit) != 1:
            units[index] = float(unit)
    return units


class _Scan:
    """What the pages' resources hold (forms' included): content that does not print
    (``hidden``), overprint, blend modes or soft masks (``blend``); a transfer function
    is named at once as unrendered (it changes ink levels as the device prints)."""

    def __init__(self, layers: _Layers, found: Printing) -> None:
        self.layers, self.found = layers, found
        self.hidden = self.overprint = self.blend = False
        self.seen: set[Any] = set()

    def resources(self, resources: Any, depth: int) -> None:
        """Scan one resource dictionary, and those of its forms."""
        if resources is None or depth > PDF_MAX_FORM_DEPTH:
            return
        resources = resources.get_object()
        props = _dict(resources, "/Properties")
        self.hidden |= any(not self.layers.visible(props.raw_get(name)) for name in props)
        for state in _dict(resources, "/ExtGState").values():
            self._state(state.get_object())
        xobjects = _dict(resources, "/XObject")
        for name in xobjects:
            ref = xobjects.raw_get(name)
            if hasattr(ref, "idnum"):  # a form used many times is scanned once
                if (ref.idnum, ref.generation) in self.seen:
                    continue
                self.seen.add((ref.idnum, ref.generation))
            xobject = ref.get_object()
            if "/OC" in xobject and not self.layers.visible(xobject.raw_get("/OC")):
                self.hidden = True
            if xobject.get("/Subtype") == "/Form":
                self.resources(xobject.get("/Resources"), depth + 1)

    def _state(self, state: Any) -> None:
        self.overprint |= state.get("/OP") == True or state.get("/op") == True  # noqa: E712
        self.blend |= _blend_of(state) is not None
        for key in ("/TR", "/TR2"):
            if str(state.get(key, "/Identity")) not in ("/Identity", "/Default"):
                self.found.unrendered.append(
                    f"a transfer function ({key}): it changes the inks' levels as printed")


def _blend_of(state: Any) -> str | None:
    """The blend mode or soft mask an ExtGState sets that mixes paint with what is
    beneath (None for Normal, Compatible or no soft mask)."""
    mode = state.get("/BM")
    mode = mode.get_object() if mode is not None else None
    if isinstance(mode, list):
        mode = mode[0] if mode else None
    if mode is not None and str(mode) not in ("/Normal", "/Compatible"):
        return str(mode)[1:]
    smask = state.get("/SMask")
    if smask is not None and str(smask) != "/None":
        return "SoftMask"
    return None


def _dict(obj: Any, key: str) -> Any:
    """``obj[key]`` resolved, or an empty dictionary when absent."""
    from pypdf.generic import DictionaryObject

    value = obj.get(key) if obj is not None else None
    return value.get_object() if value is not None else DictionaryObject()


def _key(ref: Any) -> Any:
    """An indirect object's identity (from a reference, or an object read through
    one); a direct object stands for itself."""
    ref = ref if hasattr(ref, "idnum") else getattr(ref, "indirect_reference", None) or ref
    return (ref.idnum, ref.generation) if hasattr(ref, "idnum") else id(ref)


class _Layers:
    """The optional content groups' states as printed, by the default configuration."""

    def __init__(self, root: Any) -> None:
        self.groups: dict[Any, bool] = {}
        self.names: dict[Any, str] = {}
        self.why: dict[Any, str] = {}
        props = root.get_object().get("/OCProperties")
        if props is None:
            return
        props = props.get_object()
        config = _dict(props, "/D")
        base = config.get("/BaseState", "/ON") != "/OFF"
        intents = self._intents(config.get("/Intent"))
        ignored: set[Any] = set()  # groups of an intent the configuration does not hold
        for ref in props.get("/OCGs") or []:
            group = ref.get_object()
            key = _key(ref)
            self.names[key] = str(group.get("/Name", "unnamed"))
            if "/All" not in intents and not intents & self._intents(group.get("/Intent")):
                ignored.add(key)
            self.groups[key] = base
            self.why[key] = "off by the document's default configuration (/BaseState /OFF)"
        for ref in config.get("/ON") or []:
            self.groups[_key(ref)] = True
        for ref in config.get("/OFF") or []:
            self.groups[_key(ref)] = False
            self.why[_key(ref)] = "off in the document's default configuration (/D /OFF)"
        for entry in config.get("/AS") or []:
            entry = entry.get_object()
            if entry.get("/Event") != "/Print" or "/Print" not in (entry.get("/Category") or []):
                continue
            for ref in entry.get("/OCGs") or []:
                usage = _dict(_dict(ref.get_object(), "/Usage"), "/Print")
                state = usage.get("/PrintState")
                if state in ("/ON", "/OFF"):
                    self.groups[_key(ref)] = state == "/ON"
                    self.why[_key(ref)] = "not printed (its /Usage /Print /PrintState is /OFF)"
        self.groups.update(dict.fromkeys(ignored, True))

    @staticmethod
    def _intents(value: Any) -> set[str]:
        if value is None:
            return {"/View"}
        value = value.get_object()
        return {str(v) for v in value} if isinstance(value, list) else {str(value)}

    def visible(self, oc: Any) -> bool:
        """Whether content marked with ``oc`` (an OCG or OCMD, or a reference) prints."""
        obj = oc.get_object()
        if obj.get("/Type") == "/OCMD":
            if obj.get("/VE") is not None:
                return self._expression(obj["/VE"], 0)
            refs = obj.get("/OCs")
            refs = [] if refs is None else refs if isinstance(refs.get_object(), list) \
                else [refs]
            states = [self.groups.get(_key(r), True) for r in refs if r is not None]
            if not states:
                return True
            policy = obj.get("/P", "/AnyOn")
            return {"/AllOn": all(states), "/AnyOff": not all(states),
                    "/AllOff": not any(states)}.get(policy, any(states))
        return self.groups.get(_key(oc), True)

    def _expression(self, expr: Any, depth: int) -> bool:
        """A visibility expression (/And, /Or, /Not of groups and expressions)."""
        value = expr.get_object()
        if not isinstance(value, list) or depth > PDF_MAX_FORM_DEPTH:
            return self.groups.get(_key(expr), True)
        if not value:
            return True
        op, args = str(value[0]), [self._expression(a, depth + 1) for a in value[1:]]
        if op == "/Not":
            return not args[0] if args else True
        return all(args) if op == "/And" else any(args)

    def describe(self, oc: Any) -> str:
        """Words for content of ``oc`` that does not print."""
        obj = oc.get_object()
        if obj.get("/Type") == "/OCMD":
            return "content of an optional content membership dictionary (OCMD) that is off"
        key = _key(oc)
        return f"layer {self.names.get(key, 'unnamed')!r}, {self.why.get(key, 'off')}"


class _Rewrite:
    """Takes out of content streams what does not print (see the module docstring)."""

    def __init__(self, layers: _Layers, found: Printing, budget: Budget) -> None:
        self.layers, self.found, self.budget = layers, found, budget
        self.done: set[Any] = set()
        self.forms_changed = False

    def page(self, page: Any) -> bool:
        """Rewrite ``page``'s content; whether anything was taken out."""
        from pypdf.generic import ContentStream

        contents = page.get_contents()
        if contents is None:
            return False
        resources = _dict(page, "/Resources")
        stream = ContentStream(contents, None)
        changed = self._walk(stream, resources, _State(), 0)
        if changed:
            page.replace_contents(stream)
        return changed

    def _walk(self, stream: Any, resources: Any, state: _State, depth: int) -> bool:
        """Rewrite ``stream``'s operations in place; whether anything changed. A path
        painted under a blend mode or soft mask is tagged (``BLEND_TAG``) for the reader,
        which judges whether it mixes with marker paint."""
        from pypdf.generic import NameObject

        ops: list = []
        hidden: list[bool] = []
        stack: list[_State] = []
        changed = False
        start: int | None = None  # where the path being built began in ``ops``
        for operands, operator in stream.operations:
            self.budget.tick()
            off = any(hidden)
            if operator in (b"m", b"re") and start is None:
                start = len(ops)
            if operator in (b"BDC", b"BMC"):
                hidden.append(self._hides(operands, resources))
            elif operator == b"EMC":
                hidden = hidden[:-1]
            elif operator == b"q":
                stack.append(state.copy())
            elif operator == b"Q" and stack:
                state = stack.pop()
            else:
                state.update(operator, operands, resources)
            new = self._kept(operands, operator, off, state, resources, depth)
            changed |= new != [(operands, operator)]
            ops += new
            if operator in _NO_PAINT or operator == b"n":
                mode = state.blended()
                if mode and start is not None and new and new[0][1] != b"n":
                    ops.insert(start, ([NameObject(BLEND_TAG + mode)], b"BMC"))
                    ops.append(([], b"EMC"))
                    changed = True
                start = None
        stream.operations = ops
        return changed

    def _hides(self, operands: list, resources: Any) -> bool:
        if len(operands) < 2 or operands[0] != "/OC":
            return False
        prop = operands[1]
        if not isinstance(prop, dict):
            props = _dict(resources, "/Properties")
            prop = props.raw_get(prop) if prop in props else None
        if prop is None or self.layers.visible(prop):
            return False
        self.found.not_printed.append(self.layers.describe(prop))
        return True

    def _kept(self, operands: list, operator: bytes, off: bool, state: _State,
              resources: Any, depth: int) -> list:
        """What remains of one operation: all of it, its painting removed, or nothing."""
        if off:
            return self._unpainted(operands, operator)
        if operator == b"Do":
            return self._form(operands, resources, state, depth)
        fill = operator in _FILLS and state.fill_over and self._white(state, fill=True)
        stroke = operator in _STROKES and state.stroke_over and self._white(state, fill=False)
        if fill and stroke:
            return [([], b"n")]
        if fill or stroke:
            self.found.not_printed.append(
                "a white set to overprint (it knocks nothing out: what is beneath prints)")
            return [([], (_NO_FILL if fill else _NO_STROKE)[operator])]
        if operator in _TEXT_SHOW | {b"'", b'"'} and state.fill_over and \
                self._white(state, fill=True):
            self.found.not_printed.append("white text set to overprint (it prints nothing)")
            return self._unpainted(operands, operator)
        if operator in _FILLS and state.fill_over and state.mixes():
            self.found.unrendered.append(state.mixes())
        return [(operands, operator)]

    @staticmethod
    def _white(state: _State, fill: bool) -> bool:
        space, comps = (state.fill_space, state.fill) if fill else (state.stroke_space,
                                                                     state.stroke)
        if space == _CMYK:
            return state.opm == 1 and len(comps) == 4 and not any(comps)
        return space.startswith("/Separation") and bool(comps) and not any(comps)

    @staticmethod
    def _unpainted(operands: list, operator: bytes) -> list:
        if operator in _NO_PAINT:
            return [([], _NO_PAINT[operator])]
        if operator in _TEXT_SHOW or operator in (b"Do", b"sh", b"INLINE IMAGE"):
            return []
        if operator == b"'":
            return [([], b"T*")]
        if operator == b'"' and len(operands) == 3:
            return [([operands[0]], b"Tw"), ([operands[1]], b"Tc"), ([], b"T*")]
        return [(operands, operator)]

    def _form(self, operands: list, resources: Any, state: _State, depth: int) -> list:
        """A ``Do``: removed when its XObject's /OC is off; a form is walked in turn."""
        from pypdf.generic import ContentStream

        xobjects = _dict(resources, "/XObject")
        if not operands or operands[0] not in xobjects:
            return [(operands, b"Do")]
        ref = xobjects.raw_get(operands[0])
        xobject = ref.get_object()
        oc = xobject.raw_get("/OC") if "/OC" in xobject else None
        if oc is not None and not self.layers.visible(oc):
            self.found.not_printed.append(self.layers.describe(oc))
            return []
        if xobject.get("/Subtype") != "/Form" or _key(ref) in self.done or \
                depth >= PDF_MAX_FORM_DEPTH:
            return [(operands, b"Do")]
        self.done.add(_key(ref))
        inner = (xobject.get("/Resources") or resources).get_object()
        stream = ContentStream(xobject, None)
        if self._walk(stream, inner, state.copy(), depth + 1):
            xobject.set_data(stream.get_data())
            self.forms_changed = True
        return [(operands, b"Do")]


@dataclass
class _State:
    """The part of the graphics state overprint depends on."""

    stroke_over: bool = False
    fill_over: bool = False
    opm: int = 0
    fill_space: str = "/DeviceGray"
    stroke_space: str = "/DeviceGray"
    fill: tuple = (0.0,)
    stroke: tuple = (0.0,)
    mode: str | None = None
    smask: bool = False

    def blended(self) -> str | None:
        """The blend mode (or ``SoftMask``) paint is mixed by now, None when Normal."""
        return self.mode or ("SoftMask" if self.smask else None)

    def copy(self) -> _State:
        return _State(**self.__dict__)

    def update(self, operator: bytes, operands: list, resources: Any) -> None:
        """Follow one operator that sets overprint or a colour."""
        numbers = tuple(float(v) for v in operands if isinstance(v, (int, float)))
        if operator == b"gs" and operands:
            states = _dict(resources, "/ExtGState")
            gs = states.get(operands[0])
            gs = gs.get_object() if gs is not None else {}
            if "/OP" in gs:
                self.stroke_over = self.fill_over = gs["/OP"] == True  # noqa: E712
            if "/op" in gs:
                self.fill_over = gs["/op"] == True  # noqa: E712
            if "/OPM" in gs:
                self.opm = int(gs["/OPM"])
            if "/BM" in gs:
                self.mode = _blend_of({"/BM": gs["/BM"]})
            if "/SMask" in gs:
                self.smask = str(gs["/SMask"]) != "/None"
        elif operator in (b"k", b"g", b"rg"):
            self.fill_space = {b"k": _CMYK, b"g": "/DeviceGray", b"rg": "/DeviceRGB"}[operator]
            self.fill = numbers
        elif operator in (b"K", b"G", b"RG"):
            self.stroke_space = {b"K": _CMYK, b"G": "/DeviceGray", b"RG": "/DeviceRGB"}[operator]
            self.stroke = numbers
        elif operator in (b"cs", b"CS") and operands:
            space = _space(operands[0], resources)
            if operator == b"cs":
                self.fill_space, self.fill = space, (1.0,)
            else:
                self.stroke_space, self.stroke = space, (1.0,)
        elif operator in (b"sc", b"scn"):
            self.fill = numbers
        elif operator in (b"SC", b"SCN"):
            self.stroke = numbers

    def mixes(self) -> str:
        """Words for an overprinted fill whose inks mix with what is beneath, or ''."""
        if self.fill_space.startswith(("/Separation", "/DeviceN")):
            return f"an overprinted spot ink ({self.fill_space[1:]}): it mixes with what " \
                   "is beneath as printed"
        if self.fill_space == _CMYK and self.opm == 1 and len(self.fill) == 4 and \
                0 in self.fill and self.fill[3] < 1:
            return "an overprinted CMYK fill with an ink at 0 (/OPM 1): it mixes with " \
                   "what is beneath as printed"
        return ""


def _space(name: Any, resources: Any) -> str:
    """A colour space's family name (a Separation names its ink)."""
    if str(name) in (_CMYK, "/DeviceRGB", "/DeviceGray", "/Pattern"):
        return str(name)
    spaces = _dict(resources, "/ColorSpace")
    space = spaces.get(name)
    space = space.get_object() if space is not None else None
    if isinstance(space, list) and space:
        family = str(space[0])
        if family == "/Separation" and len(space) > 1:
            return f"/Separation {str(space[1])[1:]}"
        return family
    return str(space or name)
