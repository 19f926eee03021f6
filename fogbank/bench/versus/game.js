// A boardgame.io game as small as fogbank's Dardanelles b11 scenario, for the bench beside it.
//
// One seat (the submarine) orders a course, a speed and a level each turn; the server alone
// rolls the dice (the patrols' moves, their sightings of the boat, the mines) and keeps the
// truth: where the patrols, the mines and the Messudieh are. The seat's `playerView` is its own
// boat and what it has seen, never the truth, as fogbank's seat view is. The game ends after 30
// turns (b11's turn_limit), or when a mine sinks the boat.

const COLUMNS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ROWS = 31;
const TURN_LIMIT = 30;
const STEP = { N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1] };
const LIMITS = {
  surface: { allowance: 6, changes: 0, squares: 6, battery: 0, battery_a_square: 0, still: false },
  periscope: { allowance: 3, changes: 1, squares: 2, battery: 1, battery_a_square: 1, still: false },
  submerged: { allowance: 3, changes: 2, squares: 1, battery: 2, battery_a_square: 1, still: false },
  bottom: { allowance: 3, changes: 3, squares: 0, battery: 3, battery_a_square: 1, still: true },
};

const square = ([x, y]) => `${COLUMNS[x]}${y + 1}`;
const clamp = (value, low, high) => Math.max(low, Math.min(high, value));
const apart = (a, b) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));

function setup({ random }) {
  const patrols = [];
  for (let i = 0; i < 4; i++) {
    patrols.push({ name: `patrol ${i + 1}`, at: [8 + random.Die(8), 12 + random.Die(10)] });
  }
  const mines = [];
  for (let i = 0; i < 5; i++) mines.push([9 + random.Die(6), 14 + random.Die(4)]);
  return {
    truth: { patrols, mines, messudieh: [12, 20], boat: [3, 4] },
    boat: {
      turn: 1, time: '1914-12-13T04:00', night: true, level: 'surface', air: 20, battery: 36,
      tubes: 2, loaded: 2, spare: 2, reload_turns_left: null, afloat: true, plotted: 'D5',
      track: ['D5'], reports: [], contacts: [], outcome: null, targets_sunk: false, drift: null,
      limits: LIMITS,
    },
  };
}

function order({ G, random }, given) {
  const limits = LIMITS[given && given.level];
  const step = STEP[given && given.course];
  if (!limits || !step || !Number.isInteger(given.speed) || given.speed < 0 || given.speed > limits.squares) {
    return 'INVALID_MOVE';
  }
  const { truth, boat } = G;
  let [x, y] = truth.boat;
  for (let i = 0; i < given.speed; i++) {
    x = clamp(x + step[0], 0, COLUMNS.length - 1);
    y = clamp(y + step[1], 0, ROWS - 1);
  }
  truth.boat = [x, y];
  boat.level = given.level;
  boat.battery = Math.max(0, boat.battery - limits.battery - limits.battery_a_square * given.speed);
  boat.air = given.level === 'surface' ? 20 : Math.max(0, boat.air - 1);
  boat.plotted = square(truth.boat);
  boat.track.push(boat.plotted);
  boat.reports = [];
  boat.contacts = [];
  for (const patrol of truth.patrols) {  // the patrols move on the dice, and may sight the boat
    const roll = random.D6();
    patrol.at = [clamp(patrol.at[0] + (roll % 3) - 1, 0, COLUMNS.length - 1), clamp(patrol.at[1] + (roll > 3 ? 1 : -1), 0, ROWS - 1)];
    if (apart(patrol.at, truth.boat) <= 2 && boat.level !== 'bottom' && random.D6() >= (boat.night ? 5 : 4)) {
      boat.reports.push(`${patrol.name} sighted, bearing from ${boat.plotted}`);
      boat.contacts.push({ kind: 'patrol', square: square(patrol.at) });
    }
  }
  if (truth.mines.some((mine) => apart(mine, truth.boat) === 0) && random.D6() === 6) {
    boat.afloat = false;
    boat.reports.push('A mine exploded against the hull.');
  }
  boat.turn += 1;
  const hour = 4 + boat.turn - 1;
  boat.time = `1914-12-${String(13 + Math.floor(hour / 24)).padStart(2, '0')}T${String(hour % 24).padStart(2, '0')}:00`;
  boat.night = hour % 24 < 6 || hour % 24 >= 18;
}

const Dardanelles = {
  name: 'dardanelles',
  minPlayers: 1,
  maxPlayers: 1,
  setup,
  moves: { order: { move: order, client: false } },  // the dice are the server's alone
  turn: { minMoves: 1, maxMoves: 1 },
  playerView: ({ G }) => G.boat,  // the seat's own boat and sightings: the truth stays behind
  endIf: ({ G }) => {
    if (!G.boat.afloat) return { result: 'defeat' };
    if (G.boat.turn > TURN_LIMIT) return { result: 'marginal defeat' };
    return undefined;
  },
};

module.exports = { Dardanelles };
