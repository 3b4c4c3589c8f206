// What each game shows from a seat's view: the middle of the table, a line per seat,
// the score sheet and the table in words. `ui` (from table.js) draws cards and piles.
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { cardsShort, short } from "./cards.js";
import { actionLabel, contractText, seatName, suitWord, teamName } from "./words.js";

function zone(title, ...children) {
  return h("div", { class: "zone" }, h("div", { class: "zone-title" }, title), h("div", { class: "zone-cards" }, ...children));
}

function livesText(n) { return t("ui.life_count", { n }); }

function lifeTokens(n) {
  return h("span", { class: "tokens", "aria-hidden": "true" }, "●".repeat(Math.max(0, Math.min(n, 10))));
}

function trickZone(trick, count, ui, title = t("ui.trick")) {
  const cards = (trick?.cards || []).map((code, i) => {
    const seat = (trick.leader + i) % count;
    return h("figure", { class: "played" }, ui.card(code, { label: `${seatName(seat, ui.ctx)}: ` }),
      h("figcaption", {}, seatName(seat, ui.ctx)));
  });
  return zone(title, cards.length ? cards : h("span", { class: "empty" }, "–"));
}

// The trick on the table; between tricks the last one stays in sight (as cards stay
// until they are gathered), and during a trick it is shown on request.
function trickZones(trick, last, count, ui) {
  if (!trick?.cards?.length) {
    if (!last) return [trickZone(null, count, ui)];
    const done = trickZone(last, count, ui, t("ui.last_trick"));
    done.classList.add("done");
    return [done];
  }
  return [trickZone(trick, count, ui), ui.lastTrick(last ? trickZone(last, count, ui, t("ui.last_trick")) : null)];
}

function showdownBox(last, ui, view) {
  if (!last) return null;
  const rows = Object.entries(last.hands).map(([seat, cards]) => {
    const value = (last.labels || last.values || {})[seat];
    const lost = (last.lives_lost || {})[seat];
    const out = view?.eliminated?.[Number(seat)];
    return h("li", {}, h("strong", {}, seatName(Number(seat), ui.ctx)), " ",
      h("span", { class: "mini-cards" }, cards.map((c) => ui.mini(c))), ` = ${value}`,
      out ? h("span", { class: "lost" }, ` · ${t("ui.out")}`) : lost ? h("span", { class: "lost" }, ` −${livesText(lost)}`) : null);
  });
  return h("section", { class: "last-round", "aria-label": t("ui.last_round") },
    h("h3", {}, t("ui.last_round") + (last.table ? ` · ${t("ui.table")}: ${cardsShort(last.table)}` : "")),
    h("ul", {}, rows));
}

function livesSheet(view, ui) {
  const rows = view.lives.map((n, seat) => h("tr", {},
    h("th", { scope: "row" }, seatName(seat, ui.ctx)),
    h("td", {}, view.eliminated[seat] ? t("ui.out") : livesText(n))));
  return h("table", { class: "sheet" }, h("caption", {}, t("ui.lives")), h("tbody", {}, rows));
}

const schnauz = {
  center(view, ui) {
    return [
      zone(t("ui.table"), view.table.map((c) => ui.card(c))),
      zone(t("ui.stock"), ui.backs(view.stock_size, t("ui.cards", { n: view.stock_size }))),
      view.out_of_play?.length ? zone(t("ui.out_of_play"), h("span", { class: "mini-cards" }, view.out_of_play.map((c) => ui.mini(c)))) : null,
      showdownBox(view.last_showdown, ui, view),
    ];
  },
  seat(view, seat) {
    if (view.eliminated[seat]) return [t("ui.out")];
    return [livesText(view.lives[seat]), lifeTokens(view.lives[seat]),
      view.swimming?.[seat] ? t("ui.swimming") : null, view.knocker === seat ? t("ui.knocked") : null];
  },
  mine(view) { return view.hand_value ? t("ui.hand_value", { v: view.hand_value }) : ""; },
  sheet: livesSheet,
  text(view, ui) {
    return [`${t("ui.table")}: ${cardsShort(view.table)}`, `${t("ui.stock")}: ${t("ui.cards", { n: view.stock_size })}`,
      `${t("ui.lives")}: ${view.lives.map((n, s) => `${seatName(s, ui.ctx)} ${n}`).join(", ")}`];
  },
};

