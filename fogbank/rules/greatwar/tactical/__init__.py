"""The battle after contact, on an area board, by the variant's advanced tactical rules.

areas: the board, set-up, groups (rule 6) and tactics; gunfire: targets, multiple firers and
modifiers; combat: a combat segment's fire, damage, critical damage and torpedoes; events: the
tactical random events table; sequence: the revised impulse sequence that plays a battle out
from each fleet's `tactics`; report: what each seat learns of it.
"""

from .sequence import Outcome, fight

__all__ = ["Outcome", "fight"]
