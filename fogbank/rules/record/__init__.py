"""A game's record: the log of inputs, rolls and events; replaying it; verifying it; self-play."""
