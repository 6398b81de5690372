"""The bidding screen and the end of a deal in ``whist play``, sized for an 80 × 24 terminal.

While bidding, the player needs their hand, the scores, the highest bid (and the rank to beat)
and the bids they can name, all on one screen: the bids are listed as a compact grid, and the
full table with each bid's rules is shown on ``?`` (both :mod:`whist.playmenu`). At the end of
a deal the last trick, its winner, the result and the scores are shown, and the next deal waits
for Enter. A deal the person's seat sits out (five or more at the table) is shown as it goes, as
an onlooker sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.table import Table

from interpreter.decisions import CONTRACT, BidAnswer, Request, View
from printing.facts import display_number
from rulespec.locale import Texts, value_text
from rulespec.model import Choose
from whist.entrylines import print_entries
from whist.playhelp import asks_help, asks_state, say_help, wait_for_enter
from whist.playmenu import MAX_MENU_NAME as MAX_MENU_NAME
from whist.playmenu import MIN_MENU_NAME as MIN_MENU_NAME
from whist.playmenu import as_shown as as_shown
from whist.playmenu import compact_bid_menu, full_bid_table
from whist.playmenu import grid_lines as grid_lines
from whist.playmenu import menu_entries as menu_entries
from whist.playmenu import menu_ids as menu_ids
from whist.playmenu import worth_text as worth_text
from whist.refusals import bid_reason, parse_bid

if TYPE_CHECKING:  # pragma: no cover
    from whist.play import HumanAgent


def highest_bid_line(view: View, human: HumanAgent, whole: bool = True) -> str | None:
    """``Highest bid: Trump + Penalty — a bid must beat rank 3`` (None before the first bid); not
    ``whole``, the rank to beat alone, ``A bid must beat rank 3`` (the news just above says the
    bid; None if the rules give no rank to beat)."""
    bids = [bid for _, bid in view.auction if bid is not None]
    if not bids:
        return None
    texts = human.texts
    beat = None
    if view.lead_worth is not None:
        beat = texts.label("needed_to_beat", worth=str(view.lead_worth).replace("-", "\u2212"))
    if not whole:
        return None if beat is None else beat[:1].upper() + beat[1:]
    line = f"{texts.label('current_bid')}: {human.combo_text([bids[-1]['standard'], *bids[-1]['specials']])}"
    if beat is not None:
        line += " — " + beat
    return line


def ask_bid(
    human: HumanAgent,
    request: Request,
    view: View,
    cells: int = MAX_MENU_NAME,
    hint: bool = True,
    highest: bool = True,
) -> BidAnswer | None:
    """Ask for a combo bid or a pass (the menu's names cut to ``cells``, the menu's hint shown the
    first time there is room for it: ``hint``, the highest bid said whole or by its bidder:
    ``highest``); a refused one is explained and asked again."""
    console, texts = human.console, human.texts
    ids = compact_bid_menu(console, request, human.rules, texts, cells)
    if hint and not human.hint_shown:
        console.print(as_shown(texts, texts.label("bid_menu_hint")), highlight=False)
        human.hint_shown = True
    line = highest_bid_line(view, human, highest)
    if line is not None:
        console.print(as_shown(texts, line), highlight=False)
    limit = human.bid_time(view)
    if limit is not None:
        console.print(texts.label("time_limit", seconds=int(limit)))
    # One time for the whole turn: a refused entry or a ``?`` spends it too (given afresh at each
    # prompt, the clock never ran out). An answer typed after the end is too late: a pass.
    deadline = None if limit is None else human.now() + limit
    while True:
        left = None if deadline is None else max(0.0, deadline - human.now())
        typed = None if left == 0.0 else human.read(texts.label("prompt_bid"), left)
        if typed is None or (deadline is not None and human.now() > deadline):  # out of time: a pass
            console.print(texts.label("time_up", player=human.name(view.seat, view)))
            return None
        typed = typed.strip()
        if typed.casefold() in pass_words(texts):
            return None
        if not typed:  # (Enter alone: what to type, without the whole table of bids)
            say_help(human, [texts.label("help_bid")])
            continue
        if asks_state(typed, lambda text: isinstance(parse_bid(text, ids, request, texts), BidAnswer)):
            human.say_state()
            continue
        if asks_help(typed, texts.label, lambda text: isinstance(parse_bid(text, ids, request, texts), BidAnswer)):
            full_bid_table(console, request, human.rules, texts)
            say_help(human, [texts.label("help_bid")])
            continue
        answer = parse_bid(typed, ids, request, texts)
        if not isinstance(answer, BidAnswer):  # not a well-formed combo bid
            human.say(answer)
            continue
        reason = request.check(answer) if request.check else None
        if not reason:
            return answer
        human.say_refused(bid_reason(reason, human.rules, texts))


def pass_words(texts: Texts) -> set[str]:
    """What passes at a bid prompt: ``-``, the English words, and the language's (``passa``, the
    word the screen says of a pass: "Seat 1 passes" / "Plats 1 passar")."""
    words = {"pass", "p", "-", texts.label("pass")} | set(texts.label("pass_words").split(","))
    return {word.strip().casefold() for word in words if word.strip()}


def deal_report(human: HumanAgent, game: Any, result: Any, wait: bool) -> None:
    """The end of a deal: the last trick and who won it, the result, the scores; then, when
    another deal follows (``wait``), wait for Enter so that the next deal does not scroll it away."""
    console, texts = human.console, human.texts
    record = game.deal_records[-1]
    view = human.last_view

    def seat(number: int) -> str:  # "Seat 2", or "Seat 0 (you)"
        return human.name(number, view)

    if record.get("tricks") and human.seen_tricks < len(record["tricks"]):  # (not seen go by, sitting out)
        last = record["tricks"][-1]
        plays = (f"{seat(s)}: {human.cards.show(c)}" for s, c in last["plays"])
        print_entries(console, texts.label("trick_n", n=last["number"]), plays)
        if last.get("winner") is not None:
            console.print("  " + texts.label("wins_trick", player=seat(last["winner"])))
    if "contract" in record:  # a hand of a match
        points = (f"{seat(int(s))}: {display_number(str(v))}" for s, v in record["hand_points"].items())  # (keys: text)
        print_entries(console, texts.label("hand_points"), points)
        winner = record["hand_winner"]
        console.print(texts.label("hand_tied") if winner is None else texts.label("hand_won_by", player=seat(winner)))
        won = hands_won(game)
        if won:  # the match is won by hands, not points: say the count after every hand
            print_entries(console, texts.label("hands_won"), (f"{seat(s)}: {n}" for s, n in won.items()))
    elif result.declarer is None:
        console.print(texts.label("all_passed"))
    else:
        key = "result_completed" if result.completed else "result_failed"
        console.print(f"[bold]{texts.label(key, player=seat(result.declarer), points=result.points)}[/bold]")
    changes = score_changes(game.deal_records) if "contract" not in record else {}  # (a hand's points are told)
    expected = {result.declarer: result.points} if result.declarer is not None else {}
    if any(changes.get(s, 0) != v for s, v in expected.items()) or set(changes) - set(expected):
        # Points the result line does not tell (a free point after the deal, a partner's share): said.
        shown = (f"{seat(s)}: {display_number(f'+{v}' if v > 0 else str(v))}" for s, v in sorted(changes.items()))
        print_entries(console, texts.label("score_changes"), shown)
    print_entries(
        console, texts.label("scores"), (f"{seat(s)}: {display_number(str(v))}" for s, v in sorted(game.scores.items()))
    )
    if wait:
        wait_for_enter(human)


def hands_won(game: Any) -> dict[int, int]:
    """Each seat's hands won so far, when the match is won by most hands won (its hand-winner
    mark); else nothing (a match won on points, or no match)."""
    match = game.rules.game.match
    mark = match.hand_winner_mark if match is not None else None
    if not mark:
        return {}
    return {s: game.marks[s].get(mark, 0) for s in sorted(game.scores)}


def score_changes(records: list[dict[str, Any]]) -> dict[int, Any]:
    """Each seat's score change in the last deal (seats whose score changed), from the records."""
    after = records[-1]["scores"]
    before = records[-2]["scores"] if len(records) > 1 else {}
    return {int(s): v - before.get(s, 0) for s, v in after.items() if v != before.get(s, 0)}


