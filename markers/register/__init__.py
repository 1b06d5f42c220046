"""The marker register: what a town has on the water, where, under which permit, and
what is due. One SQLite file (``schema``: versioned, migrated in code), markers added
from a checked plan or one at a time, events appended and never edited (``store``),
what falls due by the pack's register rules (``due``), and the register as a plan for
the plan's writers and map (``as_plan``)."""
