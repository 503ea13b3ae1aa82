"""Batch read and write throughput of the `iggy` data source on `local[N]` against a running server.

    .venv/bin/python spark/benchmarks/throughput.py --address 127.0.0.1:8090 --messages 400000 --size 1024

With `--cluster-workers N` it starts a Spark standalone cluster of N one-core workers on 127.0.0.1
(`spark/cluster.py`) and runs on it instead of `--master`.

Fills a fresh topic (`--partitions`, default 4) with `--messages` payloads of `--size` bytes using the
SDK directly, then times (best of `--runs` after one warm-up) a Spark batch read into the `noop` sink
and a Spark batch write of the same volume into another topic. Prints rows/s and MB/s (payload bytes).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", default="127.0.0.1:8090")
    parser.add_argument("--username", default="iggy")
    parser.add_argument("--password", default="iggy")
    parser.add_argument("--messages", type=int, default=400_000)
    parser.add_argument("--size", type=int, default=1024)
    parser.add_argument("--partitions", type=int, default=4)
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--cluster-workers", type=int, default=0,
                        help="start a standalone cluster with this many 1-core workers and use it")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--poll-batch-size", default="1000")
    parser.add_argument("--arrow-batch-size", default="1000")
    parser.add_argument("--source-only", action="store_true",
                        help="also time the reader's own work (poll + Arrow conversion) in this process, no Spark")
    args = parser.parse_args()

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    from iggy import Message
    from iggy.sync import IggyClient

    stream = f"bench-{uuid.uuid4().hex[:8]}"
    with IggyClient(None, address=args.address, username=args.username, password=args.password) as client:
        client.create_stream(stream)
        client.create_topic(stream, "read", partitions_count=args.partitions)
        client.create_topic(stream, "write", partitions_count=args.partitions)
        payload = os.urandom(args.size)
        batch = [Message(payload) for _ in range(1000)]
        began = time.perf_counter()
        for i in range(args.messages // 1000):
            client.send_messages(stream, "read", batch, partitioning=i % args.partitions)
        fill_s = time.perf_counter() - began
        print(f"filled {args.messages} x {args.size} B with the SDK in {fill_s:.1f} s "
              f"({args.messages / fill_s:,.0f} msg/s)")

    conn = {"address": args.address, "username": args.username, "password": args.password, "stream": stream}
    mb = args.messages * args.size / 1e6
    if args.source_only:
        from iggy.spark import engine
        from iggy.spark.options import parse_read_options

        options = parse_read_options({**conn, "topic": "read", "pollBatchSize": args.poll_batch_size,
                                      "arrowBatchSize": args.arrow_batch_size}, streaming=False)
        from iggy.spark.backend import shared_backend

        ranges = engine.plan_batch(shared_backend(options.connection.config), options)
        best = float("inf")
        for _ in range(args.runs + 1):
            began = time.perf_counter()
            rows = sum(b.num_rows for r in ranges for b in engine.read_range(options, r.partition, r.start, r.end))
            best = min(best, time.perf_counter() - began)
        assert rows == args.messages, rows
        print(f"source only (1 core, no Spark): {rows / best:,.0f} rows/s, {mb / best:,.1f} MB/s")

    with contextlib.ExitStack() as stack:
        if args.cluster_workers:
            spec = importlib.util.spec_from_file_location("spark_cluster", Path(__file__).parents[1] / "cluster.py")
            cluster = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(cluster)
            work_dir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-cluster-")))
            args.master = stack.enter_context(cluster.standalone_cluster(work_dir, workers=args.cluster_workers))
        builder = (SparkSession.builder.master(args.master).config("spark.ui.enabled", "false")
                   .config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", "2")
                   .config("spark.driver.memory", "2g").config("spark.driver.host", "127.0.0.1")
                   .config("spark.executor.memory", "768m").config("spark.executor.cores", "1"))
        spark = builder.getOrCreate()
        spark.sparkContext.setLogLevel("ERROR")
        run_spark(spark, args, conn, mb, F)
    with IggyClient(None, address=args.address, username=args.username, password=args.password) as client:
        client.delete_stream(stream)
    return 0


def run_spark(spark, args, conn, mb, F) -> None:
    def timed(action) -> float:
        times = []
        for _ in range(args.runs + 1):  # the first run warms up the JVM and the Python workers
            began = time.perf_counter()
            action()
            times.append(time.perf_counter() - began)
        return min(times[1:])

    read_df = (spark.read.format("iggy").options(**conn).option("topic", "read")
               .option("pollBatchSize", args.poll_batch_size).option("arrowBatchSize", args.arrow_batch_size))
    read_s = timed(lambda: read_df.load().write.format("noop").mode("overwrite").save())
    print(f"read : {args.messages / read_s:,.0f} rows/s, {mb / read_s:,.1f} MB/s ({read_s:.2f} s, {args.master})")

    source = spark.range(args.messages, numPartitions=2).select(
        F.expr(f"unhex(repeat('ab', {args.size}))").alias("payload")).cache()
    source.count()
    write_s = timed(lambda: source.write.format("iggy").options(**conn).option("topic", "write").mode("append").save())
    print(f"write: {args.messages / write_s:,.0f} rows/s, {mb / write_s:,.1f} MB/s ({write_s:.2f} s, {args.master})")
    spark.stop()


if __name__ == "__main__":
    sys.exit(main())
