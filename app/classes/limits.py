"""Wrong join codes and quick-login codes (there is no name to count them against):
enforced per address (``CODE_RATE_LIMIT``) and on the whole site
(``CODE_SITE_RATE_LIMIT``), right codes included once over (:mod:`app.signin_limits`)."""

from __future__ import annotations

from app.signin_limits import codes_per_address, codes_per_site

__all__ = ["codes_per_address", "codes_per_site"]
