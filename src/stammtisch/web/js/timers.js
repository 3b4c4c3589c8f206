// What the table page does by itself, in time: the finished deal's summary held in
// front (and its countdown), the one legal action played after this person's pace
// (pace.js), the card chosen while others play (premove) sent on this seat's turn, and
// the turn's start (its tone, the tab's title, the time a decision took).
import { t } from "./i18n.js";
import { cardName } from "./cards.js";
import { gameUi } from "./games.js";
import { cardsOf } from "./resolve.js";
import { dealEnds } from "./summary.js";
import { tickCountdowns } from "./seating.js";
import { autoPlay, sound, summarySeconds, tone } from "./prefs.js";
import { decisionTimes, forcedDelay, noteDecision } from "./pace.js";
import { online } from "./connection.js";
import { current, log, myLegal, say } from "./state.js";
import { myTimeLeft, tickClock } from "./turnclock.js";

let tableId = "";
let hooks = { act() {}, render() {} };
let endsSeen = -1;  // deal ends in the log when it was last read (-1: no state yet)
let summary = null;  // { index, until }: the finished deal's summary held in front
let premove = null;  // the card chosen while others play, sent on this seat's turn if legal
let forced = null;  // { action, seq, wait }: the one legal action, played after `wait` ms of the turn
let forcedTimer = null;
let turnSeq = -1;  // the seq of the last turn announced (tone, title)
let turnStarted = performance.now();  // when this seat's turn (or its summary's end) came
const FORCED_MARGIN = 2000;  // ms: a forced move is played this long before the turn clock's end

// `act(action)` plays an action, `render()` draws the page again.
export function startTimers(table, { act, render }) {
  tableId = table;
  hooks = { act, render };
}

// Every second: the countdowns on the page (a dropped seat's grace, the summary's time
// left), without drawing the rest again.
export function tickEverySecond() {
  setInterval(() => {
    tickCountdowns(current());
    tickClock();
    const left = document.querySelector("[data-summary-left]");
    if (left) left.textContent = ` (${summaryLeft()})`;
  }, 1000);
}

// This person acts: a choice among several actions adds its time to their pace, and
// the summary, the premove and a planned forced move are put away.
export function acting() {
  if (myLegal().length > 1) noteDecision(tableId, performance.now() - turnStarted);
  summary = null;
  premove = null;
  cancelForced();
}

// The connection dropped: nothing is played by itself meanwhile.
export function connectionLost() {
  premove = null;
  cancelForced();
}

// --- between deals: the summary of the deal just finished ----------------------------

export function noteDealEnd() {
  const events = log();
  const ends = dealEnds(events);
  if (endsSeen >= 0 && ends.length > endsSeen) {
    const seconds = current().result ? 0 : summarySeconds();
    summary = { index: ends[ends.length - 1], until: seconds ? Date.now() + seconds * 1000 : 0 };
    if (seconds) setTimeout(() => { if (summary && summary.until && Date.now() >= summary.until - 50) closeSummary(); }, seconds * 1000);
  }
  if (summary && summary.index >= events.length) summary = null;  // taken back (undo)
  endsSeen = ends.length;
}

// The log index of the deal end whose summary is in front, or null.
export function summaryIndex() { return summary ? summary.index : null; }

export function closeSummary() {
  summary = null;
  turnStarted = performance.now();
  hooks.render();
  planForced();
  document.getElementById("table")?.focus();
}

export function summaryLeft() { return summary?.until ? Math.max(0, Math.ceil((summary.until - Date.now()) / 1000)) : 0; }

// --- moves the page makes by itself: a forced move, a premove ------------------------

function cancelForced() { clearTimeout(forcedTimer); forcedTimer = null; forced = null; }

// The forced move planned, or null.
export function forcedMove() { return forced; }

// One legal action (and the setting on): shown, then played after as long as this person
// takes over a choice (pace.js), never a fixed pause that would tell the others. Not
// while the summary is in front or a guided deal explains the move.
// The pause is drawn once per turn: a state that only refreshes the table keeps it.
export function planForced() {
  const state = current();
  const planned = forced;
  cancelForced();
  const legal = myLegal();
  if (legal.length !== 1 || !autoPlay() || summary || state.coach) return;
  const same = planned && planned.seq === state.seq && planned.action === legal[0];
  forced = { action: legal[0], seq: state.seq, wait: same ? planned.wait : forcedDelay(decisionTimes(tableId)) };
  forcedTimer = setTimeout(() => {
    const still = forced && current().seq === forced.seq && myLegal().length === 1 && myLegal()[0] === forced.action;
    const action = forced?.action;
    forced = null;
    if (still && !summary) hooks.act(action);
  }, Math.max(0, Math.min(forced.wait - (performance.now() - turnStarted), myTimeLeft() - FORCED_MARGIN)));
}

export function canPremove() {
  const state = current();
  if (!state || !online() || state.seat === null || state.result || state.phase !== "playing") return false;
  if (state.to_act === state.seat) return false;
  return Boolean(gameUi(state.game).premove?.(state.view));
}

export function premoveCard() { return premove; }
export function dropPremove() { premove = null; }

export function togglePremove(code) { premove = premove === code ? null : code; say(""); hooks.render(); }

// This seat's turn has come with a premove waiting: played if it is legal now, else
// dropped (and said). True when it was sent.
export function confirmPremove() {
  const state = current();
  if (!premove) return false;
  if (!(state.view.hand || []).includes(premove) || state.result) { premove = null; return false; }
  const legal = myLegal();
  if (!legal.length) return false;
  const card = premove;
  const matching = legal.filter((a) => { const own = cardsOf(a); return own.length === 1 && own[0] === card && a.startsWith("play "); });
  premove = null;
  if (matching.length === 1) { hooks.act(matching[0]); hooks.render(); return true; }
  say(t("ui.premove_dropped", { card: cardName(card) }));
  return false;
}

// A new turn of this seat: a tone (when chosen) and a marker in the tab's title.
export function announceTurn() {
  const state = current();
  const mine = myLegal().length > 0;
  if (!mine || state.seq === turnSeq) return;
  turnSeq = state.seq;
  turnStarted = performance.now();
  if (sound() && !(autoPlay() && myLegal().length === 1)) tone();
}

export function setTitle() {
  const state = current();
  if (!state) return;
  const mine = myLegal().length > 0;
  const base = `${t(`game.${state.game}`)} · ${t("app.title")}`;
  document.title = mine && document.hidden ? `● ${t("ui.title_turn")} · ${base}` : base;
}
