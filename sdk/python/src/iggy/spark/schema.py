"""The Spark form of the read schema (imports pyspark's type classes only; no JVM needed)."""

from __future__ import annotations

from pyspark.sql.types import (
    BinaryType,
    IntegerType,
    LongType,
    MapType,
    StringType,
    StructField,
    StructType,
    TimestampType,
)

_SPARK_TYPES = {
    "stream": StringType(),
    "topic": StringType(),
    "partition": IntegerType(),
    "offset": LongType(),
    "timestamp": TimestampType(),
    "id": StringType(),
    "headers": MapType(StringType(), BinaryType(), valueContainsNull=True),
    "payload": BinaryType(),
}


def read_spark_schema(include_headers: bool) -> StructType:
    from .arrow import read_columns

    return StructType(
        [StructField(name, _SPARK_TYPES[name], nullable) for name, _, _, nullable in read_columns(include_headers)]
    )
