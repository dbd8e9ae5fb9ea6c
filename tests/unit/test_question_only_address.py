"""Issue 15, trial t51s fault 3 (b3): a question that is only a web address was searched as words
("http 127.0.0.57 18510 tagwell t5 pro") and led about a look-alike page at medium confidence. It is refused at the
command line (exit 2), at the gateway (the request model FastAPI validates: HTTP 422) and in the chat (400), with
the reason and what to do instead (give the page with --url and ask a question)."""

from __future__ import annotations

from pathlib import Path
from uuid import uuid4

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from contracts.commands import RunRequested, address_fault, only_addresses
from services.cli.main import app
from services.gateway.api import RunCreate
from services.gateway.chat import parse_request
from services.gateway.errors import ApiError

ADDRESS = "http://127.0.0.57:18510/p/tagwell-t5-pro.html"


@pytest.mark.parametrize("question", [ADDRESS, f"  <{ADDRESS}>  ", f"{ADDRESS}?", "www.shop.example/p/t5",
                                      f"{ADDRESS}, https://b.example/x.html"])
def test_a_question_of_only_web_addresses_is_refused_with_what_to_do(question: str) -> None:
    with pytest.raises(ValidationError) as refused:
        RunRequested(run_id=uuid4(), question=question)
    said = str(refused.value)
    assert "question is only" in said and "--url" in said and "ask a question" in said


@pytest.mark.parametrize("question", [f"Is {ADDRESS} a good offer for the Tagwell T5 Pro?",
                                      f"{ADDRESS} how much does it cost?", "What is www?", "What does http:// mean?",
                                      "How tall is the Eiffel Tower?"])
def test_a_question_in_words_with_or_without_an_address_is_asked(question: str) -> None:
    assert RunRequested(run_id=uuid4(), question=question).question == question
    assert address_fault(question) is None


def test_the_addresses_are_named_in_the_reason() -> None:
    assert only_addresses(f"{ADDRESS}, https://b.example/x.html.") == [ADDRESS, "https://b.example/x.html"]
    fault = address_fault(f"{ADDRESS} https://b.example/x.html")
    assert fault is not None and f"web addresses ({ADDRESS} and 1 more)" in fault and "about them" in fault
    one = address_fault(ADDRESS)
    assert one is not None and f"a web address ({ADDRESS})" in one and "the page to read as a source" in one


def test_the_command_line_refuses_it_with_exit_2_before_anything_starts(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["run", ADDRESS, "--data-dir", str(tmp_path / "none")])
    assert result.exit_code == 2, result.output
    assert "question: question is only a web address" in " ".join(result.output.split())
    assert not (tmp_path / "none").exists()  # refused before anything was opened or started


def test_the_gateway_request_refuses_it_naming_the_question() -> None:
    with pytest.raises(ValidationError) as refused:  # FastAPI answers 422 with this error
        RunCreate.model_validate({"question": ADDRESS})
    assert [e["loc"] for e in refused.value.errors()] == [("question",)]
    assert RunCreate.model_validate({"question": "Is this a good offer?", "urls": [ADDRESS]}).urls == (ADDRESS,)


def test_the_chat_refuses_a_last_message_of_only_an_address() -> None:
    with pytest.raises(ApiError) as refused:
        parse_request({"model": "assay", "messages": [{"role": "user", "content": ADDRESS}]})
    assert refused.value.status == 400 and "only a web address" in refused.value.message
