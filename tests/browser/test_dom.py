"""The DOM helper (web/js/dom.js) keeps the promises its header makes, in Chromium."""

from __future__ import annotations

from typing import Any

from tests.server.live import LiveServer

BUILD = """async () => {
  const { h, svg } = await import('/static/js/dom.js');
  let clicks = 0;
  const button = h("button", { type: "button", class: "primary", disabled: false, hidden: true,
    "data-n": 0, title: null, onclick: () => { clicks += 1; } },
    "<b>Ben</b>", 0, null, false, undefined, ["a", ["b"]], h("span", {}, "c"));
  button.click();
  const picture = svg("svg", { viewBox: "0 0 10 10", class: "pic" }, svg("circle", { r: 3 }));
  return {
    html: button.outerHTML, clicks, bold: button.querySelectorAll("b").length,
    svgNs: picture.namespaceURI, circleNs: picture.firstChild.namespaceURI,
    svgClass: picture.getAttribute("class"),
  };
}"""


def test_the_dom_helper_builds_what_it_promises(page: Any, server: LiveServer) -> None:
    page.goto(server.url + "/history")
    built = page.evaluate(BUILD)
    assert built["html"] == ('<button type="button" class="primary" hidden="" data-n="0">'
                             "&lt;b&gt;Ben&lt;/b&gt;0ab<span>c</span></button>")
    assert built["bold"] == 0, "text children are never parsed as HTML"
    assert built["clicks"] == 1
    assert built["svgNs"] == built["circleNs"] == "http://www.w3.org/2000/svg"
    assert built["svgClass"] == "pic"
