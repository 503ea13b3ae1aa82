"""Streaming ETL: JSON events from an Iggy topic → event-time window aggregates → an Iggy topic + Parquet.

    spark-submit spark/jobs/streaming_etl.py --checkpoint /tmp/etl-ck --parquet /tmp/etl-out
    # or, in the venv:  python spark/jobs/streaming_etl.py ... --available-now

Events are parsed with `from_json` (malformed ones are dropped), aggregated per `--window` and action
with a `--watermark` on `event_time`, and emitted in append mode once a window closes. Two queries
share the parsed stream: a Parquet file sink (exactly-once with its checkpoint) and an Iggy sink
(at-least-once; each result carries a deterministic message id derived from window and action, so a
replayed micro-batch produces duplicates that are detectable by id).
"""

from __future__ import annotations

import argparse
import os
import sys

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

EVENT_SCHEMA = (
    "event_id STRING, event_time TIMESTAMP, user_id STRING, action STRING, amount DOUBLE, country STRING"
)


def connection_options(args: argparse.Namespace) -> dict[str, str]:
    connection_string = os.environ.get("IGGY_CONNECTION_STRING")
    if connection_string:  # keeps the password out of the command line
        return {"connectionString": connection_string}
    return {"address": args.address, "username": args.username, "password": args.password}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", default="127.0.0.1:8090")
    parser.add_argument("--username", default="iggy")
    parser.add_argument("--password", default="iggy", help="or set IGGY_CONNECTION_STRING")
    parser.add_argument("--stream", default="demo")
    parser.add_argument("--topic", default="events")
    parser.add_argument("--output-topic", default="event-stats", help="created (2 partitions) if missing")
    parser.add_argument("--parquet", required=True, help="output directory of the Parquet sink")
    parser.add_argument("--checkpoint", required=True, help="checkpoint root (one subfolder per sink)")
    parser.add_argument("--window", default="1 minute")
    parser.add_argument("--watermark", default="1 minute")
    parser.add_argument("--starting-offsets", default="earliest")
    parser.add_argument("--max-offsets-per-trigger", type=int, default=None)
    parser.add_argument("--trigger-seconds", type=int, default=10)
    parser.add_argument("--available-now", action="store_true", help="process what is there, then stop")
    parser.add_argument("--shuffle-partitions", type=int, default=4,
                        help="state partitions of the aggregation (fixed by the first run's checkpoint)")
    return parser.parse_args(argv)


def window_stats(events: DataFrame, window: str, watermark: str) -> DataFrame:
    parsed = (
        events.select(F.from_json(F.col("payload").cast("string"), EVENT_SCHEMA).alias("e"))
        .select("e.*")
        .where(F.col("event_time").isNotNull() & F.col("action").isNotNull())
    )
    return (
        parsed.withWatermark("event_time", watermark)
        .groupBy(F.window("event_time", window).alias("w"), "action")
        .agg(
            F.count(F.lit(1)).alias("events"),
            F.approx_count_distinct("user_id").alias("users"),
            F.round(F.sum("amount"), 2).alias("amount"),
        )
        .select(F.col("w.start").alias("window_start"), F.col("w.end").alias("window_end"), "action", "events",
                "users", "amount")
    )


def as_messages(stats: DataFrame) -> DataFrame:
    """Iggy sink input: JSON payload, action as the key (one action → one partition), and a message id
    that is the same every time this window's result is produced."""
    key = F.concat_ws("|", F.date_format("window_start", "yyyy-MM-dd'T'HH:mm:ss"), F.col("action"))
    return stats.select(
        F.to_json(F.struct(*stats.columns)).alias("payload"),
        F.col("action").alias("key"),
        F.unhex(F.md5(key)).alias("id"),
    )


def ensure_topic(options: dict[str, str], stream: str, topic: str) -> None:
    from iggy.errors import AlreadyExistsError
    from iggy.sync import IggyClient

    if "connectionString" in options:
        client = IggyClient(options["connectionString"])
    else:
        client = IggyClient(
            None, address=options["address"], username=options["username"], password=options["password"]
        )
    with client:
        if client.get_stream(stream) is None:
            try:
                client.create_stream(stream)
            except AlreadyExistsError:
                pass
        if client.get_topic(stream, topic) is None:
            try:
                client.create_topic(stream, topic, partitions_count=2)
            except AlreadyExistsError:
                pass


def start(spark: SparkSession, args: argparse.Namespace):
    import iggy.spark

    iggy.spark.register(spark)  # also works where the pyspark_iggy module is not importable
    conn = connection_options(args)
    ensure_topic(conn, args.stream, args.output_topic)
    reader = (spark.readStream.format("iggy").options(**conn).option("stream", args.stream)
              .option("topic", args.topic).option("startingOffsets", args.starting_offsets))
    if args.max_offsets_per_trigger:
        reader = reader.option("maxOffsetsPerTrigger", str(args.max_offsets_per_trigger))
    stats = window_stats(reader.load(), args.window, args.watermark)

    def triggered(writer):
        if args.available_now:
            return writer.trigger(availableNow=True)
        return writer.trigger(processingTime=f"{args.trigger_seconds} seconds")

    to_parquet = triggered(
        stats.writeStream.format("parquet").outputMode("append").option("path", args.parquet)
        .option("checkpointLocation", os.path.join(args.checkpoint, "parquet")).queryName("event_stats_parquet")
    ).start()
    to_iggy = triggered(
        as_messages(stats).writeStream.format("iggy").outputMode("append").options(**conn)
        .option("stream", args.stream).option("topic", args.output_topic).option("partitioning", "key")
        .option("checkpointLocation", os.path.join(args.checkpoint, "iggy")).queryName("event_stats_iggy")
    ).start()
    return [to_parquet, to_iggy]


def main(argv: list[str] | None = None, spark: SparkSession | None = None) -> int:
    args = parse_args(argv)
    own_session = spark is None
    if own_session:
        spark = (SparkSession.builder.appName("iggy-streaming-etl")
                 .config("spark.sql.shuffle.partitions", str(args.shuffle_partitions)).getOrCreate())
    try:
        queries = start(spark, args)
        for query in queries:
            query.awaitTermination()
        for query in queries:
            if query.exception() is not None:
                print(f"query {query.name} failed: {query.exception()}", file=sys.stderr)
                return 1
        return 0
    finally:
        if own_session:
            spark.stop()


if __name__ == "__main__":
    sys.exit(main())
