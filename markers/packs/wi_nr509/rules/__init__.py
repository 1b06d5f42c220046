"""Facts -> Findings: every rule, registered by importing its module."""

from markers.packs.wi_nr509.rules import aids, buoys, flags, regulatory  # noqa: F401  (registers the rules)
from markers.check.engine import RULES, Finding, Hit, Rule, evaluate, rule, tolerance

__all__ = ["RULES", "Finding", "Hit", "Rule", "evaluate", "rule", "tolerance"]
