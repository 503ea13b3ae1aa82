"""The `iggy` command-line client (click + rich) on top of the Python SDK."""

__version__ = "0.1.0"
