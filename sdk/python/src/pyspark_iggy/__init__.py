"""Automatic registration of the `iggy` data source.

At the first Python data source lookup, Spark imports every top-level module named `pyspark_*` and
registers its `DefaultSource`; this makes `format("iggy")` and SQL `USING iggy` work in every session
without calling `iggy.spark.register(spark)`.
"""

from iggy.spark.source import IggyDataSource as DefaultSource

__all__ = ["DefaultSource"]
