"""E-mail nudges: one message handed to the server's SMTP server, on the event loop.

Written on asyncio rather than with smtplib in a thread, so the caller's time limit is the whole
attempt's: a server that drips its greeting a byte at a time never times out a socket read, and a
thread blocked in one cannot be stopped (it would hold a thread of the pool for as long as the
server cares to drip). Cancelled, the connection is simply dropped.

The SMTP server is the operator's (`fogbank serve --smtp`), often a relay on the loopback, so its
address is not judged as a webhook's is: no umpire names it.
"""

from __future__ import annotations

import asyncio
import base64
import email.message
import email.policy
import socket
import ssl
from typing import TYPE_CHECKING

from .outbound import Undelivered

if TYPE_CHECKING:
    from .nudges import Smtp

REPLY_LINES = 100  # lines of one reply read at most (EHLO lists the server's extensions)


async def send(smtp: Smtp, address: str, subject: str, text: str) -> None:
    """Mail `text` to `address` through `smtp`; returns once the server took it. The caller
    bounds the time it may take. Raises `Undelivered`."""
    try:
        reader, writer = await asyncio.open_connection(smtp.host, smtp.port)
    except OSError as error:
        where = f"{smtp.host}:{smtp.port}"
        raise Undelivered("unreachable", f"The mail server {where} could not be reached: {error}.") from None
    talk = _Talk(reader, writer, smtp.host)
    try:
        await talk.expect(None, 220)
        helo = f"EHLO {socket.getfqdn() or 'localhost'}"
        await talk.expect(helo, 250)
        if smtp.starttls:
            await talk.expect("STARTTLS", 220)
            await writer.start_tls(ssl.create_default_context(), server_hostname=smtp.host)
            await talk.expect(helo, 250)
        if smtp.user:
            plain = base64.b64encode(f"\0{smtp.user}\0{smtp.password or ''}".encode()).decode()
            await talk.expect(f"AUTH PLAIN {plain}", 235, secret=True)
        await talk.expect(f"MAIL FROM:<{smtp.sender}>", 250)
        await talk.expect(f"RCPT TO:<{address}>", 250, 251)
        await talk.expect("DATA", 354)
        message = email.message.EmailMessage(policy=email.policy.SMTP)
        message["From"], message["To"], message["Subject"] = smtp.sender, address, subject
        message.set_content(text + "\n")
        body = message.as_bytes().replace(b"\r\n.", b"\r\n..")  # a line that starts with a dot, doubled
        writer.write(body + (b"" if body.endswith(b"\r\n") else b"\r\n") + b".\r\n")
        await talk.expect(None, 250)
        writer.write(b"QUIT\r\n")
    except ssl.SSLError as error:
        why = error.reason or error
        raise Undelivered("unreachable", f"The mail server {smtp.host} failed STARTTLS: {why}.") from None
    except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as error:
        why = f"The mail server {smtp.host} dropped the connection: {error!r}."
        raise Undelivered("unreachable", why) from None
    finally:
        writer.transport.abort()


class _Talk:
    """Commands and the replies they get."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, host: str) -> None:
        self.reader, self.writer, self.host = reader, writer, host

    async def expect(self, command: str | None, *codes: int, secret: bool = False) -> None:
        """Send `command` (None: nothing, read the greeting or DATA's answer) and read its reply,
        which must carry one of `codes`; raises `Undelivered` otherwise."""
        if command is not None:
            self.writer.write(command.encode() + b"\r\n")
            await self.writer.drain()
        for _ in range(REPLY_LINES):
            line = (await self.reader.readuntil(b"\n")).decode("latin-1").rstrip()
            if line[3:4] != "-":  # "250-PIPELINING" goes on; "250 OK" is the last line
                break
        code = int(line[:3]) if line[:3].isdigit() else 0
        if code in codes:
            return
        said = "AUTH" if secret else (command or "its greeting").split(":", 1)[0]
        again = 400 <= code < 500
        raise Undelivered(
            "nudge_failed" if again else "nudge_refused",
            f"The mail server {self.host} answered {said} with {line[:120]!r}.", again=again or code == 0,
        )
