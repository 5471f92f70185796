"""`tkn-gateway`: the gateway's operator commands under the gateway's own name and help.

`tkn-gateway COMMAND …` runs exactly what `flask --app app COMMAND …` runs (the same app, settings
and commands); its `--help` starts with what the commands are and lists only the gateway's, where
Flask's own group prints Flask's paragraph first and adds its development commands.
"""

from __future__ import annotations

from flask.cli import FlaskGroup

from app import create_app
from cli import GATEWAY_HELP


def gateway_group() -> FlaskGroup:
    """The command group: the app's commands only, loaded through `create_app`."""
    return FlaskGroup(
        name="tkn-gateway",
        help=GATEWAY_HELP,
        create_app=create_app,
        add_default_commands=False,
        add_version_option=False,
        load_dotenv=False,
    )


def main() -> None:
    """Run `tkn-gateway`."""
    gateway_group().main(prog_name="tkn-gateway")
