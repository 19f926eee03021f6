"""Every roll of a campaign has a key of its own: a key rolled twice gives the same dice twice
(a port's second volley repeated its first). A few bot campaigns of each battle option here;
`python -m tests.rules.greatwar.referee LOGS` counts the same over as many as are simulated."""

import collections

import pytest

from fogbank.rules.record.simulate import game_seed, play_bot_game


@pytest.mark.parametrize("battles, games", [("board", 4), ("hex", 2)])
def test_no_dice_key_is_rolled_twice_in_a_campaign(battles, games):
    for number in range(games):
        seed = game_seed(f"keys-{battles}", number)
        records = list(play_bot_game("black_sea", seed, options={"battles": battles}))
        keys = collections.Counter(r["key"] for r in records if r["type"] == "roll")
        assert keys and not [k for k, n in keys.items() if n > 1], (battles, number)
