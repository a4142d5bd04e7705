"""The layers point one way (ARCHITECTURE.md "Layout"), and no module imports itself in a cycle.

An AST walk over every source module, counting imports anywhere in a module
(function-level ones too, so none can hide a cycle or a forbidden layer).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("accounts", "benchmarks", "config", "games", "leaderboard", "lobby", "moderation")
# package -> our packages it must never import
FORBIDDEN = {
    "games": {"lobby", "accounts", "leaderboard", "config", "benchmarks", "moderation"},
    "moderation": {"lobby", "games", "leaderboard", "accounts", "config", "benchmarks"},
    "accounts": {"lobby", "games", "leaderboard", "benchmarks"},
    "leaderboard": {"lobby", "benchmarks"},
    "lobby": {"benchmarks"},
}


def source_modules() -> dict[str, Path]:
    modules = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            modules[name] = path
    return modules


def imports_of(path: Path, module: str, known: set[str]) -> list[tuple[str, int, bool]]:
    """(imported module of ours, line, at module level) for every import in ``path``."""
    tree = ast.parse(path.read_text(), str(path))
    top_level = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative import: from the module's package, up ``level - 1``
                package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, base] if base else package)
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        for name in names:
            if name.split(".")[0] in PACKAGES:
                found.append((name, node.lineno, id(node) in top_level))
    return found


MODULES = source_modules()
GRAPH = {name: imports_of(path, name, set(MODULES)) for name, path in MODULES.items()}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_from_a_forbidden_layer(module: str) -> None:
    forbidden = FORBIDDEN.get(module.split(".")[0], set())
    bad = [f"{name} (line {line})" for name, line, _ in GRAPH[module] if name.split(".")[0] in forbidden]
    assert not bad, f"{module} imports from a forbidden layer: {bad}"


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def test_no_import_cycles() -> None:
    edges = {
        module: {target for name, _, _ in imports if (target := _resolve(name)) and target != module}
        for module, imports in GRAPH.items()
    }
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        stack.append(module)
        for target in sorted(edges[module]):
            if state.get(target) == 1:
                cycle = stack[stack.index(target) :] + [target]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target)
        stack.pop()
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module)


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    """The walk finds function-level imports too (so the tests above can fail)."""
    path = tmp_path / "engine.py"
    path.write_text("def f():\n    from lobby.models import Match\n    return Match\n")
    assert imports_of(path, "games.fake.engine", set(MODULES)) == [("lobby.models", 2, False)]
