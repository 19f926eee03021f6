// The umpire's record as the console keeps it: the record-sheet rows (one a resolved phase of a
// turn), the game log, and where the game stands. Taken from `history` once, on joining, then
// grown from each `umpire_update`: nothing is asked for again, and nothing already drawn is
// drawn again. No DOM here.
//
// It reads the wire old and new: an old server sends no phase names (`phase` was the cycle:
// "orders", "ready" or "ended"), seats as plain names, no `orders_in`, and no `rows` (the rows
// of the phases an update resolved, orders and all): the console then sees play move on.

const CYCLES = ["orders", "ready", "ended"];

/** The seats as {seat, side, title}: the new welcome lists maps, the old one names. */
export function seatsOf(welcome) {
  return (welcome.seats || []).map((seat) =>
    typeof seat === "string"
      ? { seat, side: null, title: "" }
      : { seat: seat.seat ?? seat.name, side: seat.side ?? null, title: seat.title ?? "" },
  );
}

/**
 * Where a message says the game stands: {turn, phase (a ruleset's phase name, or null), cycle
 * (or null where it does not say)}. `phases`: the ruleset's, where the welcome named them.
 */
export function standing(message, phases = null) {
  if (message.cycle !== undefined) return { turn: message.turn, phase: message.phase ?? null, cycle: message.cycle };
  if (phases?.includes(message.phase)) return { turn: message.turn, phase: message.phase, cycle: null };
  const cycle = CYCLES.includes(message.phase) ? message.phase : null;
  return { turn: message.turn, phase: null, cycle };
}

export class Record {
  /** `phases`: the ruleset's phase names in order (from `welcome`), or null from an old server. */
  constructor(phases) {
    this.phases = phases?.length ? phases : null;
    this.rows = []; // {turn, phase, orders, view (the umpire's after), before (his view as it opened, or null)}
    this.log = []; // the game's records: header, inputs, rolls, events, end
    this.events = new Map(); // stage key -> the events of that phase of that turn
    this.rolled = new Set(); // roll indexes in the log (a roll is never added twice)
    this.at = null; // {turn, phase} as the last umpire_update (or the welcome) had it
    this.ordersIn = {}; // the orders in for the phase now open, by seat (new servers only)
  }

  /** A key for one phase of one turn; just the turn when the ruleset has one phase a turn. */
  key(turn, phase) {
    return this.phases && this.phases.length > 1 && phase ? `${turn}/${phase}` : String(turn);
  }

  /** Start again from a `history` reply. */
  reset(turns, log) {
    this.rows = [];
    this.log = [];
    this.events.clear();
    this.rolled.clear();
    turns.forEach((turn, i) => this.rows.push({ ...turn, before: i ? turns[i - 1].view : null }));
    this.add(log);
    // A page opened mid-phase has had no update to say what is in: the log's orders (and the
    // umpire's amendments) for the phase open now say it, under any an update brought since.
    if (this.at) this.ordersIn = { ...this.ordersOf(this.at), ...this.ordersIn };
  }

  /** The orders given for one phase of one turn, by seat, as the log has them (an amendment last). */
  ordersOf({ turn, phase }) {
    const orders = {};
    for (const record of this.log) {
      if (record.type !== "input" || !["order", "amend"].includes(record.input) || record.turn !== turn) continue;
      if (this.phases && phase && record.phase && record.phase !== phase) continue;
      orders[record.seat] = record.order;
    }
    return orders;
  }

  /** Records to add to the log, in order; returns those added (rolls seen before are left out). */
  add(records) {
    const added = [];
    for (const record of records) {
      if (record.type === "roll" && this.rolled.has(record.index)) continue;
      if (record.type === "roll") this.rolled.add(record.index);
      if (record.type === "event") {
        const key = this.key(record.turn, record.phase);
        if (!this.events.has(key)) this.events.set(key, []);
        this.events.get(key).push(record);
      }
      this.log.push(record);
      added.push(record);
    }
    return added;
  }

  /** The game's whole log, as `game_over` brings it. */
  replaceLog(log) {
    const rows = this.rows;
    this.reset([], log);
    this.rows = rows;
  }

  eventsOf(turn, phase) {
    return this.events.get(this.key(turn, phase)) || [];
  }

  /** Where play stands now, from `welcome`, without adding anything. */
  begin(message) {
    this.at = standing(message, this.phases);
  }

  /**
   * An `umpire_update`: its rolls and events join the log, and each phase it closed becomes a
   * row, its view the update's and `before` the umpire's view until then. Quiet (while the
   * `history` reply that holds it is on its way) it only moves on. Returns {records, rows} added.
   */
  update(message, before, quiet = false) {
    const now = standing(message, this.phases);
    const closed = this.at ? this.closed(this.at, now) : [];
    const orders = this.ordersIn;
    this.at = now;
    if (message.orders_in) this.ordersIn = message.orders_in;
    if (quiet) return { records: [], rows: [] };
    // The input first, as the game's log has it (a server that does not send it: events and rolls only).
    const records = this.add([...(message.inputs || []), ...(message.rolls || []), ...(message.events || [])]);
    // The phases it resolved: the server's rows, or as the console sees play move on, with the
    // orders it saw come in (which lack the one that resolved an unheld phase).
    const stages = message.rows ?? closed.map((stage, i) => ({ ...stage, orders: i === 0 ? orders : {} }));
    const rows = [];
    const known = new Set(this.rows.map((row) => this.key(row.turn, row.phase)));
    for (const stage of stages) {
      if (known.has(this.key(stage.turn, stage.phase))) continue;
      const row = { turn: stage.turn, phase: stage.phase ?? null, orders: stage.orders ?? {}, view: stage.view ?? message.view, before };
      this.rows.push(row);
      rows.push(row);
    }
    return { records, rows };
  }

  /** The phases closed in going from `from` to `to`: none if play has not moved. */
  closed(from, to) {
    if (to.turn === undefined || (to.turn === from.turn && (!to.phase || to.phase === from.phase))) return [];
    const phases = this.phases;
    if (!phases || !phases.includes(from.phase) || !phases.includes(to.phase)) return [{ turn: from.turn, phase: from.phase }];
    const stages = [];
    let { turn, phase } = from;
    // Bounded: a jump of more than a turn's phases or so means a resume, which `history` covers.
    while ((turn !== to.turn || phase !== to.phase) && stages.length <= phases.length) {
      stages.push({ turn, phase });
      const next = phases.indexOf(phase) + 1;
      [turn, phase] = next < phases.length ? [turn, phases[next]] : [turn + 1, phases[0]];
    }
    return stages;
  }
}
