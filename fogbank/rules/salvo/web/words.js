// Salvo orders and phases in words, the same on the umpire's record sheet and at a player's seat.

// Phase One is declared side by side, the side at a disadvantage first (turn.py's PHASES).
const PHASES = { sight_first: "first sighting", sight_second: "second sighting", movement: "movement", gunfire: "gunfire", damage_control: "damage control" };

/** A phase's name in the game's words: "Nothing to order in the first sighting phase". */
export function phaseWords(phase) {
  return PHASES[phase] ?? String(phase ?? "").replaceAll("_", " ");
}

// What an order that names nothing means, by phase (docs/payloads.md: a ship not named holds
// course and speed in the movement phase, and holds fire in gunfire).
const NOTHING = { movement: "all ships hold course and speed", gunfire: "all ships hold fire" };

// Ships' names by id, learnt from every view a page draws: an order names its ships by id
// (docs/payloads.md), a player reads them by name ("San Francisco", not "CA1").
const names = new Map();

/** Remember the names of the units a view shows (a seat's own and friends, or the umpire's all). */
export function learnNames(view) {
  for (const u of [...(view?.ships || []), ...(view?.friends || []), ...(view?.units || [])]) if (u?.id && u.name) names.set(u.id, u.name);
}

/** A unit's name in words, its id until a view has named it. */
export function shipName(uid) {
  return names.get(uid) ?? uid;
}

// What each aim of a gunfire order fires (docs/payloads.md, fire).
const AIMS = { target: "guns", secondary: "secondaries", torpedo: "torpedoes" };

/** One ship's gunfire order in words: "guns at #3, secondaries at #2, spotted by Queen Elizabeth". */
export function aimWords(f) {
  const aims = Object.entries(AIMS).filter(([key]) => f[key] !== undefined).map(([key, what]) => `${what} at #${f[key]}`);
  if (f.spotter) aims.push(`spotted by ${shipName(f.spotter)}`);
  return aims.join(", ") || "holds fire";
}

/** Why 12.41 blocks a line of fire (the view's `lines_blocked`), and what the rule says, for the
 * pad to show as the target is picked: the rules refuse the shot. */
export function lineBlockedWords(why) {
  return `line blocked: ${why}. Rule 12.41: a ship on the line of fire next to the firer or the target blocks it, day or night, and a destroyer cannot fire over a capital ship; the rules will refuse this shot`;
}

/** A seat's order in words, whatever its phase (docs/payloads.md, Orders); `phase`, where the
 * page knows it, says what the ships an order does not name do. */
export function orderWords(given, seat, phase) {
  if (!given || !Object.values(given).some(named)) return NOTHING[phase] ?? "nothing";
  const parts = [];
  if (given.mines) parts.push(`mines ${given.mines.join(" ")}`);
  for (const [uid, hex] of Object.entries(given.starshells || {})) parts.push(`${shipName(uid)} starshell over ${hex}`);
  for (const [uid, n] of Object.entries(given.searchlights || {})) parts.push(`${shipName(uid)} searchlight on #${n}`);
  const moves = Object.entries(given.moves || {}).map(([uid, path]) => `${shipName(uid)} ${path || "stops dead"}`);
  if (moves.length) parts.push(moves.join(", ") + (phase === "movement" ? ", the rest hold course and speed" : ""));
  if (given.smoke?.length) parts.push(`smoke from ${given.smoke.map(shipName).join(", ")}`);
  for (const dummy of given.dummies || []) parts.push(`dummy ${dummy.hex}${dummy.facing ?? ""} ${dummy.path ?? ""}`.trim());
  for (const [uid, n] of Object.entries(given.attacks || {})) parts.push(`${shipName(uid)} attacks #${n}`);
  const fire = Object.entries(given.fire || {}).map(([uid, f]) => `${shipName(uid)}: ${aimWords(f)}`);
  if (fire.length) parts.push(fire.join("; "));
  return parts.join("; ") || "nothing";
}

/** Whether an order's field names anything (an empty list or map names nothing). */
function named(value) {
  return value !== null && value !== undefined && (typeof value !== "object" || Object.keys(value).length > 0);
}
