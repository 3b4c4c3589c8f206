// Cards as SVG (French suits; a four-colour deck as a setting) and cards in words.
import { t } from "./i18n.js";
import { h, svg } from "./dom.js";

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

// An SVG picture of a card (face up, or the back when code is null).
export function cardSvg(code) {
  const frame = { viewBox: "0 0 100 140", class: "card-svg", "aria-hidden": "true", focusable: "false" };
  const outline = svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, class: code ? "face" : "back" });
  if (!code) {
    return svg("svg", frame, outline, svg("rect", { x: 10, y: 10, width: 80, height: 120, rx: 5, class: "back-inner" }),
      svg("path", { d: "M50 30 L70 70 L50 110 L30 70 Z", class: "back-mark" }));
  }
  if (code === "JK") {
    return svg("svg", frame, outline, svg("text", { x: 50, y: 82, "text-anchor": "middle", class: "joker-star" }, "★"),
      svg("text", { x: 11, y: 28, class: "corner joker" }, "JK"),
      svg("text", { x: 89, y: 126, "text-anchor": "end", class: "corner joker" }, "JK"));
  }
  const rank = RANK_SHOWN[code[0]] || code[0];
  const suit = SUIT_SYMBOL[code[1]];
  const fill = suitColour(code[1]);
  const corner = () => [svg("text", { x: 10, y: 30, fill, class: "corner" }, rank),
    svg("text", { x: 11, y: 52, fill, class: "corner-suit" }, suit)];
  const middle = "JQK".includes(code[0])
    ? [svg("rect", { x: 27, y: 30, width: 46, height: 80, rx: 4, class: "court", stroke: fill }),
      svg("text", { x: 50, y: 66, "text-anchor": "middle", fill, class: "court-letter" }, rank),
      svg("text", { x: 50, y: 98, "text-anchor": "middle", fill, class: "court-suit" }, suit)]
    : svg("text", { x: 50, y: 88, "text-anchor": "middle", fill, class: "pip" }, suit);
  return svg("svg", frame, outline, corner(), svg("g", { transform: "rotate(180 50 70)" }, corner()), middle);
}

// A card as an element: a <button> when it can be clicked, else a picture with a label.
export function cardElement(code, { onClick = null, selected = false, key = "", label = "" } = {}) {
  const name = label || (code ? cardName(code) : t("ui.card_back"));
  return h(onClick ? "button" : "span", {
    class: "card" + (code ? "" : " card-back") + (selected ? " selected" : ""),
    "data-card": code || "",
    type: onClick ? "button" : null,
    "aria-pressed": onClick ? (selected ? "true" : "false") : null,
    role: onClick ? null : "img",
    "aria-label": name,
    "aria-keyshortcuts": onClick && key ? key : null,
    onclick: onClick,
  }, cardSvg(code), key ? h("span", { class: "key-badge", "aria-hidden": "true" }, key) : null);
}

export function backs(count, label) {
  if (!count) return h("span", { class: "pile empty-pile", role: "img", "aria-label": label });
  const shown = Array.from({ length: Math.min(count, 3) }, (_, i) => {
    const back = cardElement(null);
    back.removeAttribute("role");
    back.removeAttribute("aria-label");
    back.style.setProperty("--i", i);
    return back;
  });
  return h("span", { class: "pile", role: "img", "aria-label": label }, shown,
    h("span", { class: "pile-count", "aria-hidden": "true" }, String(count)));
}
