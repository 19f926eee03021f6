"""The built-in rulesets. Importing this package registers each of them with the core."""

from . import dardanelles  # noqa: F401
