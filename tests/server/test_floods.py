"""What one seat may cost everyone: talk capped in length and rate, questions and history
requests and draft checks rate-limited per seat, a finished game's history replayed once, and a joining seat sent
the latest of what it was told (the rest a page at a time, on request), not all of it."""

from __future__ import annotations

import pytest

from fogbank import protocols as wire
from fogbank.server import host as host_module
from fogbank.server.app import Server
from fogbank.server.guard import CHECKS, HISTORY, QUESTIONS, TALK, Buckets
from fogbank.server.host import MAX_TALK, TOLD_PAGE, TOLD_RECENT

from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from .test_end_to_end import JSON, open_peer


@pytest.fixture
async def server(tmp_path):
    server = await Server.start(port=0, data=tmp_path)
    # A clock that stands still: the bursts are counted, never refilled while a test runs.
    host = server.host
    host.talks, host.questions, host.histories, host.checks = (
        Buckets(*limit, clock=lambda: 0.0) for limit in (TALK, QUESTIONS, HISTORY, CHECKS)
    )
    yield server
    await server.close()


async def test_talk_is_capped_in_length_and_rate_per_seat(server):
    game = await server.create_game("picket")
    blue1 = await open_peer(server, game["seats"]["blue1"], codec=JSON)
    red1 = await open_peer(server, game["seats"]["red1"], codec=JSON)
    long = await blue1.request(lambda ref: wire.Talk(ref=ref, text="x" * (MAX_TALK + 1)))
    assert (long.code, long.message) == ("talk_too_long", "Say it in 1,000 characters or fewer (that was 1,001).")
    for _ in range(TALK[0]):
        assert isinstance(await blue1.request(lambda ref: wire.Talk(ref=ref, text="x" * MAX_TALK)), wire.Ack)
    limited = await blue1.request(lambda ref: wire.Talk(ref=ref, text="One more."))
    assert limited.code == "rate_limited"
    assert isinstance(await red1.request(lambda ref: wire.Talk(ref=ref, text="Ours.")), wire.Ack)  # per seat
    talks = [r.record for r in await server.store.load_log(game["game"]) if r.record["input"] == "talk"]
    assert [t["seat"] for t in talks] == ["blue1"] * TALK[0] + ["red1"]


async def test_questions_are_rate_limited_per_seat(server):
    game = await server.create_game("b11")
    sub = await open_peer(server, game["seats"]["submarine"], codec=JSON)
    codes = [(await sub.request(lambda ref: wire.Ask(ref=ref, question={"about": "speed"}))).code
             for _ in range(QUESTIONS[0] + 1)]  # fmt: skip
    assert codes == ["no_questions"] * QUESTIONS[0] + ["rate_limited"]


async def test_draft_checks_are_rate_limited_per_seat(server):
    game = await server.create_game("picket")
    blue1 = await open_peer(server, game["seats"]["blue1"], codec=JSON)
    red1 = await open_peer(server, game["seats"]["red1"], codec=JSON)
    umpire = await open_peer(server, game["umpire_token"], codec=JSON)
    check = lambda ref: wire.CheckOrder(ref=ref, turn=1, order={"move": 5})  # noqa: E731
    answers = [await blue1.request(check) for _ in range(CHECKS[0] + 1)]
    assert all(isinstance(answer, wire.Checked) for answer in answers[:-1])
    assert answers[-1].code == "rate_limited" and "checks" in answers[-1].message
    assert isinstance(await red1.request(check), wire.Checked)  # per seat
    for_blue1 = lambda ref: wire.CheckOrder(ref=ref, turn=1, order={"move": 5}, seat="blue1")  # noqa: E731
    assert isinstance(await umpire.request(for_blue1), wire.Checked)  # the umpire's own allowance


