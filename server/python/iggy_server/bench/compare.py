"""Side by side: our server in each durability mode against another server (e.g. a real Iggy 0.8) by address,
every figure from the same client (``iggy-bench --client official-rust`` by default), in alternating rounds.

    python -m iggy_server.bench.compare --external 127.0.0.1:8090 --rounds 5
    python -m iggy_server.bench.compare --modes memory,written --workload "pinned-producer --producers 4" \\
        --external 127.0.0.1:8090 --output-json compare.json

Each round runs every workload on every target; the target order alternates between rounds (forwards, then
backwards) so slow drift of the machine (heat, page cache, neighbours) falls on all targets alike. Our server is
started fresh for every run (the project's launcher, the mode as ``IGGY_SYSTEM_PARTITION_DURABILITY``) and then
driven by address exactly as the external one, which keeps running while the generator recreates its benchmark
streams before each run. Reported per workload, role and target: the median MB/s and p99 batch latency over the
rounds with their min–max spread, and the ratios of our medians to the external server's. Single runs on a
shared or virtual machine move by tens of percent: use ≥ 5 rounds on a quiet machine. Each ratio also comes
paired (``*_paired``): the median and spread of the ratios of each round's run to the reference's run of the
same round. The machine's slow spells last minutes and fall on both runs of a round, so the paired median is
less moved by them than the ratio of medians; when the two disagree by more than the gap in question, the rounds
do not decide it (server/BENCHMARKS.md, "What the noise is made of").

With the official client, each run also measures the server's CPU time per GB of message frames moved, over the
load phase only (from the barrier that starts the connected actors to the last actor's last batch; logins and
setup left out), read from /proc by the client: for our server always, for the external one given its process id
(``--external-pid``, e.g. ``$(pgrep -f target/release/iggy-server)``).

``--variant LABEL:MODE:IGGY_KEY=VALUE[,IGGY_KEY=VALUE...]`` adds our server in ``MODE`` with those settings as one
more target (``ours-LABEL``), so a configuration change is measured against the default in the same alternating
rounds, e.g. ``--variant no-send-thread:written:IGGY_TCP_SEND_THREAD=false``.

``--transport quic`` (or ``http``, ``websocket``) has the official client load every target over that transport;
``--external`` is then the external server's address for it (Iggy's QUIC listens on 8080 by default).

``--protocols 0.8,0.9`` runs each of our targets once per protocol, the load from the official client of that
version (``official-rust``: the SDK 0.10; ``official-rust-0.9``: the SDK 0.11.0); the 0.9 runs are the targets
``ours-MODE@0.9`` and carry their ratio to the same target's 0.8 runs (the external server is driven in 0.8):

    python -m iggy_server.bench.compare --modes written --protocols 0.8,0.9 --rounds 5

Every run passes ``--warm-page-cache-mib`` on to iggy-bench, which syncs and warms the page cache right before
the load (after our server is up); see :mod:`iggy_server.bench.page_cache` for why. The default, ``auto``,
warms what the load writes plus 512 MiB (at least 2 GiB), so a 4 GB run does not write half into cold pages.
(This script used to warm before starting iggy-bench and our server: the pages then went back to the host during
the start, and our server's page-cache copies were measured cold while the external server wrote into the pages
its stream deletion had just freed.)

Our server starts every run fresh, but an external server given only by address keeps running through the
comparison, its data directory growing from run to run. ``--external-command "COMMAND"`` has compare start it
fresh before each of its runs and stop it after, like ours. The command is split by ``shlex`` and run without a
shell, in a process group of its own, in ``--external-cwd DIR``, with ``--external-env KEY=VALUE`` (repeatable)
added to the environment; its output goes to a log file beside the run's report in compare's temporary directory.
The run begins once ``--external-ready HOST:PORT`` accepts a TCP connection (default ``--external``; required with
``--transport quic``, whose address is UDP), within ``--external-start-timeout-s`` (default 60); a command that
exits first, or whose port never opens, fails the run with its exit code and its log's last lines. The CPU time
measured is the started process's, so the command must run the server itself, not a script that forks it (and
``--external-pid`` is refused beside it). After the run its process group gets SIGTERM, SIGKILL after 10 s, and
compare waits until the port refuses connections. Starting on an empty data directory is the command's job (Iggy's
``--fresh`` and an ``IGGY_SYSTEM_PATH`` of your choice); ``--external-clean-dir DIR`` (absolute) has compare remove
that directory too, if it exists, before each start. For Iggy 0.8 built as in server/README.md (whose
``IGGY_CONFIG_PATH`` and listener switches are further ``--external-env``):

    python -m iggy_server.bench.compare --external 127.0.0.1:18090 --external-cwd /path/to/iggy \\
        --external-env IGGY_TCP_ADDRESS=127.0.0.1:18090 --external-env IGGY_SYSTEM_PATH=/tmp/iggy-run/data \\
        --external-clean-dir /tmp/iggy-run/data \\
        --external-command "./target/release/iggy-server --fresh --with-default-root-credentials"
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from iggy_server.bench import official, page_cache
from iggy_server.bench.__main__ import start_local_server, warm_size

# The table: one and four producers, one and four consumers, 1000 batches of 1000 x 1000 B per actor.
DEFAULT_WORKLOADS = (
    "pinned-producer --producers 1",
    "pinned-consumer --consumers 1",
    "pinned-producer --producers 4",
    "pinned-consumer --consumers 4",
)
MODES = ("memory", "written", "durable")
EXTERNAL = "external"
# The official client that speaks each protocol version.
PROTOCOL_CLIENTS = {"0.8": "official-rust", "0.9": "official-rust-0.9"}
# A stopped external server's process group gets this long after SIGTERM before SIGKILL (Iggy flushes on SIGTERM).
EXTERNAL_STOP_TIMEOUT_S = 10.0
# After SIGKILL only an uninterruptible kernel wait delays the exit.
EXTERNAL_KILL_TIMEOUT_S = 5.0
# One readiness probe's connect timeout: loopback answers at once, a listening remote host well within it.
CONNECT_PROBE_TIMEOUT_S = 1.0
PROBE_INTERVAL_S = 0.1
# What a failure shows of the external server's log: its last lines, read from at most this many bytes at the end.
LOG_TAIL_BYTES = 8192
LOG_TAIL_LINES = 20


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m iggy_server.bench.compare", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--modes", default="memory,written", help="our server's durability modes, comma-separated (default %(default)s)"
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        help="LABEL:MODE:IGGY_KEY=VALUE[,...]: our server in MODE with these settings, one more target (repeatable)",
    )
    parser.add_argument("--external", help="HOST:PORT of the server to compare with (e.g. a real Iggy 0.8)")
    parser.add_argument("--external-label", default="iggy-0.8", help="its name in the report (default %(default)s)")
    parser.add_argument(
        "--external-pid",
        type=int,
        help="process id of the --external server on this machine: its CPU time per GB moved is compared too "
        "(not with --external-command, whose started process is measured)",
    )
    parser.add_argument(
        "--external-command",
        metavar="COMMAND",
        help="start the --external server with COMMAND (split by shlex, run without a shell, in a process group of "
        "its own) fresh before each of its runs and stop it after (SIGTERM, SIGKILL after 10 s); its output goes "
        "to a log in compare's temporary directory and its CPU time is measured",
    )
    parser.add_argument("--external-cwd", type=Path, metavar="DIR", help="the --external-command's working directory")
    parser.add_argument(
        "--external-env",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="added to the --external-command's environment (repeatable)",
    )
    parser.add_argument(
        "--external-ready",
        metavar="HOST:PORT",
        help="the TCP address that accepts connections once the --external-command's server is up and refuses them "
        "once it is gone (default --external; required with --transport quic, whose address is UDP)",
    )
    parser.add_argument(
        "--external-start-timeout-s",
        type=float,
        default=60.0,
        help="how long the --external-command's server has to accept a connection (default %(default)s)",
    )
    parser.add_argument(
        "--external-clean-dir",
        type=Path,
        metavar="DIR",
        help="an absolute directory removed before each start of the --external-command if it exists (e.g. its "
        "IGGY_SYSTEM_PATH)",
    )
    parser.add_argument(
        "--workload",
        action="append",
        help="iggy-bench workload and its flags, repeatable (default: the four rows of issue 16)",
    )
    parser.add_argument("--client", choices=official.CLIENTS, default="official-rust")
    parser.add_argument(
        "--transport",
        choices=official.TRANSPORTS,
        default="tcp",
        help="the official client's transport (default %(default)s); --external is then that transport's address",
    )
    parser.add_argument(
        "--protocols",
        default="0.8",
        help="protocol versions our targets run in, comma-separated (0.8, 0.9); 0.9 drives the official SDK 0.11.0",
    )
    parser.add_argument(
        "--bench-flags", default="", help="extra iggy-bench flags for every run, e.g. '--message-batches 200'"
    )
    parser.add_argument("--pause-s", type=float, default=5.0, help="rest between runs (default %(default)s)")
    parser.add_argument(
        "--warm-page-cache-mib",
        type=warm_size,
        default=page_cache.AUTO,
        help="MiB iggy-bench writes and deletes right before every run's load, so every target starts with the "
        "same page cache; 'auto': what the load writes plus 512 MiB, at least 2048, at most the available memory "
        "less 2048 (0: off; default %(default)s)",
    )
    parser.add_argument("--output-json", type=Path, help="every run's figures and the summary")
    args = parser.parse_args(argv)
    modes = [m for m in args.modes.split(",") if m]
    unknown = sorted(set(modes) - set(MODES))
    if unknown:
        parser.error(f"unknown durability mode(s) {unknown}; choose from {MODES}")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    args.mode_list = modes
    args.variants = {}
    for text in args.variant:
        label, _, rest = text.partition(":")
        mode, _, assignments = rest.partition(":")
        settings = dict(item.partition("=")[::2] for item in assignments.split(",") if item)
        taken = {f"ours-{m}" for m in modes} | set(args.variants)
        if not label or f"ours-{label}" in taken or mode not in MODES or not settings:
            parser.error(f"--variant {text!r}: expected a new LABEL, a mode of {MODES} and IGGY_KEY=VALUE settings")
        if any(not key.startswith("IGGY_") or not value for key, value in settings.items()):
            parser.error(f"--variant {text!r}: settings are IGGY_KEY=VALUE")
        args.variants[f"ours-{label}"] = (mode, settings)
    args.workloads = args.workload or list(DEFAULT_WORKLOADS)
    external_arguments(parser, args)
    return args


def external_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Check the ``--external-*`` options of a started external server; sets ``args.external_argv`` (None: the
    external server is not started by compare), ``args.external_env_additions`` and ``args.external_ready_address``."""
    args.external_argv = None
    if args.external_command is None:
        given = [
            f"--external-{name}"
            for name, value in (("cwd", args.external_cwd), ("env", args.external_env),
                                ("ready", args.external_ready), ("clean-dir", args.external_clean_dir))
            if value
        ]  # fmt: skip
        if given:
            parser.error(f"{', '.join(given)} only with --external-command")
        return
    if not args.external:
        parser.error("--external-command needs --external HOST:PORT, the address the runs load")
    if args.external_pid is not None:
        parser.error("--external-pid is not for --external-command: the started process's CPU time is measured")
    try:
        args.external_argv = shlex.split(args.external_command)
    except ValueError as error:
        parser.error(f"--external-command: {error}")
    if not args.external_argv:
        parser.error("--external-command is empty")
    if args.external_cwd is not None and not args.external_cwd.is_dir():
        parser.error(f"--external-cwd {args.external_cwd}: not a directory")
    args.external_env_additions = {}
    for text in args.external_env:
        key, equals, value = text.partition("=")
        if not equals or not key:
            parser.error(f"--external-env {text!r}: expected KEY=VALUE")
        args.external_env_additions[key] = value
    if args.external_ready is None and args.transport == "quic":
        parser.error("--transport quic needs --external-ready HOST:PORT: QUIC is UDP, readiness is a TCP connection")
    try:
        args.external_ready_address = parse_host_port(args.external_ready or args.external)
    except ValueError as error:
        parser.error(f"--external-ready: {error}" if args.external_ready else f"--external: {error}")
    if not 0 < args.external_start_timeout_s < math.inf:
        parser.error("--external-start-timeout-s must be a positive number of seconds")
    if args.external_clean_dir is not None:
        refusal = clean_dir_refusal(args.external_clean_dir, args.external_cwd)
        if refusal:
            parser.error(f"--external-clean-dir {args.external_clean_dir}: {refusal}")


