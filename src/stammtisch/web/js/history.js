// The history page: finished matches, each opening a face-up replay.
import { formatDateTime, t } from "./i18n.js";
import { h } from "./dom.js";
import { header } from "./page.js";
import { seatLabel } from "./seatnames.js";

const root = document.getElementById("app");
let list = null;

function when(seconds) { return formatDateTime(seconds); }

// "Anna beat Club player": the winners (a team's seats in a team game), then the rest.
function outcome(match) {
  const labels = match.seats.map((info, seat) => seatLabel(info, seat));
  const result = match.result || {};
  const won = Array.isArray(result.winning_seats) ? result.winning_seats : [result.winner];
  const winners = labels.flatMap((_, seat) => (won.includes(seat) ? [seat] : []));
  const losers = labels.flatMap((_, seat) => (won.includes(seat) ? [] : [seat]));
  const names = (seats) => seats.map((seat) => labels[seat]).join(", ");
  if (!winners.length || !losers.length) return labels.join(", ");
  return t("ui.beat", { winners: names(winners), losers: names(losers) });
}

// The seat a review follows: the one person's, else the first seat.
function reviewSeat(seats) { return Math.max(0, seats.findIndex((s) => s.kind === "human")); }

function render() {
  const body = list === null ? h("p", {}, t("ui.connecting"))
    : !list.length ? h("p", {}, t("ui.no_finished"))
    : h("ul", { class: "history-list" }, list.map((m) => h("li", {},
      h("a", { href: `/history/${encodeURIComponent(m.id)}` }, `${t(`game.${m.game}`)} · ${when(m.finished)}`),
      h("span", { class: "doc history-outcome" }, " · ", outcome(m), " · "),
      h("a", { href: `/review/${encodeURIComponent(m.id)}?seat=${reviewSeat(m.seats)}`, class: "review-link" }, t("review.button")))));
  root.replaceChildren(h("main", { class: "history" }, h("h1", {}, t("ui.finished_matches")), body));
  document.title = `${t("ui.history")} · ${t("app.title")}`;
}

header(render);
render();
fetch("/api/history").then((r) => r.json()).then((data) => { list = data; render(); });
