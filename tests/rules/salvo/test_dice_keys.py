"""Every roll of a game has a key of its own: in heavy seas a ship's main and secondary battery
firing at one target shared one smoke die (the key named no battery), where the decision gives
one die a shot. A few bot games of each scenario in heavy seas here."""

import collections

import pytest

from fogbank.rules.record.simulate import game_seed, play_bot_game


@pytest.mark.parametrize("scenario, games", [("cape_esperance", 3), ("gallipoli", 1)])
def test_no_dice_key_is_rolled_twice_in_heavy_seas(scenario, games):
    for number in range(games):
        seed = game_seed(f"keys-{scenario}", number)
        records = list(play_bot_game(scenario, seed, options={"heavy_seas": True}))
        keys = collections.Counter(r["key"] for r in records if r["type"] == "roll")
        assert keys and not [k for k, n in keys.items() if n > 1], (scenario, number)
