"""Option parsing of the iggy data source: pure Python, no Spark, no server."""

import pytest

from iggy.protocol.codes import ProtocolVersion
from iggy.spark.options import (
    IggyOptionError,
    OffsetSpec,
    Partitioning,
    parse_connection,
    parse_read_options,
    parse_timestamp_us,
    parse_write_options,
    redact,
    validate_options,
)

BASE = {"address": "127.0.0.1:8090", "username": "iggy", "password": "s3cret", "stream": "s", "topic": "t"}


def read(streaming=False, **extra):
    return parse_read_options({**BASE, **extra}, streaming=streaming)


def error_of(fn, *args, **kwargs) -> IggyOptionError:
    with pytest.raises(IggyOptionError) as info:
        fn(*args, **kwargs)
    return info.value


def test_batch_defaults_follow_kafka():
    o = read()
    assert o.stream == "s" and o.topic == "t" and o.partitions is None
    assert o.starting == OffsetSpec("earliest", default="earliest")
    assert o.ending.kind == "latest"
    assert o.fail_on_data_loss is True and o.include_headers is False
    assert (o.poll_batch_size, o.arrow_batch_size) == (1000, 1000)
    assert (o.min_partitions, o.max_offsets_per_trigger) == (None, None)
    assert o.connection.config.address == "127.0.0.1:8090" and o.connection.config.username == "iggy"


def test_stream_defaults_to_latest_start():
    assert read(streaming=True).starting.kind == "latest"


def test_option_names_are_case_insensitive():
    o = read(STARTINGOFFSETS="latest", includeheaders="TRUE", minpartitions="4", streaming=True)
    assert o.starting.kind == "latest" and o.include_headers and o.min_partitions == 4


def test_per_partition_json_offsets():
    o = read(startingOffsets='{"0": 23, "1": -2}', endingOffsets='{"1": 50, "0": -1}')
    assert o.starting.offsets() == {0: 23, 1: -2}
    assert o.ending.offsets() == {0: -1, 1: 50}


def test_checkpoint_style_json_is_accepted():
    o = read(startingOffsets='{"stream": "s", "topic": "t", "partitions": {"2": 7}}')
    assert o.starting.offsets() == {2: 7}


@pytest.mark.parametrize(
    "extra, option, fragment",
    [
        ({"startingOffsets": "soonest"}, "startingOffsets", "earliest"),
        ({"startingOffsets": '{"a": 1}'}, "startingOffsets", "partition ids"),
        ({"startingOffsets": '{"0": -3}'}, "startingOffsets", ">= -2"),
        ({"startingOffsets": '{"0": "x"}'}, "startingOffsets", "integer"),
        ({"minOffsetsPerTrigger": "10"}, "minOffsetsPerTrigger", "streaming"),
        ({"commitConsumerGroup": "g"}, "commitConsumerGroup", "streaming"),
        ({"startingOffsetsByTimestamp": '{"0": "noon"}'}, "startingOffsetsByTimestamp", "µs since the epoch"),
        ({"startingOffsetsByTimestamp": '{"0": 5}', "startingOffsets": "earliest"},
         "startingOffsetsByTimestamp", "only one of"),
        ({"endingOffsets": '{"0": -2}'}, "endingOffsets", "-2"),
        ({"endingOffsets": "earliest"}, "endingOffsets", "read nothing"),
        ({"minPartitions": "0"}, "minPartitions", ">= 1"),
        ({"minPartitions": "many"}, "minPartitions", "integer"),
        ({"pollBatchSize": "-5"}, "pollBatchSize", ">= 1"),
        ({"failOnDataLoss": "maybe"}, "failOnDataLoss", "true or false"),
        ({"partitions": "0,x"}, "partitions", "partition ids"),
        ({"maxOffsetsPerTrigger": "10"}, "maxOffsetsPerTrigger", "streaming"),
        ({"partitioning": "key"}, "partitioning", "writes"),
        ({"startingOffst": "earliest"}, "startingOffst", "did you mean 'startingOffsets'"),
        ({"startingoffset": "earliest"}, "startingOffset", "did you mean 'startingOffsets'"),
        ({"MAXOFFSETSPERTRIGER": "5"}, "maxOffsetsPerTriger", "did you mean 'maxOffsetsPerTrigger'"),
        ({"startingTimestamp": "yesterday"}, "startingTimestamp", "ISO-8601"),
        ({"startingTimestamp": "5", "startingOffsets": "earliest"}, "startingTimestamp", "only one of"),
        ({"startingTimestamp": "10", "endingTimestamp": "5"}, "endingTimestamp", "before"),
    ],
)
def test_bad_read_options_name_the_option(extra, option, fragment):
    error = error_of(read, **extra)
    assert error.option == option
    assert f"'{option}'" in str(error) and fragment in str(error)