def watching(on_decision: Callable[[Any], None], human: HumanAgent, seat: int) -> Callable[[Any], None]:
    """``on_decision``, and then the news of the deal as ``seat`` sees it (the auction, each trick):
    a deal in which nothing asks the person anything — their seat sits it out, or they are barred
    from its auction and everyone passes — would otherwise pass unseen until its result. A seat
    sitting out is told so once, and sees the table as an onlooker: the scores, who declared, the
    combo bid, the trump suit and what is announced (:func:`whist.playtable.show_table`)."""
    told: list[Any] = [None, 0]  # the deal last said to be sat out, and the deals recorded before it

    def watch(game: Any) -> None:
        on_decision(game)
        deal = game.current
        if deal is None or game.result is not None:
            return
        view = game.view(seat)
        human.show_news(view)  # (a new deal's first line, then who chose its rules)
        announce_contract(human, game)
        if seat in deal.by_seat:
            return
        if told[0] is not deal:
            told[0], told[1] = deal, len(game.deal_records)
            human.console.print(human.texts.label("sitting_out"))
        # Who declared what, the trump …, as the players see them: between tricks (a trick is news once
        # over), until the deal ends (its report then says how it ended).
        if not view.current_trick and len(game.deal_records) == told[1]:
            human.show_table(view, onlooker=True)

    return watch


