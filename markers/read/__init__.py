"""Drawings -> Artwork: a vendor's SVG (plain or gzipped), read safely, in inches.

``read_svg`` is the entry point; see ``markers.read.svg.walk`` for what is supported and
``markers.read.svg.safety`` / ``markers.read.limits`` for how untrusted files are handled.
"""

from markers.read.svg.walk import FEATURE_NAMES, read_svg, read_svg_bytes

__all__ = ["FEATURE_NAMES", "read_svg", "read_svg_bytes"]
