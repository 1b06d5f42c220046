"""A proof's page -> its markers, and what is drawn beside them (``split``).

The layout runs in stages, one way, each taking the one before's result:

1. **the page's parts** (``parts.parts``): every polygon of every painted shape, its
   color, whether it is a line or an area, whether it can start a marker;
2. **the ground** (``panels.ground``): the drop shadows under the blanks and the white
   that is the page, not a panel, set aside; the frames of lines left (a trim line may
   be a marker's panel);
3. **the markers** (``markers.markers``): the groups of touching areas with a marker
   color, each with its panel, cut at a buoy's waterline, and which marker every other
   part and line of text belongs to;
4. **the furniture** (``furniture.furniture``): what is drawn on a marker but is not of
   it (mounting holes, centre marks, guide lines) and what lies beside the markers
   (borders, crop marks, title blocks, dimension lines, notes), set aside and named;
   the dimensions kept;
5. **the notes beside them** (``notes.beside_text``): the text beside the markers, live
   or outlined (OCR), that may state a display height or a scale;

and ``split.split`` makes each marker an Artwork of its own with the statements the
notes give it. ``parts`` also holds the few spatial helpers the stages share (groups of
touching pieces, reading order, boxes); ``aside`` the values they hand on about what is
not a marker. Around ``split``: ``upright`` turns a drawing drawn turned, ``scale`` and
``evidence`` read and weigh the scale a page states (markers.check.pipeline).
"""

from markers.check.layout.aside import Dimension, SetAside
from markers.check.layout.scale import at_scale, stated_scale
from markers.check.layout.split import Split, marks_only, split

__all__ = ["Dimension", "SetAside", "Split", "split", "at_scale", "stated_scale",
           "marks_only"]
