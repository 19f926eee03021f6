"""The MQTT bus: gateways and game hosts in separate processes, talking through a broker.

`topics.py` names the topics and who may use them; `address.py` is where the broker is and who
we are on it; `credentials.py` writes the broker's credentials and adds gateways;
`mosquitto.py` runs a broker (tests, bench); `bus.py` is the gateway's side (one broker
connection per seat, with the seat's own credentials); `host.py` serves a host's games.
"""