def status_table(human: HumanAgent, view: View) -> Table:
    """Players with their roles, marks, scores and tricks won. The seats sitting the deal out (five
    or more at the table) are one line under it (:func:`whist.playtable.sitting_out_entries`): a row
    each made the bidding screen 28 lines at eight players."""
    texts = human.texts
    status = Table(show_header=True, box=None, pad_edge=False)
    status.add_column(texts.label("player"))
    status.add_column(texts.label("scores"), justify="right")
    status.add_column(texts.label("tricks"), justify="right")
    for seat in view.players:
        won = sum(1 for t in view.tricks if t["winner"] == seat)
        score = display_number(str(view.scores.get(seat, 0)))
        name = human.name(seat, view) + seat_role(human, view, seat) + seat_marks(human, view, seat)
        status.add_row(name, score, str(won))
    return status


def seat_role(human: HumanAgent, view: View, seat: int) -> str:
    """`` Declarer`` (bold) or `` Dealer`` after a seat's name, or nothing."""
    if seat == view.declarer:
        return f" [bold]{human.texts.label('declarer')}[/bold]"
    return f" {human.texts.label('dealer')}" if seat == view.dealer else ""


def seat_marks(human: HumanAgent, view: View, seat: int) -> str:
    """A seat's marks, each by its sign in the language (P2), as they follow its name."""
    return "".join(f" {human.texts.get('marks.' + name)}{n}" for name, n in view.marks.get(seat, {}).items() if n)


def status_legend(human: HumanAgent) -> str | None:
    """What the sign of hands won beside a name means (``W3``), said under the status table of a
    match won by hands: the sign alone read as nothing."""
    match = human.rules.game.match
    mark = match.hand_winner_mark if match is not None else None
    return human.texts.label("hands_won_sign", sign=human.texts.get(f"marks.{mark}")) if mark else None


def exchanges(human: HumanAgent, view: View) -> None:
    """Cards that came into or went out of the hand before the first trick (Mail, an exchange):
    they changed hands without a word. (Later, cards only leave by play, or come by a draw:
    :func:`draws`.) The cards sent are sorted as the hand is."""
    held, human.held = human.held, view.hand
    stock, human.stock_seen = human.stock_seen, (view.face_up, view.stock_size)
    if held is None or not view.hand:
        return
    if view.tricks:
        draws(human, view, held, stock)
        return
    if view.declarer is None:
        return
    played = {card for _, card in view.current_trick}
    came, went = [c for c in view.hand if c not in held], [c for c in held if c not in view.hand and c not in played]
    to = human.sent_to
    if went:  # (said once, with the cards: a redraw before they go keeps the receiver for them)
        human.sent_to = None
    for key, cards in (("hand_received", came), ("hand_sent", went)):
        if cards:
            shown = " ".join(human.cards.show(c) for c in human.cards.sorted_hand(tuple(cards)))
            if key == "hand_sent" and to is not None:
                human.console.print(human.texts.label("hand_sent_to", cards=shown, player=human.name(to, view)))
                continue
            human.console.print(human.texts.label(key, cards=shown))


