// The umpire's amendment of a seat's order, written on that seat's own order pad: the ruleset's
// seat module, as the player has it (fogbank/server/seat/ruleset.js), drawn from the seat's view
// and prefilled with the order the seat has given. Each draft is checked with the rules for that
// seat (`check`): what they would refuse is listed, since an amendment is carried out only as far
// as they allow. No JSON is typed: a ruleset with no seat module gets the shell's JSON pad.

import { h } from "/web/dom.js";
import { capital } from "/web/words.js";

const CHECK_AFTER = 350; // ms after the last edit before the draft is checked

/** Two orders the same, field for field (a pad may leave out what is null or false). */
function same(a, b) {
  const plain = (order) => JSON.stringify(order, (_, value) => (value === null || value === false ? undefined : value));
  return plain(a) === plain(b);
}

export class Amendment {
  /** `request(type, fields)` sends a request and returns its reply (throws when refused). */
  constructor(game, { request, observe }) {
    this.game = game;
    this.request = request;
    this.observe = observe;
    this.seat = null; // the seat whose order is on the pad
    this.view = null; // that seat's view, as it was sent to it
    this.pad = null;
    this.openedFor = null; // "turn/phase" the pad was drawn for
    this.filled = null; // the seat's order last put on the pad
    this.touched = false; // the umpire has written on the pad since
    this.checkTimer = null;
    this.checkNumber = 0;
  }

  /** The ruleset's seat module (the console loads it): its pad is the one the amendment is written on. */
  get module() {
    return this.game.seatModule;
  }

  /** The seat's pad, drawn afresh from its view now and filled with the order it has given. */
  async open(seat) {
    if (!this.module || !seat) return;
    const { welcome, at } = this.game;
    const key = `${at.turn}/${at.phase}`;
    [this.seat, this.openedFor] = [seat, key];
    const snapshot = await this.observe(seat).catch(() => null);
    if (this.seat !== seat || this.openedFor !== key) return; // another seat or phase came meanwhile
    this.view = snapshot?.view ?? null;
    const side = this.game.seats.find((s) => s.seat === seat)?.side ?? null;
    // The seat's pad, as its page would make it (the umpire's chart and briefing stand in for its own).
    const edited = () => {
      this.touched = true;
      this.changed();
    };
    this.pad = this.module.orderForm({ view: () => this.view, welcome: { ...welcome, seat, side }, changed: edited });
    this.pad.seen?.(this.view, true);
    this.filled = null;
    this.fill();
    document.getElementById("amend-fields").replaceChildren(this.pad.fields);
  }

  /** Put the seat's own order for this phase back on the pad (none given: the pad's own start). */
  fill() {
    if (!this.pad) return;
    const given = this.game.record?.ordersIn?.[this.seat] ?? null;
    if (given) this.pad.fill(given);
    [this.filled, this.touched] = [given, false];
    // A pad may not hold every order a seat can give (one from another client): then it says so.
    const whole = !given || same(this.readOrNull(), given);
    document.getElementById("amend-given").textContent = given
      ? `${capital(this.game.seatName(this.seat))}'s order as given: ${this.game.ruleset.order(given, this.seat, this.game.at?.phase)}.${whole ? "" : " The pad cannot show all of it: what it shows is what an amendment would send."}`
      : `${capital(this.game.seatName(this.seat))} has given no order for this phase yet: the pad starts where the seat's would.`;
    this.changed();
  }

  /** After an update: a new phase draws the pad again from the seat's new view; an order the
   * seat has just given is put on a pad the umpire has not written on. */
  refresh() {
    const { at } = this.game;
    if (!this.seat || !this.pad) return;
    if (this.openedFor !== `${at.turn}/${at.phase}`) return this.open(this.seat);
    const given = this.game.record?.ordersIn?.[this.seat] ?? null;
    if (!this.touched && JSON.stringify(given) !== JSON.stringify(this.filled)) this.fill();
  }

  /** A place picked on the map, written on the pad (a ship's path, a target). */
  pick(place, map) {
    if (!this.pad?.pick) return false;
    this.pad.pick(place, map);
    this.changed();
    return true;
  }

  /** The order on the pad; throws an Error with a sentence when it cannot be read. */
  read() {
    return this.pad.read();
  }

  readOrNull() {
    try {
      return this.pad.read();
    } catch {
      return null;
    }
  }

  changed() {
    const order = this.readOrNull();
    const cost = order ? this.pad.cost(order) : null;
    document.getElementById("amend-cost").textContent = cost?.text ?? "";
    clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => this.check(), CHECK_AFTER);
  }

  /** What the rules would say of the draft for this seat, shown in their words. */
  async check() {
    const number = ++this.checkNumber;
    const box = document.getElementById("amend-checked");
    let refusals;
    try {
      const { turn, phase } = this.game.at;
      refusals = (await this.request("check", { turn, phase, order: this.read(), seat: this.seat })).refusals ?? [];
    } catch (error) {
      refusals = [{ code: error.code ?? "unreadable", message: error.message }];
    }
    if (number !== this.checkNumber) return;
    box.hidden = false;
    box.dataset.state = refusals.length ? "refused" : "taken";
    box.replaceChildren(
      ...(refusals.length
        ? [h("p", {}, "The rules would refuse this; the amendment is carried out as far as they allow:"),
           h("ul", {}, refusals.map((r) => h("li", { "data-code": r.code }, r.message)))]
        : [h("p", {}, "The rules take this order as it stands.")]),
    );
  }
}
