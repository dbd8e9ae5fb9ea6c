"""The shared language model (``shared.text.langid``): read once from py3langid's file, unpacked into a cache
folder, then mapped from it; the identifiers made from it score exactly as py3langid's own loader."""

from __future__ import annotations

from pathlib import Path

from py3langid.langid import MODEL_FILE, LanguageIdentifier

from shared.text.langid import identifier, load_model

TEXTS = ["The tides follow the moon, and the neap tides come at the quarter moons.",
         "Les marées suivent la lune, et les mortes-eaux arrivent aux quartiers de lune.",
         "Die Gezeiten folgen dem Mond, und die Nippflut kommt bei Halbmond.",
         "Приливы следуют за луной, а квадратурные приливы бывают в четверти луны.",
         "潮汐跟随月亮的运动而变化。", "", "12345", b"bytes in UTF-8: caf\xc3\xa9 cr\xc3\xa8me"]


def test_unpacked_and_mapped_models_score_like_py3langid(tmp_path: Path) -> None:
    first = load_model(tmp_path)  # read from py3langid's file, unpacked into tmp_path
    folders = [p for p in tmp_path.iterdir() if not p.name.startswith(".")]
    assert len(folders) == 1 and (folders[0] / "meta.json").is_file()
    second = load_model(tmp_path)  # mapped from the unpacked folder
    assert isinstance(second[3], memoryview) and not isinstance(first[3], memoryview)
    for norm in (False, True):
        reference = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=norm)
        for arrays in (first, second):
            ptc, pc, classes, nextmove, row, output = arrays
            ident = LanguageIdentifier(ptc, pc, classes, nextmove, output, norm_probs=norm, tk_row=row)
            for text in TEXTS:
                assert ident.classify(text) == reference.classify(text)
                assert ident.rank(text) == reference.rank(text)
    assert identifier().classify(TEXTS[1])[0] == "fr" and identifier(True).classify(TEXTS[2])[0] == "de"


def test_a_damaged_unpacked_model_is_read_again_from_py3langid(tmp_path: Path) -> None:
    load_model(tmp_path)
    folder = next(p for p in tmp_path.iterdir() if not p.name.startswith("."))
    (folder / "nextmove.bin").write_bytes(b"\x00\x01")  # truncated
    ptc, pc, classes, nextmove, row, output = load_model(tmp_path)
    assert not isinstance(nextmove, memoryview)  # read from py3langid's file instead
    ident = LanguageIdentifier(ptc, pc, classes, nextmove, output, tk_row=row)
    assert ident.classify(TEXTS[0])[0] == "en"
    assert load_model(None)[2] == classes  # no cache folder at all
