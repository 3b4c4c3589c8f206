// The player's table settings, kept in this browser: auto-play of forced moves (on
// unless turned off), a tone on your turn (off unless turned on), and how long the
// summary of a finished deal stays (0: until "Next deal").
export const SUMMARY_CHOICES = [0, 3, 5, 10];

export function autoPlay() { return localStorage.getItem("stammtisch.auto_play") !== "0"; }

export function sound() { return localStorage.getItem("stammtisch.sound") === "1"; }

export function summarySeconds() {
  const n = Number(localStorage.getItem("stammtisch.summary_seconds") || 0);
  return SUMMARY_CHOICES.includes(n) ? n : 0;
}

let audio = null;

// A short soft tone (Web Audio): the browser lets a page sound only after the person
// has used it, so a tone asked for before that is silently not played.
export function tone() {
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.3);
  } catch { /* no audio here: the title and the status still say it */ }
}
