// Cards as SVG (French suits; a four-colour deck as a setting) and cards in words.
import { t } from "./i18n.js";

export const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANK_SHOWN = { T: "10" };
const CODE = /^(?:[2-9TJQKA][CDHS]|JK)$/;

export function isCard(word) { return CODE.test(word); }

export function fourColour() { return localStorage.getItem("stammtisch.four_colour") === "1"; }

function suitColour(suit) {
  if (fourColour()) return { C: "#1b7a2b", D: "#1f5fbf", H: "#c62828", S: "#111" }[suit];
  return suit === "H" || suit === "D" ? "#c62828" : "#111";
}

// "TH" -> "10♥"
export function short(code) {
  if (code === "JK") return t("ui.joker");
  if (!isCard(code)) return code;
  return (RANK_SHOWN[code[0]] || code[0]) + SUIT_SYMBOL[code[1]];
}

// "TH" -> "Ten of Hearts"
export function cardName(code) {
  if (code === "JK") return t("ui.joker");
  if (!isCard(code)) return code;
  return t("ui.rank_suit", { rank: t(`rank.${code[0]}`), suit: t(`suit.${code[1]}`) });
}

export function cardsShort(codes) { return codes.length ? codes.map(short).join(" ") : "–"; }

const NS = "http://www.w3.org/2000/svg";

function el(name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// An SVG picture of a card (face up, or the back when code is null).
export function cardSvg(code) {
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-svg", "aria-hidden": "true", focusable: "false" });
  svg.append(el("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, class: code ? "face" : "back" }));
  if (!code) {
    svg.append(el("rect", { x: 10, y: 10, width: 80, height: 120, rx: 5, class: "back-inner" }));
    svg.append(el("path", { d: "M50 30 L70 70 L50 110 L30 70 Z", class: "back-mark" }));
    return svg;
  }
  if (code === "JK") {
    svg.append(el("text", { x: 50, y: 82, "text-anchor": "middle", class: "joker-star" }, "★"));
    svg.append(el("text", { x: 11, y: 28, class: "corner joker" }, "JK"));
    svg.append(el("text", { x: 89, y: 126, "text-anchor": "end", class: "corner joker" }, "JK"));
    return svg;
  }
  const rank = RANK_SHOWN[code[0]] || code[0];
  const suit = SUIT_SYMBOL[code[1]];
  const fill = suitColour(code[1]);
  svg.append(el("text", { x: 10, y: 30, fill, class: "corner" }, rank));
  svg.append(el("text", { x: 11, y: 52, fill, class: "corner-suit" }, suit));
  const bottom = el("g", { transform: "rotate(180 50 70)" });
  bottom.append(el("text", { x: 10, y: 30, fill, class: "corner" }, rank));
  bottom.append(el("text", { x: 11, y: 52, fill, class: "corner-suit" }, suit));
  svg.append(bottom);
  if ("JQK".includes(code[0])) {
    svg.append(el("rect", { x: 27, y: 30, width: 46, height: 80, rx: 4, class: "court", stroke: fill }));
    svg.append(el("text", { x: 50, y: 66, "text-anchor": "middle", fill, class: "court-letter" }, rank));
    svg.append(el("text", { x: 50, y: 98, "text-anchor": "middle", fill, class: "court-suit" }, suit));
  } else {
    svg.append(el("text", { x: 50, y: 88, "text-anchor": "middle", fill, class: "pip" }, suit));
  }
  return svg;
}

// A card as an element: a <button> when it can be clicked, else a picture with a label.
export function cardElement(code, { onClick = null, selected = false, key = "", label = "" } = {}) {
  const node = document.createElement(onClick ? "button" : "span");
  node.className = "card" + (code ? "" : " card-back") + (selected ? " selected" : "");
  node.dataset.card = code || "";
  const name = code ? cardName(code) : t("ui.card_back");
  if (onClick) {
    node.type = "button";
    node.setAttribute("aria-pressed", selected ? "true" : "false");
    node.setAttribute("aria-label", label || name);
    if (key) node.setAttribute("aria-keyshortcuts", key);
    node.addEventListener("click", onClick);
  } else {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", label || name);
  }
  node.append(cardSvg(code));
  if (key) {
    const badge = document.createElement("span");
    badge.className = "key-badge";
    badge.setAttribute("aria-hidden", "true");
    badge.textContent = key;
    node.append(badge);
  }
  return node;
}

export function backs(count, label) {
  if (!count) {
    const none = document.createElement("span");
    none.className = "pile empty-pile";
    none.setAttribute("role", "img");
    none.setAttribute("aria-label", label);
    return none;
  }
  const pile = document.createElement("span");
  pile.className = "pile";
  pile.setAttribute("role", "img");
  pile.setAttribute("aria-label", label);
  const shown = Math.min(count, 3);
  for (let i = 0; i < shown; i++) {
    const back = cardElement(null);
    back.removeAttribute("role");
    back.removeAttribute("aria-label");
    back.style.setProperty("--i", i);
    pile.append(back);
  }
  const count_ = document.createElement("span");
  count_.className = "pile-count";
  count_.textContent = String(count);
  count_.setAttribute("aria-hidden", "true");
  pile.append(count_);
  return pile;
}
