// Play now on the start page: ask the server for a table of the chosen game and rule set
// with people of one's level (POST /api/play-now), watch the search (who was found, for
// how long), cancel, and go to the table once seated. A guest's ticket stays in this
// tab (sessionStorage): it is the only way to the seat the server makes for them.
import { formatNumber, has, t } from "./i18n.js";
import { h } from "./dom.js";

const TICKET = "stammtisch.playnow.ticket";
const WAIT = "stammtisch.playnow.wait";
const WAITS = [10, 20, 30, 60];
const POLL_MS = 1000;
const DUE_MARGIN_MS = 300;

const box = h("section", { class: "playnow", id: "playnow", "aria-labelledby": "playnow-title" });
// Told to screen readers only when it changes (who was found, the table found), not the
// clock's every second.
const told = h("p", { class: "sr-only", role: "status", "aria-live": "polite", id: "playnow-told" });
const content = h("div", {});
box.append(h("h2", { id: "playnow-title" }, t("playnow.title")), told, content);
let status = { state: "none" };
let game = null;
let preset = "rules";
let rules = null;
let error = "";
let timer = null;

function headers() {
  const ticket = sessionStorage.getItem(TICKET);
  return ticket ? { Authorization: `Bearer ${ticket}` } : {};
}

function clock(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function levelName(level) { return has(`level.${level}`) ? t(`level.${level}`) : level; }

function playerName(player) {
  return player.level ? t("playnow.computer", { level: levelName(player.level) }) : player.name;
}

function seated(answer) {
  sessionStorage.removeItem(TICKET);
  if (answer.token) localStorage.setItem(`stammtisch.token.${answer.table}`, answer.token);
  location.href = answer.url;
}

async function poll() {
  timer = null;
  let answer;
  try {
    const response = await fetch("/api/play-now", { headers: headers() });
    answer = await response.json();
    if (!response.ok) throw new Error(answer.error || response.statusText);
  } catch (failed) {
    error = t("playnow.failed", { detail: failed.message });
    status = { state: "none" };
    draw();
    return;
  }
  status = answer;
  if (status.state === "seated") { seated(status); return; }
  draw();
  if (status.state === "searching" || status.state === "found") timer = setTimeout(poll, nextPoll());
}

// Once a second, or just after the table is due when that comes sooner (the end of the
// wait while searching, the start once found).
function nextPoll() {
  const due = status.state === "found" ? status.starts_in : status.wait - status.searching;
  return Math.min(POLL_MS, Math.max(50, due * 1000 + DUE_MARGIN_MS));
}

async function ask() {
  const wait = Number(localStorage.getItem(WAIT)) || 20;
  const request = { game, rules: rules || preset, wait };
  const name = (localStorage.getItem("stammtisch.name") || "").trim();
  if (name) request.name = name;
  error = "";
  const response = await fetch("/api/play-now", { method: "POST",
    headers: { "Content-Type": "application/json", ...headers() }, body: JSON.stringify(request) });
  const answer = await response.json();
  if (!response.ok) { error = t("playnow.failed", { detail: answer.error }); draw(); return; }
  if (answer.ticket) sessionStorage.setItem(TICKET, answer.ticket);
  status = answer;
  draw();
  if (timer === null) timer = setTimeout(poll, nextPoll());
  document.getElementById("playnow-cancel")?.focus();
}

async function cancel() {
  const response = await fetch("/api/play-now", { method: "DELETE", headers: headers() });
  if (response.ok) {
    clearTimeout(timer);
    timer = null;
    status = { state: "none" };
  }
  draw();
  document.getElementById("playnow-start")?.focus();
}

function controls() {
  const waitNow = Number(localStorage.getItem(WAIT)) || 20;
  const wait = h("select", { id: "playnow-wait", onchange: () => localStorage.setItem(WAIT, wait.value) },
    WAITS.map((s) => new Option(t("playnow.seconds", { n: s }), String(s), false, s === waitNow)));
  const chosenRules = rules || preset;
  const rulesSelect = h("select", { id: "playnow-rules", onchange: () => { rules = rulesSelect.value; } },
    ["rules", "traditional"].map((p) => new Option(t(`ui.preset.${p}`), p, false, p === chosenRules)));
  return [
    h("p", { class: "doc", id: "playnow-doc" }, t("playnow.doc")),
    h("div", { class: "playnow-row" },
      h("div", { class: "field" }, h("label", { for: "playnow-rules" }, t("playnow.rules")), rulesSelect),
      h("div", { class: "field" }, h("label", { for: "playnow-wait" }, t("playnow.wait")), wait),
      h("button", { type: "button", class: "primary", id: "playnow-start", "aria-describedby": "playnow-doc",
        onclick: () => ask().catch((e) => { error = t("playnow.failed", { detail: e.message }); draw(); }) },
      t("playnow.button"))),
  ];
}

function searchingPanel() {
  const found = status.state === "found";
  const lines = found
    ? [h("p", { class: "playnow-found" }, t("playnow.found", { n: Math.ceil(status.starts_in) })),
      h("ul", { class: "playnow-players" }, status.players.map((p) => h("li", { class: p.level ? "level" : "person" }, playerName(p))))]
    : [h("p", { class: "doc playnow-what" }, t(`game.${status.game}`), " · ", t(`ui.preset.${status.rules}`)),
      h("p", { class: "playnow-time" }, t("playnow.searching", { time: clock(status.searching) })),
    status.found.length
      ? h("p", {}, t("playnow.found_so_far", { names: status.found.join(", ") }))
      : h("p", { class: "doc" }, t("playnow.nobody_yet", { n: formatNumber(Math.max(0, Math.ceil(status.wait - status.searching))) }))];
  return [h("div", { class: "playnow-status" }, lines),
    h("button", { type: "button", class: "secondary", id: "playnow-cancel", onclick: () => cancel() }, t("playnow.cancel"))];
}

function announcement() {
  if (status.state === "found") return t("playnow.found_players", { names: status.players.map(playerName).join(", ") });
  if (status.state === "searching" && status.found.length) return t("playnow.found_so_far", { names: status.found.join(", ") });
  return "";
}

function draw() {
  const busy = status.state === "searching" || status.state === "found";
  box.classList.toggle("busy", busy);
  const said = announcement();
  if (told.textContent !== said) told.textContent = said;
  box.querySelector("#playnow-title").textContent = t("playnow.title");
  content.replaceChildren(
    ...(busy ? searchingPanel() : controls()),
    ...(error ? [h("p", { class: "notice", role: "alert" }, error)] : []));
}

// The Play now section for the start page's chosen game and preset (the same element
// each time: a search in progress keeps drawing itself).
export function playNowSection(gameName, presetName) {
  if (gameName !== game) rules = null;
  game = gameName;
  preset = presetName === "traditional" ? "traditional" : "rules";
  draw();
  return box;
}

// A search started before (this tab's ticket, or the logged-in account's) goes on.
export function resumePlayNow() {
  if (timer === null) poll();
}
