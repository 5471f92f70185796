"""docs/operations.md lists every operator command, and it and the README give only commands and options that exist."""

from __future__ import annotations

import re
import shlex

import click
import pytest
from flask import Flask

from config import PROJECT_ROOT
from tests.cli.test_conventions import leaf_commands

OPERATIONS = (PROJECT_ROOT / "docs" / "operations.md").read_text()
COMMANDS_SECTION = OPERATIONS.split("## Commands\n", 1)[1].split("\n## ", 1)[0]
README_COMMANDS = (PROJECT_ROOT / "README.md").read_text().split("## Operator commands\n", 1)[1].split("\n## ", 1)[0]


def _command_lines(text: str) -> list[str]:
    """Each command line, without its comment, `<a placeholder>` as one word."""
    lines = [line.split("#", 1)[0] for line in text.splitlines() if re.match(r"(\.venv/bin/)?flask --app app ", line)]
    return [re.sub(r"<[^>]+>", "PLACEHOLDER", line) for line in lines]


def _arguments_given(command: click.Command, words: list[str]) -> int:
    """How many positional arguments the words after the command's name give it."""
    options = {opt: param for param in command.params if isinstance(param, click.Option) for opt in param.opts}
    count, value_next = 0, False
    for word in words:
        bare = word.strip("[]")
        if value_next:
            value_next = False
        elif bare.startswith("--"):
            value_next = bare in options and not options[bare].is_flag
        else:
            count += 1
    return count


def test_the_commands_section_lists_every_command(app: Flask) -> None:
    listed = {tuple(shlex.split(line)[3:5]) for line in _command_lines(COMMANDS_SECTION)}
    for path, _ in leaf_commands(app.cli):
        assert any(words[: len(path)] == path for words in listed), f"docs/operations.md lacks {' '.join(path)}"


@pytest.mark.parametrize("text", [COMMANDS_SECTION, README_COMMANDS], ids=["operations.md", "README.md"])
def test_every_listed_command_and_option_exists(app: Flask, text: str) -> None:
    commands = {path: command for path, command in leaf_commands(app.cli)}
    lines = _command_lines(text)
    assert len(lines) >= len(commands)
    for line in lines:
        words = shlex.split(line)[3:]
        path = next((p for p in commands if tuple(words[: len(p)]) == p), None)
        assert path is not None, f"no such command: {line}"
        options = {opt for param in commands[path].params if isinstance(param, click.Option) for opt in param.opts}
        for given in re.findall(r"(--[a-z-]+)", " ".join(words[len(path) :])):
            assert given in options, f"{line}: {' '.join(path)} has no {given}"
        arguments = [param for param in commands[path].params if isinstance(param, click.Argument)]
        assert _arguments_given(commands[path], words[len(path) :]) <= len(arguments), f"too many arguments: {line}"
