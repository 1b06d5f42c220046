"""How wsmark runs its work: one process budget (``budget``: CPU seconds and memory, the
same default for the command line, the web page and the reader child), the pools that
enforce it (``pool`` for ``wsmark check``, ``fair`` for the web page; ``parallel`` for our
own, trusted work), and atomic writes (``atomic``, ``stale``, ``swap``).

It imports only ``markers.core`` (where the one default lives, so that ``markers.read``
can read it without importing this package) and ``markers.errors``.
"""