def draws(human: HumanAgent, view: View, held: tuple[str, ...], stock: tuple[str | None, int] | None) -> None:
    """After a trick with draws from the stock (Christmas Whist): what the person drew, and who took
    the face-up card. The face-up card was on the table for all to see, so who took it is said; a
    card drawn from the pile is said to the one who drew it alone (the view shows no other's)."""
    if stock is None or (view.face_up, view.stock_size) == stock:
        return  # (no draw since the hand was last seen, at the decision before this one)
    face_up, came = stock[0], [c for c in view.hand if c not in held]
    say, show = human.console.print, human.cards.show
    if face_up is not None and face_up in came:
        say(human.texts.label("took_face_up", player=human.name(view.seat, view), card=show(face_up)))
    elif face_up is not None and face_up != view.face_up:
        others = [seat for seat in view.players if seat != view.seat]
        if len(others) == 1:  # (among more, who took it is not in the view: not guessed)
            say(human.texts.label("took_face_up", player=human.name(others[0], view), card=show(face_up)))
    drawn = [c for c in came if c != face_up]
    if drawn:
        say(human.texts.label("you_drew", cards=" ".join(show(c) for c in drawn)))


def asking_bids(human: HumanAgent, request: Request, view: View) -> list[str]:
    """The rules of the bids in play whose step asks this choice, for its help: "offered card"
    alone did not say what the card is for (Rank Trump)."""
    bids = [human.rules.bids[b] for b in (view.combo or {}).get("bids", ()) if b in human.rules.bids]
    asking = [b for b in bids if any(isinstance(step, Choose) and step.name == request.name for step in b.steps)]
    return [f"{human.texts.bid_name(b.id)}: {human.texts.bid_text(b.id)}" for b in asking]


def choice_intro(human: HumanAgent, request: Request, view: View) -> list[str]:
    """What a choice is for, said with its prompt: the rules of a match's hand chosen by this player
    (which hand), a meld (choosing a card shows it and declares the meld, for its points)."""
    texts = human.texts
    if request.name == CONTRACT:
        return [texts.label("contract_yours", n=view.hand_number)]
    bids = [human.rules.bids[b] for b in (view.combo or {}).get("bids", ()) if b in human.rules.bids]
    melds = [meld for bid in bids for meld in bid.melds if meld.name == request.name]
    if not melds:
        return []
    points = value_text(melds[0].points, texts.label("or")) or texts.label("none")
    return [texts.label("meld_choice", meld=texts.get(f"declarations.{request.name}"), points=points)]


def choice_help(human: HumanAgent, request: Request, view: View) -> list[str]:
    """More for a choice's ``?``: the rules of the bids in play that ask it, and for a choice of
    rules each one's short text (what each kind of hand scores) and the match's own rule for it."""
    texts = human.texts
    lines = asking_bids(human, request, view)
    if request.what == "bid":
        lines += [f"{texts.bid_name(str(o))}: {texts.bid_text(str(o), 'short')}" for o in request.options]
    if request.name == CONTRACT and texts.has("general.match"):
        lines.append(texts.get("general.match"))
    return lines


def announce_contract(human: HumanAgent, game: Any) -> None:
    """A match hand's rules chosen by another player, said when they are chosen (the screen would
    otherwise only show the hand's rules, as if they were the schedule's)."""
    last = game.decisions[-1] if game.decisions else None
    if last is None or last["name"] != CONTRACT or last["seat"] == human.seat:
        return
    hand = game.current.hand_number if game.current is not None else 0
    rules = human.texts.bid_name(str(last["answer"]))
    human.console.print(
        human.texts.label("contract_chosen", player=human.name(last["seat"], None), n=hand, rules=rules)
    )