def test_ending_offsets_rejected_for_streams():
    assert error_of(read, streaming=True, endingOffsets="latest").option == "endingOffsets"


def test_required_options():
    for missing in ("stream", "topic"):
        raw = {k: v for k, v in BASE.items() if k != missing}
        error = error_of(parse_read_options, raw, streaming=False)
        assert error.option == missing and "required" in str(error)
    raw = {k: v for k, v in BASE.items() if k != "address"}
    assert error_of(parse_read_options, raw, streaming=False).option == "address"


def test_connection_string_with_credentials():
    c = parse_connection({"connectionString": "iggy://user%40x:p%3Ass@example.local:9000"}).config
    assert (c.host, c.port, c.username, c.password, c.tls) == ("example.local", 9000, "user@x", "p:ss", False)


def test_connection_string_with_token_and_sdk_options():
    c = parse_connection({"connectionString": "iggy://TOKEN123@h?tls=true&request_timeout=5s"}).config
    assert (c.token, c.username, c.port, c.tls, c.request_timeout_ms) == ("TOKEN123", None, 8090, True, 5000)


def test_address_with_separate_options():
    c = parse_connection({"address": "h:1234", "token": "t", "tlsCaFile": "/ca.pem", "timeoutMs": "2500"}).config
    assert (c.address, c.token, c.tls, c.tls_ca_file, c.request_timeout_ms) == ("h:1234", "t", True, "/ca.pem", 2500)


def test_protocol_option():
    assert parse_connection({"address": "h:1", "token": "t"}).config.protocol == ProtocolVersion.V0_9
    assert parse_connection({"address": "h:1", "token": "t", "protocol": "0.8"}).config.protocol == ProtocolVersion.V0_8
    by_string = parse_connection({"connectionString": "iggy://t@h:1?protocol=0.8"}).config
    assert by_string.protocol == ProtocolVersion.V0_8
    assert parse_connection({"connectionString": "iggy://t@h:1?protocol=0.8", "protocol": "0.8"}).config.protocol == (
        ProtocolVersion.V0_8)
    bad = error_of(parse_connection, {"address": "h:1", "token": "t", "protocol": "0.7"})
    assert bad.option == "protocol" and 'invalid protocol "0.7"' in str(bad)
    conflict = error_of(parse_connection, {"connectionString": "iggy://t@h:1?protocol=0.8", "protocol": "0.9"})
    assert conflict.option == "protocol"


def test_credential_rules():
    assert error_of(parse_connection, {"address": "h:1"}).option == "username"
    assert error_of(parse_connection, {"address": "h:1", "username": "u"}).option == "password"
    token_and_user = {"address": "h:1", "token": "t", "username": "u", "password": "p"}
    assert error_of(parse_connection, token_and_user).option == "token"
    assert error_of(parse_connection, {"connectionString": "iggy://u:p@h:1", "token": "t"}).option == "token"
    both = {"address": "h:1", "connectionString": "iggy://u:p@h:1"}
    assert error_of(parse_connection, both).option == "address"
    assert error_of(parse_connection, {"address": "h:70000", "token": "t"}).option == "address"
    assert error_of(parse_connection, {"address": "h:1", "token": "t", "transport": "quic"}).option == "transport"


def test_secrets_never_in_repr_or_errors():
    o = read()
    assert "s3cret" not in repr(o) and "s3cret" not in o.connection.describe()
    for bad in ("http://u:s3cret@h:1", "iggy://u:s3cret@h:1?bogus=1", "iggy://u:s3cret@h/x"):
        error = error_of(parse_connection, {"connectionString": bad})
        assert error.option == "connectionString" and "s3cret" not in str(error)
    assert redact({**BASE, "connectionString": "iggy://u:s3cret@h"}) == {
        **BASE, "password": "*****", "connectionString": "*****"
    }


