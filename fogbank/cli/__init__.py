"""The `fogbank` command."""


def main(argv: list[str] | None = None) -> int:
    # Imported when called, so `python -m fogbank.cli.main` does not find the module half-run.
    from .main import main as run

    return run(argv)


__all__ = ["main"]
