"""Version differences of the PySpark Python Data Source API (4.0 → 4.3), imported once here.

- 4.0: data sources, Arrow `read()`, `DataSourceArrowWriter`.
- 4.1: `DataSourceStreamArrowWriter`.
- 4.2: `ReadLimit` admission control and `SupportsTriggerAvailableNow` (SPARK-55304). Before it, Spark
  calls `latestOffset()` with no arguments and runs `availableNow` as one batch holding everything.
"""

from __future__ import annotations

from pyspark.sql.datasource import DataSourceStreamWriter

try:
    from pyspark.sql.datasource import DataSourceStreamArrowWriter

    HAS_STREAM_ARROW_WRITER = True
except ImportError:  # pyspark 4.0
    DataSourceStreamArrowWriter = DataSourceStreamWriter  # type: ignore[misc,assignment]
    HAS_STREAM_ARROW_WRITER = False

try:
    from pyspark.sql.streaming.datasource import (
        ReadAllAvailable,
        ReadLimit,
        ReadMaxRows,
        SupportsTriggerAvailableNow,
    )

    HAS_ADMISSION_CONTROL = True
except ImportError:  # pyspark 4.0 / 4.1

    class ReadLimit:  # type: ignore[no-redef]
        pass

    class ReadAllAvailable(ReadLimit):  # type: ignore[no-redef]
        pass

    class ReadMaxRows(ReadLimit):  # type: ignore[no-redef]
        def __init__(self, max_rows: int) -> None:
            self.max_rows = max_rows

    class SupportsTriggerAvailableNow:  # type: ignore[no-redef]
        def prepareForTriggerAvailableNow(self) -> None:
            pass

    HAS_ADMISSION_CONTROL = False

__all__ = [
    "DataSourceStreamArrowWriter",
    "HAS_ADMISSION_CONTROL",
    "HAS_STREAM_ARROW_WRITER",
    "ReadAllAvailable",
    "ReadLimit",
    "ReadMaxRows",
    "SupportsTriggerAvailableNow",
]
