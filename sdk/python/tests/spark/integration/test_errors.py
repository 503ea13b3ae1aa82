"""Bad options and misuse fail early with messages that name the problem; secrets stay hidden."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.timeout(300)


def reader(spark, conn, **options):
    return spark.read.format("iggy").options(**conn).options(**options)


@pytest.mark.parametrize(
    "options, fragment",
    [
        ({"topic": "t"}, "option 'stream': is required"),
        ({"stream": "s", "topic": "t", "startingOffsets": "yesterday"}, "option 'startingOffsets'"),
        ({"stream": "s", "topic": "t", "minPartitions": "0"}, "option 'minPartitions': must be >= 1"),
        (
            {"stream": "s", "topic": "t", "startingOffset": "earliest"},
            "option 'startingOffset': is not a known option; did you mean 'startingOffsets'",
        ),
    ],
)
def test_bad_read_options_fail_at_load_with_the_cause_first(spark, conn, options, fragment):
    # load() itself fails (no action needed), and the message is the one line, not a traceback.
    with pytest.raises(Exception, match=fragment) as info:
        reader(spark, conn, **options).load()
    assert "Traceback" not in str(info.value)
    with pytest.raises(Exception, match=fragment):
        spark.readStream.format("iggy").options(**conn).options(**options).load()


def test_stream_only_options_fail_when_the_query_kind_is_known(spark, conn, stream_name):
    with pytest.raises(Exception, match="'maxOffsetsPerTrigger': applies to streaming queries only"):
        reader(spark, conn, stream=stream_name, topic="t", maxOffsetsPerTrigger="5").load().collect()


def test_missing_topic_and_unknown_partition(spark, admin, conn, stream_name):
    with pytest.raises(Exception, match="does not exist"):
        reader(spark, conn, stream=stream_name, topic="nope").load().collect()
    admin.create_topic(stream_name, "t", partitions_count=2)
    with pytest.raises(Exception, match=r"option 'partitions' names \[5\]"):
        reader(spark, conn, stream=stream_name, topic="t", partitions="0,5").load().collect()


def test_wrong_credentials(spark, conn, stream_name):
    bad = {**conn, "password": "wrong-secret"}
    with pytest.raises(Exception) as info:
        reader(spark, bad, stream=stream_name, topic="t").load().collect()
    assert "INVALID_CREDENTIALS" in str(info.value) or "nvalid credentials" in str(info.value)
    assert "wrong-secret" not in str(info.value)


def test_user_schema_is_rejected(spark, conn, stream_name):
    with pytest.raises(Exception, match="fixed schema"):
        reader(spark, conn, stream=stream_name, topic="t").schema("payload BINARY").load().collect()


def test_write_misuse(spark, admin, conn, stream_name):
    admin.create_topic(stream_name, "t", partitions_count=1)
    df = spark.range(3).selectExpr("CAST(id AS STRING) AS payload")
    base = df.write.format("iggy").options(**conn).option("stream", stream_name).option("topic", "t")
    # Spark itself refuses the default mode (ErrorIfExists) before the source is asked; the README
    # says to use append. Overwrite reaches the source, which says the same.
    with pytest.raises(Exception, match="UNSUPPORTED_DATA_SOURCE_SAVE_MODE"):
        base.save()
    with pytest.raises(Exception, match=r"append-only: use \.mode\(\"append\"\)") as info:
        base.mode("overwrite").save()
    assert "Traceback" not in str(info.value)
    with pytest.raises(Exception, match="needs a 'payload' column"):
        spark.range(3).write.format("iggy").options(**conn).option("stream", stream_name).option("topic", "t") \
            .mode("append").save()
    with pytest.raises(Exception, match="partitioning=partition needs"):
        base.option("partitioning", "partition").mode("append").save()
    with pytest.raises(Exception, match="option 'startingOffsets': applies only to reads"):
        base.option("startingOffsets", "earliest").mode("append").save()
    df.write.format("iggy").options(**conn).option("stream", stream_name).option("topic", "t").mode("append").save()
    assert admin.get_topic(stream_name, "t").messages_count == 3


def test_secrets_stay_out_of_plans_and_progress(spark, admin, iggy_server, stream_name, tmp_path):
    from iggy import Permissions

    secret = "Sup3r-Secret-Pw-7d1f"
    user = f"spark-secret-{stream_name}"
    admin.create_user(user, secret, permissions=Permissions.root())
    admin.create_topic(stream_name, "t", partitions_count=1)
    try:
        for conn in ({"address": iggy_server.address, "username": user, "password": secret},
                     {"connectionString": f"iggy://{user}:{secret}@{iggy_server.address}"}):
            df = reader(spark, conn, stream=stream_name, topic="t").load()
            assert df.count() == 0
            assert secret not in df._jdf.queryExecution().toString()
            query = (
                spark.readStream.format("iggy").options(**conn).option("stream", stream_name).option("topic", "t")
                .load().writeStream.format("noop").option("checkpointLocation", str(tmp_path / user / str(len(conn))))
                .trigger(availableNow=True).start()
            )
            query.awaitTermination(120)
            assert query.exception() is None
            assert secret not in str(query.lastProgress) and secret not in query._jsq.toString()
    finally:
        admin.delete_user(user)
