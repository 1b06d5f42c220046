"""The web page of wsmark (``wsmark serve``): a front end beside the command line.

It calls only ``markers.api``: pages to check proofs, design a marker and read the
reference, served by Starlette with server-rendered HTML that works with scripts off.
"""
