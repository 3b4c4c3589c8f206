// The lobby: the open tables (newest first) with their game, the rules that differ
// from the game's defaults, who sits where, the free seats and the watchers; a link
// to join a free seat or to watch. Names become text nodes only.
import { formatAgo, formatDateTime, formatNumber, has, t } from "./i18n.js";
import { h } from "./dom.js";
import { header } from "./page.js";

const REFRESH_MS = 5000;
const root = document.getElementById("app");
let tables = null;
let catalog = [];
let failed = false;

function valueText(value, spec) {
  if (spec?.kind === "seat" && typeof value === "number") return t("ui.seat", { n: value + 1 });
  const key = `val.${value}`;
  return has(key) ? t(key) : typeof value === "number" ? formatNumber(value) : String(value);
}

function optionsText(table) {
  const game = catalog.find((g) => g.name === table.game);
  const spec = (name) => game?.options.find((o) => o.name === name);
  const differing = Object.entries(table.options || {}).filter(([name, value]) =>
    !spec(name) || (name !== game.players.option && spec(name).default !== value));
  if (!differing.length) return t("ui.preset.rules");
  return differing.map(([name, value]) =>
    `${has(`opt.${name}`) ? t(`opt.${name}`) : name}: ${valueText(value, spec(name))}`).join(" · ");
}

function seatText(seat, index) {
  const where = t("ui.seat", { n: index + 1 });
  if (seat.kind === "open") return `${where}: ${t("ui.open_seat")}`;
  if (seat.kind === "bot") return `${where}: ${t("ui.computer")} (${has(`level.${seat.level}`) ? t(`level.${seat.level}`) : seat.level})`;
  return `${where}: ${seat.name || "–"}${seat.connected ? "" : ` (${t("ui.offline")})`}`;
}

// The time a table was opened, and how long ago in words (redrawn with every refresh).
function when(seconds) { return formatDateTime(seconds, { timeStyle: "short" }); }

function ago(seconds) {
  return h("time", { datetime: new Date(seconds * 1000).toISOString(), title: formatDateTime(seconds) },
    `${when(seconds)} · ${formatAgo(seconds)}`);
}

function tableItem(table) {
  const title = `${t(`game.${table.game}`)}`;
  const join = table.free_seats > 0
    ? h("a", { href: `${table.url}#join`, class: "button", "aria-label": `${t("ui.join")}: ${title}, ${when(table.created)}` }, t("ui.join"))
    : null;
  const watch = h("a", { href: table.url, class: "button secondary-link",
    "aria-label": `${t("ui.watch")}: ${title}, ${when(table.created)}` }, t("ui.watch"));
  return h("li", { class: "lobby-table", "data-table": table.id },
    h("div", { class: "lobby-head" }, h("h2", {}, title), h("span", { class: "doc" }, ago(table.created))),
    h("p", { class: "lobby-options" }, optionsText(table)),
    h("ul", { class: "lobby-seats" }, table.seats.map((seat, i) => h("li", { class: `lobby-seat ${seat.kind}` }, seatText(seat, i)))),
    h("p", { class: "lobby-counts" },
      h("span", { class: "free" }, t("ui.free_seats", { n: table.free_seats })), " · ",
      h("span", { class: "watchers" }, t("ui.watchers", { n: table.watchers })), " · ",
      table.phase === "waiting" ? t("ui.phase_waiting") : t("ui.phase_playing")),
    h("p", { class: "lobby-links" }, join, " ", watch));
}

function render() {
  const body = failed && tables === null ? h("p", { class: "notice", role: "alert" }, t("ui.lobby_failed"))
    : tables === null ? h("p", {}, t("ui.connecting"))
    : !tables.length ? h("p", { class: "empty-lobby" }, t("ui.no_tables"), " ", h("a", { href: "/" }, t("ui.create_table")))
    : h("ul", { class: "lobby-list" }, tables.map(tableItem));
  root.replaceChildren(h("main", { class: "lobby" }, h("h1", {}, t("ui.lobby")),
    h("p", { class: "tagline" }, t("ui.lobby_doc")), body));
  document.title = `${t("ui.lobby")} · ${t("app.title")}`;
}

async function refresh() {
  try {
    const response = await fetch("/api/lobby", { cache: "no-store" });
    if (!response.ok) throw new Error(String(response.status));
    tables = await response.json();
    failed = false;
  } catch {
    failed = true;
  }
  // Keep the keyboard focus on the same link when the list is redrawn.
  const focused = document.activeElement?.closest?.("[data-table]")?.dataset.table;
  const which = document.activeElement?.classList?.contains("secondary-link") ? ".secondary-link" : ".button";
  render();
  if (focused) root.querySelector(`[data-table="${CSS.escape(focused)}"] ${which}`)?.focus();
}

header(render);
render();
fetch("/api/games").then((r) => r.json()).then((list) => { catalog = list; render(); }).catch(() => {});
refresh();
setInterval(refresh, REFRESH_MS);
