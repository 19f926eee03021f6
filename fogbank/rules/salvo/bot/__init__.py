"""A built-in captain for any Salvo seat: plays from its seat's chart and views alone.

Each turn it steers every ship by trying the paths its speed and turning limit allow and keeping
the one that ends nearest its goal without crossing land or a minefield it knows of (the exit
hexes when its side must break through, else the nearest enemy it is shown, else ahead); it fires
every gun at the nearest enemy it has detected in range, torpedoes at the nearest ship in torpedo
range, and at night lights up the nearest detected enemy with a starshell. A minelaying seat mines
the two open hexes of the narrowest water it can find short of the known fields.
"""

from .captain import Captain

__all__ = ["Captain"]
