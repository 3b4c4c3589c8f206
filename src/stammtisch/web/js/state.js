// What the table page knows: the latest state the server sent (with its seq), the
// table's log, the line the page has to say (a refusal, a problem), the hint asked for
// and the one given, where the players went on, and the games on offer.
import { online } from "./connection.js";

let state = null;
let events = [];
let announced = 0;  // log lines before this one were read out to a screen reader
let notice = "";
let hintWaiting = null;  // {seq, place}: the hint asked for waits for the expert, at this place in line
let hinted = null;  // the last hint: {seq, advice}, the expert's values for the position at its seq
let moved = null;  // where the players went on ("play again")
let catalog = [];  // the games on offer, for the computer levels the owner may choose

export function current() { return state; }
export function log() { return events; }

// A state message: the log from its `log_start` on is replaced by its events.
export function takeState(message) {
  events.splice(message.log_start);
  events.push(...message.events);
  if (message.log_start < announced) announced = message.log_start;
  state = message;
}

// The log's lines not yet read out, from now on read.
export function unannounced() {
  const fresh = events.slice(announced);
  announced = events.length;
  return fresh;
}

// The seat's legal actions while it is this seat's turn and the page may act.
export function myLegal() {
  if (!state || !online() || state.seat === null || state.to_act !== state.seat) return [];
  return state.view.legal_actions || [];
}

export function ctx() { return { me: state?.seat ?? null, seats: state?.seats || [] }; }

export function noticeText() { return notice; }
export function say(text) { notice = text; }

export function hintQueued(seq, place) { hintWaiting = { seq, place }; }
export function hintCame(seq, advice) { hinted = { seq, advice }; hintWaiting = null; }
export function hintGivenUp() { hintWaiting = null; }
export function waitingHint() { return hintWaiting; }
export function lastHint() { return hinted; }

export function noteMoved(table) { moved = table; }
export function movedTo() { return moved || state?.moved_to; }

export function takeCatalog(list) { catalog = list; }

// The computer levels of this table's game.
export function levelNames() {
  return (catalog.find((g) => g.name === state?.game)?.levels || []).map((l) => l.name);
}
