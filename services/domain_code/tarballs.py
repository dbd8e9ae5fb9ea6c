"""Reading a registry's package tarball (an npm ``.tgz``, a crates.io ``.crate``: gzip tar, every file under one
top folder) in memory: nothing is extracted to disk, built nor run."""

from __future__ import annotations

import io
import tarfile
from collections.abc import Callable


class TarballError(Exception):
    """The bytes are not a gzip tarball; the message says why."""


def read_text_files(data: bytes, keep: Callable[[str], bool], *, max_member_bytes: int) -> dict[str, str]:
    """The text (UTF-8, undecodable bytes replaced) of the regular files of the gzip tarball ``data`` whose path,
    without its top folder (``package/``, ``<crate>-<version>/``), ``keep`` accepts: path -> text. Files over
    ``max_member_bytes``, links and folders are skipped. Raises: TarballError when ``data`` is not a gzip tar."""
    try:
        archive = tarfile.open(fileobj=io.BytesIO(data), mode="r:gz")
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise TarballError(f"not a gzip tarball ({exc})") from None
    files: dict[str, str] = {}
    with archive:
        try:
            for member in archive:
                if not member.isfile() or member.size > max_member_bytes:
                    continue
                path = member.name.split("/", 1)[1] if "/" in member.name else member.name
                if not keep(path):
                    continue
                handle = archive.extractfile(member)
                if handle is not None:
                    files[path] = handle.read().decode("utf-8", "replace")
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise TarballError(f"a damaged gzip tarball ({exc})") from None
    return files
