"""Two shortcuts for Lark's LALR parser that give the same trees and errors, faster.

Both plug into Lark through its ``_plugins`` option (the hook lark-cython uses), so the parser is
otherwise Lark's own; ``tests/test_grammar_tables.py`` checks that the parser with them and the
parser built plainly from the grammar agree on trees, positions and errors for any token soup.

- :class:`LeanLALR`: a rule like ``?sum: product`` (one nonterminal, inlined) only passes its child
  on, but Lark wraps every reduction in position bookkeeping that changes nothing for such a rule
  (the child's positions are already its own). A parse does about three of these per token; their
  callback becomes a plain "first child".
- :class:`RootFirstLexer`: Lark's contextual lexer compiles one regular expression per parser
  state (13 on the first rule set, ~2 ms at start-up). This one matches with the single expression
  over all terminals first and keeps the token when the state accepts it — then the state's own
  expression would have found the same one, as it tries the same terminals in the same order —
  and asks the state's lexer only otherwise (``-`` as a sign rather than a subtraction, errors).
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import itemgetter
from typing import Any, cast

from lark.lexer import BasicLexer, ContextualLexer, LexerState, Token
from lark.parsers.lalr_parser import LALR_Parser


def _lean(callbacks: dict[Any, Any]) -> dict[Any, Any]:
    """``callbacks`` with every inlined one-nonterminal rule's replaced by "its only child"."""
    first = itemgetter(0)
    return {
        rule: first
        if rule.options.expand1 and not rule.alias and len(rule.expansion) == 1 and not rule.expansion[0].is_term
        else callback
        for rule, callback in callbacks.items()
    }


class LeanLALR(LALR_Parser):
    """Lark's LALR parser with :func:`_lean` callbacks (built from a grammar or loaded from tables)."""

    def __init__(self, parser_conf: Any, debug: bool = False, strict: bool = False) -> None:
        super().__init__(parser_conf, debug, strict)
        self.parser.callbacks = _lean(self.parser.callbacks)

    @classmethod
    def deserialize(cls, data: Any, memo: Any, callbacks: Any, debug: bool = False) -> Any:  # type: ignore[override]
        return super().deserialize(data, memo, _lean(callbacks), debug)  # type: ignore[no-untyped-call]


class RootFirstLexer(ContextualLexer):
    """Lark's contextual lexer, matching with the one expression of all terminals first."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # What each parser state's lexer matches (its terminals and the ignored ones).
        self.accepts = {
            state: frozenset(t.name for t in cast(BasicLexer, lexer).terminals) for state, lexer in self.lexers.items()
        }

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        accepts, root, line_ctr = self.accepts, self.root_lexer, lexer_state.line_ctr
        while True:
            before = (line_ctr.char_pos, line_ctr.line, line_ctr.column, line_ctr.line_start_pos)
            last_token = lexer_state.last_token
            try:
                token: Token | None = root.next_token(lexer_state, parser_state)
            except EOFError:
                return
            except Exception:  # noqa: BLE001 - nothing matches here: the state's lexer says so, as in Lark
                token = None
            if token is not None and token.type in accepts[parser_state.position]:
                yield token
                continue
            line_ctr.char_pos, line_ctr.line, line_ctr.column, line_ctr.line_start_pos = before
            lexer_state.last_token = last_token
            for token in super().lex(lexer_state, parser_state):  # one token, with Lark's errors
                yield token
                break
            else:
                return


#: What :func:`rulespec.grammartable.expression_parser` passes to Lark as ``_plugins``.
PLUGINS = {"LALR_Parser": LeanLALR, "ContextualLexer": RootFirstLexer}
