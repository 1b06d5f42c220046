"""The command line as the tests drive it in process: click's runner on `wsmark`, a run
that went well, and a user's mistake as exactly one line on stderr with exit 2."""

from __future__ import annotations

from click.testing import CliRunner, Result

from cli import cli


def invoke(runner: CliRunner, *args: str) -> Result:
    """`wsmark ARGS` in process; an exception is kept on the result, not raised, so that
    the assertions below can tell a user's mistake from a bug."""
    return runner.invoke(cli, list(args), catch_exceptions=True)


def assert_ok(result: Result) -> None:
    """Exit 0 and nothing raised."""
    assert result.exit_code == 0, (result.output, result.exception)
    assert result.exception is None


def assert_user_error(result: Result, *must_cite: str) -> str:
    """Exit 2, exactly one non-empty line on stderr, no traceback; returns that line."""
    # an uncaught exception (a bug) would show up here rather than as exit status 2
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert result.exit_code == 2, (result.output, result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    for text in must_cite:
        assert text in lines[0], lines[0]
    return lines[0]
