// Moves in the game's notation ("A10 L6": legs in inches, L/P port, R/S starboard, A or a bare
// number ahead, B astern, Sh a sharp turn, CS chasing splash, LS laying smoke), read and traced on
// the table as the captain writes them, so the draft is drawn while it is typed or clicked.
// moves.py reads and carries them out in the same whole numbers (hundredths of an inch, whole
// degrees, sines in millionths), and a parity test holds the two together over thousands of random
// moves (tests/rules/supremacy/test_pad_parity.py). Whether the rules take a move is not decided
// here: the page asks the server (`check`) and shows the rules' own words.

const LEG = /^(L|P|R|S|A|B)?(\d+(?:\.\d+)?)(Sh)?$/;
const KIND = { P: "L", S: "R", undefined: "A" };
const QUARTER = 25; // hundredths of an inch: the shortest leg
const LONGEST = 100 * 100; // hundredths: no leg is longer than 100 inches
const WRITTEN = 200; // characters: no move is written longer

/** `x` rounded to a whole number, halves to the even one (Python's round, which moves.py uses). */
function roundHalfEven(x) {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** {legs [{kind, inches, sharp}], chase, smoke, inches, turning (inches)}, or null for words that
 * are not a move the rules read (the rules' check says why, in their words). */
export function readMove(text) {
  if (text === undefined || text === null) text = "";
  if (typeof text !== "string" || text.length > WRITTEN) return null;
  const move = { legs: [], chase: false, smoke: false };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (word === "CS") move.chase = true;
    else if (word === "LS") move.smoke = true;
    else {
      const found = LEG.exec(word);
      if (!found) return null;
      const hundredths = roundHalfEven(Number(found[2]) * 100);
      const kind = KIND[found[1]] ?? found[1];
      if (hundredths % QUARTER || hundredths === 0 || hundredths > LONGEST) return null;
      if (found[3] && !"LR".includes(kind)) return null;
      move.legs.push({ kind, inches: hundredths / 100, sharp: Boolean(found[3]) });
    }
  }
  if (move.chase && move.smoke) return null;
  move.inches = move.legs.reduce((sum, leg) => sum + leg.inches, 0);
  move.turning = move.legs.filter((leg) => "LR".includes(leg.kind)).reduce((sum, leg) => sum + leg.inches, 0);
  return move;
}

/** The speed `move` counts against, in knots (a quarter inch over is over: 13.25 inches is 26.5
 * knots), chasing splash counting the `chase` inches the chart gives; and in whole knots, as the
 * rules keep it for every other purpose. */
export function speedOf(move, chase) {
  const speed = (move.inches + (move.chase ? chase : 0)) * 2;
  return { speed, knots: Math.floor(speed) };
}

// The table's geometry as geometry.py works it: sines from a table in millionths (each the sine
// of a whole degree, rounded: the numbers geometry.py prints), halves rounded away from zero.
const SINES = Array.from({ length: 91 }, (_, d) => Math.round(Math.sin((d * Math.PI) / 180) * 1e6));
const MILLION = 1e6;

function sin(degrees) {
  const d = ((degrees % 360) + 360) % 360;
  if (d <= 90) return SINES[d];
  if (d <= 180) return SINES[180 - d];
  if (d <= 270) return -SINES[d - 180];
  return -SINES[360 - d];
}

/** value / by, halves away from zero, in whole numbers. */
function div(value, by) {
  const whole = Math.floor(Math.abs(value) / by);
  const rest = Math.abs(value) - whole * by;
  const q = whole + (2 * rest >= by ? 1 : 0);
  return value >= 0 ? q : -q;
}

function offset([x, y], course, length) {
  return [x + div(length * sin(course), MILLION), y + div(length * sin(course + 90), MILLION)];
}

/** The whole degrees turned along `length` of a circle of `radius` (pi as 355/113). */
function arcDegrees(length, radius) {
  return div(length * 180 * 113, 355 * radius);
}

const tenths = ([x, y]) => [div(x, 10), div(y, 10)];

/** The funnel's path of a move from `at` on `course` (tenths of an inch), and the course after it,
 * on a turning circle of `radius` tenths: chords every 15 degrees, as moves.py's execute runs it. */
export function trace(move, at, course, radius) {
  const circle = radius * 10;
  let here = [at[0] * 10, at[1] * 10];
  let heading = course;
  const path = [here];
  for (const leg of move.legs) {
    const length = Math.round(leg.inches * 100);
    if (leg.kind === "A" || leg.kind === "B") {
      here = offset(here, leg.kind === "A" ? heading : heading + 180, length);
      path.push(here);
      continue;
    }
    const right = leg.kind === "R";
    const side = right ? 90 : -90;
    const degrees = arcDegrees(length, circle);
    const centre = offset(here, heading + side, circle);
    const steps = [];
    for (let step = 15; step < degrees; step += 15) steps.push(step);
    steps.push(degrees);
    for (const step of steps) path.push(offset(centre, heading - side + (right ? step : -step), circle));
    here = path[path.length - 1];
    heading = (((heading + (right ? degrees : -degrees)) % 360) + 360) % 360;
  }
  return { path: path.map(tenths), course: heading };
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

/** A move toward a point: the least turn that brings `target` ahead, then on at `knots`, as her
 * damage lets her steer: straight first for the inches special damage holds her on course, at
 * most an inch of turning with a damaged rudder, none above 10 knots with none. A ship making way
 * astern cannot turn or go ahead without stopping first: she goes on astern. */
export function moveToward(ship, target, knots, radius) {
  const inches = Math.max(0, knots / 2);
  if (inches === 0) return "";
  if (ship.backwards && ship.speed > 0) return straightOn(ship, knots);
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
