"""The expression grammar and parser (rulespec/grammar.lark, rulespec/expressions.py).

Trees are compared as compact S-expressions so that each test states the expected structure
(precedence and associativity) by hand.
"""

from __future__ import annotations

import sys

import pytest

from rulespec.expressions import (
    MAX_EXPRESSION_DEPTH,
    MAX_EXPRESSION_LENGTH,
    ExpressionSyntaxError,
    Node,
    parse,
    source_names,
)


def sexp(node: Node) -> str:
    """A compact, hand-writable form of a syntax tree: ``(+ 1 (* 2 3))``."""
    kind = node.kind
    if kind in ("number", "bool"):
        return str(node.value).lower()
    if kind == "string":
        return repr(node.value)
    if kind == "name":
        return str(node.value)
    children = " ".join(sexp(child) for child in node.children)
    if kind in ("arith", "compare"):
        return f"({node.value} {children})"
    if kind == "attribute":
        return f"(. {children} {node.value})"
    if kind == "list":
        return f"[{children}]"
    if kind == "conditional":
        return f"(if {children})"  # condition, then, else
    return f"({kind} {children})"


def syntax_error(text: str) -> ExpressionSyntaxError:
    with pytest.raises(ExpressionSyntaxError) as info:
        parse(text)
    return info.value


# --- precedence and associativity -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        # or < and < not < comparison
        ("a or b and c", "(or a (and b c))"),
        ("a and b or c", "(or (and a b) c)"),
        ("not a and b", "(and (not a) b)"),
        ("not a or not b", "(or (not a) (not b))"),
        ("not not a", "(not (not a))"),
        ("not a == b", "(not (== a b))"),
        ("a == b and c != d", "(and (== a b) (!= c d))"),
        ("a or b or c", "(or (or a b) c)"),
        ("a and b and c", "(and (and a b) c)"),
        # comparison < range < sum < product < unary minus < postfix
        ("a < b + 1", "(< a (+ b 1))"),
        ("1 + 2 * 3", "(+ 1 (* 2 3))"),
        ("(1 + 2) * 3", "(* (+ 1 2) 3)"),
        ("1 - 2 - 3", "(- (- 1 2) 3)"),
        ("8 / 4 / 2", "(/ (/ 8 4) 2)"),
        ("7 % 3 * 2", "(* (% 7 3) 2)"),
        ("-a * b", "(* (neg a) b)"),
        ("-a.b", "(neg (. a b))"),
        ("- -1", "(neg (neg 1))"),
        ("1 - -1", "(- 1 (neg 1))"),
        ("a + 1..b * 2", "(range (+ a 1) (* b 2))"),
        ("-1..3", "(range (neg 1) 3)"),
        ("x in 1..n", "(in x (range 1 n))"),
        ("x not in [1, 2]", "(not (in x [1 2]))"),
        ("not x in y", "(not (in x y))"),
        ("a + b in c", "(in (+ a b) c)"),
        ("a == b or c in d", "(or (== a b) (in c d))"),
        # postfix binds tightest and chains left to right
        ("a.b.c", "(. (. a b) c)"),
        ("a.b(1).c", "(. (call (. a b) 1) c)"),
        ("f(x)(y)", "(call (call f x) y)"),
        ("declarer.tricks_in(1..early + 1)", "(call (. declarer tricks_in) (range 1 (+ early 1)))"),
    ],
)
def test_precedence(text: str, tree: str) -> None:
    assert sexp(parse(text)) == tree


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("a if c else b", "(if c a b)"),
        # the branches are or-expressions: the conditional is loosest
        ("a or b if c and d else e", "(if (and c d) (or a b) e)"),
        ("not a if c else b", "(if c (not a) b)"),
        # right-associative: the else branch may be another conditional
        ("a if c else b if d else e", "(if c a (if d b e))"),
        ("(a if c else b) if d else e", "(if d (if c a b) e)"),
        ("1 + (2 if c else 3)", "(+ 1 (if c 2 3))"),
        ("f(a if c else b, 2)", "(call f (if c a b) 2)"),
        ("[a if c else b]", "[(if c a b)]"),
        (
            "3 if standard.trump and standard.id != 'grill' else 1",
            "(if (and (. standard trump) (!= (. standard id) 'grill')) 3 1)",
        ),
    ],
)
def test_conditionals(text: str, tree: str) -> None:
    assert sexp(parse(text)) == tree


