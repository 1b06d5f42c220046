"""Path data and flattening read exactly as a cursor reader and a one-curve-at-a-time
flattener would: the tokenising parser is faster than a cursor, and its numbers and the
flattener's must be the same bits (the golden reports compare measured numbers in full).

The one-at-a-time flattener here is the oracle: written from the rule (steps = the least
whole n >= 1 with n >= sqrt(bound / 8 tol); points = Bernstein weights times the control
points), not from the code under test.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from markers.read.limits import Budget
from markers.read.outlines import STRAIGHT_FROM, flatten, parse_path_data
from markers.read.straight import read_straight


def parse(d: str) -> tuple[list[tuple], bool]:
    return parse_path_data(d, Budget("test.svg"))


def lines(ops: list[tuple]) -> list[tuple]:
    """``ops`` with each run of lines read at once (``P``) as the linetos it stands for."""
    return [expanded for op in ops for expanded in
            ([("L", *row) for row in op[1].tolist()] if op[0] == "P" else [op])]


@pytest.mark.parametrize("d, ops, complete", [
    ("M1 2 L3 4", [("M", 1.0, 2.0), ("L", 3.0, 4.0)], True),
    ("M1e2-3E-1", [("M", 100.0, -0.3)], True),  # exponents, a sign as the separator
    ("M1.5.5 2", [("M", 1.5, 0.5)], False),  # ".5" is the y; "2" alone is half a lineto
    ("M1 2 L3 4 5", [("M", 1.0, 2.0), ("L", 3.0, 4.0)], False),  # an odd argument
    ("M1 2 Z #", [("M", 1.0, 2.0), ("Z",)], False),  # a stray character stops it
    ("M1 2 L\u0663 4", [("M", 1.0, 2.0)], False),  # an Arabic digit is no number in SVG
    ("M1\u00a02 , ,", [("M", 1.0, 2.0)], True),  # any white space separates; trailing ok
    ("", [], True),
    ("L1 2", [("L", 1.0, 2.0)], True),  # no moveto first: from the origin
    ("M-0-0l0 0", [("M", 0.0, 0.0), ("L", 0.0, 0.0)], True),
])
def test_path_data_reads_as_a_cursor_reads_it(d, ops, complete):
    got, done = parse(d)
    assert done is complete
    assert [tuple(map(repr, op)) for op in lines(got)] == [tuple(map(repr, op)) for op in ops]


def _number(rnd: random.Random) -> tuple[str, float]:
    """A number as a drawing may write it, and the value a cursor reader gives it."""
    whole, fraction = str(rnd.randint(0, 10 ** rnd.randint(0, 7))), str(rnd.randint(0, 9999))
    text = rnd.choice([whole, f"{whole}.{fraction}", f".{fraction}", f"{whole}.", f"0{whole}",
                       f"{whole}.{fraction}0"])
    text = rnd.choice(["", "-", "+"]) + text
    return text, float(text) + 0.0  # the cursor reader adds the current point (0 when absolute)


def test_straight_data_reads_to_the_bits_a_cursor_reads():
    # M, L and Z with numbers in every plain spelling, pairs repeated after a command:
    # read at once with numpy (markers.read.straight), the values must be float's
    rnd = random.Random(37)
    for _ in range(300):
        text, want = [], []
        for _ in range(rnd.randint(1, 40)):
            kind = rnd.choice("MLLLLZ") if text else "M"
            text.append(kind + rnd.choice(["", " ", "\n"]))
            if kind == "Z":
                want.append(("Z",))
                continue
            for pair in range(rnd.choice([1, 1, 1, 2, 3])):
                (x, vx), (y, vy) = _number(rnd), _number(rnd)
                gap = rnd.choice([" ", ","]) if pair else ""  # the next pair's own separator
                text.append(f"{gap}{x}{rnd.choice([' ', ',', ' , '])}{y}{rnd.choice(['', ' '])}")
                want.append(("L" if pair or kind == "L" else "M", vx, vy))
        data = "".join(text)
        cursor, done = parse(data)  # short: read op by op (STRAIGHT_FROM)
        at_once = read_straight(data)
        assert done and at_once is not None
        for got in (cursor, at_once):
            assert [tuple(map(repr, op)) for op in lines(got)] == \
                [tuple(map(repr, op)) for op in want], data


@pytest.mark.parametrize("d", ["M1 2L3-4", "M1 2L3 4 5", "M1 2 L", "1 2 M3 4", "M1 2Z3 4",
                               "M1.2.3 4", "M1 2L--3 4", "M1 2L. 4", "M1 2L1234567890123456 4"])
def test_straight_data_read_at_once_leaves_what_is_no_plain_lines_to_the_cursor(d):
    # long or short, data read_straight does not take is read op by op
    assert read_straight(d) is None
    assert read_straight(d + " L1 2" * STRAIGHT_FROM) is None


def test_long_straight_data_is_read_at_once():
    ops, done = parse("M1 2" + " L3.25 -4" * STRAIGHT_FROM + "Z")
    assert done and [op[0] for op in ops] == ["M", "P", "Z"]
    assert lines(ops) == [("M", 1.0, 2.0), *[("L", 3.25, -4.0)] * STRAIGHT_FROM, ("Z",)]


def _reference(ops: list[tuple], lin: np.ndarray, tol: float) -> list[tuple[np.ndarray, bool]]:
    """Flatten one op at a time: each curve from the last point computed."""
    a, b, c, d = lin.ravel().tolist()

    def size(vx: float, vy: float) -> float:
        return math.hypot(a * vx + b * vy, c * vx + d * vy)

    out, points, start = [], [], (0.0, 0.0)
    for op in [*lines(ops), ("M", 0.0, 0.0)]:
        if op[0] in "MZ":
            if len(points) > 1 or (points and op[0] == "Z"):
                out.append((np.array(points, dtype=float), op[0] == "Z"))
            points = []
            if op[0] == "M":
                start = (op[1], op[2])
                points = [start]
            continue
        points = points or [start]
        if op[0] == "L":
            points.append((op[1], op[2]))
            continue
        x0, y0 = points[-1]
        xs, ys = [x0, *op[1::2]], [y0, *op[2::2]]
        second = [size(xs[i] - 2 * xs[i + 1] + xs[i + 2], ys[i] - 2 * ys[i + 1] + ys[i + 2])
                  for i in range(len(xs) - 2)]
        degree = len(xs) - 1
        bound = 2 * second[0] if degree == 2 else 6 * max(second)
        steps = max(1, math.ceil(math.sqrt(bound / (8 * tol))))
        t = np.arange(1, steps + 1) / steps
        u = 1 - t
        weights = (np.column_stack([u * u, 2 * u * t, t * t]) if degree == 2 else
                   np.column_stack([u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3]))
        points.extend((weights @ np.array(list(zip(xs, ys)))).tolist())
    return out


def _random_path(rnd: random.Random) -> list[tuple]:
    def value() -> float:
        return rnd.choice([0.0, -0.0, 1.0, 2.5]) if rnd.random() < 0.4 else rnd.uniform(-9, 9)

    ops: list[tuple] = [("M", value(), value())]
    for _ in range(rnd.randint(1, 30)):
        kind = rnd.choice("LZMQQQCCCP")
        if kind == "P":  # a run of lines read at once
            ops.append(("P", np.array([[value(), value()] for _ in range(rnd.randint(1, 4))])))
            continue
        arity = {"L": 2, "M": 2, "Z": 0, "Q": 4, "C": 6}[kind]
        ops.append((kind, *(value() for _ in range(arity))))
    return ops


def test_flattening_gives_the_same_bits_as_the_rule_one_curve_at_a_time():
    rnd = random.Random(14)
    lins = [np.eye(2), np.array([[0.01, 0.002], [-0.003, 0.02]]), np.array([[-1.0, 0.0],
                                                                            [0.0, 3.0]])]
    for _ in range(400):
        ops, lin, tol = _random_path(rnd), rnd.choice(lins), rnd.choice([1e-3, 0.05])
        got = flatten(ops, lin, tol, Budget("test.svg"))
        want = _reference(ops, lin, tol)
        assert [(p.shape, p.tobytes(), closed) for p, closed in got] == \
            [(p.shape, p.tobytes(), closed) for p, closed in want], ops


def test_a_curve_after_one_ending_at_minus_zero_starts_where_that_one_was_computed():
    # the last point computed for a curve ending at x = -0.0 may be +0.0; the next curve
    # starts there (its first control point), so its points carry that zero
    ops = [("M", 5.0, 1.0), ("Q", 3.0, 2.0, -0.0, 3.0), ("Q", -0.0, 4.0, -0.0, 5.0)]
    got = flatten(ops, np.eye(2), 1e-3, Budget("test.svg"))
    want = _reference(ops, np.eye(2), 1e-3)
    assert got[0][0].tobytes() == want[0][0].tobytes()
