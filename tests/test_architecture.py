"""The shape of the house, enforced: layers one way, no import cycles, kinds declared
once in the pack and named nowhere else, no paragraph written outside it, every rule
quoting its paragraph, no ambient state."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import grimp
import pytest

from wi import KINDS, PACK, PLAN_RULES, RULES

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).parent / "lint-imports"


def _lint(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT), "--no-cache"], cwd=root, capture_output=True, text=True,
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})


def test_the_layer_contracts_hold() -> None:
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout[-2000:]
    assert "0 broken" in result.stdout


#: Arrows the wrong way (a module, a line added to it): the core naming a pack; render
#: calling a builder, a pack or a product; a product calling the api, a pack (it is
#: handed one) or the register.
WRONG_WAYS = (
    ("markers/core/geometry.py", "from markers.packs import get_pack"),
    ("render/svg.py", "from markers.build.signs import diamond_symbol"),
    ("render/svg.py", "from markers.packs import get_pack"),
    ("render/svg.py", "from markers.products.gallery import build_gallery"),
    ("markers/products/gallery.py", "from markers.api import check"),
    ("markers/products/sheets.py", "from markers.packs import get_pack"),
    ("markers/products/fix.py", "from markers.register.store import Register"),
)


@pytest.mark.parametrize("module, line", WRONG_WAYS, ids=[w[0] + ":" + w[1].split()[1]
                                                          for w in WRONG_WAYS])
def test_an_arrow_the_wrong_way_is_refused(tmp_path, module: str, line: str) -> None:
    copy = tmp_path / "house"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
        ".venv", ".git", "gallery", "tests", "bench", "__pycache__", "*.egg-info"))
    wrong = copy / module
    wrong.write_text(wrong.read_text() + f"\n{line}  # wrong way\n")
    result = _lint(copy)
    assert result.returncode != 0
    name = module.removesuffix(".py").replace("/", ".")
    assert "BROKEN" in result.stdout.upper() and name in result.stdout


def test_no_module_imports_in_a_circle() -> None:
    graph = grimp.build_graph("markers", "render", cache_dir=None)
    modules = sorted(m for m in graph.modules if not m.endswith("__init__"))
    circles = []
    for module in modules:
        for other in graph.find_modules_directly_imported_by(module):
            if other != module and graph.chain_exists(importer=other, imported=module):
                circles.append((module, other))
    # a package's __init__ re-exporting its modules is not a circle between modules
    circles = [(a, b) for a, b in circles
               if not (a.startswith(b + ".") or b.startswith(a + "."))]
    assert circles == []


#: Everything outside the pack: the library, the renderers and the two faces.
OUTSIDE_THE_PACK = sorted(
    [p for folder in ("markers", "render", "web") for p in (ROOT / folder).rglob("*.py")
     if "packs" not in p.parts] + [ROOT / "cli.py"])
#: Words that name the jurisdiction or its identifications.
JURISDICTION = ("NR 5.09", "Wisconsin", "Wis. ", "WS-")
#: A paragraph number however it is built: "(2)(a)7" after f"{code}", "(6)(d)" alone.
PARAGRAPH = re.compile(r"\(\d+\)\([a-z]\)")


def _strings(path: Path) -> list[tuple[int, str]]:
    """Every string literal of ``path`` but its docstrings (an f-string's literal parts
    too), with its line."""
    tree = ast.parse(path.read_text())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


def leaks(path: Path, kinds: Iterable[str], citations: Iterable[str]) -> list[str]:
    """What of a pack ``path`` names: a kind name in any form (a dict key, a ``==`` or
    ``in`` comparison, a tuple), a clause id, the jurisdiction's words, a paragraph
    number."""
    kinds, citations = set(kinds), set(citations)
    found = []
    for line, text in _strings(path):
        why = ("kind" if text in kinds else "clause" if text in citations else
               "jurisdiction" if any(word in text for word in JURISDICTION) else
               "paragraph" if PARAGRAPH.search(text) else None)
        if why:
            found.append(f"{path.name}:{line}: {why} {text[:40]!r}")
    return found


@pytest.mark.parametrize("path", OUTSIDE_THE_PACK, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_outside_the_pack_names_a_kind_a_clause_or_the_jurisdiction(path) -> None:
    assert leaks(path, KINDS, [*PACK.law.citations, *PACK.law.clauses.values()]) == []


@pytest.mark.parametrize("code", [
    'LAYOUT = {"danger": 1}',
    'def f(kind):\n    return kind == "buoy-wrap"',
    'def f(kind):\n    return kind in ("aid-red",)',
    'def f(code):\n    return f"{code}(2)(a)7"',
    'WHERE = "see NR 5.09(6)(d)"',
    'HELP = "Identification of a state aid, e.g. WS-2."',
    'CITED = "wsmark practice"',
])
def test_every_form_of_leak_is_caught(tmp_path, code: str) -> None:
    """The guard fails on each way a kind or paragraph has leaked out of a pack."""
    path = tmp_path / "probe.py"
    path.write_text(code + "\n")
    assert leaks(path, KINDS, PACK.law.citations)


def test_every_kind_is_declared_once_with_its_family() -> None:
    for kind in KINDS.values():
        assert kind.family in ("face", "aid", "buoy", "wrap", "flag")
        assert kind.report_name in KINDS


@pytest.mark.parametrize("rule_id", [*RULES, *PLAN_RULES])
def test_every_rule_explains_itself_with_its_quoted_paragraph(rule_id: str) -> None:
    from markers import api

    text = api.explain(rule_id)
    registry = PACK.rules if rule_id in RULES else PACK.plan_rules
    clauses = registry.quotes(registry.rules[rule_id].citation)
    assert clauses
    for clause, quote in clauses:
        assert f'{clause}: "{quote}"' in " ".join(text.split()).replace("\n", " ") or \
            quote[:60] in " ".join(text.split())


def test_wsmark_rules_lists_the_plan_rules_after_the_marker_rules() -> None:
    from markers import api

    assert [r.id for r in api.rules()] == [*RULES, *PLAN_RULES]
    assert not set(RULES) & set(PLAN_RULES)


#: What a Pack holds: the law and what judges by it (issue 34: presentation left it).
LAW_FIELDS = ("name", "title", "source", "url", "law", "kinds", "validate", "rules_at",
              "check_id", "module", "plan_rules_at", "mends", "version", "register_rules_at")
#: Words that name presentation: a Pack field with one is not law.
SHOWN = re.compile(r"help|hint|gallery|sample|example|verdict|numbering|words")


def test_pack_carries_the_law_and_no_presentation() -> None:
    """Pack's fields are the law's, none of the presentation's (help, verdict words, the
    gallery's extras and samples, the form's first kind, the sheets' numbering page):
    those are each pack's PRESENTATION, read by the products through
    markers.core.presentation, which core/pack.py does not import."""
    from dataclasses import fields

    from markers.core.pack import Pack
    from markers.core.presentation import Presentation

    names = [f.name for f in fields(Pack)]
    assert names == list(LAW_FIELDS)
    assert not {f.name for f in fields(Presentation)} & set(names)
    assert not [name for name in names if SHOWN.search(name)]
    assert "import presentation" not in (ROOT / "markers" / "core" / "pack.py").read_text()
    assert "core.presentation import" not in (ROOT / "markers" / "core" / "pack.py").read_text()


def test_a_citation_the_pack_does_not_define_is_refused_at_registration() -> None:
    with pytest.raises(ValueError, match="not defined by the pack"):
        PACK.rules.rule("made-up", "NR 5.09(99)(z)", "error", ("danger",))


#: The house's modules that may keep state: every one of wsmark's own, the pack's too.
HOUSE = sorted([p for folder in ("markers", "render", "web") for p in (ROOT / folder).rglob("*.py")]
               + [ROOT / "cli.py"])
#: Calls that change a container in place.
MUTATORS = frozenset({"append", "extend", "insert", "pop", "popitem", "remove", "clear",
                      "update", "setdefault", "add", "discard", "sort", "reverse", "set"})
#: Decorators that keep a function's results for the life of the process.
MEMOS = frozenset({"lru_cache", "cache"})
#: What may be kept per process, and why it is no ambient state: each a memo of a pure
#: function of its arguments (the law among them where the answer depends on it), so
#: that no answer depends on what ran before, or a handle made once per process; each
#: bounded (an unbounded memo is found as such, and listed here by no name).
ALLOWED_STATE = {
    ("markers/build/signs.py", "@smallest_clear_h"): "keyed on the law and the width",
    ("markers/check/layout/notes.py", "@_level"): "a glyph set's lettering, by its WKB",
    ("markers/check/layout/notes.py", "@_reading"): "a glyph set's OCR reading, by its WKB",
    ("markers/check/layout/parts.py", "@_lab"): "a colour's CIELAB, by its hex",
    ("markers/check/measure/ocr.py", "@_tesseract_api"): "one OCR engine per process (LSTM "
                                                          "only: no adaptive classifier "
                                                          "learns from an earlier page; "
                                                          "cleared after each line)",
    ("markers/check/measure/ocr.py", "@_rapid_engine"): "one OCR engine per process",
    ("markers/check/measure/ocr.py", "_readings changed"): "a line image's tesseract "
                                                           "reading, by a digest of its "
                                                           "pixels (IMAGES_REMEMBERED)",
    ("markers/check/measure/ocr.py", "_readings.popitem()"): "the same, its oldest dropped",
    ("markers/check/measure/reading.py", "@_read"): "a glyph set's reading, by WKB and kind",
    ("markers/check/measure/reading.py", "@_confirm"): "a reading confirmed, by its words "
                                                        "and WKB",
    ("markers/core/blanks.py", "@_table"): "the shipped blanks table, read once",
    ("markers/core/colors.py", "@classify"): "a colour's family, by its hex",
    ("markers/core/installed.py", "@installed_version"): "a distribution's version",
    ("markers/core/lettering.py", "@_font"): "the shipped font, read once",
    ("markers/core/lettering.py", "@_outline"): "a glyph's outline, by its name (the "
                                                 "font's glyphs: all fit)",
    ("markers/core/lettering.py", "@_unit_ink"): "a glyph's ink, by its name (the same)",
    ("markers/core/lettering.py", "@_fit_block"): "a block's fit, by every argument",
    ("markers/plan/project.py", "@_geod"): "the WGS 84 ellipsoid",
    ("markers/plan/project.py", "@_grid"): "a grid's transformers, by its EPSG code",
    ("markers/read/outlines.py", "@_basis"): "Bernstein weights, by steps and degree",
    ("markers/read/svg/style.py", "@_short_color"): "a CSS colour's value, by its text",
}


def _module_names(tree: ast.Module) -> set[str]:
    """The names a module binds at its top level."""
    found = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign | ast.AugAssign) else []
        found |= {t.id for t in targets if isinstance(t, ast.Name)}
    return found


def _changed_in_place(node: ast.AST, names: set[str]) -> str | None:
    """What of a module-level name ``node`` changes: an item or attribute assigned or
    deleted, a container changed by a call."""
    targets = node.targets if isinstance(node, ast.Assign | ast.Delete) else \
        [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
    for target in targets:
        if isinstance(target, ast.Subscript | ast.Attribute) and \
                isinstance(target.value, ast.Name) and target.value.id in names:
            return f"{target.value.id} changed"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
            isinstance(node.func.value, ast.Name) and node.func.value.id in names and \
            node.func.attr in MUTATORS:
        return f"{node.func.value.id}.{node.func.attr}()"
    return None


def _unbounded(node: ast.expr) -> bool:
    """Whether a memo's decorator keeps every answer: ``@cache``, ``lru_cache(None)``,
    ``lru_cache(maxsize=None)`` (a bare ``lru_cache`` keeps 128)."""
    if _decorator(node) == "cache":
        return True
    if not isinstance(node, ast.Call):
        return False
    given = [*node.args[:1], *(k.value for k in node.keywords if k.arg == "maxsize")]
    return any(isinstance(v, ast.Constant) and v.value is None for v in given)


def _decorator(node: ast.expr) -> str | None:
    """A decorator's own name: ``lru_cache`` of ``@functools.lru_cache(maxsize=8)``."""
    called = node.func if isinstance(node, ast.Call) else node
    return called.attr if isinstance(called, ast.Attribute) else \
        called.id if isinstance(called, ast.Name) else None


