// One tournament (/tournaments/ID, GET /api/tournaments/ID), asked again every few
// seconds while it has not ended: its settings and state; for a logged-in person "your
// table" (its seat token kept as the table page looks for it, and a link there), joining
// and leaving before the start, and for its creator the computer levels and a cancel
// (asked twice: a button, then a confirmation in the page); the standings with their
// tie-breaks and each player's results round by round; the current round's tables to
// watch, and the rounds before. A finished tournament shows its final standings, a
// cancelled one the standings it had.
import { formatDateTime, formatNumber, t } from "./i18n.js";
import { h } from "./dom.js";
import { header } from "./page.js";
import { call } from "./account.js";
import { gameName } from "./matchrows.js";
import { levelName } from "./seatnames.js";

const root = document.getElementById("app");
const id = decodeURIComponent(location.pathname.replace(/^\/tournaments\/?/, ""));
const EVERY = 3000;
const TOKEN_PREFIX = "stammtisch.token.";

let shown = null;
let problem = "";
let actionProblem = "";
let games = [];
let chosenLevel = "";
let confirming = false;
let timer = null;

function playerName(player) { return player.kind === "level" ? levelName(player.level) : player.name; }

function badge(player) {
  if (player.kind === "level") return h("span", { class: "badge program" }, t("profile.computer_level"));
  if (player.kind === "program") return h("span", { class: "badge program" }, t("profile.program"));
  return null;
}

function shownName(name) {
  const player = (shown.players || []).find((p) => p.name === name);
  return player ? playerName(player) : name;
}

function points(value) { return value === null || value === undefined ? "–" : formatNumber(value); }

function stateLine() {
  if (shown.state === "upcoming") return t("tour.state_upcoming", { time: formatDateTime(shown.starts) });
  if (shown.state === "running") return t("tour.state_running", { round: shown.round, rounds: shown.rounds });
  if (shown.state === "cancelled") {
    return shown.cancelled_by ? t("tour.state_cancelled_by", { name: shown.cancelled_by }) : t("tour.state_cancelled");
  }
  return t("tour.state_finished");
}

function settingsLine() {
  return [gameName(shown.game), t(`ui.preset.${shown.rules}`), t("tour.rounds_count", { n: shown.rounds }),
    t("tour.clock_seconds", { seconds: shown.clock }),
    t("tour.created_by", { name: shown.creator_name })].join(" · ");
}

async function act(path, body) {
  const answer = await call("POST", `/api/tournaments/${encodeURIComponent(id)}/${path}`, body);
  actionProblem = answer.ok ? "" : answer.body.error;
  await refresh();
}

function yourTable() {
  const you = shown.you;
  if (!you || shown.state !== "running" || !you.playing) return null;
  const mine = you.table;
  if (!mine) return h("section", { class: "your-table", "aria-live": "polite" }, h("h2", {}, t("tour.your_table")), h("p", {}, t("tour.your_bye")));
  if (mine.token) {
    try { localStorage.setItem(TOKEN_PREFIX + mine.table, mine.token); } catch { /* private mode: the link still watches */ }
  }
  return h("section", { class: "your-table", "aria-live": "polite" }, h("h2", {}, t("tour.your_table")),
    mine.over ? h("p", {}, t("tour.your_match_over"))
      : h("p", {}, h("a", { href: mine.url, class: "button primary", id: "your-table-link" }, t("tour.go_to_table"))));
}

