"""The browser reads typed actions as the terminal does: both follow web/short_forms.json.

The browser's resolver (web/js/resolve.js) runs in Chromium on lines typed at real
positions of every game, and must answer exactly as stammtisch.terminal.resolve does
there; then a person types short forms at a Scat table (``ds``, a card suit first).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import stammtisch
from stammtisch.bots import RandomBot
from stammtisch.core.match import Match
from stammtisch.terminal.resolve import Resolution, resolve, shortest
from stammtisch.terminal.short_forms import SHORT_FORMS
from stammtisch.terminal.text import is_code
from tests.browser.conftest import shoot
from tests.browser.table_driver import actions, log_text, open_table, wait_turn
from tests.server.live import LiveServer

MATCHES: list[tuple[str, dict[str, Any]]] = [
    ("schnauz", {"num_players": 3}), ("scat", {"num_players": 3}),
    ("schnapsen", {"claim_mode": "manual"}), ("schmier", {})]
POSITIONS_PER_MATCH = 40
PROBES = ["joker", "10h", "h10", "x", "zz", "d", "p", "t h", "s a", "dd", "ds", "td", "sw all"]

RUN_IN_BROWSER = """async (cases) => {
  const { resolve } = await import('/static/js/resolve.js');
  return cases.map(([text, legal]) => resolve(text, legal));
}"""


def positions(game: str, options: dict[str, Any]) -> Iterator[Match]:
    """Distinct positions of a random match, the match paused at each."""
    match = stammtisch.new_match(game, seed=5, **options)
    bots = [RandomBot(50 + seat) for seat in range(match.num_players)]
    seen: set[tuple[str, ...]] = set()
    while (seat := match.to_act) is not None and len(seen) < POSITIONS_PER_MATCH:
        legal = tuple(a.text for a in match.legal_actions())
        if legal not in seen:
            seen.add(legal)
            yield match
        match.play(bots[seat].choose(match.view(seat)))


def canonical_at(match: Match) -> Callable[[str], str]:
    """The canonical text of a typed action at the match's position (as the terminal parses)."""
    return lambda text: match.parse(text).text


def typed_lines(legal: list[str]) -> list[str]:
    """What a person might type here: full texts, short forms, cards, initials, mistakes."""
    lines = list(PROBES)
    for action in legal:
        words = action.split()
        cards = [w for w in words if is_code(w)]
        lines += [action.upper(), " ".join(w[:2] for w in words), words[0][0],
                  "".join(w[0] for w in words), " ".join(c.lower() for c in reversed(cards)),
                  " ".join(c[1] + c[0] for c in cards)]
        short = shortest(action, legal)
        if short:
            lines.append(short)
    return list(dict.fromkeys(line for line in lines if line.strip()))


def as_browser_says(found: Resolution) -> dict[str, Any]:
    """The terminal's answer in the browser's words ({action} or {problem, candidates})."""
    if found.action is not None:
        return {"action": found.action}
    problem = "ambiguous" if "could mean several" in found.problem else "unknown"
    return {"problem": problem, "candidates": found.candidates}


def test_the_browser_resolves_every_typed_line_as_the_terminal(page: Any,
                                                               server: LiveServer) -> None:
    cases: list[tuple[str, list[str]]] = []
    expected: list[dict[str, Any]] = []
    for game, options in MATCHES:
        for match in positions(game, options):
            legal = [a.text for a in match.legal_actions()]
            for line in typed_lines(legal):
                cases.append((line, legal))
                expected.append(as_browser_says(resolve(line, legal, canonical_at(match))))
    page.goto(server.url + "/history")
    answers = page.evaluate(RUN_IN_BROWSER, cases)
    differ = [(case, want, got) for case, want, got in zip(cases, expected, answers, strict=True)
              if want != got]
    assert not differ, f"{len(differ)} of {len(cases)} lines differ, first: {differ[:5]}"
    resolved = sum("action" in want for want in expected)
    assert len(cases) > 2000 and resolved > 1000, (len(cases), resolved)
    by_initials = [case for case, want in zip(cases, expected, strict=True)
                   if case[0] == "ds" and want.get("action") == "draw stock"]
    assert by_initials, "some Scat position reads ds as draw stock"


def test_the_browser_reads_the_table_of_short_forms(page: Any, server: LiveServer) -> None:
    page.goto(server.url + "/history")
    steps = page.evaluate("""async () => {
      const { SHORT_FORMS } = await import('/static/js/resolve.js');
      return SHORT_FORMS.steps.map((step) => step.name);
    }""")
    assert tuple(steps) == SHORT_FORMS.steps
    examples = [(e.typed, list(e.legal)) for e in SHORT_FORMS.examples]
    answers = page.evaluate(RUN_IN_BROWSER, examples)
    assert [a.get("action") for a in answers] == [e.means for e in SHORT_FORMS.examples]


def test_a_short_form_typed_at_the_scat_table_is_played(page: Any, server: LiveServer) -> None:
    open_table(page, server, "scat", ["human", "random", "random"], seed=3, num_players=3,
               first_dealer=2)
    wait_turn(page)
    assert page.get_attribute("#table", "data-phase") == "draw"
    page.fill("#typed", "ds")
    shoot(page, "short-forms-typed-ds")
    before = actions(page)
    page.press("#typed", "Enter")
    wait_turn(page, before)
    assert "Draw from the stock" in log_text(page)
    assert page.get_attribute("#table", "data-phase") == "discard"
    code = str(page.get_attribute(".hand .card[data-card]", "data-card"))
    page.fill("#typed", (code[1] + code[0]).lower())  # suit first: "c4" for 4C
    shoot(page, "short-forms-typed-suit-first")
    before = actions(page)
    page.press("#typed", "Enter")
    wait_turn(page, before)
    assert page.locator(f".hand .card[data-card='{code}']").count() == 0
    shoot(page, "short-forms-discarded")
