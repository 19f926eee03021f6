// Moves in the game's notation ("A10 L6": legs in inches, L/P port, R/S starboard, A or a bare
// number ahead, B astern, Sh a sharp turn, CS chasing splash, LS laying smoke), read and traced on
// the table before the order is sent, as moves.py reads and executes them. This is only the
// captain's preview: the server checks the order and moves the ship itself.

import { along } from "/web/maps/table.js";

const LEG = /^(L|P|R|S|A|B)?(\d+(?:\.\d+)?)(Sh)?$/;
const KIND = { P: "L", S: "R", undefined: "A" };
export const CHASE_INCHES = 3;

/** {legs [{kind, inches, sharp}], chase, smoke, inches, knots, turning (inches)}; throws an Error
 * with a sentence for words that are not a move. */
export function readMove(text) {
  const move = { legs: [], chase: false, smoke: false };
  for (const word of String(text ?? "").split(/\s+/).filter(Boolean)) {
    if (word === "CS") move.chase = true;
    else if (word === "LS") move.smoke = true;
    else {
      const found = LEG.exec(word);
      const inches = found && Number(found[2]);
      if (!found || !inches || Math.round(inches * 4) !== inches * 4) {
        throw new Error(`"${word}" is not a leg: L, P, R, S, A or B and inches in quarters, e.g. L2.25.`);
      }
      move.legs.push({ kind: KIND[found[1]] ?? found[1], inches, sharp: Boolean(found[3]) });
    }
  }
  move.inches = move.legs.reduce((sum, leg) => sum + leg.inches, 0);
  // The speed the move counts against (a quarter inch over is over: 13.25 inches is 26.5 knots),
  // and in whole knots as the rules keep it for every other purpose.
  move.speed = (move.inches + (move.chase ? CHASE_INCHES : 0)) * 2;
  move.knots = Math.floor(move.speed);
  move.turning = move.legs.filter((leg) => "LR".includes(leg.kind)).reduce((sum, leg) => sum + leg.inches, 0);
  return move;
}

/** The funnel's path of a move from `at` on `course` (tenths of an inch), and the course after it,
 * on a turning circle of `radius` tenths: chords every 15 degrees, as the rules draw it. */
export function trace(move, at, course, radius) {
  const path = [at];
  let here = at;
  let heading = course;
  for (const leg of move.legs) {
    const length = leg.inches * 10;
    if (leg.kind === "A" || leg.kind === "B") {
      here = along(here, leg.kind === "A" ? heading : heading + 180, length);
      path.push(here);
      continue;
    }
    const right = leg.kind === "R";
    const degrees = Math.round((length * 180) / (Math.PI * radius));
    const side = right ? 90 : -90;
    const centre = along(here, heading + side, radius);
    const steps = [];
    for (let step = 15; step < degrees; step += 15) steps.push(step);
    steps.push(degrees);
    for (const step of steps) path.push(along(centre, heading - side + (right ? step : -step), radius));
    here = path[path.length - 1];
    heading = (heading + (right ? degrees : -degrees) + 360) % 360;
  }
  return { path, course: heading };
}

/** What the rules forbid in a move, as far as the captain can tell from her own ship: sentences. */
export function moveProblems(move, ship) {
  const found = [];
  const backwards = move.legs.some((leg) => leg.kind === "B");
  if (backwards && move.legs.some((leg) => leg.kind !== "B")) found.push("astern cannot be mixed with ahead");
  if (move.legs.length && backwards !== ship.backwards && ship.speed > 0) found.push("stop dead first to change between ahead and astern");
  if (move.legs.some((leg) => leg.sharp)) found.push("she has no sharp turning circle");
  if (move.chase && move.smoke) found.push("she cannot chase splash and lay smoke at once");
  if (move.chase && (ship.rudder !== "working" || ship.top_speed < 25)) found.push("chasing splash needs a working rudder and 25 knots");
  if (move.smoke && ship.smoke_left <= 0) found.push("she has no smoke left");
  const [least, most] = ship.speed_range;
  if (move.speed > most) found.push(`at most ${most} knots (${most / 2} in)`);
  else if (move.speed < least) found.push(`at least ${least} knots: she sheds half her top speed a turn at most`);
  if (move.speed > 10 && ship.rudder === "lost" && move.turning) found.push("no rudder: no turns above 10 knots");
  if (move.speed > 10 && ship.rudder === "damaged" && move.turning > 1) found.push("damaged rudder: 1 inch of turning at most");
  if (move.speed > 10 && turnsTooSoon(move, ship.on_course)) found.push(`special damage holds her on course: ${ship.on_course} in straight before she turns`);
  if (move.speed > 10 && !backwards && jammed(ship) && move.inches - (ship.on_course || 0) >= 1 && move.turning < 1) {
    found.push("her rudder is jammed hard over: she must turn at least 1 inch");
  }
  return found;
}

