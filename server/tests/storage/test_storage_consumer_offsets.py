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
def test_store_fsyncs_only_when_asked(tmp_path, monkeypatch):
    """memory mode: atomic rename, no fsync (two disk flushes per auto-commit otherwise); durable: fsync."""
    import iggy_server.storage.offsets as offsets_module

    synced: list[int] = []
    real_fsync = offsets_module.os.fsync
    monkeypatch.setattr(offsets_module.os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    relaxed = offsets_module.ConsumerOffsetStore(tmp_path / "relaxed", fsync=False)
    relaxed.store(offsets_module.CONSUMER, 1, 5)
    assert synced == []
    durable = offsets_module.ConsumerOffsetStore(tmp_path / "durable", fsync=True)
    durable.store(offsets_module.CONSUMER, 1, 5)
    assert len(synced) == 2  # the file and its directory
    for store, root in ((relaxed, "relaxed"), (durable, "durable")):
        reopened = offsets_module.ConsumerOffsetStore(tmp_path / root)
        assert reopened.get(offsets_module.CONSUMER, 1) == 5
        assert store.get(offsets_module.CONSUMER, 1) == 5


def test_later_stores_overwrite_in_place_and_survive_reopen(tmp_path):
    import iggy_server.storage.offsets as offsets_module

    store = offsets_module.ConsumerOffsetStore(tmp_path, fsync=False)
    store.store(offsets_module.CONSUMER_GROUP, 3, 10)
    path = tmp_path / "offsets" / "groups" / "3"
    inode = path.stat().st_ino
    for offset in (11, 12, 2**64 - 1):
        store.store(offsets_module.CONSUMER_GROUP, 3, offset)
    assert path.stat().st_ino == inode  # updated in place, not replaced
    assert path.read_bytes() == (2**64 - 1).to_bytes(8, "little")
    path.unlink()  # removed behind the store's back: the next store recreates it
    store.store(offsets_module.CONSUMER_GROUP, 3, 7)
    assert offsets_module.ConsumerOffsetStore(tmp_path).get(offsets_module.CONSUMER_GROUP, 3) == 7