# --- atoms ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("42", "42"),
        ("007", "7"),
        ("true", "true"),
        ("false", "false"),
        ('"H"', "'H'"),
        ("'10'", "'10'"),
        ('""', "''"),
        ('"it\'s"', '"it\'s"'),
        ("'say \"hi\"'", "'say \"hi\"'"),
        ('"a (b] c"', "'a (b] c'"),
        ("[]", "[]"),
        ("[1]", "[1]"),
        ("[1, 2, 3]", "[1 2 3]"),
        ("[1, 2,]", "[1 2]"),
        ("[[1], []]", "[[1] []]"),
        ('["H", "S"]', "['H' 'S']"),
        ("f()", "(call f)"),
        ("f(1, 2,)", "(call f 1 2)"),
        ("1..7", "(range 1 7)"),
        ("1 .. 7", "(range 1 7)"),
        ("a..b", "(range a b)"),
        # names may start with a keyword
        ("iffy", "iffy"),
        ("in_hand", "in_hand"),
        ("notes or order", "(or notes order)"),
        ("true_count", "true_count"),
        ("_hidden2", "_hidden2"),
    ],
)
def test_atoms(text: str, tree: str) -> None:
    assert sexp(parse(text)) == tree


def test_whitespace_and_line_breaks_are_ignored() -> None:
    folded = "count(declarer.won, card.suit == plague)\n  <= max(opponents,\n\tcount(player.won, card.suit == plague))"
    assert sexp(parse(folded)) == sexp(parse(" ".join(folded.split())))


def test_method_call_and_attribute_chain() -> None:
    node = parse("combo.has('grill')")
    assert node.kind == "call"
    func, arg = node.children
    assert (func.kind, func.value, func.children[0].value) == ("attribute", "has", "combo")
    assert (arg.kind, arg.value) == ("string", "grill")


def test_offsets_point_at_the_culprit() -> None:
    text = "count(declarer.won, card.suit == 'H') >= x"
    node = parse(text)
    assert node.kind == "compare" and node.offset == text.index(">=")
    call, x = node.children
    assert call.offset == 0 and x.offset == text.index("x")
    won = call.children[1]
    assert won.kind == "attribute" and won.offset == text.index("won")
    suit_test = call.children[2]
    assert suit_test.offset == text.index("==")
    assert suit_test.children[1].offset == text.index("'H'")
    cond = parse("a if cond else b")
    assert cond.offset == 5  # a conditional points at its condition
    assert parse("  true").offset == 2


def test_source_names() -> None:
    assert source_names(parse("count(declarer.won, card.suit == plague) + x.y(z)")) == {
        "count",
        "declarer",
        "card",
        "plague",
        "x",
        "z",
    }


# --- syntax errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "offset", "message", "hint"),
    [
        ("(1 + 2", 6, "unexpected end of expression", "expected ')'"),
        ("(1 + 2   ", 6, "unexpected end of expression", "expected ')'"),
        ("f(1", 3, "unexpected end of expression", "expected ')' or ','"),
        ("[1, 2", 5, "unexpected end of expression", "expected ',' or ']'"),
        ("[1)", 2, "unexpected ')'", "expected ']'"),
        ("f(1]", 3, "unexpected ']'", "expected ')'"),
        ("1 +", 3, "unexpected end of expression", "expected a name or a number"),
        ("1 +* 2", 3, "unexpected '*'", "expected a name or a number"),
        ("1 if x", 6, "unexpected end of expression", "expected 'else'"),
        ("x.", 2, "unexpected end of expression", "expected a name"),
        ("f(,)", 2, "unexpected ','", None),
        ("a not b", 6, "unexpected 'b'", "expected 'in' (as in 'x not in list')"),
        ("a < b < c", 6, "unexpected '<'", "comparisons do not chain: write 'a < b and b < c'"),
        ("a == == b", 5, "unexpected '=='", "expected a name or a number"),
        ("1.5", 2, "unexpected '5'", "numbers are whole numbers: write a fraction as 3/2"),
        ("x ]", 2, "unexpected ']'", "there is no open '[' for it to close"),
        ("a b", 2, "unexpected 'b'", "expected an operator (such as 'and', '==' or '+') or the end of the expression"),
        ("1..2..3", 4, "unexpected '..'", None),
        ("card.suit == H", 13, "unexpected character 'H'", "names are lower_snake_case"),
        ("x == 'abc", 5, 'unexpected character "\'"', "a string needs its closing quote"),
        ("x == $", 5, "unexpected character '$'", None),
        ("x == True", 5, "unexpected character 'T'", "write 'true' in lower case"),
        ("a And b", 2, "unexpected character 'A'", "write 'and' in lower case"),
        ("if", 0, "unexpected 'if'", None),
        ("x if y else", 11, "unexpected end of expression", "expected a name or a number"),
    ],
)
def test_syntax_errors(text: str, offset: int, message: str, hint: str | None) -> None:
    error = syntax_error(text)
    assert error.offset == offset
    assert error.message == message
    if hint is None:
        return
    assert error.hint is not None and error.hint.startswith(hint)


