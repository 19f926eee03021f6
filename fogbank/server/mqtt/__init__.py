"""The MQTT bus: gateways and game hosts in separate processes, talking through a broker.

`broker.py` names the topics and runs Mosquitto's tools; `bus.py` is the gateway's side (one
broker connection per seat, with the seat's own credentials); `host.py` serves a host's games.
"""
