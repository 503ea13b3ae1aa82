"""The server's error texts come from the spec (protocol-spec/spec/errors.toml): `naming_error` fills each "…" by
the param the spec names for it, and an error raised with the code alone reads "<param>", never a bare "…"."""

import pytest

from iggy.protocol.codes import ERROR_MESSAGES, ErrorCode
from iggy_server.errors import IggyError, naming_error


def test_naming_error_fills_the_spec_params_in_order():
    error = naming_error(ErrorCode.PARTITION_NOT_FOUND, 7, 2, "orders")
    assert error.code == ErrorCode.PARTITION_NOT_FOUND
    assert error.message == "Partition with ID: 7 for topic with ID: 2 for stream with ID: orders was not found."
    by_name = naming_error(ErrorCode.STREAM_ID_NOT_FOUND, "orders", text_of=ErrorCode.STREAM_NAME_NOT_FOUND)
    assert (by_name.code, by_name.message) == (ErrorCode.STREAM_ID_NOT_FOUND, "Stream with name: orders was not found.")


def test_naming_error_refuses_a_count_the_spec_does_not_name():
    with pytest.raises(ValueError, match=r"names \['name', 'stream'\], got 1 values"):
        naming_error(ErrorCode.TOPIC_NAME_ALREADY_EXISTS, "t")


def test_an_error_raised_with_its_code_alone_reads_its_params():
    assert IggyError(ErrorCode.NO_PARTITIONS).message == (
        "Topic with ID: <topic> for stream with ID: <stream> has no partitions.")
    assert all("…" not in IggyError(code).message for code in map(int, ERROR_MESSAGES))
    assert IggyError(987654).message == "Error"
