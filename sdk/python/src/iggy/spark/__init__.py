"""Iggy as a PySpark 4.x data source (`pip install "iggy-sdk[spark]"`).

    from iggy.spark import register
    register(spark)                       # or rely on the pyspark_iggy module: automatic in every session
    df = spark.read.format("iggy").option("address", "127.0.0.1:8090").option("username", "iggy") \\
        .option("password", "iggy").option("stream", "orders").option("topic", "created").load()

The option parsing (`options`), offset arithmetic (`offsets`) and Arrow conversion (`arrow`) modules
import without Spark; `IggyDataSource` and `register` import pyspark when first used.
"""

from __future__ import annotations

from typing import Any

__all__ = ["IggyDataSource", "register"]


def register(spark: Any) -> None:
    """Register the `iggy` format in this SparkSession (needed only where the `pyspark_iggy` module
    is not importable by Spark's Python workers)."""
    from .source import IggyDataSource

    spark.dataSource.register(IggyDataSource)


def __getattr__(name: str) -> Any:
    if name == "IggyDataSource":
        from .source import IggyDataSource

        return IggyDataSource
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
