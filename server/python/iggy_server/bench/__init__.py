"""``iggy-bench``: workloads (``workloads``), the native load generator (``iggy_server._native.bench_start``)
and reports (``report``: rich table, JSON, self-contained HTML/SVG). Entry point: ``__main__.main``."""
