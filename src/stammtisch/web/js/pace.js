// How long this person takes over a decision at a table, so that a move the page plays
// by itself (the only legal one) waits as long as a chosen one would: the others must
// not learn from a short, fixed pause that there was no choice. The times are kept for
// each table in this browser (the last KEEP of them).
const KEEP = 12;
const ENOUGH = 3;          // decisions seen before the person's own pace is used
const SHORTEST = 400;      // ms: no person decides faster than this
const LONGEST = 15_000;    // ms: a forced move never waits longer than this

function storeKey(table) { return `stammtisch.pace.${table}`; }

export function decisionTimes(table) {
  try {
    const times = JSON.parse(localStorage.getItem(storeKey(table)) || "[]");
    return Array.isArray(times) ? times.filter((ms) => Number.isFinite(ms) && ms >= 0) : [];
  } catch {
    return [];
  }
}

export function noteDecision(table, ms) {
  const times = [...decisionTimes(table), Math.round(ms)].slice(-KEEP);
  try { localStorage.setItem(storeKey(table), JSON.stringify(times)); } catch { /* private mode: this page only */ }
}

function clamp(ms) { return Math.round(Math.min(LONGEST, Math.max(SHORTEST, ms))); }

// The pause before a forced move: one of the person's recent decision times, a little
// varied; before there are enough of them, a time a person typically takes (log-normal
// around 2.2 s, from 1.2 s to 6 s). `random` is a source of numbers in [0, 1).
export function forcedDelay(times, random = Math.random) {
  if (times.length >= ENOUGH) {
    const picked = times[Math.floor(random() * times.length)];
    return clamp(picked * (0.9 + 0.2 * random()));
  }
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return clamp(Math.min(6000, Math.max(1200, 2200 * Math.exp(0.35 * normal))));
}
