"""A click group whose commands have short visible aliases (`iggy s l` = `iggy stream list`), as in Iggy's CLI."""

from __future__ import annotations

import click


class AliasGroup(click.Group):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.aliases: dict[str, str] = {}

    def command(self, *args, aliases: tuple[str, ...] = (), **kwargs):
        decorator = super().command(*args, **kwargs)
        return self._with_aliases(decorator, aliases)

    def group(self, *args, aliases: tuple[str, ...] = (), **kwargs):
        kwargs.setdefault("cls", AliasGroup)
        decorator = super().group(*args, **kwargs)
        return self._with_aliases(decorator, aliases)

    def add_alias(self, alias: str, name: str) -> None:
        if alias in self.aliases and self.aliases[alias] != name:
            raise ValueError(f"alias {alias!r} already names {self.aliases[alias]!r}")
        self.aliases[alias] = name

    def _with_aliases(self, decorator, aliases):
        def register(function):
            command = decorator(function)
            for alias in aliases:
                self.add_alias(alias, command.name)
            return command

        return register

    def get_command(self, ctx: click.Context, cmd_name: str):
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in self.aliases:
            command = super().get_command(ctx, self.aliases[cmd_name])
        return command

    def resolve_command(self, ctx: click.Context, args):
        # Report the canonical name (not the alias) so help and error messages read the same either way.
        _, command, rest = super().resolve_command(ctx, args)
        return (command.name if command else None), command, rest

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        by_command: dict[str, list[str]] = {}
        for alias, name in self.aliases.items():
            by_command.setdefault(name, []).append(alias)
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is None or command.hidden:
                continue
            label = name + (f" ({', '.join(sorted(by_command[name]))})" if name in by_command else "")
            rows.append((label, command.get_short_help_str(limit=60)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
