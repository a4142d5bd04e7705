# Spielcenter: `make run` serves the site, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: run test lint format bench bench-load worker

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

run: $(VENV)/.installed
	DJANGO_DEBUG=1 $(PY) manage.py migrate --noinput
	@echo ""
	@echo "Spielcenter läuft auf http://127.0.0.1:$(PORT)/"
	@echo "Admin anlegen: DJANGO_DEBUG=1 $(PY) manage.py createsuperuser   (dann http://127.0.0.1:$(PORT)/admin/)"
	@echo ""
	DJANGO_DEBUG=1 $(PY) manage.py runserver 127.0.0.1:$(PORT)

test: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/pytest

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

bench: $(VENV)/.installed
	DJANGO_DEBUG=1 $(PY) manage.py bench

# Real Daphne + real websocket clients; e.g. make bench-load BENCH_LOAD="--tables=50 --game=neon"
BENCH_LOAD ?= --tables=10 --seconds=20
bench-load: $(VENV)/.installed
	$(PY) manage.py bench_load $(BENCH_LOAD)

worker: $(VENV)/.installed
	$(VENV)/bin/celery -A config worker --loglevel=info