def _calls(node: ast.AST, method: str) -> list[tuple[str, ast.Call]]:
    """The calls ``name.method(...)`` inside ``node``, with the name."""
    return [(call.func.value.id, call) for call in ast.walk(node)
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and call.func.attr == method and isinstance(call.func.value, ast.Name)]


def _scoped(tree: ast.Module) -> set[int]:
    """The ``var.set(...)`` calls of a function that also resets ``var``: a ContextVar
    bound for a block and reset after it (``contextlib.contextmanager``), which outlives
    no call, as an argument does not."""
    scoped = set()
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            reset = {name for name, _ in _calls(function, "reset")}
            scoped |= {id(call) for name, call in _calls(function, "set") if name in reset}
    return scoped


def ambient_state(path: Path) -> list[str]:
    """What of a module outlives a call: a ``global`` statement, a module-level name
    changed in place (in a function or at the top level: a ContextVar set and not reset
    by the function that set it), a memoised function."""
    tree = ast.parse(path.read_text())
    names, scoped = _module_names(tree), _scoped(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found += [f"global {name}" for name in node.names]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(
                _decorator(d) in MEMOS for d in node.decorator_list):
            found.append(f"@{node.name}" + (" unbounded" if any(
                _unbounded(d) for d in node.decorator_list) else ""))
        elif id(node) not in scoped and (changed := _changed_in_place(node, names)):
            found.append(changed)
    return found


def test_the_ambient_state_finder_finds_each_way(tmp_path: Path) -> None:
    module = tmp_path / "state.py"
    module.write_text(
        "import functools\nfrom contextvars import ContextVar\n"
        "SEEN = {}\nRUNS = []\nLAST = None\nclass Box: pass\nBOX = Box()\n"
        "def remember(k, v):\n    SEEN[k] = v\n    RUNS.append(k)\n    BOX.last = k\n"
        "def keep(v):\n    global LAST\n    LAST = v\n"
        "@functools.lru_cache(maxsize=2)\ndef memo(x):\n    return x\n"
        "@functools.cache\ndef kept(x):\n    return x\n"
        "@functools.lru_cache(maxsize=None)\ndef every(x):\n    return x\n"
        "LAW = ContextVar('law')\nJOB = ContextVar('job')\n"
        "def bind(v):\n    LAW.set(v)\n"
        "def within(v):\n    token = JOB.set(v)\n    try:\n        yield\n"
        "    finally:\n        JOB.reset(token)\n"
        "def clean(items):\n    items.append(1)\n    local = {}\n    local['a'] = 1\n")
    assert sorted(ambient_state(module)) == sorted([
        "SEEN changed", "RUNS.append()", "BOX changed", "global LAST", "@memo", "@kept unbounded",
        "@every unbounded", "LAW.set()"])


def test_no_ambient_state_in_the_house() -> None:
    """The law, tolerances, "as declared" and "sizes only" are arguments: no module of
    the house keeps state between calls but what ALLOWED_STATE lists with its reason."""
    found = {(str(p.relative_to(ROOT)), what) for p in HOUSE for what in ambient_state(p)}
    assert sorted(found - ALLOWED_STATE.keys()) == []
    assert sorted(ALLOWED_STATE.keys() - found) == []  # none listed that is gone