function entry() {
  const you = shown.you;
  if (shown.state !== "upcoming") return null;
  if (!you) return h("p", { class: "notice" }, h("a", { href: `/login?next=${encodeURIComponent(location.pathname)}` }, t("tour.log_in_to_join")));
  const parts = [you.playing
    ? h("button", { type: "button", id: "tour-leave", onclick: () => act("leave", {}) }, t("tour.leave"))
    : h("button", { type: "button", class: "primary", id: "tour-join", onclick: () => act("join", {}) }, t("tour.join"))];
  if (you.creator && shown.computers) {
    const levels = (games.find((g) => g.name === shown.game)?.levels || []).map((l) => l.name);
    const free = levels.filter((l) => !(shown.players || []).some((p) => p.kind === "level" && p.level === l));
    if (free.length) {
      if (!free.includes(chosenLevel)) chosenLevel = free[0];
      parts.push(h("span", { class: "add-level" },
        h("label", { for: "tour-level" }, t("tour.level")), " ",
        h("select", { id: "tour-level", onchange: (e) => { chosenLevel = e.target.value; } },
          free.map((l) => new Option(levelName(l), l, false, l === chosenLevel))), " ",
        h("button", { type: "button", id: "tour-add-level", onclick: () => act("join", { level: chosenLevel }) }, t("tour.add_level"))));
    }
  }
  return h("div", { class: "tour-entry" }, parts, actionProblem ? h("p", { class: "notice", role: "alert" }, actionProblem) : null);
}

function cancelControl() {
  if (!shown.you?.creator || (shown.state !== "upcoming" && shown.state !== "running")) return null;
  if (!confirming) {
    return h("div", { class: "tour-cancel" }, h("button", { type: "button", id: "tour-cancel",
      onclick: () => { confirming = true; actionProblem = ""; render(); document.getElementById("tour-cancel-no")?.focus(); } },
    t("tour.cancel")));
  }
  const close = () => { confirming = false; render(); document.getElementById("tour-cancel")?.focus(); };
  return h("div", { class: "tour-cancel account-box danger-zone", role: "group", "aria-labelledby": "tour-cancel-question" },
    h("p", { id: "tour-cancel-question" }, t(shown.state === "running" ? "tour.cancel_confirm_running" : "tour.cancel_confirm_upcoming")),
    h("div", { class: "tour-entry" },
      h("button", { type: "button", class: "danger", id: "tour-cancel-yes",
        onclick: () => { confirming = false; act("cancel", {}); } }, t("tour.cancel_yes")),
      h("button", { type: "button", id: "tour-cancel-no", onclick: close }, t("tour.cancel_no"))));
}

function actionNotice() {
  return actionProblem && shown.state !== "upcoming" ? h("p", { class: "notice", role: "alert" }, actionProblem) : null;
}

function playersList() {
  const before = shown.state === "upcoming" || (shown.state === "cancelled" && shown.round === 0);
  if (!before) return null;
  const creator = shown.you?.creator && shown.state === "upcoming";
  return h("section", { class: "tour-players" }, h("h2", {}, t("tour.players_count", { n: shown.players.length })),
    shown.players.length
      ? h("ul", {}, shown.players.map((p) => h("li", {}, playerName(p), " ", badge(p),
        creator && p.kind === "level"
          ? h("button", { type: "button", class: "link", onclick: () => act("leave", { level: p.level }) }, t("tour.remove")) : null)))
      : h("p", { class: "empty-list" }, t("tour.no_players")));
}

function resultCell(result) {
  if (!result) return h("td", {});
  if (result.bye) return h("td", { class: "result bye" }, t("tour.bye"));
  const against = result.opponents.map(shownName).join(", ");
  return h("td", { class: "result" }, h("strong", {}, points(result.points)), " ",
    h("span", { class: "against" }, t("tour.against", { names: against })));
}

