"""The four games' engines: the contract every game keeps, rules scenarios, audits
against the spec, referees that recompute whole matches."""
