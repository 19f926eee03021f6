// The umpire's hand: the forms that send his requests (hold and release, override, amend an
// order, tell a seat, end the game) and what they show of where play stands. Every request goes
// through `ask`, which shows a refusal in the server's own words.

import { h } from "/web/dom.js";
import { capital, unnamed } from "/web/words.js";
import { Amendment } from "./amend.js";

const $ = (id) => document.getElementById(id);
const RESULTS = ["victory", "draw", "defeat", "ended"];
const CONTROLS = ["hold", "release", "override-apply", "amend-fill", "amend-send", "narrate-send", "end-game"];

export class Hand {
  constructor(game, { ask, notice, refreshGames, request, observe }) {
    this.game = game;
    this.ask = ask;
    this.refuse = (sentence) => notice(sentence, "error");
    this.refreshGames = refreshGames;
    this.holdPending = false; // never undo a click the server has not answered
    this.override = null; // the ruleset's override fields, if it has any, made once the truth is in
    this.amendment = new Amendment(game, { request, observe });
    this.mapFor = "override"; // the form a click on the map writes in: the one last used
    this.setUpHold();
    this.setUpOverride();
    this.setUpAmend();
    this.setUpNarrate();
    this.setUpEnd();
  }

  /** The parts that depend on the game: its seats, sides and phases, and its ruleset's override. */
  async setUpGame() {
    const { seats, sides, phases, ruleset } = this.game;
    const options = () => seats.map(({ seat, title }) => h("option", { value: seat, title: title || null }, this.game.seatName(seat)));
    $("narrate-seat").replaceChildren(...options());
    $("amend-seat").replaceChildren(...options());

    const several = phases && phases.length > 1;
    $("hold-label").textContent = several ? "Hold every phase for my release" : "Hold turns for my release";
    $("release").textContent = several ? "Release the phase" : "Release the turn";
    $("hold-phases").hidden = !several;
    $("hold-phases").replaceChildren(
      ...(several ? phases : []).map((phase) => {
        const box = h("input", { type: "checkbox", "data-phase": phase });
        box.onchange = () => this.hold(box.checked, [phase]);
        return h("label", { class: "check" }, box, ` ${this.game.phaseWords(phase)}`);
      }),
    );

    // A result for each side; an old server takes only a reason (and says "ended").
    $("end-results").replaceChildren(
      ...(sides || []).map((side) =>
        h("label", {}, `${this.game.welcome?.side_titles?.[side] ?? side} `, h("select", { id: `end-result-${side}`, "data-side": side }, RESULTS.map((r) => h("option", { value: r, selected: r === "ended" }, r)))),
      ),
    );

    // The override's fields are made once the truth is in, so its lists (the units) are full.
    this.override = null;
    $("override-panel").hidden = !ruleset.override;
    $("override-fields").replaceChildren(h("p", { class: "muted" }, "Waiting for the truth…"));
    this.setUpOverrideFields();
    await this.amendment.open($("amend-seat").value);
  }

  setUpOverrideFields() {
    const { ruleset, view } = this.game;
    if (this.override || !ruleset?.override || !view) return;
    this.override = ruleset.override({ view: () => this.game.view });
    $("override-fields").replaceChildren(this.override.fields);
  }

  /** A place picked on the map, for the form last used: the override or the amendment. */
  pick(place) {
    if (this.game.viewAs !== "umpire") return;
    if (this.mapFor === "amend" && this.amendment.pick(place, this.game.map)) return;
    this.override?.pick(place);
  }

  /** Where play stands: turn, phase, cycle, who it waits for, the orders in; and the controls. */
  render() {
    const { at, waitingFor, ruleset, phases } = this.game;
    if (!ruleset) return;
    this.setUpOverrideFields();
    this.amendment.refresh();
    const ended = at.cycle === "ended" || Boolean(this.game.over);
    const where = [["Turn", at.turn]];
    const phase = this.game.phaseWords(at.phase);
    if (at.phase) where.push(["Phase", phases && phases.length > 1 ? `${phase} (${phases.indexOf(at.phase) + 1} of ${phases.length})` : phase]);
    where.push(["Cycle", ended ? "ended" : at.cycle ?? "orders"]);
    $("turn-where").replaceChildren(...where.flatMap(([term, value]) => [h("dt", {}, term), h("dd", {}, value)]));

    const status = $("turn-status");
    if (ended) status.textContent = "The game is over.";
    else if (at.cycle === "ready") status.textContent = "All orders are in: play waits for your release.";
    else status.textContent = waitingFor.length ? `Waiting for orders from ${waitingFor.map(this.game.seatName).join(", ")}.` : "Waiting for orders.";
    status.dataset.cycle = ended ? "ended" : at.cycle ?? "orders";

    const ordersIn = Object.entries(this.game.record?.ordersIn || {});
    $("orders-in").hidden = ended || !ordersIn.length;
    $("orders-in").replaceChildren(
      h("div", { class: "muted" }, at.cycle === "ready" ? "Orders in, held for you:" : "Orders in so far:"),
      h("ul", {}, ordersIn.map(([seat, order]) => h("li", { "data-seat": seat }, h("b", {}, this.game.seatName(seat)), ": ", unnamed(ruleset.order(order, seat, at.phase), this.game.seatName(seat))))),
    );

    if (!this.holdPending) {
      const held = this.game.heldPhases;
      $("hold").checked = held && phases ? phases.every((p) => held.includes(p)) : this.game.held;
      for (const box of $("hold-phases").querySelectorAll("input")) box.checked = Boolean(held?.includes(box.dataset.phase));
    }
    for (const id of CONTROLS) $(id).disabled = ended;
    // Releasing before every order is in sails the missing seats under their standing orders:
    // only when the umpire says so, in so many words.
    const missing = this.missing();
    $("release-anyway-label").hidden = !missing.length;
    if (!missing.length) $("release-anyway").checked = false;
    $("release-anyway-words").textContent = missing.length
      ? `Release without ${missing.map(this.game.seatName).join(", ")}'s order${missing.length > 1 ? "s" : ""}: they sail under their standing orders, and each is told so`
      : "";
    $("release").disabled = ended || (missing.length > 0 && !$("release-anyway").checked);
    for (const box of $("hold-phases").querySelectorAll("input")) box.disabled = ended;
    if (!ended) $("override-apply").disabled = !$("override-reason").value.trim();
  }

  async hold(held, phases) {
    this.holdPending = true;
    // An old server knows no phases: send them only when the game has named its phases.
    const fields = phases && this.game.phases ? { held, phases } : { held };
    const words = phases ? `${phases.join(", ")}: ` : "";
    const done = await this.ask("hold", fields, held ? `${words}held for your release.` : `${words}resolves as orders come in.`);
    this.holdPending = false;
    if (done) {
      const all = this.game.phases || [];
      const was = new Set(this.game.heldPhases || []);
      for (const phase of phases || all) held ? was.add(phase) : was.delete(phase);
      this.game.heldPhases = this.game.phases ? [...was] : null;
      this.game.held = this.game.phases ? was.has(this.game.at.phase) : held;
    }
    await this.refreshGames();
    this.render();
  }

  /** The seats whose orders the phase open now still waits for (none once all are in). */
  missing() {
    const { at, waitingFor, over } = this.game;
    return over || at.cycle === "ready" || at.cycle === "ended" ? [] : [...waitingFor];
  }

  setUpHold() {
    $("hold").onchange = () => this.hold($("hold").checked, null);
    $("release-anyway").onchange = () => this.render();
    $("release").onclick = async () => {
      const missing = this.missing();
      if (missing.length && !$("release-anyway").checked) return this.refuse(`Still waiting for ${missing.join(", ")}.`);
      const words = missing.length
        ? `Released without ${missing.map(this.game.seatName).join(", ")}'s order${missing.length > 1 ? "s: each was" : ": it was"} told its standing order was used.`
        : "Released.";
      if (await this.ask("release", {}, words)) $("release-anyway").checked = false;
      this.render();
    };
  }

  setUpOverride() {
    $("override-reason").oninput = () => this.render();
    $("override").onsubmit = async (event) => {
      event.preventDefault();
      const reason = $("override-reason").value.trim();
      if (!this.override) return;
      if (!reason) return this.refuse("An override needs a reason for the record.");
      const fields = { override: this.override.read(), reason, tell: $("override-tell").checked };
      if (await this.ask("override", fields, "Override applied and recorded.")) {
        $("override-reason").value = "";
        this.render();
      }
    };
  }

  setUpAmend() {
    $("amend-seat").onchange = () => this.amendment.open($("amend-seat").value);
    $("amend-fill").onclick = () => this.amendment.fill();
    $("amend-panel").addEventListener("focusin", () => (this.mapFor = "amend"));
    $("override-panel").addEventListener("focusin", () => (this.mapFor = "override"));
    $("amend").onsubmit = async (event) => {
      event.preventDefault();
      let order;
      try {
        order = this.amendment.read();
      } catch (error) {
        return this.refuse(error.message);
      }
      const reason = $("amend-reason").value.trim();
      if (!reason) return this.refuse("An amendment needs a reason for the record.");
      const seat = $("amend-seat").value;
      if (await this.ask("amend", { seat, order, reason }, `${capital(this.game.seatName(seat))}'s order amended.`)) $("amend-reason").value = "";
    };
  }

  setUpNarrate() {
    $("narrate").onsubmit = async (event) => {
      event.preventDefault();
      const seat = $("narrate-seat").value;
      if (await this.ask("narrate", { seat, text: $("narrate-text").value.trim() }, `Sent to ${this.game.seatName(seat)}.`)) $("narrate-text").value = "";
    };
  }

  setUpEnd() {
    $("end").onsubmit = (event) => {
      event.preventDefault();
      $("end-confirm").hidden = false;
    };
    $("end-cancel").onclick = () => ($("end-confirm").hidden = true);
    $("end-now").onclick = async () => {
      $("end-confirm").hidden = true;
      const fields = { reason: $("end-reason").value.trim() || "The umpire ended the game." };
      const sides = this.game.sides;
      if (sides) fields.results = Object.fromEntries(sides.map((side) => [side, $(`end-result-${side}`).value]));
      await this.ask("end", fields, "Game ended.");
    };
  }
}