def clean_dir_refusal(path: Path, command_cwd: Path | None) -> str | None:
    """Why compare must not remove ``path`` before each start (None: it may)."""
    if not path.is_absolute():
        return "not absolute"
    resolved = path.resolve()
    if resolved == Path("/"):
        return "the root directory"
    # Removing an ancestor of these would take the user's files, this checkout or the external server's build.
    kept = {"the home directory": Path.home(), "compare's working directory": Path.cwd()}
    if command_cwd is not None:
        kept["the --external-cwd"] = command_cwd
    for name, directory in kept.items():
        directory = directory.resolve()
        if resolved == directory or resolved in directory.parents:
            return f"{name} or a directory holding it"
    return None


def parse_host_port(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (an IPv6 host in brackets) as a socket address."""
    host, colon, port = text.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r} is not HOST:PORT")
    return host, int(port)


class ExternalServerError(RuntimeError):
    """The external server did not start or stop as asked; the message says how."""


def accepts_connection(address: tuple[str, int]) -> bool:
    try:
        with socket.create_connection(address, timeout=CONNECT_PROBE_TIMEOUT_S):
            return True
    except OSError:
        return False


def wait_until_accepting(
    address: tuple[str, int], timeout_s: float, process: subprocess.Popen[bytes] | None = None
) -> None:
    """Until ``address`` accepts a TCP connection; ExternalServerError when ``process`` exits first or after
    ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while True:
        accepted = accepts_connection(address)
        # Checked after the probe: a command that forks the server and exits leaves a pid that is not the server.
        if process is not None and process.poll() is not None:
            where = f"{address[0]}:{address[1]}"
            raise ExternalServerError(f"{exit_text(process.returncode)} before {where} accepted a connection")
        if accepted:
            return
        if time.monotonic() >= deadline:
            raise ExternalServerError(f"{address[0]}:{address[1]} accepted no connection within {timeout_s:g} s")
        time.sleep(PROBE_INTERVAL_S)


def wait_until_refusing(address: tuple[str, int], timeout_s: float) -> None:
    """Until ``address`` refuses TCP connections; ExternalServerError after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while accepts_connection(address):
        if time.monotonic() >= deadline:
            raise ExternalServerError(f"{address[0]}:{address[1]} still accepted connections after {timeout_s:g} s")
        time.sleep(PROBE_INTERVAL_S)


def exit_text(returncode: int) -> str:
    return f"killed by signal {-returncode}" if returncode < 0 else f"exited with code {returncode}"


def log_tail(path: Path) -> str:
    """The last lines of ``path`` (read from its end only: the log may be large)."""
    try:
        with open(path, "rb") as log:
            log.seek(max(0, log.seek(0, os.SEEK_END) - LOG_TAIL_BYTES))
            text = log.read(LOG_TAIL_BYTES).decode(errors="replace")
    except OSError as error:
        return f"(no log: {error})"
    lines = text.splitlines()[-LOG_TAIL_LINES:]
    return "\n".join(f"    {line}" for line in lines) if lines else "    (empty)"


def signal_group(group: int, signal_number: int) -> None:
    try:
        os.killpg(group, signal_number)
    except ProcessLookupError:
        pass


def group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class ExternalServer:
    """The external server started fresh for one run (``--external-command``) and stopped after it, like ours.

    ``start()`` removes ``clean_dir``, runs ``argv`` in a process group of its own with its output in ``log_path``,
    and returns once ``ready_address`` accepts a TCP connection; ``stop()`` ends the whole group and waits until
    the address refuses connections, so the next start is not confused with this server."""

    def __init__(
        self,
        argv: list[str],
        ready_address: tuple[str, int],
        log_path: Path,
        *,
        cwd: Path | None = None,
        env_additions: dict[str, str] | None = None,
        clean_dir: Path | None = None,
        start_timeout_s: float = 60.0,
        stop_timeout_s: float = EXTERNAL_STOP_TIMEOUT_S,
    ) -> None:
        self.argv = argv
        self.ready_address = ready_address
        self.log_path = log_path
        self.cwd = cwd
        self.env_additions = dict(env_additions or {})
        self.clean_dir = clean_dir
        self.start_timeout_s = start_timeout_s
        self.stop_timeout_s = stop_timeout_s
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        if self.process is None:
            raise ExternalServerError("the external server is not running")
        return self.process.pid

    def start(self) -> ExternalServer:
        if self.process is not None:
            raise ExternalServerError(f"already started (pid {self.process.pid})")
        # Whatever still listens there would be loaded in place of the fresh server.
        try:
            wait_until_refusing(self.ready_address, self.stop_timeout_s)
        except ExternalServerError as error:
            raise ExternalServerError(f"before the start: {error} (another server?)") from None
        if self.clean_dir is not None and (self.clean_dir.exists() or self.clean_dir.is_symlink()):
            try:
                shutil.rmtree(self.clean_dir)
            except OSError as error:
                raise ExternalServerError(f"--external-clean-dir {self.clean_dir} not removed: {error}") from None
        command = shlex.join(self.argv)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "wb") as log:
            try:
                # A session of its own: its group ends as one, and a Ctrl-C at the terminal reaches compare only,
                # whose stop() then ends the server.
                self.process = subprocess.Popen(
                    self.argv,
                    cwd=self.cwd,
                    env={**os.environ, **self.env_additions},
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            except OSError as error:
                raise ExternalServerError(f"{command} did not start: {error}") from None
        try:
            wait_until_accepting(self.ready_address, self.start_timeout_s, self.process)
        except ExternalServerError as error:
            message = f"{command} (pid {self.process.pid}): {error}"
            try:
                self.stop()
            except ExternalServerError as stop_error:
                message += f"; then {stop_error}"
            raise ExternalServerError(f"{message}; the last lines of {self.log_path}:\n{log_tail(self.log_path)}")
        return self

    def exited(self) -> int | None:
        """The exit code if the server's process has ended on its own (None while it runs)."""
        return None if self.process is None else self.process.poll()

    def stop(self) -> None:
        """SIGTERM to the process group, SIGKILL after ``stop_timeout_s``, then until the address refuses
        connections. Safe to repeat."""
        process, self.process = self.process, None
        if process is None:
            return
        group = process.pid  # start_new_session: the command leads a group of its own
        deadline = time.monotonic() + self.stop_timeout_s
        signal_group(group, signal.SIGTERM)
        # The command's children share its group and may outlive it: all of them have to be gone.
        while (process.poll() is None or group_alive(group)) and time.monotonic() < deadline:
            time.sleep(PROBE_INTERVAL_S)
        if process.poll() is None or group_alive(group):
            signal_group(group, signal.SIGKILL)
            try:
                process.wait(timeout=EXTERNAL_KILL_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                raise ExternalServerError(
                    f"pid {process.pid} still ran {EXTERNAL_KILL_TIMEOUT_S:g} s after SIGKILL"
                ) from None
        wait_until_refusing(self.ready_address, self.stop_timeout_s)


def external_server(args: argparse.Namespace, log_path: Path) -> ExternalServer:
    return ExternalServer(
        args.external_argv,
        args.external_ready_address,
        log_path,
        cwd=args.external_cwd,
        env_additions=args.external_env_additions,
        clean_dir=args.external_clean_dir,
        start_timeout_s=args.external_start_timeout_s,
    )


def targets(args: argparse.Namespace) -> list[str]:
    ours = [f"ours-{mode}" for mode in args.mode_list] + list(args.variants)
    protocols = [p for p in args.protocols.split(",") if p]
    if not set(protocols) <= set(PROTOCOL_CLIENTS):
        raise SystemExit(f"compare: --protocols takes {', '.join(PROTOCOL_CLIENTS)}")
    versioned = [f"{target}{'' if p == '0.8' else '@' + p}" for target in ours for p in protocols]
    return versioned + ([EXTERNAL] if args.external else [])


def durability_and_settings(args: argparse.Namespace, target: str) -> tuple[str, dict[str, str]]:
    """The durability mode and extra ``IGGY_*`` settings our server runs ``target`` with."""
    target = target.partition("@")[0]
    if target in args.variants:
        return args.variants[target]
    return target.removeprefix("ours-"), {}


def client_of(args: argparse.Namespace, target: str) -> str:
    """The load generator of ``target``: the official client of its protocol (``@0.9``), else ``--client``."""
    _, _, protocol = target.partition("@")
    return PROTOCOL_CLIENTS[protocol] if protocol else args.client


def bench_command(
    args: argparse.Namespace, address: str, workload: str, output: Path, client: str, server_pid: int | None = None
) -> list[str]:
    """The iggy-bench run of ``workload`` against the server at ``address`` (ours is started beforehand);
    ``server_pid``: the server's process, whose CPU time the run measures over its load phase."""
    argv = [sys.executable, "-m", "iggy_server.bench", "--client", client, "--output-json", str(output)]
    if server_pid is not None:
        argv += ["--server-pid", str(server_pid)]
    argv += ["--warm-page-cache-mib", str(args.warm_page_cache_mib)]
    argv += shlex.split(args.bench_flags)
    argv += ["--transport", args.transport, "--address", address]
    return argv + shlex.split(workload)


def run_one(args: argparse.Namespace, target: str, workload: str, output: Path) -> list[str] | None:
    """Run ``workload`` on ``target`` (our server started fresh first, the external one too with
    ``--external-command``); the failed command, or None."""
    if target == EXTERNAL:
        if args.external_argv is not None:
            return run_on_started_external(args, workload, output)
        return run_bench(args, target, args.external, workload, output, args.external_pid)
    durability, settings = durability_and_settings(args, target)
    server = start_local_server(durability, None, settings)
    try:
        address = server.address if args.transport == "tcp" else server.transport_addresses[args.transport]
        return run_bench(args, target, address, workload, output, server.pid)
    finally:
        server.stop()


def run_bench(
    args: argparse.Namespace, target: str, address: str, workload: str, output: Path, server_pid: int | None
) -> list[str] | None:
    """The iggy-bench run of ``workload`` on ``target`` at ``address``; the failed command, or None."""
    command = bench_command(args, address, workload, output, client_of(args, target), server_pid)
    finished = subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
    if finished.returncode != 0 or not output.is_file():
        print(f"  failed (exit {finished.returncode}): {shlex.join(command)}", file=sys.stderr)
        return command
    return None


def run_on_started_external(args: argparse.Namespace, workload: str, output: Path) -> list[str] | None:
    """The run on the external server started fresh for it by ``--external-command`` and stopped after it; a start
    or stop that fails, or a server that ends during the run, fails the run."""
    server = external_server(args, output.with_suffix(".external.log"))
    failed: list[str] | None = None
    try:
        server.start()
        failed = run_bench(args, EXTERNAL, args.external, workload, output, server.pid)
        returncode = server.exited()
        if returncode is not None:
            # Its figures would be of a server that went away mid-run.
            print(f"  failed: the external server {exit_text(returncode)} during the run", file=sys.stderr)
            failed = failed or server.argv
        if failed is not None:
            print(f"  the last lines of {server.log_path}:\n{log_tail(server.log_path)}", file=sys.stderr)
    except ExternalServerError as error:
        print(f"  failed: the external server: {error}", file=sys.stderr)
        failed = server.argv
    finally:
        try:
            server.stop()
        except ExternalServerError as error:
            print(f"  failed: the external server did not stop: {error}", file=sys.stderr)
            failed = failed or server.argv
    return failed


# Figures compared as ratios: ours against the external server's, and 0.9 against 0.8.
RATIO_FIGURES = ("megabytes_per_s", "p99_ms", "server_cpu_ms_per_gb")


def role_figures(report: dict) -> dict[str, dict[str, float]]:
    """MB/s and latency percentiles of each role row (per-actor rows and the total are left out), and the
    server's and the client's CPU time per GB of message frames moved by every role over the load phase (the
    same in each role's row)."""
    moved_gb = sum(row["bytes"] for row in report["roles"] if row["role"] in ("producer", "consumer")) / 1e9
    moved_gb += sum(2 * row["bytes"] for row in report["roles"] if row["role"] == "producing_consumer") / 1e9
    cpu = report.get("load_cpu") or {}
    per_gb = {}
    if moved_gb and cpu.get("server_cpu_ms") is not None:
        per_gb["server_cpu_ms_per_gb"] = cpu["server_cpu_ms"] / moved_gb
    if moved_gb and cpu.get("client_cpu_ms") is not None:
        per_gb["client_cpu_ms_per_gb"] = cpu["client_cpu_ms"] / moved_gb
    figures = {}
    for row in report["roles"]:
        if row["role"] in ("producer", "consumer", "producing_consumer"):
            latency = row["latency_ms"]
            figures[row["role"]] = {
                "megabytes_per_s": row["megabytes_per_s"],
                "p50_ms": latency["p50"],
                "p99_ms": latency["p99"],
                "p99.9_ms": latency["p99.9"],
                **per_gb,
            }
    return figures


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "runs": len(values)}


def paired_ratios(cell: dict[int, dict[str, float]], reference: dict[int, dict[str, float]], name: str) -> dict | None:
    """The spread of ``name``'s ratio between the runs of the same round (rounds where both have it, the reference
    not 0); None without such a round."""
    ratios = [
        figures[name] / reference[round_number][name]
        for round_number, figures in sorted(cell.items())
        if name in figures and name in reference.get(round_number, {}) and reference[round_number][name]
    ]
    return spread(ratios) if ratios else None


def summarize(runs: list[dict], external_label: str) -> list[dict]:
    """Per workload, role and target: medians with spread, our ratio to the external server's medians (and 0.9's to
    0.8's), and the same ratios paired by round (runs that carry their ``round``)."""
    grouped: dict[tuple[str, str, str], dict[str, list[float]]] = {}
    by_round: dict[tuple[str, str, str], dict[int, dict[str, float]]] = {}
    for run in runs:
        for role, figures in run["figures"].items():
            key = (run["workload"], role, run["target"])
            cell = grouped.setdefault(key, {})
            for name, value in figures.items():
                cell.setdefault(name, []).append(value)
            if "round" in run:
                by_round.setdefault(key, {})[run["round"]] = figures
    rows = []
    for (workload, role, target), cell in grouped.items():
        row = {"workload": workload, "role": role, "target": target}
        row.update({name: spread(values) for name, values in cell.items()})
        base, _, protocol = target.partition("@")
        rounds = by_round.get((workload, role, target), {})
        references = []
        if target != EXTERNAL:
            references.append((EXTERNAL, external_label))
        if protocol:
            references.append((base, "0.8"))
        for reference_target, label in references:
            reference = grouped.get((workload, role, reference_target))
            if not reference:
                continue
            reference_rounds = by_round.get((workload, role, reference_target), {})
            for name in (name for name in RATIO_FIGURES if name in cell and name in reference):
                median = statistics.median(reference[name])
                row[f"{name}_vs_{label}"] = statistics.median(cell[name]) / median if median else None
                paired = paired_ratios(rounds, reference_rounds, name)
                if paired is not None:
                    row[f"{name}_vs_{label}_paired"] = paired
        rows.append(row)
    return rows


def print_summary(rows: list[dict], external_label: str) -> None:
    def ratio(row: dict, name: str) -> str:
        value = row.get(f"{name}_vs_{external_label}", row.get(f"{name}_vs_0.8"))
        label = "" if f"{name}_vs_{external_label}" in row else " vs 0.8"
        return f"{value:.2f}x{label}" if value is not None else ""

    def paired(row: dict) -> str:
        value = row.get(f"megabytes_per_s_vs_{external_label}_paired", row.get("megabytes_per_s_vs_0.8_paired"))
        return f"; MB/s paired {value['median']:.2f}x [{value['min']:.2f}-{value['max']:.2f}]" if value else ""

    header = (
        "workload", "role", "target", "MB/s median [min-max]", "p99 ms median [min-max]", "server CPU ms/GB",
        "MB/s, p99, CPU/GB ratio; MB/s ratio paired by round, median [min-max]",
    )  # fmt: skip
    print(
        f"{header[0]:<36} {header[1]:<10} {header[2]:<14} {header[3]:<28} {header[4]:<28} {header[5]:<17} {header[6]}"
    )
    for row in rows:
        mb, p99 = row["megabytes_per_s"], row["p99_ms"]
        target = external_label if row["target"] == EXTERNAL else row["target"]
        throughput = f"{mb['median']:,.1f} [{mb['min']:,.1f}-{mb['max']:,.1f}]"
        latency = f"{p99['median']:.2f} [{p99['min']:.2f}-{p99['max']:.2f}]"
        cpu = row.get("server_cpu_ms_per_gb")
        cpu_text = f"{cpu['median']:,.0f}" if cpu else "-"
        print(
            f"{row['workload']:<36} {row['role']:<10} {target:<14} {throughput:<28} {latency:<28} {cpu_text:<17} "
            f"{ratio(row, 'megabytes_per_s')} {ratio(row, 'p99_ms')} {ratio(row, 'server_cpu_ms_per_gb')}".rstrip()
            + paired(row)
        )


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    order = targets(args)
    if not order:
        raise SystemExit("compare: nothing to compare (no --modes and no --external)")
    runs: list[dict] = []
    failures = 0
    with tempfile.TemporaryDirectory(prefix="iggy-bench-compare-") as directory:
        for round_number in range(1, args.rounds + 1):
            round_order = order if round_number % 2 else list(reversed(order))
            for workload in args.workloads:
                for target in round_order:
                    output = Path(directory) / f"r{round_number}-{len(runs)}.json"
                    print(f"round {round_number}/{args.rounds}: {target}: {workload}", file=sys.stderr, flush=True)
                    if run_one(args, target, workload, output) is not None:
                        failures += 1
                    else:
                        report = json.loads(output.read_text())
                        parameters = dict(report["parameters"])
                        if target != EXTERNAL:
                            durability, settings = durability_and_settings(args, target)
                            parameters.update(durability=durability, settings=settings)
                        elif args.external_command is not None:
                            parameters.update(external_command=args.external_command)
                        runs.append(
                            {"round": round_number, "target": target, "workload": workload,
                             "figures": role_figures(report), "parameters": parameters}
                        )  # fmt: skip
                    time.sleep(args.pause_s)
    rows = summarize(runs, args.external_label)
    print_summary(rows, args.external_label)
    if args.output_json:
        document = {"rounds": args.rounds, "client": args.client, "targets": order, "runs": runs, "summary": rows}
        args.output_json.write_text(json.dumps(document, indent=2))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
