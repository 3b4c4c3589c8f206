// Table talk: the people at a table say one of a few fixed phrases or faces (never
// free text). What a seat says stands beside it for a few seconds (a bubble) and in the
// log; a screen reader hears it once, politely. Each person may mute another seat
// (kept per table in this browser) or turn table talk off altogether (kept for every
// table). The server sends each saying as a "talk" message, and the last few in the
// state for a page that comes later.
import { t } from "./i18n.js";
import { h, svg } from "./dom.js";
import { logTexts, seatName } from "./words.js";
import { ctx, current } from "./state.js";
import { online, send } from "./connection.js";

export const PHRASES = ["gg", "well_played", "thanks", "oops", "your_turn", "good_luck"];
export const FACES = { smile: "🙂", surprised: "😮", phew: "😅", thumbs_up: "👍" };
const SHOWN_MS = 6000;
const OFF_KEY = "stammtisch.talk";  // "0": table talk off

let tableId = "";
let rerender = () => {};
let menuOpen = false;
let said = [];  // the sayings heard at this table, oldest first, each {seat, say, log, n}
const bubbles = new Map();  // seat -> {say, n, until}
let live = null;  // the polite live region, outside the redrawn page

// `onChange()` draws the page again (a bubble came or went, a seat was muted).
export function startTalk(table, onChange) {
  tableId = table;
  rerender = onChange;
  live = h("div", { class: "sr-only", id: "talk-live", "aria-live": "polite" });
  document.body.append(live);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !menuOpen) return;
    menuOpen = false;
    rerender();
    document.getElementById("talk-summary")?.focus();
  });
}

export function talkOn() { return localStorage.getItem(OFF_KEY) !== "0"; }

function setTalkOn(on) {
  if (on) localStorage.removeItem(OFF_KEY); else localStorage.setItem(OFF_KEY, "0");
  if (!on) bubbles.clear();
  rerender();
}

function mutedKey() { return `stammtisch.talk_muted.${tableId}`; }

export function muted() {
  try {
    const seats = JSON.parse(localStorage.getItem(mutedKey()) || "[]");
    return new Set(Array.isArray(seats) ? seats.filter(Number.isInteger) : []);
  } catch { return new Set(); }
}

function setMuted(seat, mute) {
  const seats = muted();
  if (mute) { seats.add(seat); bubbles.delete(seat); } else seats.delete(seat);
  localStorage.setItem(mutedKey(), JSON.stringify([...seats].sort()));
  rerender();
}

// Small drawn icons (an emoji font is not everywhere): a speech bubble, a speaker struck out.
function icon(kind) {
  const paths = {
    talk: "M3 4h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H9l-4 4v-4H3a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z",
    mute: "M3 8h3l5-4v12l-5-4H3z M14 7l5 6 M19 7l-5 6",
  };
  return svg("svg", { class: `talk-icon ${kind}`, viewBox: "0 0 20 20", width: 16, height: 16, "aria-hidden": "true" },
    svg("path", { d: paths[kind] }));
}

function shown(seat) { return talkOn() && !muted().has(seat); }

export function sayingText(say) { return FACES[say] ?? t(`talk.${say}`); }

// A state: its kept sayings join those heard. Kept sayings that end before the ones
// heard mean a new server (a restart forgets the talk): the page starts again from them.
export function talkState(state) {
  const kept = state.talk?.said || [];
  const last = (list) => list.reduce((top, m) => Math.max(top, m.n), 0);
  if (last(kept) < last(said)) said = [];
  const known = new Set(said.map((m) => m.n));
  said = [...said, ...kept.filter((m) => !known.has(m.n))].sort((a, b) => a.n - b.n);
}

// A "talk" message: into the log, beside the seat for a while, and read out once.
export function talkHeard(message) {
  if (said.some((m) => m.n === message.n)) return;
  said.push(message);
  if (!shown(message.seat)) return;
  const until = performance.now() + SHOWN_MS;
  bubbles.set(message.seat, { say: message.say, n: message.n, until });
  setTimeout(() => {
    if (bubbles.get(message.seat)?.n === message.n) { bubbles.delete(message.seat); rerender(); }
  }, SHOWN_MS);
  if (live) live.textContent = t("talk.line", { name: seatName(message.seat, ctx()), text: sayingText(message.say) });
}