async def test_a_finished_games_history_is_replayed_once_and_asked_for_at_a_limited_rate(server, monkeypatch):
    replays = []

    def counted(*args):
        replays.append(args)
        return real(*args)

    real = host_module.umpire_history
    monkeypatch.setattr(host_module, "umpire_history", counted)
    game = await server.create_game("b11")
    sub = await open_peer(server, game["seats"]["submarine"], codec=JSON)
    umpire = await open_peer(server, game["umpire_token"], codec=JSON)
    assert isinstance(await umpire.request(lambda ref: wire.RequestHistory(ref=ref)), wire.History)
    assert isinstance(await umpire.request(lambda ref: wire.EndGame(ref=ref, reason="Stop.")), wire.Ack)
    await sub.until(wire.GameOver)
    answers = [await peer.request(lambda ref: wire.RequestHistory(ref=ref)) for peer in (umpire, sub, sub, umpire)]
    assert all(isinstance(answer, wire.History) for answer in answers)
    assert answers[1].log == answers[3].log and answers[1].log[-1]["type"] == "end"
    assert len(replays) == 2  # once while it ran, once when over: not once a request
    for _ in range(HISTORY[0] - 2):
        assert isinstance(await sub.request(lambda ref: wire.RequestHistory(ref=ref)), wire.History)
    assert (await sub.request(lambda ref: wire.RequestHistory(ref=ref))).code == "rate_limited"


async def test_a_joining_seat_gets_the_latest_told_and_pages_back_through_the_rest(server):
    game = await server.create_game("b11")
    umpire = await open_peer(server, game["umpire_token"], codec=JSON)
    said = [f"Signal {n}." for n in range(TOLD_PAGE + TOLD_RECENT + 7)]
    for text in said:
        assert isinstance(await umpire.request(lambda ref, t=text: wire.Narrate(ref=ref, seat="submarine", text=t)), wire.Ack)
    sub = await open_peer(server, game["seats"]["submarine"], codec=JSON)
    welcome = sub.welcome
    assert [t["text"] for t in welcome.told] == said[-TOLD_RECENT:] and welcome.told_first == len(said) - TOLD_RECENT
    pages, before = [], welcome.told_first
    while before > 0:
        page = await sub.request(lambda ref, b=before: wire.RequestTold(ref=ref, before=b))
        assert isinstance(page, wire.ToldPage) and len(page.told) <= TOLD_PAGE and page.first + len(page.told) == before
        pages.insert(0, page.told)
        before = page.first
    assert [t["text"] for page in pages for t in page] + [t["text"] for t in welcome.told] == said
    beyond = await sub.request(lambda ref: wire.RequestTold(ref=ref, before=10**6))
    assert beyond.first + len(beyond.told) == len(said)
    nothing = await umpire.request(lambda ref: wire.RequestTold(ref=ref, before=5))
    assert (nothing.first, nothing.told) == (0, [])


async def test_a_connection_refused_for_its_rate_is_not_read_until_it_may_ask_again(tmp_path):
    """A script sending checks as fast as it can (all at once, never waiting for an answer) gets
    its burst answered, then is refused; the server reads nothing more of it for a while, by
    which time the bucket has a check again: refusals never come two in a row, where before the
    server read and refused the whole flood at once (about half a core for one connection)."""
    server = await Server.start(port=0, data=tmp_path)
    try:
        game = await server.create_game("picket")
        blue1 = await open_peer(server, game["seats"]["blue1"])
        flood = CHECKS[0] + 8
        for ref in range(1, flood + 1):
            await blue1.send(wire.CheckOrder(ref=ref, turn=1, order={"move": 1}, phase="move"))
        replies = []
        while len(replies) < flood:
            message = await blue1.recv()
            if getattr(message, "ref", None):
                replies.append("refused" if isinstance(message, wire.Error) else "answered")
        assert replies[: CHECKS[0]] == ["answered"] * CHECKS[0]
        pairs = [replies[i : i + 2] for i in range(flood - 1)]
        assert "refused" in replies and ["refused", "refused"] not in pairs
    finally:
        await server.close()
