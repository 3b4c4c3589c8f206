// My matches: the logged-in account's matches (GET /api/me/matches), or a guest's, the
// ones this browser holds seat tokens for (POST /api/me/matches with ``seat_tokens``); newest
// first, filtered by game and result (kept in the address, so a filtered list can be
// linked), a page at a time ("Older matches" follows the server's ``next`` cursor).
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { header } from "./page.js";
import { call, currentAccount, seatTokens } from "./account.js";
import { gameName, matchTable } from "./matchrows.js";

const root = document.getElementById("app");
const RESULTS = ["win", "loss", "draw"];
const query = new URLSearchParams(location.search);

let account;                // undefined until GET /api/me answers
let games = [];
let filter = { game: query.get("game") || "", result: RESULTS.includes(query.get("result")) ? query.get("result") : "" };
let matches = null;         // null while the first page is asked
let next = null;
let error = "";
let loading = false;
let asked = 0;              // answers to an older question (the filter changed since) are dropped

async function load(before = null) {
  const question = ++asked;
  loading = true;
  error = "";
  render();
  let answer;
  if (account) {
    const params = new URLSearchParams();
    if (filter.game) params.set("game", filter.game);
    if (filter.result) params.set("result", filter.result);
    if (before !== null) params.set("before", before);
    answer = await call("GET", `/api/me/matches${params.size ? `?${params}` : ""}`);
  } else {
    const tokens = seatTokens();
    const body = { seat_tokens: tokens };
    if (filter.game) body.game = filter.game;
    if (filter.result) body.result = filter.result;
    if (before !== null) body.before = before;
    answer = tokens.length ? await call("POST", "/api/me/matches", body) : { ok: true, body: { matches: [], next: null } };
  }
  if (question !== asked) return;
  loading = false;
  if (!answer.ok) { error = answer.body.error; if (matches === null) matches = []; render(); return; }
  const page = Array.isArray(answer.body.matches) ? answer.body.matches : [];
  matches = before === null ? page : [...matches, ...page];
  next = answer.body.next ?? null;
  render();
  if (before !== null) document.querySelector(`.match-row[data-table="${CSS.escape(page[0]?.table ?? "")}"] a`)?.focus();
}

function choose(key, value) {
  filter = { ...filter, [key]: value };
  const params = new URLSearchParams();
  if (filter.game) params.set("game", filter.game);
  if (filter.result) params.set("result", filter.result);
  history.replaceState(null, "", `${location.pathname}${params.size ? `?${params}` : ""}`);
  matches = null;
  next = null;
  load();
}

function filters() {
  const select = (id, key, label, options) => {
    const node = h("select", { id, onchange: () => { choose(key, node.value); document.getElementById(id)?.focus(); } },
      options.map(([value, text]) => new Option(text, value, false, value === filter[key])));
    return h("label", { for: id, class: "filter" }, h("span", {}, label), node);
  };
  return h("div", { class: "filters", role: "group", "aria-label": t("account.filters") },
    select("filter-game", "game", t("account.game"), [["", t("account.all_games")], ...games.map((g) => [g, gameName(g)])]),
    select("filter-result", "result", t("account.result"),
      [["", t("account.all_results")], ...RESULTS.map((r) => [r, t(`account.result.${r}`)])]));
}

function body() {
  if (matches === null) return h("p", {}, t("ui.connecting"));
  const parts = [];
  if (error) parts.push(h("p", { class: "notice", role: "alert" }, error));
  if (!matches.length && !error) {
    parts.push(h("p", { class: "empty-list" }, filter.game || filter.result ? t("account.no_matches_filtered")
      : account ? t("account.no_matches") : t("account.no_matches_here")));
  }
  if (matches.length) parts.push(matchTable(matches, t("account.my_matches")));
  if (next !== null) {
    parts.push(h("p", { class: "more" }, h("button", { type: "button", id: "older", disabled: loading,
      onclick: () => load(next) }, t("account.older"))));
  }
  return parts;
}

function render() {
  document.title = `${t("account.my_matches")} · ${t("app.title")}`;
  const guestNote = account === null
    ? h("p", { class: "tagline" }, t("account.guest_matches"), " ",
      h("a", { href: "/login?next=%2Fme%2Fmatches" }, t("account.log_in_or_sign_up")))
    : null;
  root.replaceChildren(h("main", { class: "my-matches" }, h("h1", {}, t("account.my_matches")), guestNote,
    account === undefined ? h("p", {}, t("ui.connecting")) : [filters(), body()]));
}

header(render);
render();
fetch("/api/games").then((r) => r.json()).then((list) => { games = list.map((g) => g.name); render(); }).catch(() => {});
currentAccount().then((found) => { account = found; load(); });
