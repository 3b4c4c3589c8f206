// What a seat of a match is called, from what the server tells about it ({kind, level,
// name}): a person by the name they typed, else "Seat N"; a computer player by its
// level's name; a program of the bot API by its bot account's name, marked as a program.
// The pages about finished matches (history, replay, review) call every seat so; two
// seats that would read alike there are told apart by their seat numbers.
// Names are other people's input: they only ever become text nodes (dom.js h()).
import { has, t } from "./i18n.js";

// A computer level's name in the page's language (a level the page has no words for by
// the level's own name).
export function levelName(level) { return has(`level.${level}`) ? t(`level.${level}`) : String(level); }

// The name of ``seat`` (0-based), whose facts are ``info``.
export function seatLabel(info, seat) {
  const name = typeof info?.name === "string" ? info.name.trim() : "";
  if (info?.kind === "human" && name) return name;
  if (info?.kind === "bot" && info.level) return levelName(info.level);
  if (info?.kind === "external" && name) return t("ui.program_seat", { name });
  return t("ui.seat", { n: seat + 1 });
}

// Every seat's name, those that would read alike followed by their seat numbers.
export function seatLabels(seats) {
  const labels = seats.map((info, seat) => seatLabel(info, seat));
  const count = new Map();
  for (const label of labels) count.set(label, (count.get(label) || 0) + 1);
  return labels.map((label, seat) => (count.get(label) > 1 ? t("ui.seat_named", { name: label, n: seat + 1 }) : label));
}

// The words.js context of a page about a finished match: every seat named, ``me`` (the
// reader's own seat, or null) as "you".
export function namedContext(seats, me = null) {
  return { me, seats, labels: seatLabels(seats) };
}
