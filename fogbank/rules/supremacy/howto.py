"""How a River Plate captain plays, and what can sink her: a sentence for each rule that decides a
game, as the seat's briefing shows it before the first move."""

HOW = (
    ("Each turn", "Write every ship's move (1A): all ships move at once, laying smoke and running torpedoes. At night "
                  "searchlights come next (2A). Then write fire at ships your ships see (2B); it all lands at once "
                  "(2C, 2D). Then torpedoes (3), and the smoke clears (4)."),
    ("Moves", "In inches on a 4-inch turning circle: L or R a turn, A ahead, B astern; half an inch a knot, at most 8 "
              "knots more a turn and half your top speed less. Turning over 2 inches costs your guns 2 columns, over "
              "3 inches 3, over 4 inches a half salvo as well."),
    ("Gun arcs", "Bow turrets bear all round but 30 degrees either side of right astern, stern turrets all round but "
                 "30 degrees either side of right ahead; secondaries bear only on their own side. The arcs are drawn "
                 "in 2B, and a group that cannot bear on her bearing as read is refused before you send."),
    ("Ranges by eye", "Beyond a nautical mile (6 inches) a range is judged, and may be a tenth out, and a bearing "
                      "is read to 5 degrees (10 at night); within it, both are measured. The hit sheet reads ranges "
                      "rounded up to its next heading: close to 20 inches, long from 45."),
    ("What hurts what", "Graf Spee's 11-inch guns pierce a cruiser at every range. The cruisers' 6-inch guns hurt her "
                        "only within 45 inches (fully within 30), Exeter's 8-inch within 70, the 4-inch never. Each "
                        "battery more on one ship costs every battery on her a column, so guns that cannot hurt only "
                        "spoil the aim of those that can."),
    ("First fire", "A battery's first turn on a ship fires 3 columns worse at close range and a half salvo beyond; "
                   "fire on at the same ship and it stays locked on."),
    ("Ammunition", "Each turret has its salvos (Graf Spee's 10, the cruisers' 8), a half salvo spending half; a turret "
                   "out of them falls silent."),
    ("Torpedoes", "Each bank fires once: a spread 2 inches wide (narrow) or 4 (fan), at 15 to 17 inches a turn for "
                  "some 45 inches. Aim ahead of her: a spread that meets her funnel hits four times in ten or more "
                  "when narrow and across her length, far less in a fan or met end on. Nobody sees torpedoes "
                  "coming, and a hit tells nobody whose they were."),
    ("Smoke", "Three turns of it a ship: it trails along your path from funnel to funnel and blocks sight across it, "
              "both ways, for the turn. It hides you only if the trail lies between you and the enemy: lay it across "
              "his line of sight and turn behind it."),
    ("Chasing splash", "At 25 knots or more: 3 inches less of move, no gunfire, 3 columns against the enemy's fire at "
                       "you; it fails within 6 inches of a friend."),
    ("Night", "Visibility is 15 inches. Until your ships see the enemy you write three moves ahead. A searchlight "
              "(2A) catches the nearest ship within 30 inches of its bearing: she and the ship burning it are seen "
              "as by day."),
    ("What sinks you", "Damage up to your points sinks you, or three quarters of them in one turn. Special damage "
                       "may jam a rudder, silence turrets, start fires or blow up a magazine. You may ask of any ship "
                       "you see her roster in general terms, and which of your side fired at a ship last turn; every "
                       "signal is heard by every seat, the enemy's too, once the battle has begun."),
)
