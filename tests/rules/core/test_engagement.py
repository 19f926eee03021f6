"""The core's engagements: a battle in neutral words, its result, and which ruleset fights it."""

import pytest

from fogbank.rules import core
from fogbank.rules.core.engagement import engagement_from_plain, engagement_plain, result_from_plain, result_plain

BATTLE = core.Engagement(id="2-odessa", zone="Odessa", day=False, parties=(
    core.Party(side="central", seats=("souchon",), ships=(
        core.EngagedShip(name="Midilli", kind="CL", guns=(0, 2, 1), hull=3, knots=28, torpedoes=True, seat="souchon"),)),
    core.Party(side="russia", seats=("flotilla",), ships=(
        core.EngagedShip(name="Donets", kind="GB", guns=(0, 1, 1), hull=1, knots=14, seat="flotilla"),)),
))


def test_an_engagement_and_a_result_go_to_plain_data_and_back():
    assert engagement_from_plain(engagement_plain(BATTLE)) == BATTLE
    result = core.EngagementResult(ships=(core.ShipOutcome(name="Donets", lost=1, sunk=True),), left=("central",))
    assert result_from_plain(result_plain(result)) == result


@pytest.mark.parametrize("change, code", [
    (lambda p: p.update(day="yes"), "bad_engagement"),
    (lambda p: p.update(extra=1), "bad_engagement"),
    (lambda p: p["parties"][0]["ships"][0].update(hits=3), "bad_engagement"),
    (lambda p: p["parties"][1]["ships"][0].update(name="Midilli"), "bad_engagement"),
])
def test_a_malformed_engagement_is_refused_with_a_code_and_a_sentence(change, code):
    plain = engagement_plain(BATTLE)
    change(plain)
    with pytest.raises(core.Refused) as refused:
        engagement_from_plain(plain)
    assert refused.value.code == code and refused.value.sentence.endswith(".")


def test_the_battle_goes_to_a_ruleset_that_fights_it_never_the_one_that_handed_it_over():
    host = core.host_for(BATTLE, "greatwar")
    assert host.fights(BATTLE) and host.name != "greatwar"
    with pytest.raises(core.Refused) as refused:
        core.host_for(BATTLE, host.name)  # no other ruleset here fights surface battles
    assert refused.value.code == "bad_engagement"


def test_a_ruleset_that_fights_no_battles_refuses_to_start_one():
    with pytest.raises(core.Refused) as refused:
        core.start(core.find_ruleset("greatwar"), "", b"s" * 32, {"engagement": engagement_plain(BATTLE)})
    assert refused.value.code == "bad_engagement"
