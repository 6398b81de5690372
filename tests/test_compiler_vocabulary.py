"""The compiler's vocabulary: every object type, attribute and method of rulespec/types.py is
reachable from some scope and compiles to its declared type; marks and options come from the rule set.
"""

from __future__ import annotations

import pytest
from compiler_fakes import PARAMS, VOCAB, compile_error, compiled, make_env, scope

from rulespec import scopes
from rulespec import types as T
from rulespec.compiler import CompileError, Scope, compile_expression

# --- the fakes keep to rulespec/types.py ------------------------------------------------------


def test_fake_objects_have_every_declared_attribute() -> None:
    env = make_env()
    ann = env["declarer"]
    samples = {
        T.PLAYER: ann,
        T.STANDING: ann,  # (a fake player has a standing's attributes too)
        T.CARD: ann.hand[0],
        T.TRICK: env["tricks"][0],
        T.PLAY: env["plays"][0],
        T.BID: env["standard"],
        T.COMBO: env["combo"],
    }
    assert set(samples) == set(T.ATTRIBUTES)
    for t, attributes in T.ATTRIBUTES.items():
        for name in attributes:
            assert hasattr(samples[t], name), f"fake {t} lacks {name}"
        for name in T.METHODS.get(t, {}):
            assert callable(getattr(samples[t], name)), f"fake {t} lacks method {name}"


# --- every attribute and method of types.py is reachable --------------------------------------

ALL_SCOPES = {
    name: names
    for name, names in vars(scopes).items()
    if name.isupper() and isinstance(names, dict) and name != "CHOICE_TYPES"
}


def reachable_paths() -> dict[T.Type, tuple[str, Scope, str, str]]:
    """For each object type: a scope, a wrapper and an inner expression that reach a value of it.

    The wrapper has a ``{}`` where an expression over the inner one goes; walking a list binds
    its element name (``any(tricks, {})`` reaches a trick as ``trick``).
    """
    found: dict[T.Type, tuple[str, Scope, str, str]] = {}
    queue: list[tuple[str, Scope, str, str, T.Type]] = []
    for scope_name, names in ALL_SCOPES.items():
        for name, t in names.items():
            queue.append((scope_name, scope(names), "{}", name, t))
    while queue:
        scope_name, where, wrapper, inner, t = queue.pop(0)
        if T.is_list(t):
            element = T.element_of(t)
            bound = T.ELEMENT_NAMES.get(element)
            if bound and element not in found and element in T.ATTRIBUTES:
                walked = wrapper.replace("{}", f"any({inner}, {{}})")
                queue.append((scope_name, where.with_names({bound: element}), walked, bound, element))
            continue
        if t in found or t not in T.ATTRIBUTES:
            continue
        found[t] = (scope_name, where, wrapper, inner)
        for attribute, attribute_type in T.ATTRIBUTES[t].items():
            queue.append((scope_name, where, wrapper, f"{inner}.{attribute}", attribute_type))
    return found


def test_every_object_type_is_reachable_from_some_scope() -> None:
    assert set(reachable_paths()) == set(T.ATTRIBUTES)


@pytest.mark.parametrize(
    ("owner", "attribute"), [(t, name) for t, attributes in T.ATTRIBUTES.items() for name in attributes]
)
def test_every_attribute_compiles_to_its_declared_type(owner: T.Type, attribute: str) -> None:
    scope_name, where, wrapper, inner = reachable_paths()[owner]
    expression = f"{inner}.{attribute}"
    # with the walked element names in scope, the attribute has its declared type ...
    assert compile_expression(expression, where).type == T.ATTRIBUTES[owner][attribute]
    # ... and it is reachable from the real scope, through the language's own walks
    real = Scope(ALL_SCOPES[scope_name], VOCAB, PARAMS)
    full = wrapper.replace("{}", f"{expression} == {expression}")
    assert compile_expression(full, real).type == T.BOOL


def method_argument(t: T.Type) -> str:
    return {T.list_of(T.NUMBER): "1..3", T.BID: '"grill"', T.NUMBER: "1"}[t]


@pytest.mark.parametrize(("owner", "method"), [(t, name) for t, methods in T.METHODS.items() for name in methods])
def test_every_method_compiles_to_its_declared_type(owner: T.Type, method: str) -> None:
    scope_name, where, _, inner = reachable_paths()[owner]
    params, result = T.METHODS[owner][method]
    args = ", ".join(method_argument(p) for p in params)
    assert compile_expression(f"{inner}.{method}({args})", where).type == result
    with pytest.raises(CompileError, match="argument"):
        compile_expression(f"{inner}.{method}({args}, {args})", where)


def test_marks_and_options_come_from_the_rule_set() -> None:
    assert compiled("declarer.marks.potential").type == T.NUMBER
    assert compiled("option.rounds").type == T.NUMBER
    assert compiled("option.fast").type == T.BOOL
    error = compile_error("declarer.marks.potentail")
    assert error.message == "unknown mark 'potentail'" and error.hint == "did you mean 'potential'?"
    error = compile_error("option.round")
    assert error.message == "unknown option 'round'" and error.hint == "did you mean 'rounds'?"
    error = compile_error("option.speed")
    assert error.message == "unknown option 'speed'" and error.hint == "declare it in game.options"
