"""The web page's fork server imports this first (its preload) and nothing else does:
Ctrl-C is then ignored in the fork server, and the fork server restores for each worker
it forks the handlers it had after its preload, so every worker starts with Ctrl-C
ignored, from its first instruction. A worker that a Ctrl-C reached before it could
ignore it ended with exit 1 and its upload with "stopped the checker (exit 1)" instead of
"the server is stopping" (the server, whose Ctrl-C it is, ends the workers itself).
"""

import signal

signal.signal(signal.SIGINT, signal.SIG_IGN)
