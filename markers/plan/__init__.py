"""Placement plans: where markers go (GeoJSON or CSV), loaded and projected to ground
feet (load, project, model), measured against channels, shores and areas (measure) and
judged by the plan rules a pack registers (rules, check), with reports in the `check`
contract (report), the markers' designs (designs) and the application they are filed
with (application). The map and the permit packet are drawn by
markers/products/plan_map.py and plan_packet.py; markers.api wires them."""
