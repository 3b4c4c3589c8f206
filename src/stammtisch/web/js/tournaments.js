// The tournaments (/tournaments, GET /api/tournaments): the upcoming, running and finished
// ones, each a link to its page; and, for a logged-in person, the form of a new one (POST
// /api/tournaments): game, rule set, rounds, turn clock, start time, table size in the
// multi-player games, and whether computer levels and programs may join.
import { formatDateTime, t } from "./i18n.js";
import { h } from "./dom.js";
import { header } from "./page.js";
import { call, currentAccount } from "./account.js";
import { gameName } from "./matchrows.js";

const root = document.getElementById("app");
const CLOCKS = [60, 30, 15];
const DEFAULT_CLOCK = 30;
const QUARTER = 15 * 60 * 1000;

let listing = null;
let games = [];
let problem = "";
let formProblem = "";
let account;
// What the form holds, kept across redraws (a language change, the listing arriving).
const form = { name: "", game: "schnapsen", rules: "rules", rounds: 3, clock: DEFAULT_CLOCK,
  starts: "", table_size: null, computers: false };

function localInput(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function defaultStart() { return localInput(new Date(Math.ceil((Date.now() + QUARTER) / QUARTER) * QUARTER)); }

function gameInfo(name) { return games.find((g) => g.name === name); }

function stateText(entry) {
  if (entry.state === "upcoming") return t("tour.state_upcoming", { time: formatDateTime(entry.starts) });
  if (entry.state === "running") return t("tour.state_running", { round: entry.round, rounds: entry.rounds });
  if (entry.state === "cancelled") {
    return entry.cancelled_by ? t("tour.state_cancelled_by", { name: entry.cancelled_by }) : t("tour.state_cancelled");
  }
  return t("tour.state_finished");
}

function entryRow(entry) {
  return h("tr", { class: "tournament-entry", "data-id": entry.id },
    h("td", { class: "name" }, h("a", { href: entry.url }, entry.name)),
    h("td", {}, gameName(entry.game)),
    h("td", {}, t(`ui.preset.${entry.rules}`)),
    h("td", { class: "num" }, t("tour.players_count", { n: entry.players })),
    h("td", {}, stateText(entry)));
}

function section(key, entries) {
  return h("section", { class: "tournament-list", "data-state": key },
    h("h2", {}, t(`tour.${key}`)),
    entries.length
      ? h("div", { class: "table-scroll" }, h("table", { class: "tournaments" },
        h("thead", {}, h("tr", {}, ["tour.name", "tour.game", "tour.rules", "tour.players", "tour.state"].map((k) =>
          h("th", { scope: "col" }, t(k))))),
        h("tbody", {}, entries.map(entryRow))))
      : h("p", { class: "empty-list" }, t("tour.none")));
}

function field(id, label, control) {
  return h("div", { class: "field" }, h("label", { for: id }, label), control);
}

function sizeField() {
  const info = gameInfo(form.game);
  if (!info || info.players.min === info.players.max || form.game === "schnapsen") return null;
  const low = Math.max(2, info.players.min);
  if (form.table_size === null || form.table_size < low || form.table_size > info.players.max) {
    form.table_size = Math.min(info.players.max, Math.max(low, 4));
  }
  return field("tour-size", t("tour.table_size"), h("input", { id: "tour-size", type: "number", min: String(low),
    max: String(info.players.max), value: String(form.table_size),
    oninput: (e) => { form.table_size = Number(e.target.value); } }));
}

async function create(event) {
  event.preventDefault();
  const starts = new Date(form.starts || defaultStart()).getTime() / 1000;
  const body = { name: form.name, game: form.game, rules: form.rules, rounds: Number(form.rounds),
    clock: Number(form.clock), starts, computers: form.computers };
  const info = gameInfo(form.game);
  if (info && info.players.min !== info.players.max && form.game !== "schnapsen") body.table_size = Number(form.table_size);
  const answer = await call("POST", "/api/tournaments", body);
  if (answer.ok) { location.href = answer.body.url; return; }
  formProblem = answer.body.error;
  render();
}

function createForm() {
  if (account === undefined) return null;
  if (account === null) {
    return h("p", { class: "notice" }, h("a", { href: `/login?next=${encodeURIComponent("/tournaments")}` }, t("tour.log_in_to_create")));
  }
  if (!form.starts) form.starts = defaultStart();
  const info = gameInfo(form.game);
  const presets = info ? Object.keys(info.presets) : ["rules", "traditional"];
  return h("form", { class: "tournament-form", onsubmit: create },
    h("h2", {}, t("tour.new")),
    field("tour-name", t("tour.name"), h("input", { id: "tour-name", required: true, maxlength: "24", value: form.name,
      oninput: (e) => { form.name = e.target.value; } })),
    field("tour-game", t("tour.game"), h("select", { id: "tour-game", onchange: (e) => { form.game = e.target.value; form.table_size = null; render(); } },
      games.map((g) => new Option(gameName(g.name), g.name, false, g.name === form.game)))),
    field("tour-rules", t("tour.rules"), h("select", { id: "tour-rules", onchange: (e) => { form.rules = e.target.value; } },
      presets.map((p) => new Option(t(`ui.preset.${p}`), p, false, p === form.rules)))),
    sizeField(),
    field("tour-rounds", t("tour.rounds"), h("input", { id: "tour-rounds", type: "number", min: "1", max: "15", value: String(form.rounds),
      oninput: (e) => { form.rounds = e.target.value; } })),
    field("tour-clock", t("tour.clock"), h("select", { id: "tour-clock", onchange: (e) => { form.clock = Number(e.target.value); } },
      CLOCKS.map((s) => new Option(t("tour.clock_seconds", { seconds: s }), String(s), false, s === form.clock)))),
    field("tour-starts", t("tour.starts"), h("input", { id: "tour-starts", type: "datetime-local", required: true, value: form.starts,
      oninput: (e) => { form.starts = e.target.value; } })),
    h("label", { class: "toggle", for: "tour-computers" }, h("input", { id: "tour-computers", type: "checkbox", checked: form.computers,
      onchange: (e) => { form.computers = e.target.checked; } }), " ", t("tour.computers")),
    formProblem ? h("p", { class: "notice", role: "alert" }, formProblem) : null,
    h("button", { type: "submit", class: "primary" }, t("tour.create")));
}

function render() {
  document.title = `${t("tour.title")} · ${t("app.title")}`;
  let lists;
  if (problem) lists = h("p", { class: "notice", role: "alert" }, problem);
  else if (!listing) lists = h("p", {}, t("ui.connecting"));
  else lists = ["running", "upcoming", "finished"].map((key) => section(key, listing[key] || []));
  root.replaceChildren(h("main", { class: "tournaments-page" },
    h("h1", {}, t("tour.title")), h("p", { class: "doc" }, t("tour.doc")), lists, createForm()));
}

header(render);
render();
currentAccount().then((me) => { account = me; render(); });
fetch("/api/games").then((r) => r.json()).then((list) => { games = list; render(); }).catch(() => {});
call("GET", "/api/tournaments").then((answer) => {
  if (answer.ok) listing = answer.body;
  else problem = answer.body.error;
  render();
});
