"""Test support shipped with the server: a throw-away PKI and the one cross-language server launcher.

Every SDK's integration tests (Python, Rust, Go, Java) start servers through ``python -m iggy_server.testing``
so the rules for a test server (free loopback port, private data dir, root ``iggy``/``iggy``, stopped with the
test) live in one place. See ``__main__.py`` for the line protocol; Python code uses :class:`TestServer`, which
spawns the launcher and reads those lines.
"""

from iggy_server.testing.server import TestServer

__all__ = ["TestServer"]
