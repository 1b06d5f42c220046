"""Flags of ch. 30, Wis. Stats.: the diver's flag (s. 30.70) and the distress flag (s. 30.675).

Drawn flat with the hoist (the staff side) on the left: ``flag_height`` is how high the
flag is, ``flag_length`` how long, in the statutes' words.
"""

from __future__ import annotations

import math

from shapely.geometry import LineString, box

from markers.build.layout import assemble
from markers.core.artwork import Artwork, Shape
from markers.core.design import Design
from markers.core.pack import Build
from markers.core.spec import Dimension

__all__ = ["build_diver_flag", "build_distress_flag"]


def build_diver_flag(design: Design, build: Build) -> Artwork:
    """Red, at least ``diver_min_height`` high and ``diver_min_length`` long, with one
    white stripe ``diver_stripe`` wide (measured across it) running diagonally from the
    upper hoist corner to the lower fly corner."""
    law = build.law
    req, requirement, dimension, at_least = law.req, law.requirement, law.dimension, \
        law.at_least
    h = design.flag_height or req("diver_min_height")
    length = design.flag_length or req("diver_min_length")
    for value, key, what in ((h, "diver_min_height", "high"), (length, "diver_min_length",
                                                                "long")):
        if value < req(key):
            build.refuse(f"a diver's flag is not less than {req(key):g} in {what} "
                         f"({requirement(key).ref}), not {value:g} in",
                         "flag_height" if what == "high" else "flag_length")
    w = req("diver_stripe")
    diagonal = LineString([(-length, -h), (2 * length, 2 * h)])
    stripe = diagonal.buffer(w / 2, cap_style="flat").intersection(box(0, 0, length, h))
    angle = math.degrees(math.atan2(h, length))
    dims = [dimension(f"height {at_least('diver_min_height')}", h, "in", "diver_min_height"),
            dimension(f"length {at_least('diver_min_length')}", length, "in",
                      "diver_min_length"),
            Dimension("field", "red", "", requirement("diver_stripe").ref.clause),
            dimension("white diagonal stripe, measured across it", w, "in", "diver_stripe"),
            Dimension("stripe runs", "upper hoist corner to lower fly corner", "",
                      requirement("diver_stripe").ref.clause),
            Dimension("stripe angle from the horizontal", angle, "deg",
                      requirement("diver_stripe").ref.clause)]
    return assemble(design.kind, length, h,
                    [("red", [Shape(box(0, 0, length, h))]), ("white", [Shape(stripe)])],
                    features={"stripe": stripe},
                    meta={"flag_height": h, "flag_length": length, "stripe_width": w},
                    dimensions=dims)


def build_distress_flag(design: Design, build: Build) -> Artwork:
    """An orange flag of approximately ``distress_height`` by ``distress_length`` (each
    side within ``distress_tolerance``)."""
    law = build.law
    req, requirement, dimension, about = law.req, law.requirement, law.dimension, law.about
    tol = req("distress_tolerance")
    sizes = []
    for value, key in ((design.flag_height, "distress_height"),
                       (design.flag_length, "distress_length")):
        want = req(key)
        value = value or want
        if abs(value - want) > tol * want + 1e-9:
            build.refuse(f"a distress flag is approximately {req('distress_height'):g} by "
                         f"{req('distress_length'):g} in ({requirement(key).ref}); {value:g} "
                         f"in is more than {tol:.0%} from {want:g} in",
                         "flag_height" if key == "distress_height" else "flag_length")
        sizes.append(value)
    h, length = sizes
    dims = [dimension(f"height {about('distress_height')}", h, "in", "distress_height"),
            dimension(f"length {about('distress_length')}", length, "in", "distress_length"),
            Dimension("color", "orange", "", requirement("distress_height").ref.clause)]
    return assemble(design.kind, length, h, [("orange", [Shape(box(0, 0, length, h))])],
                    features={}, meta={"flag_height": h, "flag_length": length},
                    dimensions=dims)
