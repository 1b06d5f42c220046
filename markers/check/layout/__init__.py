"""A proof's page -> its markers, and what is drawn beside them (markers.check.layout.split)."""

from markers.check.layout.furniture import Dimension, SetAside
from markers.check.layout.scale import at_scale, stated_scale
from markers.check.layout.split import Split, marks_only, split

__all__ = ["Dimension", "SetAside", "Split", "split", "at_scale", "stated_scale",
           "marks_only"]
