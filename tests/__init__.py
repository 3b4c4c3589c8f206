"""The test suite: one folder per part of the package (games/, bots/, arena/, terminal/,
server/, web/, core/), the browser's tests (browser/) and the tools' (tools/)."""
