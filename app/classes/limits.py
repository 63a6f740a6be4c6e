"""Wrong join codes and quick-login codes (there is no name to count them against):
enforced per address (``CODE_RATE_LIMIT``) and on the whole site
(``CODE_SITE_RATE_LIMIT``), right codes included once over (:mod:`app.accounts.limits`)."""

from __future__ import annotations

from app.accounts.limits import codes_per_address, codes_per_site

__all__ = ["codes_per_address", "codes_per_site"]
