"""Placement plans: where markers go (GeoJSON or CSV), checked against NR 5.09 and
ch. 30, Wis. Stats.; the map and the permit packet are drawn by render/plan_map.py and
render/plan_packet.py."""

from markers.plan.check import PlanFinding, PlanReport, check_plan, judge_plan
from markers.plan.load import load_plan
from markers.plan.model import Plan, PlanFeature, PlanMarker
from markers.plan.rules import PLAN_RULES

__all__ = ["Plan", "PlanFeature", "PlanMarker", "PlanFinding", "PlanReport", "PLAN_RULES",
           "check_plan", "judge_plan", "load_plan"]