// A Scat hand's value (games/scat.py _value): the best one-suit sum (A 11, pictures 10),
// three of a kind and three in a row of one suit where the table's options count them.
const RANKS = "23456789TJQKA";
function scatValue(cards, options) {
  const bySuit = {};
  for (const c of cards) (bySuit[c[1]] ||= []).push(RANKS.indexOf(c[0]));
  let best = Math.max(...Object.values(bySuit).map((ranks) => ranks.reduce((sum, r) => sum + (r === 12 ? 11 : Math.min(r + 2, 10)), 0)));
  const three = options.three_of_a_kind ? Number(options.three_of_a_kind_value ?? 30) : 0;
  if (three && best < three && cards.length === 3 && cards.every((c) => c[0] === cards[0][0])) best = three;
  if (options.straight_flush && best < 30) {
    for (const ranks of Object.values(bySuit)) {
      if (ranks.length !== 3) continue;
      const r = [...ranks].sort((a, b) => a - b);
      const run = r[1] === r[0] + 1 && r[2] === r[1] + 1;
      const aceLow = options.straight_flush_ace_low !== false && r[0] === 0 && r[1] === 1 && r[2] === 12;
      if (run || aceLow) best = 30;
    }
  }
  return best;
}

const scat = {
  center(view, ui) {
    const stock = ui.pileButton(ui.backs(view.stock_size, t("ui.stock") + ": " + t("ui.cards", { n: view.stock_size })), "draw stock");
    const top = view.discard_top ? ui.pileButton(ui.card(view.discard_top, { plain: true }), "draw discard")
      : h("span", { class: "empty" }, "–");
    return [zone(t("ui.stock"), stock), zone(t("ui.discard_pile"), top), showdownBox(view.last_showdown, ui, view)];
  },
  seat(view, seat) {
    if (view.eliminated[seat]) return [t("ui.out")];
    const known = view.known_cards?.[String(seat)];
    return [livesText(view.lives[seat]), lifeTokens(view.lives[seat]),
      view.on_the_county?.[seat] ? t("ui.county") : null,
      t("ui.cards", { n: view.hand_sizes[seat] }), known?.length ? cardsShort(known) : null,
      view.knocker === seat ? t("ui.knocked") : null];
  },
  mine(view, options) {
    if (view.hand_value !== undefined && view.hand_value !== null) return t("ui.hand_value", { v: view.hand_value });
    // Four cards at the discard step: the value of the best three to keep.
    if (view.hand?.length === 4) {
      const best = Math.max(...view.hand.map((c) => scatValue(view.hand.filter((x) => x !== c), options || {})));
      return t("ui.hand_value_best", { v: best });
    }
    return "";
  },
  prompt(view) { return view.phase === "discard" ? t("ui.discard_prompt") : ""; },
  sheet: livesSheet,
  text(view, ui) {
    return [`${t("ui.discard_pile")}: ${view.discard_top ? short(view.discard_top) : "–"}`,
      `${t("ui.stock")}: ${t("ui.cards", { n: view.stock_size })}`,
      `${t("ui.lives")}: ${view.lives.map((n, s) => `${seatName(s, ui.ctx)} ${n}`).join(", ")}`];
  },
};

function lastDealSchnapsen(last, view, ui) {
  if (!last || (view.history.length && view.phase !== "over")) return null;
  const who = last.winner === null ? t("ui.nobody_scores") : t("ui.deal_won", { name: seatName(last.winner, ui.ctx), n: last.game_points });
  return h("section", { class: "last-round", "aria-label": t("ui.last_deal") },
    h("h3", {}, t("ui.last_deal")), h("p", {}, `${who} · ${t("ui.points")} ${last.points.join(" : ")}`));
}

function lastDealSchmier(last, view, ui) {
  if (!last || (view.tricks.length && view.phase !== "over")) return null;
  const won = Object.entries(last.points).filter(([, team]) => team !== null && team !== undefined)
    .map(([name, team]) => `${t(`point.${name}`)} ${teamName(team)}`).join(" · ");
  const bidder = `${contractText(last.bidder, last.bid, ui.ctx)} · ${last.made ? t("ui.made") : t("ui.set")}`;
  return h("section", { class: "last-round", "aria-label": t("ui.last_deal") },
    h("h3", {}, t("ui.last_deal")), h("p", {}, bidder), h("p", {}, won),
    h("p", {}, last.delta.map((d, i) => `${teamName(i)} ${d > 0 ? "+" : ""}${d}`).join(" · ")));
}

