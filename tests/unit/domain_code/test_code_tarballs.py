"""The one tarball walk both the npm declarations reader and the crate source reader use."""

from __future__ import annotations

import pytest

from services.domain_code.crates import CrateError, read_crate
from services.domain_code.tarballs import TarballError, read_text_files
from services.domain_code.typings import TypingsError, read_tarball
from tests.code_standins import FETCHRS_SOURCE, crate_tarball, npm_tarball


def test_files_are_read_without_their_top_folder_filtered_and_size_limited() -> None:
    data = npm_tarball({"index.d.ts": "export declare const a: 1;\n", "big.d.ts": "x" * 5000, "lib.js": "1"})
    files = read_text_files(data, lambda p: p.endswith(".d.ts"), max_member_bytes=1000)
    assert files == {"index.d.ts": "export declare const a: 1;\n"}
    with pytest.raises(TarballError, match="not a gzip tarball"):
        read_text_files(b"PK\x03\x04 not a tar", lambda p: True, max_member_bytes=1000)


def test_both_readers_use_it_and_keep_their_own_errors() -> None:
    manifest, files = read_crate(crate_tarball("fetchrs", "0.12.3", FETCHRS_SOURCE))
    assert manifest["package"]["name"] == "fetchrs" and set(files) == {"src/lib.rs", "src/client.rs", "src/retry.rs"}
    with pytest.raises(CrateError, match="no Cargo.toml"):
        read_crate(crate_tarball("x", "1.0.0", {"src/lib.rs": "pub fn f() {}\n"}))
    with pytest.raises(CrateError, match="not a gzip tarball"):
        read_crate(b"nope")
    manifest, files = read_tarball(npm_tarball({"package.json": '{"types": "a.d.ts"}', "a.d.ts": "x"}))
    assert manifest == {"types": "a.d.ts"} and files == {"a.d.ts": "x"}
    with pytest.raises(TypingsError, match="not a gzip tarball"):
        read_tarball(b"nope")
