"""Over many seeded games the tables come out as often as two and one six-sided dice say."""

from collections import Counter

from fogbank.rules.record.simulate import game_seed, play_bot_game

GAMES = 150


def test_roll_outcomes_match_the_dice_over_many_games():
    outcomes: dict[str, Counter] = {}
    for n in range(GAMES):
        for record in play_bot_game("b11", game_seed("stats", n)):
            if record["type"] == "roll":
                outcomes.setdefault(record["table"], Counter())[record["outcome"]] += 1
    vision = outcomes["hydrophone"]
    total = sum(vision.values())
    assert total > 300
    # A d6 of 3 or more: 2/3. Three standard deviations either side.
    share = vision["heard"] / total
    sigma = (2 / 9 / total) ** 0.5
    assert abs(share - 2 / 3) < 3 * sigma
    mines = outcomes.get("minefield_submerged", Counter())
    if sum(mines.values()) > 100:  # at the bottom (+4) 2d6 never sinks, and 5-9 is 2d6 of 1-5: 10/36
        assert mines["sunk"] == 0