const schnapsen = {
  center(view, ui) {
    const talon = [];
    if (view.trump_card) talon.push(h("span", { class: "trump-card" }, ui.card(view.trump_card, { plain: true, label: `${t("ui.trump")}: ` })));
    talon.push(ui.backs(view.talon_size, `${t("ui.talon")}: ${t("ui.cards", { n: view.talon_size })}`));
    return [
      zone(`${t("ui.talon")} · ${t("ui.trump")} ${suitWord(view.trump_suit)}${view.closed ? ` · ${t("ui.closed")}` : ""}`, talon),
      ...trickZones(view.trick, view.last_trick, 2, ui),
      lastDealSchnapsen(view.last_deal, view, ui),
    ];
  },
  premove(view) { return ["open", "closed", "exhausted"].includes(view.phase); },
  seat(view, seat) {
    return [`${t("ui.game_points")}: ${view.game_points[seat]}`, `${t("ui.tricks_won")}: ${view.tricks[seat]}`];
  },
  mine(view) {
    return t("ui.your_points", { n: view.points }) + (view.pending ? ` (${t("ui.pending", { n: view.pending })})` : "");
  },
  sheet(view, ui, events) {
    const deals = events.filter((e) => e.type === "deal_end");
    const head = h("tr", {}, h("th", { scope: "col" }, t("ui.deal")), [0, 1].map((s) => h("th", { scope: "col" }, seatName(s, ui.ctx))));
    const rows = deals.map((e) => h("tr", {}, h("td", {}, e.deal + 1),
      [0, 1].map((s) => h("td", {}, e.winner === s ? `+${e.game_points}` : ""))));
    const total = h("tr", { class: "total" }, h("th", { scope: "row" }, "Σ"), view.game_points.map((n) => h("td", {}, n)));
    return h("table", { class: "sheet" }, h("caption", {}, t("ui.bummerl", { n: view.match_target })),
      h("thead", {}, head), h("tbody", {}, rows, total));
  },
  text(view, ui) {
    return [`${t("ui.trump")}: ${suitWord(view.trump_suit)}${view.trump_card ? ` (${short(view.trump_card)})` : ""}`,
      `${t("ui.talon")}: ${t("ui.cards", { n: view.talon_size })}`,
      `${t("ui.trick")}: ${cardsShort(view.trick?.cards || [])}`,
      `${t("ui.game_points")}: ${view.game_points.map((n, s) => `${seatName(s, ui.ctx)} ${n}`).join(", ")}`];
  },
};

const schmier = {
  center(view, ui) {
    const contract = view.contract
      ? `${contractText(view.contract.bidder, view.contract.bid, ui.ctx)}${view.trump ? ` · ${t("ui.trump")} ${suitWord(view.trump)}` : ""}`
      : view.auction.length ? view.auction.map((a) => `${seatName(a.seat, ui.ctx)}: ${actionLabel(a.action)}`).join(" · ") : t("ui.no_contract");
    const last = view.tricks?.length ? view.tricks[view.tricks.length - 1] : null;
    return [
      h("p", { class: "contract" }, contract),
      ...(view.phase === "play" ? trickZones(view.trick, last, 6, ui) : []),
      zone(t("ui.stock"), ui.backs(view.stock_size, t("ui.cards", { n: view.stock_size }))),
      lastDealSchmier(view.last_deal, view, ui),
    ];
  },
  premove(view) { return view.phase === "play"; },
  seat(view, seat) {
    const team = view.teams.findIndex((members) => members.includes(seat));
    return [t("ui.team", { name: teamName(team) }), t("ui.cards", { n: view.hand_sizes[seat] }),
      view.exchanged?.[seat] !== null && view.exchanged?.[seat] !== undefined ? t("ui.exchanged", { n: view.exchanged[seat] }) : null];
  },
  mine(view) { return view.team === null ? "" : t("ui.team", { name: teamName(view.team) }); },
  sheet(view, ui, events) {
    const teams = view.teams.map((_, i) => i);
    const head = h("tr", {}, h("th", { scope: "col" }, t("ui.deal")), teams.map((i) => h("th", { scope: "col" },
      `${teamName(i)} (${view.teams[i].map((s) => s === ui.ctx.me ? t("ui.you") : s + 1).join(", ")})`)));
    const rows = events.filter((e) => e.type === "deal_score").map((e) => h("tr", {}, h("td", {}, e.deal + 1),
      e.delta.map((d) => h("td", {}, d > 0 ? `+${d}` : String(d)))));
    const total = h("tr", { class: "total" }, h("th", { scope: "row" }, "Σ"), view.scores.map((n) => h("td", {}, n)));
    return h("table", { class: "sheet" }, h("caption", {}, `${t("ui.scores")} (→ ${view.target_score})`),
      h("thead", {}, head), h("tbody", {}, rows, total));
  },
  text(view, ui) {
    return [view.contract ? contractText(view.contract.bidder, view.contract.bid, ui.ctx) : t("ui.no_contract"),
      view.trump ? `${t("ui.trump")}: ${suitWord(view.trump)}` : "",
      `${t("ui.trick")}: ${cardsShort(view.trick?.cards || [])}`,
      `${t("ui.scores")}: ${view.scores.map((n, i) => `${teamName(i)} ${n}`).join(", ")}`].filter(Boolean);
  },
};

const generic = {
  center() { return []; },
  seat() { return []; },
  mine() { return ""; },
  sheet() { return null; },
  text(view) { return [JSON.stringify(view)]; },
};

export function gameUi(name) { return { schnauz, scat, schnapsen, schmier }[name] || generic; }
