"""Which research domains have a domain service (``services/domain_<name>/``).

A plan whose ``domain`` is a key here gets that service's analysis (``DomainAnalysisCompleted``) in its report:
the synthesizer waits for it (until the run's deadline) once the claims are verified. A domain service adds its
own line here when it lands.
"""

from __future__ import annotations

#: plan domain -> the service that analyses it (``assay serve <service>``)
DOMAIN_SERVICES: dict[str, str] = {
    "shopping": "domain-shopping",
    "code": "domain-code",
}
