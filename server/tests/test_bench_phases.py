"""iggy_server.bench.phases: perf script samples classified by phase of the data path."""

from __future__ import annotations

from iggy_server.bench.phases import parse_perf_script, phase_of, render, summarize

KERNEL = "[kernel.kallsyms]"
NATIVE = "/x/iggy_server/_native.cpython-311-x86_64-linux-gnu.so"

PERF_SCRIPT = f"""\
python 100 10.000000: cpu-clock:ppp: 
\tffffffff1 copy_folio_from_iter_atomic ({KERNEL})
\tffffffff2 generic_perform_write ({KERNEL})
\tffffffff3 __x64_sys_pwritev ({KERNEL})
\t108f36 pwritev64 (/usr/lib/x86_64-linux-gnu/libc.so.6)

python 100 10.500000: cpu-clock:ppp: 
\tffffffff1 _copy_to_iter ({KERNEL})
\tffffffff2 tcp_recvmsg ({KERNEL})

python 100 11.000000: cpu-clock:ppp: 
\t1af857 _PyEval_EvalFrameDefault (/root/.pyenv/versions/3.11.7/lib/libpython3.11.so.1.0)
\t7f4edec5ea00 [unknown] ([unknown])

python 101 12.000000: cpu-clock:ppp: 
\t1234 _native::batch::validate_and_stamp ({NATIVE})

python 102 12.500000: cpu-clock:ppp: 
\t1234 twox_hash::xxhash3_64::impl_241_plus_bytes::do_avx2 ({NATIVE})

my thread 103 13.000000: cpu-clock:ppp: 
\tffffffff1 tcp_sendmsg_locked ({KERNEL})
\tffffffff2 tcp_sendmsg ({KERNEL})
"""


def test_samples_parse_with_their_thread_time_and_chain():
    samples = list(parse_perf_script(PERF_SCRIPT.splitlines()))
    assert [s.tid for s in samples] == [100, 100, 100, 101, 102, 103]
    assert samples[0].time_s == 10.0 and samples[0].frames[1] == ("generic_perform_write", KERNEL)
    assert samples[5].frames[0] == ("tcp_sendmsg_locked", KERNEL)  # a comm with a space


def test_each_sample_takes_the_phase_of_its_first_marker():
    phases = [phase_of(s) for s in parse_perf_script(PERF_SCRIPT.splitlines())]
    assert phases == ["append", "receive", "python", "validate and stamp", "checksums (XXH3)", "send"]


def test_summary_keeps_a_window_and_names_the_loop_thread():
    samples = list(parse_perf_script(PERF_SCRIPT.splitlines()))
    counts = summarize(samples, from_s=0.4, to_s=2.6, main_tid=100)
    assert counts["total"] == {"receive": 1, "python": 1, "validate and stamp": 1, "checksums (XXH3)": 1}
    assert counts["loop"] == {"receive": 1, "python": 1}
    table = render(counts)
    assert "| receive | 25.0 % | 50.0 % |" in table and "append" not in table
