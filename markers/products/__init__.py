"""Products: what composes builds and renders into documents and sets of files (the
gallery, the reference sheets, the fabrication set, the plan map and permit packet, the
clerk's report). Called through markers.api; they draw with ``render`` and never judge
(no checker, no api)."""