// Beside a seat: what it said in the last seconds; another person's bubble mutes them.
export function talkBubble(seat) {
  const bubble = bubbles.get(seat);
  if (!bubble || !shown(seat)) return null;
  const name = seatName(seat, ctx());
  const face = bubble.say in FACES;
  const mine = seat === current()?.seat;
  return h("div", { class: "talk-bubble" + (face ? " face" : ""), "data-seat": String(seat), "data-say": bubble.say },
    h("span", { class: "talk-text", "aria-hidden": "true" }, sayingText(bubble.say)),
    mine ? null : h("button", { type: "button", class: "talk-mute", id: `talk-mute-bubble-${seat}`,
      "aria-label": t("talk.mute", { name }), title: t("talk.mute", { name }), onclick: () => setMuted(seat, true) }, icon("mute")));
}

// The log's lines with what was said at its place among them (`items`: one per line).
// The sayings take no number: the log's lines keep theirs.
export function talkInLog(events, c, items) {
  if (!talkOn()) return items;
  const hidden = muted();
  items.forEach((item, i) => { item.value = i + 1; });
  const lines = [...items];
  for (const m of [...said].reverse()) {
    if (hidden.has(m.seat)) continue;
    const at = Math.min(logTexts(events.slice(0, m.log), c).length, items.length);
    lines.splice(at, 0, h("li", { class: "talk-line", "data-seat": String(m.seat) },
      t("talk.line", { name: seatName(m.seat, c), text: sayingText(m.say) })));
  }
  return lines;
}

function people(state) {
  return state.seats.flatMap((info, seat) => (info.kind === "human" && seat !== state.seat ? [seat] : []));
}

// The talk menu: the phrases and faces (for a person at a table with others), whom to
// mute, and table talk on or off. None where this page hears no talk.
export function talkMenu() {
  const state = current();
  const talk = state?.talk;
  if (!talk || !(talk.may || (state.seat === null && talk.watchers))) return null;
  const on = talkOn();
  const speak = (say) => () => {
    send({ type: "talk", say });
    menuOpen = false;
    rerender();
  };
  const quiet = muted();
  const phrases = on && talk.may ? h("div", { class: "talk-phrases", role: "group", "aria-label": t("talk.phrases") },
    PHRASES.map((say) => h("button", { type: "button", id: `talk-say-${say}`, "data-say": say, disabled: !online(),
      onclick: speak(say) }, t(`talk.${say}`))),
    Object.entries(FACES).map(([say, face]) => h("button", { type: "button", class: "talk-face", id: `talk-say-${say}`,
      "data-say": say, disabled: !online(), "aria-label": t(`talk.${say}`), title: t(`talk.${say}`), onclick: speak(say) }, face)))
    : null;
  const mutes = on ? people(state).map((seat) => {
    const name = seatName(seat, ctx());
    const id = `talk-mute-${seat}`;
    return h("label", { class: "toggle", for: id }, h("input", { type: "checkbox", id, checked: quiet.has(seat),
      onchange: (event) => setMuted(seat, event.target.checked) }), t("talk.mute", { name }));
  }) : [];
  const toggle = h("label", { class: "toggle", for: "talk-on" }, h("input", { type: "checkbox", id: "talk-on", checked: on,
    onchange: (event) => setTalkOn(event.target.checked) }), t("talk.on"));
  // Its panel is drawn while open only. A details element drawn open fires "toggle" later,
  // maybe once a newer drawing has replaced it: only a change of the one in the page counts.
  const toggled = (event) => {
    if (!event.target.isConnected || event.target.open === menuOpen) return;
    menuOpen = event.target.open;
    rerender();
  };
  return h("details", { class: "talk-menu", open: menuOpen, ontoggle: toggled },
    h("summary", { id: "talk-summary" }, icon("talk"), t(talk.may ? "talk.menu" : "talk.heard")),
    menuOpen ? h("div", { class: "talk-panel" }, phrases, mutes, toggle,
      talk.watchers && state.seat !== null ? h("p", { class: "doc" }, t("talk.watchers_hear")) : null) : null);
}
