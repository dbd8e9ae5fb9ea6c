"""Error type shared by the fetching and file-parsing layer."""

from __future__ import annotations

__all__ = ["FetchError"]


class FetchError(Exception):
    """A document could not be fetched or parsed.

    Attributes:
        reason: short machine-readable code, e.g. ``private_address``,
            ``blocked_page``, ``too_large``, ``timeout``, ``http_status``,
            ``unsupported_content``, ``empty_text``, ``too_many_redirects``,
            ``invalid_url``, ``connect_error``, ``binary_file``, ``empty_file``,
            ``not_utf8``, ``not_found``, ``robots_disallowed``, ``rate_limited``,
            ``browser_unavailable``, ``render_failed``, ``consent_wall`` (the page is only a cookie-consent
            notice), ``paywall`` (only a paywall or subscription notice).
        message: human-readable explanation.
        url: the URL (or file path) concerned, when known.
        status: the HTTP status code for ``http_status`` errors, else ``None``.
        retry_after: seconds the server asked us to wait (``Retry-After``), when it said so.

    ``str(err)`` is ``"{reason}: {message}"``.
    """

    def __init__(
        self,
        reason: str,
        message: str,
        *,
        url: str | None = None,
        status: int | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(reason, message)
        self.reason = reason
        self.message = message
        self.url = url
        self.status = status
        self.retry_after = retry_after

    def __str__(self) -> str:
        return f"{self.reason}: {self.message}"

    def __repr__(self) -> str:
        return f"FetchError(reason={self.reason!r}, message={self.message!r})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:  # keep pickling (e.g. across process pools) working
        return (_rebuild, (self.reason, self.message, self.url, self.status, self.retry_after))


def _rebuild(reason: str, message: str, url: str | None, status: int | None,
             retry_after: float | None = None) -> FetchError:
    return FetchError(reason, message, url=url, status=status, retry_after=retry_after)
