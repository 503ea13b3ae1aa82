"""ConsumerOffsetStore: atomic u64 LE files per consumer / group."""

import pytest

from iggy_server.storage import CONSUMER, CONSUMER_GROUP, ConsumerOffsetStore


def test_store_get_delete_and_file_layout(tmp_path):
    store = ConsumerOffsetStore(tmp_path)
    assert store.get(CONSUMER, 7) is None
    store.store(CONSUMER, 7, 41)
    store.store(CONSUMER, 7, 42)
    store.store(CONSUMER_GROUP, 3, 5)
    assert (store.get(CONSUMER, 7), store.get(CONSUMER_GROUP, 3), store.get(CONSUMER_GROUP, 7)) == (42, 5, None)
    assert (tmp_path / "offsets/consumers/7").read_bytes() == (42).to_bytes(8, "little")
    assert (tmp_path / "offsets/groups/3").read_bytes() == (5).to_bytes(8, "little")
    assert sorted(p.name for p in (tmp_path / "offsets/consumers").iterdir()) == ["7"]  # no temp files left
    assert store.min_offset() == 5
    assert store.delete(CONSUMER, 7) is True
    assert store.delete(CONSUMER, 7) is False
    assert not (tmp_path / "offsets/consumers/7").exists()
    assert store.items(CONSUMER_GROUP) == {3: 5}


def test_offsets_are_loaded_on_start_and_leftover_temp_files_ignored(tmp_path):
    first = ConsumerOffsetStore(tmp_path)
    first.store(CONSUMER, 1, 10)
    first.store(CONSUMER_GROUP, 2, 20)
    (tmp_path / "offsets/consumers/1.tmp").write_bytes((99).to_bytes(8, "little"))
    (tmp_path / "offsets/consumers/9").write_bytes(b"\x01")  # malformed: ignored
    second = ConsumerOffsetStore(tmp_path)
    assert second.items(CONSUMER) == {1: 10}
    assert second.items(CONSUMER_GROUP) == {2: 20}
    assert not (tmp_path / "offsets/consumers/1.tmp").exists()


def test_clear_and_bad_arguments(tmp_path):
    store = ConsumerOffsetStore(tmp_path)
    store.store(CONSUMER, 1, 1)
    store.store(CONSUMER_GROUP, 1, 1)
    store.clear()
    assert store.min_offset() is None
    assert ConsumerOffsetStore(tmp_path).items(CONSUMER) == {}
    with pytest.raises(ValueError):
        store.store(3, 1, 1)
    with pytest.raises(ValueError):
        store.store(CONSUMER, 1, -1)
    with pytest.raises(ValueError):
        store.store(CONSUMER, 2**32, 1)
