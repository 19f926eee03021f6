"""River Plate's fire pad tells what a group's guns can do to the ship picked, as she is picked:
a 4-inch secondary cannot hurt Graf Spee at any range, a 6-inch gun only within 45 inches, and
every battery more on one ship spoils the others' aim (the open rosters and hit table, 4.3 and
5.6). The limits are the rules' own: the chart's figures are worked out by gunnery.py."""

from __future__ import annotations

from fogbank.clients import Client
from fogbank.rules.supremacy import gunnery
from fogbank.rules.supremacy.scenario import hit_table, ship_classes

from tests.conftest import needs

from ..noninterference import settled
from ..chromium import CHROMIUM, expect

pytestmark = needs(CHROMIUM)


def test_what_hurts_what_is_the_hit_tables():
    """Against the seed's figures as the briefing gives them: Graf Spee's 11-inch pierce a cruiser
    at every range; the cruisers' 6-inch hurt her within 45 inches, Exeter's 8-inch within 70,
    the 4-inch never."""
    table, classes = hit_table(), ship_classes()
    assert gunnery.hurts_within(table.guns["11in"], classes["leander"], table) == 90
    assert gunnery.hurts_within(table.guns["6in"], classes["graf_spee"], table) == 45
    assert gunnery.hurts_within(table.guns["8in"], classes["graf_spee"], table) == 70
    assert gunnery.hurts_within(table.guns["4in"], classes["graf_spee"], table) == 0


async def british_writing_fire(server, page, graf_spee_at=None) -> None:
    """The British seat's page in turn 1's fire phase (Graf Spee first put `graf_spee_at`
    inches from Ajax, [east, north], if given)."""
    created = await server.create_game("river_plate", {"seats": "side"})
    ajax = server.host.rooms[created["game"]].game.state.board.ship("ajax")
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        if graf_spee_at:
            spot = [ajax.at[0] + graf_spee_at[0] * 10, ajax.at[1] + graf_spee_at[1] * 10]
            await umpire.override({"kind": "move_ship", "ship": "graf_spee", "at": spot, "course": 60, "speed": 26}, "A test.")
        while (await umpire.games()).games[0]["phase"] != "write_fire":
            await umpire.release()
            await settled(server.host)  # the seats passed over after it, before the game is read again
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['british']}")
    await expect(page.locator("#clock")).to_have_text("Turn 1 · 2B write fire")


def harm(page, ship: str, group: str):
    return page.locator(f'fieldset[data-ship="{ship}"] .harm[data-group="{group}"]')


async def test_a_group_aimed_where_it_cannot_hurt_is_told_so_as_it_is_aimed(server, page):
    await british_writing_fire(server, page)
    # Some 66 inches off: Ajax's 6-inch and her 4-inch waste their fire; Exeter's 8-inch do not.
    await page.select_option("#fire-ajax-fore", "graf_spee")
    await expect(harm(page, "ajax", "fore")).to_contain_text("Admiral Graf Spee is about 66 in off, beyond these guns' 60 in: no hit possible")
    await page.select_option("#fire-ajax-port", "graf_spee")
    await expect(harm(page, "ajax", "port")).to_contain_text("cannot hurt Admiral Graf Spee at any range")
    await expect(harm(page, "ajax", "port")).to_contain_text("costs each of hers a column")
    await page.select_option("#fire-exeter-fore", "graf_spee")
    await expect(harm(page, "exeter", "fore")).to_be_hidden()
    await page.select_option("#fire-ajax-port", "")
    await expect(harm(page, "ajax", "port")).to_be_hidden()


async def test_a_six_inch_group_is_told_it_hurts_graf_spee_only_within_45_inches(server, page):
    await british_writing_fire(server, page, graf_spee_at=(0, 50))  # 50 inches north of Ajax
    await page.select_option("#fire-ajax-fore", "graf_spee")
    await expect(harm(page, "ajax", "fore")).to_contain_text("These guns hurt Admiral Graf Spee only within 45 in; she is about")


async def test_a_friend_in_sight_is_never_offered_as_a_target(server, page):
    created = await server.create_game("river_plate")  # a seat a ship: Ajax sees Achilles as a contact
    async with await Client.connect(f"ws://127.0.0.1:{server.port}/", created["umpire_token"]) as umpire:
        while (await umpire.games()).games[0]["phase"] != "write_fire":
            await umpire.release()
            await settled(server.host)  # the seats passed over after it, before the game is read again
    await page.goto(f"http://127.0.0.1:{server.port}/play#token={created['seats']['ajax']}")
    await expect(page.locator("#clock")).to_have_text("Turn 1 · 2B write fire")
    await expect(page.locator("#contacts")).to_contain_text("Achilles")
    options = await page.locator("#fire-ajax-fore option").all_text_contents()
    assert options == ["hold fire", "Admiral Graf Spee"], options