function standings() {
  if (!shown.standings.length || shown.round === 0) return null;
  const rounds = Array.from({ length: shown.round }, (_, i) => i + 1);
  return h("section", { class: "tour-standings" },
    h("h2", {}, t({ finished: "tour.final_standings", cancelled: "tour.standings_cancelled" }[shown.state] || "tour.standings")),
    h("div", { class: "table-scroll" }, h("table", { class: "board standings" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", class: "rank" }, t("board.rank")), h("th", { scope: "col" }, t("tour.player")),
        h("th", { scope: "col", class: "num" }, t("tour.points")),
        h("th", { scope: "col", class: "num", title: t("tour.buchholz_doc") }, t("tour.buchholz")),
        h("th", { scope: "col", class: "num", title: t("tour.berger_doc") }, t("tour.berger")),
        rounds.map((n) => h("th", { scope: "col" }, t("tour.round_n", { round: n }))))),
      h("tbody", {}, shown.standings.map((row) => h("tr", { "data-key": row.key },
        h("td", { class: "rank" }, String(row.rank)),
        h("td", { class: "name" }, playerName(row), " ", badge(row)),
        h("td", { class: "num" }, h("strong", {}, points(row.points))),
        h("td", { class: "num" }, points(row.buchholz)),
        h("td", { class: "num" }, points(row.sonneborn_berger)),
        rounds.map((n) => resultCell(row.results.find((r) => r.round === n)))))))),
    h("p", { class: "doc" }, t("tour.tiebreaks_doc")));
}

function roundTables(round, current, open = false) {
  return h(current ? "section" : "details", { class: "tour-round", "data-round": String(round.round), open },
    h(current ? "h2" : "summary", {}, t(current ? "tour.current_round" : "tour.round_n", { round: round.round })),
    h("ul", { class: "tour-tables" }, round.tables.map((table) => h("li", { class: table.over ? "over" : "playing" },
      h("span", { class: "tour-players-at" }, table.players.map((name, seat) =>
        h("span", {}, shownName(name), table.points ? ` (${points(table.points[seat])})` : "")).reduce(
        (acc, el, i) => (i ? [...acc, " – ", el] : [el]), [])),
      " ",
      h("span", {}, shown.state === "cancelled" && !table.over
        ? [h("span", { class: "not-counted" }, t("tour.not_counted")), " · "] : null,
      h("a", { href: table.url, class: "watch" }, table.over ? t("tour.replay") : t("tour.watch")))))),
    round.byes.length ? h("p", {}, t("tour.byes", { names: round.byes.map(shownName).join(", ") })) : null);
}

function roundsShown() {
  const all = shown.round_tables || [];
  if (!all.length) return null;
  const last = all[all.length - 1];
  const live = shown.state === "running";
  // a cancelled tournament opens its last round: which match stopped counting
  const stopped = shown.state === "cancelled";
  return [live ? roundTables(last, true) : null,
    ...all.slice(0, live ? -1 : all.length).reverse().map((r) => roundTables(r, false, stopped && r === last))];
}

function render() {
  if (problem) {
    document.title = `${t("tour.title")} · ${t("app.title")}`;
    root.replaceChildren(h("main", { class: "tournament-page" }, h("p", { class: "notice", role: "alert" }, problem)));
    return;
  }
  if (!shown) { root.replaceChildren(h("main", { class: "tournament-page" }, h("p", {}, t("ui.connecting")))); return; }
  document.title = `${shown.name} · ${t("tour.title")} · ${t("app.title")}`;
  const focused = document.activeElement?.id;
  root.replaceChildren(h("main", { class: "tournament-page", "data-state": shown.state },
    h("p", { class: "crumbs" }, h("a", { href: "/tournaments" }, t("tour.title"))),
    h("h1", {}, shown.name),
    h("p", { class: "tour-settings" }, settingsLine()),
    h("p", { class: "tour-state", role: "status" }, stateLine()),
    yourTable(), entry(), cancelControl(), actionNotice(), playersList(), standings(), roundsShown()));
  // the page is drawn anew at each look: the control that had the focus keeps it
  if (focused) document.getElementById(focused)?.focus();
}

async function refresh() {
  const answer = await call("GET", `/api/tournaments/${encodeURIComponent(id)}`);
  if (answer.ok) { shown = answer.body; problem = ""; } else if (answer.status === 404 || !shown) problem = answer.body.error;
  render();
  return shown;
}

async function poll() {
  const now = await refresh();
  clearTimeout(timer);
  if (!now || now.state === "upcoming" || now.state === "running") timer = setTimeout(poll, EVERY);
}

header(render);
render();
fetch("/api/games").then((r) => r.json()).then((list) => { games = list; render(); }).catch(() => {});
poll();
