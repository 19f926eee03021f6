"""Clients of the fogbank server: the async client library and the bot that plays through it."""

from .client import (
    CLOSED,
    CONNECTED,
    CONNECTING,
    RECONNECTING,
    STREAM_MESSAGES,
    Client,
    ClientError,
    ConnectionLost,
    JoinRefused,
    OrderRefused,
    Refused,
    RequestRefused,
    StreamMessage,
    TurnPassed,
)

__all__ = [
    "CLOSED",
    "CONNECTED",
    "CONNECTING",
    "Client",
    "ClientError",
    "ConnectionLost",
    "JoinRefused",
    "OrderRefused",
    "RECONNECTING",
    "Refused",
    "RequestRefused",
    "STREAM_MESSAGES",
    "StreamMessage",
    "TurnPassed",
]
