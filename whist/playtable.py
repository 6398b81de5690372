"""The state of a deal on the play screen: scores and roles, the combo bid and trump, declarations.

:func:`show_table` prints it before each of the person's decisions, with their hand; a fact
already on screen and unchanged is not printed again (:meth:`whist.play.HumanAgent.once`). A seat
that sits the deal out (five or more at the table) is asked nothing, yet the deal's public facts
are its to know as much as a player's — who declared, the combo bid and its rank, the trump suit,
announcements, melds, open cards: :func:`whist.playscreen.watching` shows them from its onlooker
view with ``onlooker=True``, each once, without a hand (the tricks are the news, shown apart).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.decisions import View
from printing.facts import display_number
from whist.entrylines import print_entries
from whist.playscreen import seat_marks, seat_role, status_legend, status_table

if TYPE_CHECKING:  # pragma: no cover
    from whist.play import HumanAgent


def heading(text: str) -> str:
    """A name as the head of a line: its first letter in upper case, as "Trump suit:" beside it."""
    return text[:1].upper() + text[1:]


def show_table(human: HumanAgent, view: View, *, onlooker: bool = False, compact: bool = False) -> None:
    """The state of the deal as ``view`` shows it; a fact already on screen and unchanged is not
    printed again. During the auction a player sees the status table at each bid; an ``onlooker``
    (a seat sitting the deal out, asked nothing) sees it when it changes, and no hand. ``compact``:
    the scores as a line of entries, not a table (the bid menu needs the lines:
    :func:`whist.bidfit.bid_layout`)."""
    texts = human.texts
    bidding = view.declarer is None and not view.tricks and not view.current_trick
    standing = repr((view.scores, view.marks, view.declarer, view.dealer))
    if (bidding and not onlooker) or human.shown_facts.get("standing") != standing:
        if compact:
            print_entries(human.console, texts.label("scores"), score_entries(human, view))
        else:
            human.console.print(status_table(human, view))
        out = sitting_out_entries(human, view)
        if out:
            print_entries(human.console, texts.label("sitting_out_head"), out)
        legend = status_legend(human)
        if legend is not None:
            human.console.print(legend)
        human.shown_facts["standing"] = standing
        if human.target is not None and human.target() is not None:
            human.once("target", f"{texts.label('winning_score')}: {human.target()}")
    elif not bidding:  # (nothing to count during the auction: an onlooker's table stands till it changes)
        trick_counts(human, view)
    public_facts(human, view, onlooker)
    if onlooker:
        return  # (no hand; the trick being played is shown once it is over, as news)
    if view.current_trick:
        plays = (f"{human.name(s, view)}: {human.cards.show(c)}" for s, c in view.current_trick)
        print_entries(human.console, texts.label("table"), plays)
    hand = " ".join(human.cards.show(c) for c in human.cards.sorted_hand(view.hand))
    human.console.print(f"{texts.label('your_hand')}: {hand}")


def score_entries(human: HumanAgent, view: View) -> list[str]:
    """The seats dealt in as entries of one line, ``Seat 2 Dealer 0``: the status table's rows
    without its tricks column (no trick is won while bidding, where this line stands in for it)."""
    return [
        f"{human.name(s, view)}{seat_role(human, view, s)}{seat_marks(human, view, s)}: "
        + display_number(str(view.scores.get(s, 0)))
        for s in view.players
    ]


def sitting_out_entries(human: HumanAgent, view: View) -> list[str]:
    """The seats sitting the deal out (five or more at the table) with their marks and scores (the
    view holds every seat's): they count toward the solitary highest score all the same."""
    out = sorted(set(view.scores) - set(view.players))
    return [f"{human.name(s, view)}{seat_marks(human, view, s)}: {display_number(str(view.scores[s]))}" for s in out]


def public_facts(human: HumanAgent, view: View, onlooker: bool) -> None:
    """What every seat at the table may know of the deal: the combo bid, the trump suit, a match
    hand's rules, melds, the stock, declarations, zones and open cards. The stock's line is said at
    each of a player's decisions (it changes with every draw); to an onlooker once, as the rest."""
    texts, cards = human.texts, human.cards
    if view.combo is not None and view.declarer is not None:
        human.once(
            "combo",
            f"{texts.label('combo_bid')}: [bold]{human.combo_text(view.combo['bids'])}[/bold] "
            f"({texts.label('combo_rank', worth=view.combo['worth'])})",
        )
    trump = cards.suit(view.trump) if view.trump else texts.label("no_trump")
    if view.declarer is None and view.combo is not None:  # a hand of a match
        rules = human.combo_text(view.combo["bids"])
        human.once("hand", f"{texts.label('hand_n', n=view.hand_number)} — {texts.label('hand_rules')}: {rules}")
    # A trump bid's suit not chosen yet is not "no trump": the line waits for the choice.
    bids = [human.rules.bids[b] for b in (view.combo or {}).get("bids", ()) if b in human.rules.bids]
    choosing = view.trump is None and not view.tricks and not view.current_trick and any(b.has_trump for b in bids)
    if (view.declarer is not None or view.combo is not None) and not choosing:
        human.once("trump", f"{texts.label('trump_suit')}: {trump}")
    for index, meld in enumerate(view.melds):  # (declared after the trick, before the draw: shown so)
        text = texts.label(
            "meld_declared",
            player=human.name(meld["seat"], view),
            meld=texts.get(f"declarations.{meld['meld']}"),
            card=cards.show(meld["shown"]),
            points=meld["points"],
        )
        human.once(f"meld {index}", text)
    if view.face_up is not None or view.stock_size:
        face_up = cards.show(view.face_up) if view.face_up else texts.label("none")
        hidden = view.stock_size - (view.face_up is not None)  # (the face-up card lies beside the pile)
        line = f"{texts.label('face_up_card')}: {face_up}   {texts.label('stock_size', n=hidden)}"
        human.once("stock", line) if onlooker else human.console.print(line)
    elif view.closed:
        human.once("closed", texts.label("hand_closed"))
    for name, value in view.declarations.items():
        if value in (None, [], {}, ""):  # nothing declared: nothing to say
            continue
        head = heading(texts.get(f"declarations.{name}"))
        human.once(f"declared {name}", f"{head}: {declared_text(human, value, view)}")
    for zone, zone_cards in view.zones.items():
        if not zone_cards:  # an empty zone: nothing to show (it is shown again when cards come)
            human.shown_facts.pop(f"zone {zone}", None)
            continue
        shown = " ".join(cards.show(c) for c in cards.sorted_hand(zone_cards))
        human.once(f"zone {zone}", f"{heading(texts.get(f'declarations.{zone}'))}: {shown}")
    for seat, open_cards in view.visible.items():
        shown = " ".join(cards.show(c) for c in cards.sorted_hand(open_cards))
        human.once(f"open {seat}", f"{texts.label('open_cards_of', player=human.name(seat, view))}: {shown}")


def trick_counts(human: HumanAgent, view: View) -> None:
    """Tricks won by each player; once the hand is closed, those before and after the close
    apart (a game may score only the tricks after the close: one sum would mix the two)."""
    texts = human.texts

    def counts(tricks: list[dict[str, Any]]) -> list[str]:
        return [f"{human.name(seat, view)} {sum(t['winner'] == seat for t in tricks)}" for seat in view.players]

    after = [t for t in view.tricks if t.get("after_close")]
    if not view.closed and not after:
        human.once("tricks_won", texts.label("trick_counts"), counts(list(view.tricks)))
        return
    before = [t for t in view.tricks if not t.get("after_close")]
    human.once("tricks_won", texts.label("trick_counts_before_close"), counts(before))
    human.once("tricks_after", texts.label("trick_counts_after_close"), counts(after))


def declared_text(human: HumanAgent, value: Any, view: View) -> str:
    """A declaration as shown: per-player choices seat by seat (a dash where one declined)."""
    if isinstance(value, dict):
        return ", ".join(
            f"{human.name(seat, view)}: {'—' if choice is None else value_text(human, choice)}"
            for seat, choice in value.items()
        )
    return value_text(human, value)


def value_text(human: HumanAgent, value: Any) -> str:
    """A declared value as shown: a suit by its symbol, a card as the screen shows cards, else as is."""
    if isinstance(value, list):
        return ", ".join(value_text(human, v) for v in value)
    text = str(value)
    if text in human.cards.symbol:
        return human.cards.suit(text)
    if len(text) >= 2 and text[-1] in human.cards.symbol and text[:-1] in human.cards.ranks:
        return human.cards.show(text)
    return text
