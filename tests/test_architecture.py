"""The shape of the house, enforced: layers one way, no import cycles, kinds declared
once in the pack, every rule quoting its paragraph."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
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


def test_an_arrow_the_wrong_way_is_refused(tmp_path) -> None:
    copy = tmp_path / "house"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
        ".venv", ".git", "gallery", "tests", "bench", "__pycache__", "*.egg-info"))
    wrong = copy / "markers" / "core" / "geometry.py"
    wrong.write_text(wrong.read_text() + "\nfrom markers.packs import get_pack  # wrong way\n")
    result = _lint(copy)
    assert result.returncode != 0
    assert "BROKEN" in result.stdout.upper() and "markers.core.geometry" in result.stdout


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


def _kind_name_runs(path: Path) -> list[tuple[int, list[str]]]:
    """Tuples, lists and sets of two or more string literals that are all kind names."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            names = [e.value for e in node.elts if isinstance(e, ast.Constant)
                     and isinstance(e.value, str)]
            if len(names) >= 2 and len(names) == len(node.elts) and \
                    all(name in KINDS for name in names):
                found.append((node.lineno, names))
    return found


@pytest.mark.parametrize("path", sorted(
    p for folder in ("markers", "render") for p in (ROOT / folder).rglob("*.py")
    if "packs" not in p.parts), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_list_of_kind_names_outside_the_pack(path: Path) -> None:
    assert _kind_name_runs(path) == []


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


def test_a_citation_the_pack_does_not_define_is_refused_at_registration() -> None:
    with pytest.raises(ValueError, match="not defined by the pack"):
        PACK.rules.rule("made-up", "NR 5.09(99)(z)", "error", ("danger",))


def test_nothing_outside_the_pack_names_its_jurisdiction_in_code() -> None:
    """String literals outside markers/packs/ (docstrings aside) carry no citation."""
    offenders = []
    for path in [*(ROOT / "markers").rglob("*.py"), *(ROOT / "render").rglob("*.py")]:
        if "packs" in path.parts:
            continue
        tree = ast.parse(path.read_text())
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef,
                                           ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    id(node) not in docstrings and \
                    any(word in node.value for word in ("NR 5.09", "Wisconsin", "Wis. ")):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []
