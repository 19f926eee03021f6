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
    this.notice = notice;
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
    $("amend-seat").replaceChildren(...options());
    this.narrateTo(seats, sides);

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
    this.override?.refresh?.(); // its lists as the game stands now (where each unit is)
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
    const words = phases ? `${phases.map(this.game.phaseWords).join(", ")}: ` : "";
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
      if (missing.length && !$("release-anyway").checked) return this.refuse(`Still waiting for ${missing.map(this.game.seatName).join(", ")}.`);
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

  /** Whom a message goes to: seats picked by name, a side's at once, or everyone. A game of one
   * seat has it picked already. */
  narrateTo(seats, sides) {
    const titles = this.game.welcome?.side_titles || {};
    const byside = [...new Set([...(sides || []), ...seats.map((s) => s.side)])].filter((side) => seats.some((s) => s.side === side));
    const box = (attributes, words, title = null) => h("label", { class: "check", title }, h("input", { type: "checkbox", ...attributes }), ` ${words}`);
    const groups = byside.map((side) => {
      const mine = seats.filter((s) => s.side === side);
      return h("div", { class: "narrate-side", "data-side": side },
        mine.length > 1 ? box({ "data-side-all": side }, `all of ${titles[side] ?? side}`) : null,
        ...mine.map(({ seat, title }) => box({ "data-seat": seat, checked: seats.length === 1 }, this.game.seatName(seat), title || null)));
    });
    const everyone = seats.length > 1 ? box({ "data-everyone": "" }, "everyone") : null;
    $("narrate-to").replaceChildren(h("legend", {}, "To"), ...groups, everyone ?? "");
    const to = $("narrate-to");
    const seatBoxes = (side = null) => [...to.querySelectorAll("input[data-seat]")].filter((b) => side === null || b.closest("[data-side]").dataset.side === side);
    const agree = () => {
      for (const all of to.querySelectorAll("input[data-side-all]")) {
        const mine = seatBoxes(all.dataset.sideAll);
        all.checked = mine.every((b) => b.checked);
        all.indeterminate = !all.checked && mine.some((b) => b.checked);
      }
      const every = to.querySelector("input[data-everyone]");
      if (every) [every.checked, every.indeterminate] = [seatBoxes().every((b) => b.checked), !seatBoxes().every((b) => b.checked) && seatBoxes().some((b) => b.checked)];
    };
    to.onchange = (event) => {
      const input = event.target;
      if (input.dataset.sideAll) for (const b of seatBoxes(input.dataset.sideAll)) b.checked = input.checked;
      if (input.dataset.everyone !== undefined) for (const b of seatBoxes()) b.checked = input.checked;
      agree();
    };
  }

  setUpNarrate() {
    $("narrate").onsubmit = async (event) => {
      event.preventDefault();
      const seats = [...$("narrate-to").querySelectorAll("input[data-seat]:checked")].map((b) => b.dataset.seat);
      const text = $("narrate-text").value.trim();
      if (!seats.length) return this.refuse("Pick the seats to tell: one, several, a side or everyone.");
      // One message a seat (the wire's narrate names one): each is the umpire's words to that seat.
      const told = [];
      for (const seat of seats) {
        if (!(await this.ask("narrate", { seat, text }))) break;
        told.push(this.game.seatName(seat));
      }
      if (!told.length) return;
      const list = told.length > 1 ? `${told.slice(0, -1).join(", ")} and ${told.at(-1)}` : told[0];
      this.notice(told.length === seats.length ? `Sent to ${list}.` : `Sent to ${list} only: the rest were not sent.`, told.length === seats.length ? "info" : "error");
      if (told.length === seats.length) $("narrate-text").value = "";
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
