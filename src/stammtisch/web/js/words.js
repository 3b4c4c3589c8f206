// Actions and events in words, in the page's language.
import { hasOwn, t } from "./i18n.js";
import { SUIT_SYMBOL, cardsShort, isCard, short } from "./cards.js";
import { seatLabel } from "./seatnames.js";

// ctx: { me: seat or null, seats: [{kind, level, name}], labels?: [..], teamNames?: [..] }
// ``labels`` (seatnames.js namedContext) names every seat; without them (the table, whose
// seats strip says what plays each seat) a person goes by their own name when they gave
// one, every other seat by its number. Names are shown as text, never as HTML.
export function seatName(seat, ctx) {
  if (seat === null || seat === undefined) return "–";
  if (seat === ctx.me) return t("ui.you");
  if (ctx.labels?.[seat] !== undefined) return ctx.labels[seat];
  const info = ctx.seats?.[seat];
  return info?.kind === "human" ? seatLabel(info, seat) : t("ui.seat", { n: seat + 1 });
}

// "Contract: Ben bids 3": who holds the contract and at how much, never two bare words.
export function contractText(bidder, bid, ctx) {
  return about("ui.contract_by", bidder, ctx, { who: seatName(bidder, ctx), n: bid });
}

export function teamName(team) { return "ABC"[team] ?? String(team); }

export function suitWord(suit) { return `${SUIT_SYMBOL[suit] ?? ""} ${t(`suit.${suit}`)}`.trim(); }

export function actionLabel(text) {
  const words = text.split(" ");
  const head = words[0];
  const cards = words.slice(1).filter(isCard);
  if (head === "swap" && cards.length === 2) return t("act.swap_one", { a: short(cards[0]), b: short(cards[1]) });
  if (head === "discard") return cards.length ? t("act.discard", { cards: cardsShort(cards) }) : t("act.discard_none");
  if (head === "play") return t("act.play", { card: short(cards[0]) });
  if (head === "marriage") return t("act.marriage", { card: short(cards[0]) });
  if (head === "bid") return t("act.bid", { n: words[1] });
  if (head === "trump") return t("act.trump", { suit: suitWord(words[1]) });
  return t(`act.${text}`);
}

// A log line about ``seat``: the second-person form when that seat is the reader.
function about(key, seat, ctx, params) {
  const own = `${key}.you`;
  return seat === ctx.me && seat !== null && hasOwn(own) ? t(own, params) : t(key, params);
}

function handsText(hands, values, ctx) {
  return Object.entries(hands).map(([seat, cards]) => {
    const value = values && values[seat] !== undefined ? ` = ${values[seat]}` : "";
    return `${seatName(Number(seat), ctx)} ${cardsShort(cards)}${value}`;
  }).join("; ");
}

const LOG = {
  deal: (e, ctx) => about("log.deal", e.dealer, ctx, { n: e.deal + 1, name: seatName(e.dealer, ctx) }),
  action: (e, ctx) => t("log.action", { who: seatName(e.seat, ctx), action: actionLabel(e.action) })
    + (e.card ? ` (${short(e.card)})` : ""),
  table: (e) => t(`log.table_${e.why}`, { cards: cardsShort(e.cards) }),
  reshuffle: (e) => t("log.reshuffle", { n: e.cards }),
  showdown: (e, ctx) => t("log.showdown", { hands: handsText(e.hands, e.labels || e.values, ctx) }),
  life: (e, ctx) => e.eliminated ? about("log.life_out", e.seat, ctx, { who: seatName(e.seat, ctx) })
    : about("log.life", e.seat, ctx, { who: seatName(e.seat, ctx), lives: t("ui.life_count", { n: e.lives }), n: e.lives }),
  match_over: (e, ctx) => e.winners
    ? t("log.match_over_team", { who: e.winners.map((w) => t("ui.team", { name: teamName(w) })).join(", ") })
    : about("log.match_over", e.winner, ctx, { who: seatName(e.winner, ctx) }),
  trick: (e, ctx) => about("log.trick", e.winner, ctx, { who: seatName(e.winner, ctx), cards: cardsShort(e.cards) }),
  draw: (e, ctx) => e.trump_card ? about("log.draw_trump", e.seat, ctx, { who: seatName(e.seat, ctx), card: short(e.trump_card) })
    : about("log.draw", e.seat, ctx, { who: seatName(e.seat, ctx) }),
  close: (e, ctx) => about("log.close", e.seat, ctx, { who: seatName(e.seat, ctx) }),
  marriage: (e, ctx) => about("log.marriage", e.seat, ctx, { who: seatName(e.seat, ctx), suit: suitWord(e.suit), points: e.points }),
  exchange: (e, ctx) => e.took ? about("log.exchange_trump", e.seat, ctx, { who: seatName(e.seat, ctx), card: short(e.took) })
    : about("log.exchange", e.seat, ctx, { who: seatName(e.seat, ctx), n: e.count }),
  deal_end: (e, ctx) => e.winner === null || e.winner === undefined
    ? t("log.deal_end_none", { points: e.points.join(" : ") })
    : about("log.deal_end", e.winner, ctx, { who: seatName(e.winner, ctx), n: e.game_points, points: e.points.join(" : ") }),
  contract: (e, ctx) => about("log.contract", e.bidder, ctx, { who: seatName(e.bidder, ctx), n: e.bid }),
  throw_in: () => t("log.throw_in"),
  rob: (e, ctx) => about("log.rob", e.seat, ctx, { who: seatName(e.seat, ctx), n: e.count }),
  deal_score: (e) => t("log.deal_score", {
    scores: e.scores.map((s, i) => `${t("ui.team", { name: teamName(i) })} ${s}`).join(", ") }),
};

export function eventText(event, ctx) {
  const say = LOG[event.type];
  if (say) {
    try { return say(event, ctx); } catch { /* an unexpected shape: say it plainly below */ }
  }
  return `${event.type}: ${JSON.stringify(event)}`;
}

// Actions the game announces again in an event of their own right after them
// (Schnapsen's close, exchange and marriage): the log says those once, in the
// announcement's words.
const ANNOUNCED = { close: "close", exchange: "exchange", marriage: "marriage" };

export function echoed(event, next) {
  return event.type === "action" && next !== undefined && next.seat === event.seat
    && next.type === ANNOUNCED[event.action.split(" ")[0]];
}

// The log's lines: each event in words, an echoed action left out.
export function logTexts(events, ctx) {
  return events.flatMap((event, i) => (echoed(event, events[i + 1]) ? [] : [eventText(event, ctx)]));
}
