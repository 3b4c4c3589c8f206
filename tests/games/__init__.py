"""The four games' engines: rules scenarios, audits against the spec, properties."""
