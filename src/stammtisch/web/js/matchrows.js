// A list of one player's matches as a table (My matches, a profile's recent matches):
// the game, the opponents by name, the result, the date, the length, and the links to the
// face-up replay and the review of that player's seat (or back to a table still playing).
// Each match is as GET /api/me/matches gives it: {table, game, seat, created, finished,
// result, actions, rated, seats: [{kind, name, level, account, you}]}.
// An opponent's name is only ever text; a program's links to its profile (its bot
// account's name is its own), and so does a person who played logged in (``account``,
// their account's name); a guest's typed name does not: it may read like someone's.
import { formatDateTime, has, t } from "./i18n.js";
import { h } from "./dom.js";
import { profileHref } from "./account.js";
import { seatLabels } from "./seatnames.js";

const RESULTS = ["win", "loss", "draw"];

export function gameName(game) { return has(`game.${game}`) ? t(`game.${game}`) : String(game); }

// The others at the table, as seatnames.js names them (a program's name links to its profile).
function opponents(seats) {
  const labels = seatLabels(seats);
  const others = seats.map((seat, index) => [seat, index]).filter(([seat]) => !seat.you);
  return others.flatMap(([seat, index], i) => [i ? ", " : "",
    seat.kind === "external" && seat.name ? h("a", { href: profileHref(seat.name) }, labels[index])
      : seat.account ? h("a", { href: profileHref(seat.account) }, labels[index])
      : seat.kind === "open" ? t("ui.open_seat") : labels[index]]);
}

export function resultText(match) {
  if (RESULTS.includes(match.result)) return t(`account.result.${match.result}`);
  return match.finished ? t("ui.match_over") : t("account.playing");
}

function links(match) {
  const table = encodeURIComponent(match.table);
  if (!match.finished) return h("a", { href: `/table/${table}` }, t("account.open_table"));
  return [h("a", { href: `/history/${table}`, class: "replay-link" }, t("ui.replay")), " · ",
    h("a", { href: `/review/${table}?seat=${Number(match.seat) || 0}`, class: "review-link" }, t("review.button"))];
}

function row(match) {
  const cell = (label, ...content) => h("td", { "data-label": label }, h("span", {}, content));
  return h("tr", { class: `match-row result-${RESULTS.includes(match.result) ? match.result : "none"}`, "data-table": match.table },
    cell(t("account.game"), gameName(match.game), match.rated ? h("span", { class: "badge rated" }, t("account.rated")) : null),
    cell(t("account.opponents"), opponents(match.seats || [])),
    cell(t("account.result"), h("span", { class: "result" }, resultText(match))),
    cell(t("account.date"), h("time", { datetime: new Date(match.created * 1000).toISOString() }, formatDateTime(match.created))),
    cell(t("account.length"), t("account.actions", { n: match.actions ?? 0 })),
    cell(t("account.links"), links(match)));
}

// The table of ``matches`` (an array), with a caption for screen readers.
export function matchTable(matches, caption) {
  const heads = ["account.game", "account.opponents", "account.result", "account.date", "account.length", "account.links"];
  return h("table", { class: "match-table" }, h("caption", { class: "sr-only" }, caption),
    h("thead", {}, h("tr", {}, heads.map((key) => h("th", { scope: "col" }, t(key))))),
    h("tbody", {}, matches.map(row)));
}
