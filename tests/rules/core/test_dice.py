import collections
import hashlib
import hmac

import attrs
from fogbank.rules.core import Dice, Modifier, commitment, derive_faces, verify_roll
from hypothesis import given
from hypothesis import strategies as st


def read(total):
    return "high" if total >= 7 else "low"


def test_same_seed_and_key_same_faces_and_other_keys_differ():
    seed = b"s" * 32
    assert derive_faces(seed, "1/vision/4", 2, 6) == derive_faces(seed, "1/vision/4", 2, 6)
    rolls = {derive_faces(seed, f"1/vision/{n}", 3, 6) for n in range(50)}
    assert len(rolls) > 40


@given(
    st.binary(min_size=32, max_size=32),
    st.text(max_size=30),
    st.integers(1, 40),
    st.sampled_from([2, 6, 10, 20]),
)
def test_faces_are_in_range(seed, key, count, sides):
    faces = derive_faces(seed, key, count, sides)
    assert len(faces) == count and all(1 <= f <= sides for f in faces)


def test_faces_are_the_published_hmac_sha256_of_the_seed_and_key():
    # What an outside verifier recomputes from the revealed seed: HMAC-SHA256(seed, key), bytes
    # below the largest multiple of the sides, each read as byte % sides + 1.
    for seed in (b"a" * 32, b"b" * 32, b"a" * 32):
        digest = hmac.new(seed, b"3/torpedo/E11", hashlib.sha256).digest()
        assert derive_faces(seed, "3/torpedo/E11", 4, 6) == tuple(b % 6 + 1 for b in digest if b < 252)[:4]


def test_faces_are_fair():
    counts = collections.Counter(f for n in range(3000) for f in derive_faces(b"x" * 32, str(n), 2, 6))
    expected = 6000 / 6
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert chi2 < 20.5  # p = 0.001 with 5 degrees of freedom


def test_a_roll_is_recorded_and_verifies_against_the_seed():
    dice = Dice(b"k" * 32)
    dice, roll = dice.roll(
        turn=3,
        key="3/torpedo/0",
        table="torpedo",
        count=2,
        modifiers=[Modifier("range 2 squares", -1), Modifier("nothing", 0)],
        read=read,
    )
    assert dice.rolls_made == 1 and roll.index == 0
    assert roll.modifiers == (Modifier("range 2 squares", -1),)  # zero modifiers are left out
    assert roll.total == sum(roll.dice) - 1 and roll.outcome == read(roll.total)
    assert verify_roll(b"k" * 32, roll, read) is None


def test_tampering_is_named():
    dice, roll = Dice(b"k" * 32).roll(turn=1, key="1/x", table="t", count=2, read=read)
    forged = attrs.evolve(roll, dice=(6, 6) if roll.dice != (6, 6) else (1, 1))
    assert "dice" in verify_roll(b"k" * 32, forged, read)
    assert "seed gives" in verify_roll(b"j" * 32, roll, read)
    wrong_outcome = attrs.evolve(roll, outcome="high" if roll.outcome == "low" else "low")
    assert "outcome" in verify_roll(b"k" * 32, wrong_outcome, read)


def test_commitment_is_sha256_of_the_seed():
    import hashlib

    assert commitment(b"abc") == hashlib.sha256(b"abc").hexdigest()
