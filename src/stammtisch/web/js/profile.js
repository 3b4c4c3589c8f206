// A player's profile (/players/NAME, GET /api/players/NAME), as lichess shows one: per
// game the rating with its uncertainty ("1623 ±124", "1500?" while provisional), a small
// chart of its history, the matches and wins, the average review accuracy where known;
// then the recent matches. A program of the bot API is marked as a program, a computer
// level as a computer player. Names are only ever text.
import { formatDateTime, lang, t } from "./i18n.js";
import { h } from "./dom.js";
import { header } from "./page.js";
import { call, currentAccount } from "./account.js";
import { gameName, matchTable } from "./matchrows.js";
import { levelName } from "./seatnames.js";
import { ratingChart, ratingWithDeviation } from "./ratingview.js";

const root = document.getElementById("app");
const name = decodeURIComponent(location.pathname.replace(/^\/players\//, ""));
const GAMES = ["schnapsen", "schnauz", "scat", "schmier"];

let player = null;
let missing = false;     // no player of that name
let problem = "";         // the server's line when it could not answer
let account;

function shownName() {
  return player?.kind === "level" ? levelName(player.name) : player?.name ?? name;
}

function kindBadge() {
  if (player.kind === "bot") return h("span", { class: "badge program", title: t("profile.program_doc") }, t("profile.program"));
  if (player.kind === "level") return h("span", { class: "badge program" }, t("profile.computer_level"));
  return null;
}

function percent(x) { return new Intl.NumberFormat(lang(), { style: "percent" }).format(x); }

function gameCard(game) {
  const rating = player.ratings?.[game];
  const stats = player.stats?.[game];
  const accuracy = player.accuracy?.[game];
  const facts = [];
  if (stats) {
    const wins = stats.matches ? t("profile.wins_share", { n: stats.wins ?? 0, share: percent((stats.wins ?? 0) / stats.matches) })
      : t("profile.wins", { n: stats.wins ?? 0 });
    facts.push(`${t("profile.matches", { n: stats.matches ?? 0 })} · ${wins}`);
  }
  if (rating) facts.push(t("profile.rated_games", { n: rating.games ?? 0 }));
  if (typeof accuracy === "number") facts.push(t("profile.accuracy", { share: percent(accuracy) }));
  return h("section", { class: "rating-card", "data-game": game, "aria-labelledby": `rating-${game}` },
    h("h3", { id: `rating-${game}` }, h("a", { href: `/leaderboard/${encodeURIComponent(game)}` }, gameName(game))),
    rating ? h("p", { class: "rating-line" }, ratingWithDeviation(rating),
      rating.provisional ? h("span", { class: "doc" }, " ", t("profile.provisional")) : null)
      : h("p", { class: "doc" }, t("profile.unrated")),
    h("ul", { class: "rating-facts" }, facts.map((fact) => h("li", {}, fact))),
    ratingChart(player.history?.[game], t("profile.chart", { game: gameName(game) })));
}

function render() {
  document.title = `${shownName()} · ${t("app.title")}`;
  if (missing || problem) {
    root.replaceChildren(h("main", { class: "profile" }, h("h1", {}, name),
      h("p", { class: "notice", role: "alert" }, missing ? t("profile.nobody") : problem)));
    return;
  }
  if (!player) { root.replaceChildren(h("p", {}, t("ui.connecting"))); return; }
  const games = [...GAMES, ...Object.keys({ ...player.ratings, ...player.stats }).filter((g) => !GAMES.includes(g))]
    .filter((g) => player.ratings?.[g] || player.stats?.[g]);
  const mine = account && player.kind === "account" && account.name === player.name;
  const recent = Array.isArray(player.recent) ? player.recent : [];
  root.replaceChildren(h("main", { class: "profile" },
    h("div", { class: "profile-head" }, h("h1", { id: "player-name" }, shownName()), kindBadge()),
    player.created ? h("p", { class: "tagline" }, t("profile.since", { date: formatDateTime(player.created, { dateStyle: "long" }) })) : null,
    player.kind === "bot" ? h("p", { class: "doc" }, t("profile.program_doc")) : null,
    mine ? h("p", { class: "account-links" }, h("a", { href: "/me" }, t("account.title")), " · ",
      h("a", { href: "/me/matches" }, t("account.my_matches"))) : null,
    h("h2", {}, t("profile.ratings")),
    games.length ? h("div", { class: "rating-cards" }, games.map(gameCard)) : h("p", { class: "empty-list" }, t("profile.no_games")),
    h("h2", {}, t("profile.recent")),
    recent.length ? matchTable(recent, t("profile.recent")) : h("p", { class: "empty-list" }, t("profile.no_recent"))));
}

header(render);
render();
currentAccount().then((found) => { account = found; render(); });
call("GET", `/api/players/${encodeURIComponent(name)}`).then((answer) => {
  if (answer.ok) player = answer.body;
  else if (answer.status === 404) missing = true;
  else problem = answer.body.error;
  render();
});