def test_hint_names_only_what_could_follow() -> None:
    # Inside a list a ')' cannot close anything, inside a call a ']' cannot (LALR's own
    # "expected" sets would list both).
    assert "')'" not in (syntax_error("[1, 2").hint or "")
    assert "']'" not in (syntax_error("f(1, 2").hint or "")
    assert "else" not in (syntax_error("a b").hint or "")


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_empty_expression(text: str) -> None:
    error = syntax_error(text)
    assert error.message == "empty expression" and error.offset == 0


def test_long_strings_are_refused() -> None:
    assert parse('"' + "x" * 200 + '"').value == "x" * 200
    error = syntax_error('"' + "x" * 201 + '"')
    assert error.offset == 0 and error.message.startswith("unexpected character")


def test_strings_do_not_span_lines() -> None:
    assert syntax_error('"a\nb"').offset == 0


# --- limits -----------------------------------------------------------------------------


def test_length_limit() -> None:
    at_limit = "1" + " " * (MAX_EXPRESSION_LENGTH - 1)
    assert parse(at_limit).value == 1
    error = syntax_error(at_limit + " ")
    assert "longer than" in error.message and error.offset == 0


def test_bracket_nesting_limit_points_at_the_bracket() -> None:
    allowed = MAX_EXPRESSION_DEPTH // 2
    assert parse("(" * allowed + "1" + ")" * allowed).value == 1
    error = syntax_error("(" * (allowed + 1) + "1" + ")" * (allowed + 1))
    assert error.message == "expression is nested too deeply"
    assert error.offset == allowed  # the first bracket too many
    error = syntax_error("[" * (allowed + 1) + "]" * (allowed + 1))
    assert error.offset == allowed


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = "card.zone == '" + "(" * 100 + "'"
    assert parse(text).kind == "compare"


def deep_call(levels: int, text: str) -> ExpressionSyntaxError | Node:
    """Parse ``text`` with ``levels`` frames already on the stack."""
    if levels > 0:
        return deep_call(levels - 1, text)
    try:
        return parse(text)
    except ExpressionSyntaxError as exc:
        return exc


@pytest.mark.parametrize(
    "text",
    [
        "not " * 499 + "x",
        "-" * 1999 + "1",
        "- " * 999 + "1",
        "+".join(["1"] * 1000),
        "a if b else " * 160 + "c",
        "x" + ".a" * 999,
        "f" + "()" * 999,
        " or ".join(["a"] * 400),
        "a == b and " * 150 + "c",
    ],
)
def test_deep_nesting_gives_the_projects_error(text: str) -> None:
    assert len(text) <= MAX_EXPRESSION_LENGTH
    # also with most of the stack already used (as under a deep caller)
    used = max(0, sys.getrecursionlimit() - 150)
    for levels in (0, used):
        result = deep_call(levels, text)
        assert isinstance(result, ExpressionSyntaxError), result
        assert result.message == "expression is nested too deeply"


def test_nesting_just_under_the_limit_parses() -> None:
    text = "+".join(["1"] * (MAX_EXPRESSION_DEPTH - 1))
    assert parse(text).kind == "arith"
    with pytest.raises(ExpressionSyntaxError, match="nested too deeply"):
        parse(text + "+1+1")


def test_every_tree_the_grammar_makes_has_a_node_builder() -> None:
    """A rule added to grammar.lark without a way to build its node would fail only when first written."""
    from rulespec.expressions import _INFIX, _OPERATORS, _ToNodes, shared_parser

    trees = {str(rule.alias) for rule in shared_parser().lark.rules if rule.alias is not None} | {"arguments"}
    assert {"or_op", "compare", "arith", "neg", "call"} <= trees
    unbuilt = [name for name in trees if name not in _OPERATORS and name not in _INFIX and not hasattr(_ToNodes, name)]
    assert unbuilt == []
