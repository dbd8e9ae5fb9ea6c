# Assay: `make research` runs a real research on the bundled sample corpus; `make test` runs the tests.
# Both create the virtual environment (.venv) and install everything on first use.
PYTHON ?= python3.11
LLAMA_CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON
VENV := .venv
BIN := $(VENV)/bin
Q ?= Which Canadian rock band released a song called "Counterparts" and had a drummer who was inducted into the Modern Drummer Hall of Fame?

.PHONY: install research test lint bench bench-hops eval extraction-eval asyncapi schemas up down clean faults

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	# llama.cpp built for any x86-64 with AVX2, not for this CPU: a native build uses AMX tiles where the CPU has them,
	# and a virtual machine that does not grant them crashes on the first multi-token prompt
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(BIN)/pip install -q -e '.[test]'
	touch $@

install: $(BIN)/.installed

research: $(BIN)/.installed
	$(BIN)/assay run '$(subst ','"'"',$(Q))' --json .assay/last-run.json

test: $(BIN)/.installed lint
	$(BIN)/python -m pytest tests --ignore=tests/bench

# ruff (pycodestyle, pyflakes, bugbear, pyupgrade) and mypy (strict), both configured in pyproject.toml
lint: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(BIN)/.installed
	$(BIN)/python -m pytest tests/bench -s -q

# issue 10's figures alone, quickly: hop overhead against the raw floor (a 100-document corpus, 8 questions), then
# replica scaling (1 vs 2 verifier processes on 1,000 claims, 1 vs 2 scraper processes on 40 slow loopback pages), then
# what CPU-bound engine calls cost the event loop and a store writer (tests/bench/test_bench_cpu_gate.py)
bench-hops: $(BIN)/.installed
	ASSAY_BENCH_SIZES=100 ASSAY_BENCH_QUESTIONS=8 $(BIN)/python -m pytest tests/bench/test_bench_pipeline.py -s -q \
		-k test_bench_pipeline
	$(BIN)/python -m pytest tests/bench/test_bench_replicas.py -s -q -k "verifier_replicas or scraper_replicas"
	$(BIN)/python -m pytest tests/bench/test_bench_cpu_gate.py -s -q

extraction-eval: $(BIN)/.installed
	$(BIN)/python -m services.scraper.extraction_eval

# a small slice of each suite, held to the floors kept in tests/eval_floors.toml (exit 1 when a figure drops)
eval: $(BIN)/.installed
	$(BIN)/assay eval hotpotqa --limit 20 --floors tests/eval_floors.toml
	$(BIN)/assay eval hotpotqa --pooled --limit 20 --floors tests/eval_floors.toml
	$(BIN)/assay eval scifact --limit 50 --floors tests/eval_floors.toml

asyncapi: $(BIN)/.installed
	$(BIN)/python -m services.cli.asyncapi > deploy/asyncapi.json.tmp
	mv deploy/asyncapi.json.tmp deploy/asyncapi.json
	@echo wrote deploy/asyncapi.json

schemas: $(BIN)/.installed
	$(BIN)/python -m contracts.export_schemas

up: $(BIN)/.installed
	$(BIN)/assay up

down: $(BIN)/.installed
	$(BIN)/assay down

clean:
	rm -rf $(VENV) .assay

# the fault suite (not part of `make test`): N runs (default 20) with services SIGKILLed, PostgreSQL and NATS restarted;
# CLUSTER=1: on a 3-node NATS cluster (R3 streams) that also loses a node now and then
faults: $(BIN)/.installed
	$(BIN)/python -m tests.faults.run_faults --runs $(or $(N),20) $(if $(CLUSTER),--cluster)