def test_timestamps_micros_or_iso():
    assert parse_timestamp_us("x", "1700000000000000") == 1_700_000_000_000_000
    assert parse_timestamp_us("x", "2024-05-01T12:00:00Z") == 1_714_564_800_000_000
    assert parse_timestamp_us("x", "2024-05-01T14:00:00.000001+02:00") == 1_714_564_800_000_001
    assert parse_timestamp_us("x", "2024-05-01T12:00:00") == 1_714_564_800_000_000  # naive = UTC
    o = read(startingTimestamp="2024-05-01T12:00:00Z")
    assert o.starting.kind == "timestamp" and o.starting.timestamp_us == 1_714_564_800_000_000


def test_write_options():
    w = parse_write_options({**BASE, "partitioning": "KEY", "writeBatchSize": "500"})
    assert w.partitioning is Partitioning.KEY and w.write_batch_size == 500
    assert parse_write_options(BASE).partitioning is Partitioning.BALANCED
    assert error_of(parse_write_options, {**BASE, "partitioning": "random"}).option == "partitioning"
    assert error_of(parse_write_options, {**BASE, "startingOffsets": "earliest"}).option == "startingOffsets"
    assert error_of(parse_write_options, {**BASE, "writeBatchSize": "0"}).option == "writeBatchSize"


def test_parsed_options_pickle_for_executors():
    import pickle

    o = read(streaming=True, maxOffsetsPerTrigger="10", startingOffsets='{"0": 1}')
    assert pickle.loads(pickle.dumps(o)) == o
    w = parse_write_options(BASE)
    assert pickle.loads(pickle.dumps(w)) == w


def test_latest_is_allowed_in_batch_and_per_partition():
    # Documented: resolved to each partition's end when the query is planned, so it reads nothing.
    assert read(startingOffsets="latest").starting.kind == "latest"
    assert read(startingOffsets='{"0": -1}').starting.offsets() == {0: -1}


def test_stream_trigger_options():
    o = read(streaming=True, minOffsetsPerTrigger="100", maxTriggerDelay="30s", maxOffsetsPerTrigger="500",
             commitConsumerGroup="etl")
    assert (o.min_offsets_per_trigger, o.max_trigger_delay_ms, o.max_offsets_per_trigger) == (100, 30_000, 500)
    assert o.commit_consumer_group == "etl"
    assert read(streaming=True, minOffsetsPerTrigger="1").max_trigger_delay_ms == 15 * 60_000  # Kafka's default
    for text, millis in (("250ms", 250), ("2m", 120_000), ("1h", 3_600_000), ("40", 40)):
        assert read(streaming=True, minOffsetsPerTrigger="1", maxTriggerDelay=text).max_trigger_delay_ms == millis
    assert error_of(read, streaming=True, maxTriggerDelay="5s").option == "maxTriggerDelay"
    assert error_of(read, streaming=True, minOffsetsPerTrigger="1", maxTriggerDelay="soon").option == "maxTriggerDelay"
    assert error_of(read, streaming=True, minOffsetsPerTrigger="9", maxOffsetsPerTrigger="5").option == (
        "minOffsetsPerTrigger")


def test_starting_offsets_by_timestamp():
    o = read(streaming=True, startingOffsetsByTimestamp='{"1": 1714564800000000, "0": 7}')
    assert o.starting.kind == "timestamps" and o.starting.offsets() == {0: 7, 1: 1714564800000000}
    assert o.starting.default == "latest"


def test_validate_options_checks_what_load_can_know():
    validate_options({**BASE, "startingOffsets": "earliest"})
    validate_options({**BASE, "maxOffsetsPerTrigger": "5", "minOffsetsPerTrigger": "2"})  # kind not known yet
    validate_options({**BASE, "partitioning": "key"})
    with pytest.raises(IggyOptionError, match="'minPartitions': must be >= 1"):
        validate_options({**BASE, "minPartitions": "0"})
    with pytest.raises(IggyOptionError, match="'partitioning'.*applies only to writes"):
        validate_options({**BASE, "partitioning": "key", "startingOffsets": "earliest"})
    with pytest.raises(IggyOptionError, match="'stream': is required"):
        validate_options({"address": "127.0.0.1:1", "username": "u", "password": "p", "topic": "t"})
