"""Routing: the default division of labour from the environment settings, the file layered over it, and
``assay models``. Settings are built from keyword arguments; ``environ`` is a plain dict (os.environ untouched)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from services.cli.main import app
from shared.llm.config import LOCAL_ROLES, REMOTE_ROLES, ROLES, LlmSettings, RoutingError, load_routing


def settings(**kwargs: object) -> LlmSettings:
    return LlmSettings(_env_file=None, **kwargs)  # type: ignore[arg-type]  # pydantic-settings' init-only _env_file


def test_nothing_configured_means_every_role_is_offline() -> None:
    routing = load_routing(settings(), environ={})
    assert routing.offline
    assert all(routing.route(r).offline for r in ROLES)
    assert any("offline engine" in line for line in routing.describe())


def test_local_server_only_serves_every_role() -> None:
    routing = load_routing(settings(local_base_url="http://127.0.0.1:9/v1", local_model="smollm2"), environ={})
    for role in ROLES:
        models = routing.route(role).usable
        assert [m.model for m in models] == ["openai/smollm2"]
        assert models[0].api_key is not None  # litellm needs some key for openai/ with api_base


def test_default_division_of_labour_with_both_sides() -> None:
    routing = load_routing(settings(local_base_url="http://127.0.0.1:9/v1", ollama_api_base="http://127.0.0.1:11434",
                                    openrouter_api_key="sk-test"), environ={})
    for role in LOCAL_ROLES:
        names = [m.model for m in routing.route(role).usable]
        assert names[0] == "openai/local" and names[1].startswith("ollama_chat/")
        assert names[2].startswith("openrouter/")
    for role in REMOTE_ROLES:
        names = [m.model for m in routing.route(role).usable]
        assert names[0].startswith("openrouter/") and names[-1].startswith("ollama_chat/")
    # the default OpenRouter models carry prices (litellm's bundled map has none for them)
    assert routing.route("judge").usable[0].price_out_per_1m is not None


def test_openrouter_key_from_the_provider_variable(tmp_path: Path) -> None:
    routing = load_routing(settings(openrouter_api_key="sk-test"), environ={})
    assert routing.route("synthesizer").usable[0].api_key is not None
    text = "\n".join(routing.describe())
    assert "sk-test" not in text and "key $OPENROUTER_API_KEY set" in text


TOML = """
[defaults]
timeout_s = 12

[retry]
attempts = 2
backoff_s = 0.1

[prices."openai/tiny"]
input = 0.5
output = 1.5

[roles.planner]
models = [
  { model = "openai/tiny", api_base = "http://127.0.0.1:9/v1", max_tokens = 128 },
  { model = "openrouter/some/model", api_key_env = "MY_KEY" },
]

