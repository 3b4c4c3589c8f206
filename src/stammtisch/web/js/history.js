// The history page: finished matches, each opening a face-up replay.
import { formatDateTime, t } from "./i18n.js";
import { h } from "./dom.js";
import { header } from "./page.js";
import { teamName } from "./words.js";

const root = document.getElementById("app");
let list = null;

function when(seconds) { return formatDateTime(seconds); }

function winner(match) {
  const result = match.result || {};
  // "You" only where one person played; at a table of friends the seats are named.
  const people = match.seats.filter((s) => s.kind === "human").length;
  const human = people === 1 ? match.seats.findIndex((s) => s.kind === "human") : -1;
  if (result.winning_seats) {
    return result.winning_seats.includes(human) ? t("ui.you_win") : t("ui.team_wins", { name: teamName(result.winner ?? 0) });
  }
  if (result.winner === undefined || result.winner === null) return t("ui.match_over");
  return result.winner === human ? t("ui.you_win") : t("ui.wins", { name: t("ui.seat", { n: result.winner + 1 }) });
}

// The seat a review follows: the one person's, else the first seat.
function reviewSeat(seats) { return Math.max(0, seats.findIndex((s) => s.kind === "human")); }

function render() {
  const body = list === null ? h("p", {}, t("ui.connecting"))
    : !list.length ? h("p", {}, t("ui.no_finished"))
    : h("ul", { class: "history-list" }, list.map((m) => h("li", {},
      h("a", { href: `/history/${encodeURIComponent(m.id)}` }, `${t(`game.${m.game}`)} · ${when(m.finished)}`),
      h("span", { class: "doc" }, ` · ${t("ui.players")}: ${m.seats.length} · ${winner(m)} · `),
      h("a", { href: `/review/${encodeURIComponent(m.id)}?seat=${reviewSeat(m.seats)}`, class: "review-link" }, t("review.button")))));
  root.replaceChildren(h("main", { class: "history" }, h("h1", {}, t("ui.finished_matches")), body));
  document.title = `${t("ui.history")} · ${t("app.title")}`;
}

header(render);
render();
fetch("/api/history").then((r) => r.json()).then((data) => { list = data; render(); });
