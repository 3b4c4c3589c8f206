"""The terminal speaks the pages' five languages: ``--lang``, the locale's language by
default, English with a note for any other; every key it looks up is in every catalog,
and whole matches of every game read without English words left in."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import stammtisch
from stammtisch import i18n
from stammtisch.bots import review
from stammtisch.bots.random_bot import RandomBot
from stammtisch.cli import main
from stammtisch.i18n import LANGUAGES, from_locale, language_code, t
from stammtisch.terminal.games import RENDERERS

SRC = Path(__file__).resolve().parents[2] / "src" / "stammtisch"
DATA = Path(__file__).resolve().parents[1] / "data"
LOCALE = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
LOOKUP = re.compile(r"""\b(?:t|about)\(\s*["']([^"'{}]+)["']""")
UNRESOLVED = re.compile(r"\b(?:term|ui|act|point|suit|rank|game|level|log|sum|val|review)"
                        r"\.[a-z_]+\b")
ENGLISH = re.compile(r"\b(?:the|your|you|seat|deal|wins?|tricks?|points?|lives?)\b", re.I)
"""English words a screen in another language must not show (the notation aside)."""


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")


def play(monkeypatch: pytest.MonkeyPatch, argv: list[str], typed: list[str],
         locale: dict[str, str] | None = None) -> tuple[int, str]:
    for name in LOCALE:
        monkeypatch.delenv(name, raising=False)
    for name, value in (locale or {"LANG": "C.UTF-8"}).items():
        monkeypatch.setenv(name, value)
    screen = io.StringIO()
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in typed)))
    status = main(argv)
    return status, screen.getvalue()


SCHNAUZ = ["play", "schnauz", "--players", "3", "--seed", "5"]
"""Seat 2 deals; seat 0's first turn holds Q♣ 7♠ K♠ against A♦ A♥ J♠ on the table."""


def test_play_with_lang_de_speaks_german(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = play(monkeypatch, [*SCHNAUZ, "--lang", "de"],
                       ["help", "xyz", "qc ad", "quit", ""])
    assert status == 0
    assert "Schnauz: 3 Spieler, Seed 5. Du sitzt auf Platz 0;" in out
    assert "Du bist dran: swap <deine Karte> <Tischkarte> · swap all · pass · knock" in out
    assert "Jetzt erlaubte Züge (tippe einen ein, oder seine Kurzform):" in out
    assert re.search(r"swap QC AD +Q♣ gegen A♦ tauschen +kurz: qc ad", out)
    assert "'xyz' ist hier kein Zug." in out
    assert "Du tauschst Q♣ gegen A♦" in out
    assert "Platz 2 gibt" in out and "Deine Karten:" in out
    assert "Aufzeichnung der Partie speichern? Dateiname (Enter = nicht speichern):" in out
    assert "Nicht gespeichert." in out
    assert "Your turn" not in out and "Seat " not in out


def test_the_locale_chooses_the_language_when_lang_is_not_given(
        monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = play(monkeypatch, SCHNAUZ, ["quit", ""], {"LANG": "el_GR.UTF-8"})
    assert status == 0
    assert "Σειρά σου:" in out and "Θέση 2" in out and "Your turn" not in out
    status, out = play(monkeypatch, SCHNAUZ, ["quit", ""],
                       {"LANGUAGE": "fr:gl", "LANG": "de_DE.UTF-8"})
    assert "É a túa quenda:" in out


def test_lang_overrides_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    _, out = play(monkeypatch, [*SCHNAUZ, "--lang", "ro"], ["quit", ""], {"LANG": "de_DE"})
    assert "E rândul tău:" in out and "Du bist dran" not in out


@pytest.mark.parametrize(("environ", "code"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LC_ALL": "gl_ES.UTF-8", "LANG": "de_DE.UTF-8"}, "gl"),
    ({"LC_MESSAGES": "ro_RO", "LANG": "de_DE"}, "ro"),
    ({"LANGUAGE": "fr:el", "LANG": "de_DE"}, "el"),
    ({"LANGUAGE": "fr", "LANG": "de_DE"}, "de"),
    ({"LC_ALL": "C", "LANG": "de_DE"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_locale_language_is_read_as_gettext_reads_it(environ: dict[str, str],
                                                         code: str) -> None:
    assert from_locale(environ) == code


def test_language_tags_of_every_shape() -> None:
    assert [language_code(tag) for tag in ("de", "DE", "de-AT", "el_GR.UTF-8", "ro_RO@euro",
                                           "fr", "C", "POSIX", "")] == \
        ["de", "de", "de", "el", "ro", None, None, None, None]


def test_an_unknown_language_is_english_with_a_note(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    status, out = play(monkeypatch, [*SCHNAUZ, "--lang", "fr"], ["quit", ""],
                       {"LANG": "de_DE.UTF-8"})
    assert status == 0
    assert "Your turn:" in out and "You are Seat 0" in out
    note = capsys.readouterr().err
    assert note == "stammtisch: no words in 'fr' yet, so English it is (--lang en|de|el|ro|gl)\n"


def test_replay_and_review_speak_the_language(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "match.json"
    record.write_text(json.dumps(json.loads(
        (DATA / "schnapsen-bummerl-5-6.json").read_text())["record"]))
    assert main(["replay", str(record), "--lang", "gl"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Repetición: Schnapsen (66), 2 xogadores, semente")
    assert "Posto 1" in shown and "Posto 0 gaña o Bummerl 7:6 tras 6 mans." in shown

    def fake_rank(_game: str, view: dict[str, Any], **_: Any) -> list[tuple[str, float]]:
        return [(action, 0.5 - 0.04 * n) for n, action in enumerate(view["legal_actions"])]

    monkeypatch.setattr(review, "rank", fake_rank)
    assert main(["review", str(record), "--seat", "1", "--budget", "0.05", "--lang", "de"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Rückblick für Platz 1 (Schnapsen, ")
    assert "ein Verlust von 0,05 oder mehr" in shown  # the decimal comma
    assert re.search(r"^Partie: Genauigkeit \d+\u00a0% \(Entscheidungen: \d+", shown, re.M)


# --- every word the terminal looks up ------------------------------------------------------

def terminal_sources() -> list[Path]:
    return [*sorted((SRC / "terminal").glob("*.py")), *sorted((SRC / "text").glob("*.py")),
            SRC / "cli.py"]


def test_every_key_the_terminal_names_is_in_all_five_catalogs() -> None:
    used = {key for path in terminal_sources() for key in LOOKUP.findall(path.read_text())}
    assert len(used) > 150
    for code in LANGUAGES:
        catalog = i18n.catalog(code)
        assert sorted(key for key in used if key not in catalog) == [], code


def matches() -> Iterator[tuple[str, dict[str, Any]]]:
    yield "schnauz", {"num_players": 3}
    yield "scat", {"num_players": 4, "throw_down": True}
    yield "schnapsen", {}
    yield "schmier", {"target_score": 3, "stick_the_dealer": True}


def screens(game: str, options: dict[str, Any], seed: int) -> list[str]:
    """Every screen of seat 0 and every event line of a match played at random (to its
    end, or for 3,000 actions)."""
    match = stammtisch.new_match(game, seed=seed, **options)
    look = RENDERERS[game]
    bots = [RandomBot(seed * 10 + s) for s in range(match.num_players)]
    lines: list[str] = []
    shown = 0
    while (seat := match.to_act) is not None and len(match.actions) < 3000:
        lines += look.events(match.events[shown:], 0) + look.view(match.view(0))
        shown = len(match.events)
        match.play(bots[seat].choose(match.view(seat)))
    lines += look.events(match.events[shown:], 0)
    return lines + (look.result(match.result, 0) if match.result is not None else [])


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
@pytest.mark.parametrize(("game", "options"), list(matches()), ids=lambda v: str(v))
def test_whole_matches_read_in_the_language(code: str, game: str,
                                            options: dict[str, Any]) -> None:
    i18n.use(code)
    lines = screens(game, options, seed=3)
    text = "\n".join(lines)
    assert UNRESOLVED.findall(text) == []
    assert t("ui.your_turn") in text and t("ui.you") in text
    if code == "el":
        assert ";" not in text  # the Greek question mark: Greek joins clauses with "·"
    told = [line for line in lines if not line.startswith(t("ui.your_turn"))]  # notation
    assert sorted({word for line in told for word in ENGLISH.findall(line)}) == []


def test_games_lists_the_games_and_options_in_the_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--lang", "gl"]) == 0
    shown = capsys.readouterr().out
    assert f"schnapsen (Schnapsen (66), 2 xogadores): {t('gamesub.schnapsen')}" in shown
    assert "schnauz (Schnauz, 2–6 xogadores):" in shown
    assert f"lives=an integer >= 1  (predeterminado 3) {t('doc.lives')}" in shown
    assert not re.search(r"\b(?:players|default|required)\b", shown)  # num_players is a name


def test_the_verb_agrees_with_the_lives_left() -> None:
    """Greek: one life "απομένει", two "απομένουν" (it said "Σου απομένουν 1 ζωή")."""
    from stammtisch import i18n

    i18n.use("el")
    try:
        one = i18n.about("log.life", True, lives=i18n.t("ui.life_count", n=1), n=1)
        two = i18n.about("log.life", False, who="Ο Νίκος", lives=i18n.t("ui.life_count", n=2),
                         n=2)
    finally:
        i18n.use("en")
    assert one == "Σου απομένει 1 ζωή." and "απομένουν 2" in two
