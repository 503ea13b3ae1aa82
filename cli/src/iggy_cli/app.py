"""The `iggy` root command: global options, error reporting, and the command tree."""

from __future__ import annotations

import click
from iggy.connection import PROTOCOL_NAMES
from iggy.errors import IggyError

from . import __version__
from .aliases import AliasGroup
from .completion import SHELLS, completion_script
from .config import ContextError, ContextStore, Overrides
from .errors import EXIT_ERROR, EXIT_INTERRUPTED, CliError, describe, exit_code_for
from .output import Output
from .state import AppState

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 110}


class RootGroup(AliasGroup):
    """Turns every expected failure into one `error: ...` line on stderr and a meaningful exit code."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except IggyError as error:
            _fail(ctx, describe(error), exit_code_for(error))
        except (CliError, ContextError) as error:
            _fail(ctx, str(error), getattr(error, "exit_code", EXIT_ERROR))
        except KeyboardInterrupt:
            _fail(ctx, "interrupted", EXIT_INTERRUPTED)


def _fail(ctx: click.Context, message: str, exit_code: int) -> None:
    state = ctx.find_object(AppState)
    output = state.output if state else Output()
    output.error(message)
    ctx.exit(exit_code)


def _print_completion(ctx: click.Context, _param: click.Parameter, shell: str | None) -> None:
    if shell is None or ctx.resilient_parsing:
        return
    click.echo(completion_script(ctx.find_root().command, shell), nl=False)
    ctx.exit(0)


@click.group(cls=RootGroup, context_settings=CONTEXT_SETTINGS)
@click.option("-C", "--context", "context_name", envvar="IGGY_CONTEXT", metavar="NAME",
              help="Context (server profile) to use instead of the active one.  [env: IGGY_CONTEXT]")
@click.option("-a", "--tcp-server-address", "--address", "tcp_server_address", envvar="IGGY_TCP_SERVER_ADDRESS",
              metavar="HOST:PORT", help="Server address (default 127.0.0.1:8090), or iggy+ws://HOST:PORT / "
                   "iggy+http://HOST:PORT for WebSocket / the HTTP REST API.  [env: IGGY_TCP_SERVER_ADDRESS]")
@click.option("--tls/--no-tls", "tcp_tls_enabled", default=None, envvar="IGGY_TCP_TLS_ENABLED",
              help="Connect with TLS.  [env: IGGY_TCP_TLS_ENABLED]")
@click.option("--tls-domain", "tcp_tls_domain", envvar="IGGY_TCP_TLS_DOMAIN", metavar="NAME",
              help="Server name for TLS verification.  [env: IGGY_TCP_TLS_DOMAIN]")
@click.option("--tls-ca-file", "tcp_tls_ca_file", envvar="IGGY_TCP_TLS_CA_FILE", metavar="PEM",
              help="CA certificates to trust.  [env: IGGY_TCP_TLS_CA_FILE]")
@click.option("-u", "--username", envvar="IGGY_USERNAME", help="Username to log in with.  [env: IGGY_USERNAME]")
@click.option("-p", "--password", envvar="IGGY_PASSWORD",
              help="Password (prompted for when omitted on a terminal).  [env: IGGY_PASSWORD]")
@click.option("-t", "--token", envvar="IGGY_TOKEN", help="Personal access token to log in with.  [env: IGGY_TOKEN]")
@click.option("--protocol", type=click.Choice(sorted(PROTOCOL_NAMES, reverse=True)), envvar="IGGY_PROTOCOL",
              help="Iggy wire protocol: 0.9 (Iggy 0.9 servers, the default) or 0.8 (Iggy 0.8 servers); also "
                   "`?protocol=` in an iggy:// address.  [env: IGGY_PROTOCOL]")
@click.option("--output", "output_format", type=click.Choice(["table", "json"]), default="table",
              envvar="IGGY_OUTPUT", show_default=True, help="Output format.  [env: IGGY_OUTPUT]")
@click.option("--json", "json_flag", is_flag=True, help="Shorthand for --output json.")
@click.option("-q", "--quiet", is_flag=True, help="Print only results and errors.")
@click.option("--generate", type=click.Choice(SHELLS), expose_value=False, is_eager=True,
              callback=_print_completion, help="Print the shell completion script for SHELL and exit.")
@click.version_option(__version__, "-V", "--version", prog_name="iggy")
@click.pass_context
def cli(ctx: click.Context, context_name, tcp_server_address, tcp_tls_enabled, tcp_tls_domain, tcp_tls_ca_file,
        username, password, token, protocol, output_format, json_flag, quiet) -> None:
    """Command-line client for Apache Iggy servers (protocol 0.9, or 0.8 with --protocol 0.8).

    \b
    Examples:
      iggy -u iggy -p iggy stream list
      iggy login -u iggy            # store a session for the active context
      iggy --output json topic get orders events
      echo hello | iggy message send orders events
      iggy message poll orders events 0 --first --count 10
    """
    output = Output(json_mode=json_flag or output_format == "json", quiet=quiet)
    overrides = Overrides(
        context=context_name,
        tcp_server_address=tcp_server_address,
        tcp_tls_enabled=tcp_tls_enabled,
        tcp_tls_domain=tcp_tls_domain,
        tcp_tls_ca_file=tcp_tls_ca_file,
        username=username,
        password=password,
        token=token,
        protocol=protocol,
    )
    state = AppState(output=output, store=ContextStore(), overrides=overrides)
    ctx.obj = state
    ctx.call_on_close(state.close)


def _register() -> None:
    from .commands import (  # noqa: PLC0415 - the tree is assembled once, after `cli` exists
        clients,
        contexts,
        groups,
        messages,
        offsets,
        partitions,
        streams,
        system,
        tokens,
        topics,
        users,
    )

    for module in (system, contexts, streams, topics, partitions, messages, groups, offsets, users, tokens,
                   clients):
        module.register(cli)


_register()


def main() -> None:
    cli(prog_name="iggy")
