"""matplotlib: a marker proof drawn as a matplotlib user draws one, saved as PDF and SVG.

The figure is the sheet's size in inches and one axes maps its data units to inches
(y down, as the sheet is laid out), so patches are at actual size: ``Rectangle`` panels,
a diamond as an orange ``Polygon`` with a white one on top, a circle as a ``Circle``
whose edge is the outline (``linewidth`` in points, 72 a inch), words with ``ax.text``
in DejaVu Sans Bold. With ``frame`` the axes keep their frame: matplotlib's four
separate spines, an open border round the drawing. PDFs keep matplotlib's default
Type 3 fonts or, with ``fonttype=42``, embed TrueType; SVGs keep the default
``svg.fonttype: path`` (each glyph a path in ``<defs>``, drawn by ``<use>``).
"""

from __future__ import annotations

from pathlib import Path

from marker_scene import (
    Annulus, Block, Clip, Dim, Disc, Group, Image, Line, Poly, Rect, Ring, Sheet, Text, WHITE,
)

FAMILIES = {"dejavu": "DejaVu Sans"}


def _patches(item, k: float = 1.0):
    """The matplotlib artists of one item, in paint order; ``k`` scales their line
    widths (points) with the group they are drawn in."""
    from matplotlib import patches
    from matplotlib.lines import Line2D

    if isinstance(item, Rect):
        def box(**style):
            if item.r:  # FancyBboxPatch rounds a box's corners
                return patches.FancyBboxPatch((item.x, item.y), item.w, item.h,
                                              boxstyle=f"round,pad=0,rounding_size={item.r}",
                                              **style)
            return patches.Rectangle((item.x, item.y), item.w, item.h, **style)

        out = []
        if item.fill:
            out.append(box(facecolor=item.fill, edgecolor="none", linewidth=0))
        if item.stroke:
            out.append(box(fill=False, edgecolor=item.stroke, linewidth=item.width * 72 * k))
        return out
    if isinstance(item, Poly):
        return [patches.Polygon(item.points, closed=True, facecolor=item.fill,
                                edgecolor="none", linewidth=0)]
    if isinstance(item, Ring):
        return [patches.Polygon(item.outer, closed=True, facecolor=item.color,
                                edgecolor="none", linewidth=0),
                patches.Polygon(item.inner, closed=True, facecolor=WHITE, edgecolor="none",
                                linewidth=0)]
    if isinstance(item, Annulus):
        return [patches.Circle((item.cx, item.cy), (item.r_in + item.r_out) / 2,
                               facecolor=WHITE, edgecolor=item.color,
                               linewidth=(item.r_out - item.r_in) * 72 * k)]
    if isinstance(item, Disc):
        return [patches.Circle((item.cx, item.cy), item.r, facecolor=item.fill or "none",
                               edgecolor=item.stroke or "none",
                               linewidth=item.width * 72 * k if item.stroke else 0)]
    if isinstance(item, Line):
        points = [*item.points, item.points[0]] if item.closed else list(item.points)
        style = {} if item.dash is None else {  # matplotlib's dashes are in line widths
            "linestyle": (0, (item.dash[0] / item.width, item.dash[1] / item.width)),
            "dash_capstyle": "butt", "dash_joinstyle": "miter"}
        return [Line2D([p[0] for p in points], [p[1] for p in points], color=item.color,
                       linewidth=item.width * 72 * k, solid_capstyle="butt",
                       solid_joinstyle="miter", **style)]
    raise TypeError(f"no matplotlib artist for {item!r}")


def figure(sheet: Sheet, frame: float = 0.0):
    """The sheet as a figure; ``frame`` > 0 keeps the axes' spines that far inside the
    page edge (an open frame of four lines), else the axes are off."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(sheet.width, sheet.height))
    w, h = sheet.width, sheet.height
    ax = fig.add_axes((frame / w, frame / h, 1 - 2 * frame / w, 1 - 2 * frame / h))
    ax.set_xlim(frame, w - frame)
    ax.set_ylim(h - frame, frame)  # y down, as the sheet is laid out
    if frame:
        ax.set_xticks([])
        ax.set_yticks([])
    else:
        ax.set_axis_off()
    _draw(ax, sheet.items, ax.transData, None)
    return fig


def _draw(ax, items, transform, clip, k: float = 1.0) -> None:
    """Add ``items`` to ``ax`` drawn through ``transform`` (data inches -> display) and
    clipped to the patch ``clip``: a group is its items under its own Affine2D (``k``,
    the scale it applies, widens the lines, whose widths matplotlib keeps in points), a
    clip a Rectangle the artists are clipped to."""
    from matplotlib import patches
    from matplotlib.transforms import Affine2D

    for item in items:
        if isinstance(item, Group):
            moved = Affine2D().scale(item.scale).translate(item.dx, item.dy) + transform
            _draw(ax, item.items, moved, clip, k * item.scale)
            continue
        if isinstance(item, Clip):
            x, y, w, h = item.rect
            _draw(ax, item.items, transform,
                  patches.Rectangle((x, y), w, h, transform=transform), k)
            continue
        if isinstance(item, (Block, Dim)):
            _draw(ax, item.lines if isinstance(item, Block) else item.items, transform, clip,
                  k)
            continue
        if isinstance(item, Text):
            artists = [ax.text(item.x, item.y, item.text, fontsize=item.size * 72 * k,
                               fontweight="bold", family=FAMILIES[item.font],
                               color=item.color, transform=transform,
                               ha="center" if item.anchor == "middle" else "left",
                               va="baseline")]
        elif isinstance(item, Image):
            raise ValueError("the matplotlib cases draw no raster")
        else:
            artists = _patches(item, k)
            for artist in artists:
                artist.set_transform(transform)
                ax.add_artist(artist)
        if clip is not None:
            for artist in artists:
                artist.set_clip_path(clip)


def save(sheet: Sheet, path: Path, frame: float = 0.0, fonttype: int = 3) -> None:
    """Save the sheet's figure as ``path`` (.pdf or .svg) without a date, ids salted
    with a fixed string, so the same drawing gives the same bytes."""
    import matplotlib

    fmt = path.suffix[1:]
    params = {"pdf.fonttype": fonttype, "svg.hashsalt": "wsmark-producers",
              "svg.fonttype": "path"}
    with matplotlib.rc_context(params):
        metadata = {"CreationDate": None} if fmt == "pdf" else {"Date": None}
        figure(sheet, frame).savefig(path, format=fmt, metadata=metadata)