[roles.judge]
models = []
"""


def test_file_replaces_roles_and_keeps_the_rest_from_the_environment(tmp_path: Path) -> None:
    path = tmp_path / "llm.toml"
    path.write_text(TOML)
    routing = load_routing(settings(config=path, openrouter_api_key="sk-env"), environ={})
    planner = routing.route("planner")
    assert [m.model for m in planner.models] == ["openai/tiny", "openrouter/some/model"]
    tiny = planner.models[0]
    assert (tiny.timeout_s, tiny.max_tokens, tiny.price_in_per_1m, tiny.price_out_per_1m) == (12, 128, 0.5, 1.5)
    assert planner.models[1].unusable == "$MY_KEY is not set"  # named key missing: skipped, not called
    assert [m.model for m in planner.usable] == ["openai/tiny"]
    assert routing.route("judge").offline  # an empty list forces the offline engine
    assert routing.route("synthesizer").usable[0].model.startswith("openrouter/")  # from the environment
    assert (routing.retry_attempts, routing.backoff_s) == (2, 0.1)
    assert str(path) in routing.sources


def test_a_named_key_is_read_from_environ(tmp_path: Path) -> None:
    path = tmp_path / "llm.toml"
    path.write_text(TOML)
    routing = load_routing(settings(config=path), environ={"MY_KEY": "secret"})
    spec = routing.route("planner").models[1]
    assert spec.usable and spec.api_key is not None and spec.api_key.get_secret_value() == "secret"
    assert "secret" not in spec.describe()


def test_yaml_file(tmp_path: Path) -> None:
    path = tmp_path / "llm.yaml"
    path.write_text("roles:\n  verifier:\n    models:\n      - model: openai/tiny\n"
                    "        api_base: http://127.0.0.1:9/v1\n        json_mode: prompt\n")
    routing = load_routing(settings(config=path), environ={})
    assert routing.route("verifier").usable[0].json_mode == "prompt"
    assert routing.route("planner").offline


@pytest.mark.parametrize("text, message", [
    ("[roles.nobody]\nmodels = []\n", "unknown role"),
    ("[roles.planner]\nmodels = [{ model = 'openai/x', max_tokens = -1 }]\n", "max_tokens"),
    ("[what]\nx = 1\n", "unknown sections"),
    ("not toml at all [", "not valid"),
    ('defaults = "fast"\n', r"\[defaults\] must be a table"),
    ('roles = "all"\n', r"\[roles\] must be a table"),
    ("[roles.planner]\nmodels = [5]\n", "5 is neither a model string nor a table"),
    ('[prices]\n"openai/x" = 5\n', "must be a table such as"),
    ("[prices]\n'openai/x' = { input = -1, output = 1 }\n", "two numbers >= 0"),
    ("[prices]\n'openai/unused' = { input = 1, output = 'free' }\n", "two numbers >= 0"),
    ("[roles.planner]\nmodels = [{ model = 'openai/x', api_base = 'ftp://x' }]\n", "not an http"),
    ("[roles.planner]\nmodels = [{ model = 'openai/x', api_base = 'http://127.0.0.1:9/v1', timeout_s = inf }]\n",
     "timeout_s"),
])
def test_bad_files_say_what_is_wrong(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "llm.toml"
    path.write_text(text)
    with pytest.raises(RoutingError, match=message):
        load_routing(settings(config=path), environ={})


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "llm.toml"
    path.write_bytes(b"\xff\xfe[roles]\n")
    with pytest.raises(RoutingError, match="not UTF-8"):
        load_routing(settings(config=path), environ={})


def test_server_urls_must_be_http() -> None:
    with pytest.raises(ValueError, match="not an http"):
        settings(local_base_url="notaurl")
    with pytest.raises(ValueError, match="not an http"):
        settings(ollama_api_base="ftp://127.0.0.1")
    assert settings(local_base_url=" http://127.0.0.1:8080/v1 ").local_base_url == "http://127.0.0.1:8080/v1"


def test_an_openai_model_without_a_server_or_key_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "llm.toml"
    path.write_text("[roles.planner]\nmodels = ['openai/nobase']\n")
    spec, = load_routing(settings(config=path), environ={}).route("planner").models
    assert not spec.usable and "OPENAI_API_KEY" in (spec.unusable or "")
    spec, = load_routing(settings(config=path), environ={"OPENAI_API_KEY": "sk-x"}).route("planner").models
    assert spec.usable


def test_the_local_model_name_is_given_without_the_provider_prefix() -> None:
    routing = load_routing(settings(local_base_url="http://127.0.0.1:9/v1", local_model="openai/pricy"), environ={})
    assert routing.route("planner").usable[0].model == "openai/pricy"


def test_the_files_prices_apply_to_the_local_server_from_the_environment(tmp_path: Path) -> None:
    local = {"local_base_url": "http://127.0.0.1:9/v1", "local_model": "fake"}
    spec = load_routing(settings(**local), environ={}).route("planner").usable[0]
    assert (spec.price_in_per_1m, spec.price_out_per_1m) == (0.0, 0.0)  # a local server is free by default
    path = tmp_path / "llm.toml"
    path.write_text("[prices]\n'openai/fake' = { input = 3, output = 9 }\n")
    spec = load_routing(settings(config=path, **local), environ={}).route("planner").usable[0]
    assert (spec.price_in_per_1m, spec.price_out_per_1m) == (3, 9)


def test_assay_models_prints_the_routing(tmp_path: Path) -> None:
    path = tmp_path / "llm.toml"
    path.write_text(TOML)
    result = CliRunner().invoke(app, ["models", "--config", str(path)])
    assert result.exit_code == 0, result.output
    assert "planner:" in result.output and "openai/tiny @ http://127.0.0.1:9/v1" in result.output
    assert "judge:\n  1. offline engine" in result.output


def test_assay_models_refuses_a_missing_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["models", "--config", str(tmp_path / "nope.toml")])
    assert result.exit_code == 2


def test_the_shipped_example_routing_loads() -> None:
    example = Path(__file__).resolve().parents[3] / "shared" / "llm" / "routing.example.toml"
    routing = load_routing(settings(config=example), environ={"OPENROUTER_API_KEY": "sk-test"})
    assert [m.model for m in routing.route("planner").usable] == ["openai/smollm2", "openrouter/openai/gpt-4o-mini"]
    assert routing.route("judge").offline
    assert routing.route("synthesizer").usable[0].max_tokens == 2048
