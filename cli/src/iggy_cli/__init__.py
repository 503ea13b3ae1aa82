"""The `iggy` command-line client (click + rich) on top of the Python SDK."""

from ._version import __version__

__all__ = ["__version__"]
