"""The ``whist schema`` command; :func:`register` adds it to a click group.

Editors validate a rule file through a modeline, ``# yaml-language-server: $schema=PATH``; a
house rule kept outside the repository can't reach ``rulespec/schema/`` by a relative path, so
this command says where the installed schema is, or writes a copy next to the house rule.
"""

from __future__ import annotations

from pathlib import Path

import click

from rulespec.atomic import write_atomically
from whist.cliargs import check_output_folder
from whist.common import fail

SCHEMAS = {
    "ruleset": "ruleset.schema.json",
    "locale": "locale.schema.json",
}
SCHEMA_DIR = Path(__file__).resolve().parent.parent / "rulespec" / "schema"


@click.command("schema")
@click.argument("kind", type=click.Choice(sorted(SCHEMAS)), default="ruleset")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write a copy of the schema.")
def schema_command(kind: str, output: Path | None) -> None:
    """Print the path of the JSON schema of rule files (or locale files), or write a copy with -o.

    Put the path in the first line of a house rule so that an editor checks it as you type:
    # yaml-language-server: $schema=PATH

    \b
    Example:
      whist schema
      whist schema -o my-club/ruleset.schema.json
    """
    source = SCHEMA_DIR / SCHEMAS[kind]
    if output is None:
        click.echo(str(source))
        return
    check_output_folder(output, "'-o'")
    try:
        write_atomically(output, source.read_text(encoding="utf-8"))  # whole or not at all, like every output
    except OSError as exc:
        fail(f"error: cannot write {output}: {exc.strerror}")
    click.echo(f"wrote {output}; first line of a rule file beside it: # yaml-language-server: $schema={output.name}")


def register(cli: click.Group) -> None:
    """Add ``schema`` to the ``whist`` command group."""
    cli.add_command(schema_command)
