"""Batch export / backfill: copy a topic range to partitioned Parquet, or replay Parquet into a topic.

    spark-submit spark/jobs/topic_export.py export --stream demo --topic events --output /tmp/events-parquet
    spark-submit spark/jobs/topic_export.py replay --input /tmp/events-parquet --stream demo --topic events-replayed

export: the range is `--starting-offsets`/`--ending-offsets` (earliest/latest or JSON per partition)
or `--starting-timestamp`/`--ending-timestamp`; rows keep every column of the source (headers
included) and are laid out as `<output>/partition=<p>/date=<yyyy-mm-dd>/`. `latest` is fixed when the
job plans, so messages arriving meanwhile are left for the next run (continue with
`--starting-offsets` set to the previous run's end, printed at the end).

replay: rows are sent in offset order per source partition; `--keep-partitions` sends each row to its
original partition (the target needs at least as many partitions), otherwise the server balances.
Message ids are kept, so replayed messages are recognisable (and dropped by a server with message
deduplication enabled).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F


def connection_options(args: argparse.Namespace) -> dict[str, str]:
    connection_string = os.environ.get("IGGY_CONNECTION_STRING")
    if connection_string:
        return {"connectionString": connection_string}
    return {"address": args.address, "username": args.username, "password": args.password}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", default="127.0.0.1:8090")
    parser.add_argument("--username", default="iggy")
    parser.add_argument("--password", default="iggy", help="or set IGGY_CONNECTION_STRING")
    sub = parser.add_subparsers(dest="command", required=True)

    export = sub.add_parser("export", help="topic range → Parquet")
    export.add_argument("--stream", required=True)
    export.add_argument("--topic", required=True)
    export.add_argument("--output", required=True)
    export.add_argument("--starting-offsets", default="earliest")
    export.add_argument("--ending-offsets", default="latest")
    export.add_argument("--starting-timestamp", default=None, help="µs since epoch or ISO-8601")
    export.add_argument("--ending-timestamp", default=None)
    export.add_argument("--partitions", default=None, help="comma list of topic partitions (default all)")
    export.add_argument("--min-partitions", type=int, default=None, help="split large partitions into more tasks")
    export.add_argument("--mode", default="errorifexists", choices=("errorifexists", "append", "overwrite"))

    replay = sub.add_parser("replay", help="Parquet → topic")
    replay.add_argument("--input", required=True)
    replay.add_argument("--stream", required=True)
    replay.add_argument("--topic", required=True)
    replay.add_argument("--keep-partitions", action="store_true")
    replay.add_argument("--where", default=None, help="SQL filter on the exported rows, e.g. \"offset >= 100\"")
    replay.add_argument("--new-ids", action="store_true", help="let the server assign fresh ids")
    return parser.parse_args(argv)


def export(spark: SparkSession, args: argparse.Namespace) -> dict:
    reader = spark.read.format("iggy").options(**connection_options(args)).option("stream", args.stream) \
        .option("topic", args.topic).option("includeHeaders", "true")
    if args.starting_timestamp:
        reader = reader.option("startingTimestamp", args.starting_timestamp)
    else:
        reader = reader.option("startingOffsets", args.starting_offsets)
    if args.ending_timestamp:
        reader = reader.option("endingTimestamp", args.ending_timestamp)
    else:
        reader = reader.option("endingOffsets", args.ending_offsets)
    if args.partitions:
        reader = reader.option("partitions", args.partitions)
    if args.min_partitions:
        reader = reader.option("minPartitions", str(args.min_partitions))
    rows = reader.load().withColumn("date", F.to_date("timestamp")).cache()
    try:
        rows.write.mode(args.mode).partitionBy("partition", "date").parquet(args.output)
        summary = rows.groupBy("partition").agg(F.count(F.lit(1)).alias("n"), F.max("offset").alias("last")).collect()
    finally:
        rows.unpersist()
    result = {
        "rows": sum(r.n for r in summary),
        "next_offsets": {str(r.partition): r.last + 1 for r in sorted(summary, key=lambda r: r.partition)},
    }
    print(f"exported {result['rows']} messages to {args.output}; continue with "
          f"--starting-offsets '{json.dumps(result['next_offsets'])}'")
    return result


def replay(spark: SparkSession, args: argparse.Namespace) -> int:
    rows = spark.read.parquet(args.input)
    if args.where:
        rows = rows.where(args.where)
    columns = ["payload"] + ([] if args.new_ids else ["id"])
    if "headers" in rows.columns:
        columns.append("headers")
    writer_options = {}
    if args.keep_partitions:
        # One task per source partition, sorted by offset: the topic gets the original order.
        rows = rows.repartition("partition").sortWithinPartitions("partition", "offset")
        columns.append("partition")
        writer_options["partitioning"] = "partition"
    else:
        rows = rows.sortWithinPartitions("partition", "offset")
    out = rows.select(*columns)
    count = out.count()
    out.write.format("iggy").options(**connection_options(args)).option("stream", args.stream) \
        .option("topic", args.topic).options(**writer_options).mode("append").save()
    print(f"replayed {count} messages into {args.stream}/{args.topic}")
    return count


def main(argv: list[str] | None = None, spark: SparkSession | None = None):
    args = parse_args(argv)
    own_session = spark is None
    if own_session:
        spark = SparkSession.builder.appName(f"iggy-topic-{args.command}").getOrCreate()
    try:
        import iggy.spark

        iggy.spark.register(spark)
        return export(spark, args) if args.command == "export" else replay(spark, args)
    finally:
        if own_session:
            spark.stop()


if __name__ == "__main__":
    main()
    sys.exit(0)
