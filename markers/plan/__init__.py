"""Placement plans: where markers go (GeoJSON or CSV), loaded and projected to ground
feet (load, project, model), measured against channels, shores and areas (measure) and
judged by the plan rules a pack registers (rules, check), with reports in the `check`
contract (report), the markers' designs (designs) and the application they are filed
with (application). The map and the permit packet are
drawn by render/plan_map.py and render/plan_packet.py; markers.api wires them."""