/** Whether her rudder is jammed hard over this turn (a lost rudder cannot be jammed): above 10
 * knots she must then turn at least an inch, after any run on course (moves.py's jammed). */
function jammed(ship) {
  return Boolean(ship.effects?.hard_over) && ship.rudder !== "lost";
}

/** Her move straight on at `knots`, as her damage lets her make it: a rudder jammed hard over
 * turns her an inch to starboard (after any inches held on course), as the rules carry it out. */
export function straightOn(ship, knots) {
  const inches = Math.max(0, knots / 2);
  if (!inches) return "";
  if (ship.backwards || knots <= 10 || !jammed(ship) || inches - (ship.on_course || 0) < 1) return `${ship.backwards ? "B" : "A"}${inches}`;
  const first = ship.on_course || 0;
  const rest = inches - first - 1;
  return [first ? `A${first}` : null, "R1", rest > 0 ? `A${rest}` : null].filter(Boolean).join(" ");
}

/** Whether a move turns before running the `straight` inches special damage holds her on course
 * for (moves.py's on_course: every leg counts towards it, a turn before it is refused). */
function turnsTooSoon(move, straight = 0) {
  let run = 0;
  for (const leg of move.legs) {
    if (run >= straight) return false;
    if (leg.kind === "L" || leg.kind === "R") return true;
    run += leg.inches;
  }
  return false;
}

/** A move toward a point: the least turn that brings `target` ahead, then on at `knots`, as her
 * damage lets her steer: straight first for the inches special damage holds her on course, at
 * most an inch of turning with a damaged rudder, none above 10 knots with none. */
export function moveToward(ship, target, knots, radius) {
  const inches = Math.max(0, knots / 2);
  if (inches === 0) return "";
  const steers = knots <= 10 || ship.rudder !== "lost";
  const first = knots > 10 ? Math.min(inches, ship.on_course || 0) : 0;
  const start = first ? trace({ legs: [{ kind: "A", inches: first }] }, ship.at, ship.course, radius) : { path: [ship.at], course: ship.course };
  const at = start.path[start.path.length - 1];
  const bearing = (Math.atan2(target[0] - at[0], target[1] - at[1]) * 180) / Math.PI;
  const relative = ((bearing - start.course) % 360 + 360) % 360;
  if (relative < 3 || relative > 357 || !steers || first >= inches) return straightOn(ship, knots);
  const kind = relative < 180 ? "R" : "L";
  const most = (knots > 10 && ship.rudder === "damaged" ? Math.min(1, inches - first) : inches - first) * 4;
  const least = knots > 10 && jammed(ship) ? Math.min(4, most) : 1; // a jammed rudder turns her an inch at least
  let best = { quarters: 0, miss: 360 };
  for (let quarters = least; quarters <= most; quarters++) {
    const { path, course } = trace({ legs: [{ kind, inches: quarters / 4 }] }, at, start.course, radius);
    const end = path[path.length - 1];
    const want = (Math.atan2(target[0] - end[0], target[1] - end[1]) * 180) / Math.PI;
    const miss = Math.abs(((want - course) % 360 + 540) % 360 - 180);
    if (miss < best.miss) best = { quarters, miss };
  }
  const turn = best.quarters / 4;
  const ahead = inches - first - turn;
  return [first ? `A${first}` : null, turn ? `${kind}${turn}` : null, ahead > 0 ? `A${ahead}` : null].filter(Boolean).join(" ");
}
